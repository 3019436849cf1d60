"""Screens of the Delphi companion (Delphi rulebook).

- Set-up: 3 or 4 City States, and the Parade card fame values, stored on
  the device (settings "delphi-fame", ``fame.normalise_table`` form).  Only
  Parade 1 March 1 is in the rulebook (-1, +2, +3); every other value is
  "?" until the owner enters it once from the printed Parade cards.
- March screen (the game's home): Parade and March in the title, each
  display's live value under its City State, the City States who must play
  inverted, "out" for those who passed, "/2" for displays a Poseidon
  halves, who plays and how (face up, or face down at the same time when
  several tie for the worst display) and an action bar (UP/DOWN, OK).
- Card entry offers only the cards still in that City State's supply (the
  Pass card always); Zeus asks for the display, then the card it removes.
  The card menu and Zeus menus (``cardmenu``) are shared with the
  calculator (``calc_ui``), so neither UI loads the other.
- After a March: a prompt for its fame values if unset, the elimination
  order with the fame gained and the running fame; after a Delphi card the
  Oracle visit (with the Great Cessation reminder); after the last March
  the cards left in hand (+1 fame each) and the final ranking.

In a language of glyphs (``lang``: 繁體中文) the March screen is laid out by ``ui_zh``
(loaded only then) and its first action says who plays; the table view is two lines.

BACK on the March screen opens the game menu (undo, end game, main menu).
Every change goes through ``app.do``; ``resume`` rebuilds the stack from
the engine state alone.
"""
import lang
from fonts import SMALL
from gfx import BIG, W, bit_column
from lang import msg, tr
from ui import BAR_FIELD, ActionScreen, ChoiceMenu, table_key

from games.delphi import cards, load, unload
from games.delphi.game import DelphiGame
from games.delphi.cardmenu import NAMES, SETTINGS, CardMenu, cname, pick_zeus  # noqa: F401
from games.delphi.march import place

GAME_CLS = DelphiGame
TITLE = "Delphi"
def ended(gm):
    """True once the hands are entered and the ranking is final (``App`` logs the play)."""
    return gm.phase == "over"


def clock_player(app):
    """Whose time the table's clock counts (``games.clock``): the City State that must play a
    card face up, or enter its face-down card; nobody when all play at once or between Marches."""
    kind, seat = must_play(app.session.game)
    return seat if seat is not None and kind in ("up", "down") else -1


def clock_names(gm):
    """The City States as the clock's screens name them, by index."""
    return [cname(gm, ci) for ci in range(gm.players)]


def clock_open(app):
    """The clock may be chosen (the game menu's "Clock: off") until the first card."""
    return not app.session.cmds


def follow_up(app, scored_before):
    """After a command: the Oracle visits it called, then a fame prompt or
    the March result (pushed in reverse so they show in that order)."""
    gm = app.session.game
    later = []
    if gm.phase == "fame":
        later.append(load("ui_march").FamePrompt(app, follow_up))
    elif len(gm.results) > scored_before:
        later.append(load("ui_march").ResultScreen(app, len(gm.results) - 1))
    if gm.oracle_calls:
        oracle_screen = load("ui_march").OracleScreen
        for i in range(len(gm.oracle_calls) - 1, -1, -1):
            later.append(oracle_screen(app, gm.oracle_calls[i]))
    for s in later:
        app.push(s)
    app.save()


def pick_card(app, ci, title, disp, got):
    """Card entry for City State ``ci``: ``got(entry)`` with entry
    [city, card] or [city, "zeus"(, target city, index)] (engine format).
    ``disp``: the displays as they will lie when this card resolves."""
    gm = app.session.game
    city = gm.cities[ci]

    def on_code(code):
        if code != cards.ZEUS:
            got([city, cards.NAMES[code]])
            return

        def on_target(t):
            got([city, "zeus"] if t is None else [city, "zeus", gm.cities[t[0]], t[1]])

        pick_zeus(app, disp, [cname(gm, i) for i in range(gm.players)], on_target)

    app.push(CardMenu(app, title, lambda c: gm.supply_left(ci, c), True, on_code))


def play_flow(app):
    """The worst display plays one card face up (or passes)."""
    gm = app.session.game
    ci = gm.must_play[0]

    def got(entry):
        n = len(gm.results)
        app.do(["play"] + entry)
        follow_up(app, n)

    pick_card(app, ci, tr("%s plays") % cname(gm, ci), gm.displays, got)


