"""The Oracle of Delphi: the set-up screen, the starting injury cards and the ship tiles.

``SetupScreen`` lists the seat order with each player's colour, starting favor,
opening rolls, the Titan die and the starting injury cards; its actions start
the game (asking for any starting injury card still missing), and open
``StartInjuryScreen`` (set-up 07-08, 003), ``ShipScreen`` (set-up 03) and
``ColourScreen`` (each seat's colour: the box's preselected in seat order).
"""
import lang
from gfx import CJK_BAR, CJK_LINE, Gfx
from lang import msg, tr
from ui import ActionScreen, ChoiceMenu, Menu, clock_choose, clock_line

from games.oracle import rules, unload
from games.oracle.ui_draw import PLAYER_COLOURS, god, letter, pick_colour, pname, short
from games.oracle.ui_turn import TurnScreen

# rules.SHIP_TILES and rules.SHIP_SHORT, for the table of strings (003, 03 船板塊)
SHIP_TILES = (msg("Shield starts at 2"), msg("Gods start higher"), msg("11 Zeus tiles"), msg("Recolour -1 favor"),
              msg("Range +2"), msg("+1 favor each take"), msg("Equip + oracle card"), msg("Both ways, cap +2"))
SHIP_SHORT = (msg("Shield at 2"), msg("Gods higher"), msg("11 Zeus"), msg("Recolour -1"), msg("Range +2"),
              msg("+1 favor"), msg("Equip+oracle"), msg("Both ways"))


class SetupScreen(ActionScreen):
    """After set-up: seat order with starting favor, opening rolls, Titan die,
    starting injury cards; actions: start, starting injury cards, ship tiles.

    Set-up steps 07-08 (003): each player draws 1 injury card and moves the
    god of its colour up to the row of the player count; the ship tiles'
    set-up effects (shield at 2, one more favor) come from ``ship``.
    """

    line_alone = True  # a step of the action line draws it alone (its draw reads no action)
    resume_key = "setup"
    # "Colours" last: OK on "Start game" accepts the box's colours preselected in seat order;
    # the table's clock (off unless chosen) before it, so Colours stays one UP away
    ACTIONS = (msg("Start game"), msg("Start injury cards"), msg("Ship tiles"), "Clock", msg("Colours"))

    def actions(self):
        a = self.ACTIONS
        return (tr(a[0]), tr(a[1]), tr(a[2]), tr(clock_line(self.app)), tr(a[4]))

    def draw(self, g):
        gm = self.app.session.game
        if lang.cjk:
            self.draw_cjk(g, gm)
            return
        g.title("Set-up", "start %s" % pname(gm.start))
        y = 11
        for p in gm.seats:
            d = gm.dice[p]
            c = gm.start_card[p]
            # in seat order; "Alexa Grn f3 GBK iR T" is the longest line: 21 characters
            g.text("%s f%d %s%s%s i%s%s" % (pname(p), gm.favor[p], rules.LETTER[d[0]],
                                         rules.LETTER[d[1]], rules.LETTER[d[2]],
                                         rules.LETTER[c] if c >= 0 else "?",
                                         " T" if p == gm.titan_holder else ""), 1, y)
            y += 9
        g.text("T: Titan  i?: unknown" if gm.missing_start_cards() else "T: Titan  i: injury", 1, 46)
        self.draw_actions(g)

    def draw_cjk(self, g, gm):
        """In Chinese: a line a seat in columns (favor, the opening roll's glyphs, the starting
        injury card's, 泰 the Titan die's holder), under the title while 3 seats or fewer leave it
        room."""
        y = 1
        if gm.n < 4:
            g.title(tr("Set-up"), tr("start %s") % pname(gm.start))
            y = CJK_BAR + 1
        for p in gm.seats:
            d = gm.dice[p]
            c = gm.start_card[p]
            g.text(pname(p), 1, y)
            g.text(str(gm.favor[p]), 52, y + 3)
            g.text(letter(d[0]) + letter(d[1]) + letter(d[2]), 61, y)
            g.text(letter(c) if c >= 0 else "?", 100, y if c >= 0 else y + 3)
            if p == gm.titan_holder:
                g.text(tr("Titan")[0], 115, y)
            y += CJK_LINE
        self.draw_actions(g)

    def run(self, a):
        app = self.app
        if a == 0:
            def begin():
                app.replace(TurnScreen(app))
                app.save()
                unload("ui_setup")  # the set-up's screens are done: their heap to the game

            ask_start_cards(app, begin)
        elif a == 1:
            app.push(StartInjuryScreen(app))
        elif a == 2:
            app.push(ShipScreen(app))
        elif a == 3:
            clock_choose(app, app.session.game.n)
        else:
            app.push(ColourScreen(app))


