"""The Delfos score pad: category points typed in per player (Delfos rulebook,
Game End And Scoring: area majorities per colour, architect card, scoring card), for
groups that did not track the city.  Stored with ``app.settings("delfos-pad")`` after
every entry, so it survives power cycles; totals and the ranking with the tie-breaks
come from ``scoring.score_pad``.  Imported only when used."""
import lang
from lang import msg, tr
from ui import ChoiceMenu, Menu, NumberPick, confirm

from games.delfos import COLOURS, drop, scoring
from games.delfos.ui_base import NAMES, cname
from games.delfos.ui_rank import RankScreen

PAD = "delfos-pad"


def check_pad(doc):
    """ValueError unless ``doc`` is a score pad: players (distinct colour names), 7 points each."""
    players = doc["players"]
    pts = doc["pts"]
    if not isinstance(players, list) or not isinstance(pts, list) or not 1 <= len(players) <= 5:
        raise ValueError("pad")
    if len(pts) != len(players):
        raise ValueError("pad")
    for k in range(len(players)):
        if players[k] not in COLOURS or players[k] in players[:k]:
            raise ValueError("pad player")
        row = pts[k]
        if not isinstance(row, list) or len(row) != 7:
            raise ValueError("pad row")
        for v in row:
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 99:
                raise ValueError("pad points")


def load_pad(app):
    """The stored score pad, or None if there is none (or it is damaged)."""
    return app.settings(PAD, None, check_pad)


def has_points(doc):
    """True if the pad ``doc`` holds any points (then it is never replaced unasked)."""
    return bool(doc) and any([v for row in doc["pts"] for v in row])


def pad_start(app):
    """Score pad from the set-up: continue the stored pad or start a new one."""
    doc = load_pad(app)

    def new():
        cols = []

        def count(i):
            def ask():
                rest = [c for c in range(5) if c not in cols]

                def got(j):
                    cols.append(rest[j])
                    if len(cols) > i:
                        app.pop()
                        pad_open(app, [COLOURS[c] for c in cols])
                    else:
                        ask()

                app.replace(ChoiceMenu(app, tr("Player %d colour") % (len(cols) + 1),
                                       [tr(NAMES[c]) for c in rest], got))

            ask()

        counts = [tr("1 player (solo)")] + [tr("%d players") % k for k in (2, 3, 4, 5)]
        app.push(ChoiceMenu(app, tr("Score pad"), counts, count))

    if doc is None:
        new()
        return

    def chosen(i):
        app.pop()
        if i == 0:
            app.push(PadScreen(app))
        elif has_points(doc):
            confirm(app, tr("Replace stored pad?"), new)
        else:
            new()

    app.push(ChoiceMenu(app, tr("Score pad"), [tr("Continue the pad"), tr("New pad")], chosen))


def pad_open(app, players):
    """Start a pad for ``players`` (colour names) and open it."""
    if app.save_settings(PAD, {"players": players, "pts": [[0] * 7 for _ in players]}):
        app.push(PadScreen(app))


def pad_from_game(app):
    """The score pad for the current game's players (Khaos left out).  A stored pad of
    other players with points is replaced only if the player says so."""
    drop(("ui_more",))  # the Delfos menu is closed: its code goes before the pad's loads
    gm = app.session.game
    names = [gm.players[s] for s in range(len(gm.players)) if s != gm.kseat]
    doc = load_pad(app)
    if doc and doc.get("players") == names:
        app.push(PadScreen(app))
    elif has_points(doc):  # another group's pad: kept unless the player says otherwise
        confirm(app, tr("Replace stored pad?"), lambda: pad_open(app, names))
    else:
        pad_open(app, names)


def pad_result(doc):
    sheet = [(doc["players"][k], r[:5], r[5], r[6]) for k, r in enumerate(doc["pts"])]
    return scoring.score_pad(sheet)


class PadScreen(Menu):
    """Score pad: each player's total (OK: type in their categories), the ranking."""

    def __init__(self, app):
        Menu.__init__(self, app, tr("Score pad"))
        self.shown()

    def shown(self):
        self.doc = load_pad(self.app)
        res = pad_result(self.doc)
        form = "%s %d" if lang.cjk else "%-7s %3d"
        self.set_items([form % (cname(n), res["scores"][n]["total"]) for n in self.doc["players"]] + [tr("Ranking")])

    def choose(self, i):
        app = self.app
        doc = self.doc
        if i == len(doc["players"]):
            app.push(RankScreen(app, tr("Score pad ranking"), lambda: (pad_result(load_pad(app)), "", 0)))
        else:
            app.push(PadPlayer(app, i))


class PadPlayer(Menu):
    """One player's score-pad column: 5 area majorities, architect card, scoring card."""

    LABELS = (msg("Green area"), msg("Yellow area"), msg("Blue area"), msg("Red area"), msg("Purple area"),
              msg("Architect card"), msg("Scoring card"))  # shown through tr

    def __init__(self, app, k):
        Menu.__init__(self, app, "")
        self.k = k
        self.shown()

    def shown(self):
        doc = load_pad(self.app)
        self.row = doc["pts"][self.k]
        self.title = tr("%s: points") % cname(doc["players"][self.k])
        form = "%s  %d" if lang.cjk else "%-14s %3d"  # (the language's glyphs: twice a letter's width)
        self.set_items([form % (tr(self.LABELS[j]), self.row[j]) for j in range(7)])

    def choose(self, j):
        app = self.app

        def done(v):
            app.pop()
            doc = load_pad(app)
            doc["pts"][self.k][j] = v
            app.save_settings(PAD, doc)
            self.shown()

        name = cname(load_pad(app)["players"][self.k])
        app.push(NumberPick(app, tr("%s: %s") % (name, tr(self.LABELS[j])), self.row[j], 0, 99, done))