def reveal_flow(app):
    """Each tied City State enters its face-down card, in the rulebook's
    order (Athens, Thebes, Corinth, Sparta), each as its own command (a
    power cut or an undo keeps the others); the last one reveals them all.
    A Zeus target is picked from the displays as they will lie when it
    resolves (the cards entered before it placed)."""
    gm = app.session.game
    ci = gm.next_face_down()
    if ci is None:
        return
    disp = [list(d) for d in gm.displays]
    for h in gm.hidden:
        if h[1] != cards.PASS:
            place(disp, h[0], h[1], h[2])

    def got(entry):
        n = len(gm.results)
        app.do(["face_down"] + entry)
        if app.session.game.hidden:
            reveal_flow(app)
        else:
            follow_up(app, n)

    pick_card(app, ci, tr("%s face down") % cname(gm, ci), disp, got)


def tall_center(g, s, y, c, x0, x1):
    """Digits ``s`` 14 px tall and 7 px apart (the small font stretched, strokes
    doubled), centred in x0..x1: a 4-digit value fits a 4-player column."""
    w, _h, first, _l, _nb, data = SMALL
    x = x0 + (x1 - x0 - (len(s) * 7 - 1)) // 2
    fb = g.fb
    for ch in s:
        o = (ord(ch) - first) * w
        for cx in range(w):
            bit_column(fb, data[o + cx], x + cx, y, c, 2, 2)
        x += 7


# Who must play, as the March screen says it and as its table view says it (short).
_WHO = {"all": msg("All: a card face down"), "tie": msg("Tie: play face down"), "fame": msg("March over: fame?"),
        "over": msg("Game over")}
# (the table view's 12 characters: the tied City States' cards face down, said as "hidden")
_WHO_SHORT = {"all": msg("All down"), "tie": msg("Tied: hidden"), "fame": msg("Fame?"), "over": msg("Game over")}


def who_plays(gm):
    """Who must play now and how, as the March screen says it (``must_play``)."""
    kind, seat = must_play(gm)
    if kind == "up":
        return tr("%s plays face up") % cname(gm, seat)
    if kind == "down":
        return tr("%s face down %d/%d") % (cname(gm, seat), len(gm.hidden) + 1, len(gm.must_play))
    return tr(_WHO[kind])


def must_play(gm):
    """(kind, seat) of who must play now (Delphi rulebook, The March): ("up", seat) a card face
    up, ("down", seat) the next face-down card, ("all" | "tie", None) everyone or the tied
    displays face down, ("fame", None) the March is over, ("over", None) the game is."""
    ph = gm.phase
    if ph == "play":
        return "up", gm.must_play[0]
    if ph == "reveal" and gm.hidden:
        return "down", gm.next_face_down()
    if ph == "reveal":
        if len(gm.must_play) == gm.players and not gm.groups and not gm.displays[0]:
            return "all", None
        return "tie", None
    return ("fame" if ph == "fame" else "over"), None


