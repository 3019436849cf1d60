"""Delfos ranking and per-player breakdown screens (Delfos rulebook, Game End
And Scoring, Winner): totals, then the tie-breaks scoring-card points and the
area-majority points of the player's own colour, then a shared place.  Used at
the end of a game, for the scores so far and by the score pad; the goal-tile entry
is imported only when a goal tile is missing.  Imported only
when used.  The end's last line is "Phone" (``phone``) once every goal tile is
in, when the image knows the page's address."""
import lang
import phone
from lang import msg, tr
from gfx import BIG, W
from ui import Menu, Screen

from games.delfos import drop, load
from games.delfos.ui_base import colour_name

CARD_SHORT = ("", msg("upper"), msg("lower"), msg("goal area"), msg("left"), msg("right"), msg("isolated"),
              msg("not edges"), msg("edges"))  # shown through tr


def rank_items(app, result):
    """Ranking lines "1 Green    44" best first (a player's name, picked at set-up, in
    place of the colour), with "=" for a shared place and the tie-break figures (card/own
    colour areas) when totals are equal; and the colour names."""
    sc = result["scores"]
    items = []
    names = []
    place = 1
    totals = [sc[n]["total"] for grp in result["ranking"] for n in grp]
    for grp in result["ranking"]:
        for n in grp:
            d = sc[n]
            s = "%d%s%-7s%3d" % (place, "=" if len(grp) > 1 else " ", colour_name(app, n), d["total"])
            if totals.count(d["total"]) > 1:
                s += " c%d a%d" % (d["scoring_card"], d["area_majority_own_colour"])
            items.append(s)
            names.append(n)
        place += len(grp)
    return items, names


class RankScreen(Menu):
    """A ranking; OK on a player shows the breakdown.  ``get()`` -> (result, side, card)."""

    def __init__(self, app, title, get):
        Menu.__init__(self, app, title)
        self.get = get
        self.shown()

    def shown(self):
        drop(("ui_goals",))  # the goal tiles are in (shown() follows their entry): free before scoring
        self.result, self.side, self.card = self.get()
        items, self.names = rank_items(self.app, self.result)
        self.set_items(items)
        drop(("campaign",))  # RAM for the screens (the scoring is the game's)

    def choose(self, i):
        n = self.names[i]
        self.app.push(Breakdown(self.app, n, self.result["scores"][n], self.side, self.card))


class Breakdown(Screen):
    """One player's score: area majorities (per tile colour), architect card, scoring
    card, total."""

    def __init__(self, app, name, d, side, card):
        Screen.__init__(self, app)
        self.name = name
        self.d = d
        self.side = side
        self.card = card

    def draw(self, g):
        d = self.d
        if lang.cjk:
            self.draw_cjk(g, d)
            return
        g.title(colour_name(self.app, self.name, 10) + " score")
        rows = (("Area majorities", d["area_majorities"]),
                ("Architect card %s" % self.side if self.side else "Architect card", d["architect_card"]),
                ("Card %d %s" % (self.card, CARD_SHORT[self.card]) if self.card else "Scoring card",
                 d["scoring_card"]))
        y = 11
        for label, v in rows:
            g.text(label, 1, y)
            g.right(str(v), y, x1=W - 1)
            y += 9 if y > 11 else 18
        a = d["areas"]
        g.text("G%d Y%d B%d R%d P%d" % (a[0], a[1], a[2], a[3], a[4]), 7, 20)
        g.fb.hline(0, 47, W, 1)
        g.text("Total", 1, 52)
        g.big(str(d["total"]), W - 1 - g.width(str(d["total"]), BIG), 49)

    def draw_cjk(self, g, d):
        """``draw`` in the language's lines (``lang.cjk``): the name and the total (big digits)
        on the first line, then the three parts 11-12 px apart and the areas by colour."""
        tot = str(d["total"])
        g.line(tr("%s score") % colour_name(self.app, self.name, 10), 1, 1)
        g.big(tot, W - 1 - g.width(tot, BIG), 0)
        g.fb.hline(0, 16, W, 1)
        card = tr("Card %d %s") % (self.card, tr(CARD_SHORT[self.card])) if self.card else tr("Scoring card")
        arch = tr("Architect card %s") % self.side if self.side else tr("Architect card")
        a = d["areas"]
        y = 18
        for label, v in ((tr("Area majorities"), d["area_majorities"]), (None, None),
                         (arch, d["architect_card"]), (card, d["scoring_card"])):
            if label is None:
                g.text("G%d Y%d B%d R%d P%d" % (a[0], a[1], a[2], a[3], a[4]), 7, y)
                y += 9
                continue
            g.line(label, 1, y)
            g.right(str(v), y + 2, x1=W - 1)
            y += 12

    def key(self, k):
        self.app.pop()


def game_result(app):
    gm = app.session.game
    return gm.scores(), gm.architect_side, gm.scoring_card


def show_scores(app):
    """Scores of the city so far (the bounding box of the tiles placed), without the
    scoring card: the goal tiles it needs stay secret until the end."""
    gm = app.session.game
    app.push(RankScreen(app, tr("So far, no card"), lambda: (gm.scores(False), gm.architect_side, gm.scoring_card)))


class EndScreen(RankScreen):
    """Game over: the ranking (OK: a player's breakdown), then the final city; a
    first line asks for missing goal tiles.  BACK: the game menu."""

    resume_key = "end"

    def __init__(self, app):
        RankScreen.__init__(self, app, tr("Final scores"), lambda: game_result(app))

    def shown(self):
        RankScreen.shown(self)
        gm = self.app.session.game
        self.title = tr("Final scores")
        self.card_no = gm.scoring_card
        self.missing = [s for s in range(len(gm.players)) if gm.pidx[s] not in gm.goals]
        if self.missing:
            self.set_items([tr("Enter goal tiles!")] + self.items + [tr("Final city")])
        else:
            self.set_items(self.items + [tr("Final city")] + ([tr(phone.ACTION)] if phone.offered(self.app) else []))

    def choose(self, i):
        if self.items[i] == tr(phone.ACTION):
            phone.show(self.app)
            return
        if self.items[i] == tr("Final city"):
            self.app.push(load("ui_more").CityScreen(self.app))
            return
        if self.missing:
            if i == 0:
                load("ui_goals").goal_menu(self.app, self.shown)
                return
            i -= 1
        RankScreen.choose(self, i)

    def badge(self):
        return tr("card %d") % self.card_no

    def back(self):
        self.app.game_menu()
