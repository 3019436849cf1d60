"""Goal tiles, entered privately (Delfos rulebook, Player Set-Up B: "Shuffle and
draw 2 keeping them face-down hidden from the other players"; Scoring Card: they are
scored at the end).

Each player's two goal-tile colours are one command ``["goals", colour, goal, goal]``
(saved like every entry).  The device asks for them one player at a time: a screen
says "Pass to <player>", that player picks their two colours, and the next pass screen
(or a "hidden" screen) covers them again.  During the game the device only says
whether a player's goal tiles are entered; the colours are shown after the game
ends.  Solo: no pass screen (nobody to hide them from).  Imported only when used.
"""
import lang
from fonts import SMALL
from keys import BACK, OK
from lang import tr
from ui import ChoiceMenu, Screen

from games.delfos import COLOURS
from games.delfos.ui_base import NAMES, bar


def missing_goals(gm):
    """Colour names of the players (not Khaos) without goal tiles entered."""
    return [gm.players[s] for s in range(len(gm.players))
            if s != gm.kseat and gm.pidx[s] not in gm.goals]


class PassScreen(Screen):
    """"Pass to <player>": covers the previous player's entry; OK: that player enters
    their goal tiles, BACK: later (skip this player)."""

    def __init__(self, app, colour, on_ok, on_back, first):
        Screen.__init__(self, app)
        self.colour = colour
        self.on_ok = on_ok
        self.on_back = on_back
        self.first = first

    def draw(self, g):
        g.title(tr("Goal tiles: secret"))
        p = self.app.prefs
        hint = tr("OK enter, hold: later") if p and not p["back"] else tr("OK enter, BACK later")
        if lang.cjk:  # the language's lines; the name in glyphs twice as large (22 px: read across the table)
            g.center(tr("Pass the device to") if self.first else tr("Saved. Pass the device to"), 14)
            g.center(tr(NAMES[self.colour]), 27, 1, SMALL, 2)
            bar(g, hint, True)
            return
        if not self.first:
            g.center("Saved and hidden.", 12)
        g.center("Pass the device to", 22)
        g.big_center(NAMES[self.colour], 31)
        bar(g, hint, True)

    def key(self, k):
        if k == OK:
            self.on_ok()
        elif k == BACK:
            self.on_back()


class HiddenScreen(Screen):
    """After the last player's entry: nothing of it stays on the screen."""

    def __init__(self, app, then):
        Screen.__init__(self, app)
        self.then = then

    def draw(self, g):
        g.title(tr("Goal tiles: secret"))
        if lang.cjk:
            over = self.app.session.game.phase() == "over"
            g.wrap(tr("All goal tiles are entered.") if over else tr("Saved and hidden until the end of the game."),
                   18, 2, 4)
            bar(g, tr("OK: the scores") if over else tr("OK: go on"), True)
            return
        if self.app.session.game.phase() == "over":
            g.center("All goal tiles", 20)
            g.center("are entered.", 29)
            bar(g, "OK: the scores", True)
            return
        g.center("Saved and hidden", 20)
        g.center("until the end of", 29)
        g.center("the game.", 38)
        bar(g, "OK: go on", True)

    def key(self, k):
        self.app.pop()
        if self.then:
            self.then()


def enter_private(app, seats, then=None):
    """Ask each seat of ``seats`` in turn for their two goal-tile colours, behind a pass
    screen (none in solo); ``then()`` after the last (also when skipped)."""
    gm = app.session.game
    seats = list(seats)
    state = [0, True]  # next seat in seats, first screen

    def finish():
        app.pop()
        if gm.solo or state[1]:
            if then:
                then()
        else:
            app.push(HiddenScreen(app, then))

    def ask(s):
        p = gm.pidx[s]
        rest = [c for c in range(5) if c != p]

        def got1(i):
            g1 = rest[i]
            rest2 = [c for c in rest if c != g1]

            def got2(j):
                app.do(["goals", COLOURS[p], COLOURS[g1], COLOURS[rest2[j]]])
                state[1] = False
                nxt()

            app.replace(ChoiceMenu(app, tr("%s: goal tile %d") % (tr(NAMES[p]), 2), [tr(NAMES[c]) for c in rest2], got2,
                                   0, nxt))

        app.replace(ChoiceMenu(app, tr("%s: goal tile %d") % (tr(NAMES[p]), 1), [tr(NAMES[c]) for c in rest], got1,
                               0, nxt))

    def nxt():
        if state[0] >= len(seats):
            finish()
            return
        s = seats[state[0]]
        state[0] += 1
        if gm.solo:
            ask(s)
        else:
            app.replace(PassScreen(app, gm.pidx[s], lambda: ask(s), nxt, state[1]))

    app.push(Screen(app))  # the slot the questions replace
    nxt()


def goal_menu(app, then=None):
    """Goal tiles from the Delfos menu or the end screens: per player "entered" or
    "not entered" (the colours only once the game is over); OK: that player enters
    theirs privately.  With ``then`` (the end screens): everyone missing, in turn."""
    gm = app.session.game
    seats = [s for s in range(len(gm.players)) if s != gm.kseat]
    if then is not None:
        enter_private(app, [s for s in seats if gm.pidx[s] not in gm.goals] or seats, then)
        return
    if len(seats) == 1:
        enter_private(app, seats)
        return
    over = gm.phase() == "over"

    def chosen(i):
        app.pop()
        enter_private(app, [seats[i]])

    items = []
    for s in seats:
        g = gm.goals.get(gm.pidx[s])
        if g and over:
            txt = "%s %s" % (tr(NAMES[g[0]]), tr(NAMES[g[1]]))
        else:
            txt = tr("entered") if g else "-"
        items.append(tr("%s: %s") % (tr(NAMES[gm.pidx[s]]), txt))
    app.push(ChoiceMenu(app, tr("Goal tiles"), items, chosen))