def ask_start_cards(app, then):
    """The colour of every starting injury card not entered yet, player by player
    (set-up 07: every player draws one), then ``then()``."""
    gm = app.session.game
    missing = gm.missing_start_cards()
    if not missing:
        then()
        return
    p = missing[0]

    def got(c):
        app.do(["start_injury", p, c])
        ask_start_cards(app, then)

    pick_colour(app, tr("%s drew injury:") % pname(p), got)


class ColourScreen(Menu):
    """Each seat's colour, in seat order from the start player (003, 遊戲設置: every player takes
    the ship, shield, Zeus tiles and player board of their colour); OK on a seat offers the
    box's colours, its own first; a colour another seat has is swapped with it."""

    def __init__(self, app):
        Menu.__init__(self, app, tr("Colours (seat order)"))
        self.shown()

    def shown(self):
        gm = self.app.session.game
        self.set_items(["%d. %s" % (i + 1, pname(p)) for i, p in enumerate(gm.seats)])

    def choose(self, i):
        app = self.app
        gm = app.session.game
        p = gm.seats[i]

        def chosen(c):
            app.pop()
            app.do(["colour", p, c])
            self.shown()

        app.push(ChoiceMenu(app, tr("Seat %d colour") % (i + 1), [tr(s) for s in PLAYER_COLOURS], chosen,
                            gm.colours[p]))


class StartInjuryScreen(Menu):
    """Each player's starting injury card (set-up 07: each draws one); its god goes
    up to the row of the player count (set-up step 08)."""

    def __init__(self, app):
        Menu.__init__(self, app, tr("Start injury cards"))
        self.shown()

    def draw(self, g):
        Menu.draw(self, g)
        n = self.app.session.game.n
        if lang.cjk:
            if n < 4:  # one line of glyphs under the players
                g.text(tr("Each drew 1, its god to row %d") % n, 1, CJK_BAR + 1 + CJK_LINE * n)
        elif n <= 4:  # the lines under the players explain the list
            g.text("Each drew 1 at set-up", 1, 12 + 9 * n)
            g.text("its god: row %d" % n, 1, 20 + 9 * n)

    def shown(self):
        gm = self.app.session.game
        items = []
        for p in range(gm.n):
            c = gm.start_card[p]
            s = "%s %s" % (pname(p), "?" if c < 0 else "%s %s" % (short(c), god(c)))
            if Gfx.width(s) > 124:  # a long name and god in Chinese: the colour alone
                s = "%s %s" % (pname(p), short(c))
            items.append(s)
        self.set_items(items)

    def choose(self, p):
        app = self.app

        def got(c):
            app.do(["start_injury", p, c])
            self.shown()

        pick_colour(app, tr("%s starting injury") % pname(p), got)


class ShipScreen(Menu):
    """Each player's ship tile (set-up step 03); "-" for none entered.  A tile held
    by another player is refused (one of each)."""

    def __init__(self, app):
        Menu.__init__(self, app, tr("Ship tiles"))
        self.shown()

    def draw(self, g):
        Menu.draw(self, g)
        n = self.app.session.game.n
        if lang.cjk:
            if n < 4:
                g.text(tr("1 each; -: none entered"), 1, CJK_BAR + 1 + CJK_LINE * n)
        elif n <= 4:
            g.text("Set-up 03: 1 each", 1, 12 + 9 * n)
            g.text("-: none entered", 1, 20 + 9 * n)

    def shown(self):
        gm = self.app.session.game
        self.set_items(["%s %s" % (pname(p), tr(SHIP_SHORT[gm.ships[p]]) if gm.ships[p] >= 0 else "-")
                        for p in range(gm.n)])

    def choose(self, p):
        app = self.app
        gm = app.session.game

        def chosen(i):
            app.pop()
            app.do(["ship", p, i - 1])
            self.shown()

        app.push(ChoiceMenu(app, tr("%s ship tile") % pname(p), ["-"] + [tr(s) for s in SHIP_TILES], chosen,
                            gm.ships[p] + 1))