class MarchScreen(ActionScreen):
    """The game's home: every display's live value, who plays, actions."""

    resume_key = "march"
    line_alone = True  # a step of the action line draws it alone (its draw reads no action)
    clock_at = (1, 1, BAR_FIELD)  # the table's clock, when the game has one: left in the title bar

    def actions(self):
        gm = self.app.session.game
        ph = gm.phase
        if lang.cjk and ph in ("play", "reveal"):
            first = who_plays(gm)  # the screen has no room for its own line: the first action says it
        elif ph == "play":
            first = tr("Card for %s") % cname(gm, gm.must_play[0])
        elif ph == "reveal":
            first = tr("Face-down cards")
        elif ph == "fame":
            first = tr("Enter fame values")
        elif ph == "hands":
            first = tr("Cards left in hand")
        else:
            first = tr("Final ranking")
        return (first, tr("View a display"), tr("Fame and oracle"), tr("Fame values"), tr("Oracle card"))

    def draw(self, g):
        gm = self.app.session.game
        fb = g.fb
        if lang.cjk:  # the taller lines' layout: a module loaded only in such a language
            load("ui_zh").draw_march(self, g, tall_center)
            return
        if self.app.session.clock is not None:  # its time on the left (games.clock.ui)
            g.title("", "P%d March %d" % (gm.parade, gm.march))
        else:
            g.title("Parade %d  March %d" % (gm.parade, gm.march))
        n = gm.players
        cw = W // n
        vals = gm.values()
        for ci in range(n):
            x0 = ci * cw
            x1 = x0 + cw if ci < n - 1 else W
            if ci:
                fb.vline(x0, 19, 27, 1)  # under the names: "Corinth" fills its column
            name = cname(gm, ci)
            if g.width(name) > cw - 1:
                name = name[:3]
            g.center(name, 11, x0=x0, x1=x1)
            # Who must play: the value inverted (gaps keep tied neighbours apart).
            c = 1
            if ci in gm.must_play:
                fb.fill_rect(x0 + 2, 20, cw - 3, 17, 1)
                c = 0
            s = str(vals[ci])
            if g.width(s, BIG) <= cw - 3:
                g.center(s, 21, c, BIG, 1, x0 + 1, x1)
            elif len(s) * 7 - 1 <= cw - 3:
                tall_center(g, s, 22, c, x0 + 1, x1)
            else:
                g.center(s, 25, c, x0=x0 + 1, x1=x1)
            mark = ("out" if not gm.competing[ci] else "") + ("/2" if gm.halved(ci) else "")
            if mark:
                g.center(mark, 38, x0=x0 + 1, x1=x1)
        g.center(who_plays(gm), 46)
        self.draw_actions(g)

    def key(self, k):
        # Nothing above this screen now: drop the on-demand screens (never
        # while their code runs, so a module is never loaded twice).
        unload("ui_fame")
        unload("ui_more")
        unload("ui_march")
        if not table_key(self, k):
            ActionScreen.key(self, k)

    def table_lines(self):
        """The table view (``ui.TableView``): the Parade, the March and who must play (in a
        language of glyphs two lines of 22 px glyphs: the Parade and the March in one; only who
        must play beside the table's clock)."""
        gm = self.app.session.game
        kind, seat = must_play(gm)
        if not lang.cjk:
            who = "%s %s" % (cname(gm, seat)[:7], kind) if seat is not None else _WHO_SHORT[kind]
            return ["Parade %d" % gm.parade, "March %d" % gm.march, who]
        if seat is None:
            who = tr(_WHO_SHORT[kind])
        else:
            who = (tr("%s up") if kind == "up" else tr("%s down")) % cname(gm, seat)[:7]
        if self.app.session.clock is not None:
            return [who]
        return [tr("Parade %d  March %d") % (gm.parade, gm.march), who]

    def run(self, a):
        app = self.app
        gm = app.session.game
        if a == 0:
            if gm.phase == "play":
                play_flow(app)
            elif gm.phase == "reveal":
                reveal_flow(app)
            else:
                open_phase(app)
        elif a == 1:
            app.push(load("ui_more").DisplayView(app, gm.must_play[0] if gm.must_play else 0))
        elif a == 2:
            app.push(load("ui_more").Standings(app))
        elif a == 3:
            app.push(load("ui_fame").FameTable(app, True))
        else:
            oracle_card = load("ui_march").oracle_card

            def chosen(i):
                app.pop()
                oracle_card(app, i == 1)

            app.push(ChoiceMenu(app, tr("Oracle card"), [tr("Add a card"), tr("Remove a card")], chosen))

    def shown(self):
        ph = self.app.session.game.phase
        if ph == "hands" or ph == "over":
            open_phase(self.app)


def open_phase(app):
    """Push the screen the engine's phase asks for (fame, hands, over)."""
    ph = app.session.game.phase
    if ph == "fame":
        app.push(load("ui_march").FamePrompt(app, follow_up))
    elif ph == "hands":
        unload("ui_fame")
        unload("ui_more")
        unload("ui_march")
        app.push(load("ui_end").HandsScreen(app))
    elif ph == "over":
        app.push(load("ui_end").EndScreen(app))


def start(app):
    """New game: the set-up screen (City States, fame values, start)."""
    app.push(load("ui_fame").SetupScreen(app, resume))


def resume(app, key):
    """Rebuild the screens from the engine state after a restart or an undo."""
    del app.stack[1:]
    app.push(MarchScreen(app))
    open_phase(app)
