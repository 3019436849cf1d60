"""The Oracle of Delphi: the turn screen's tools for the players' dice and tokens.

``RecolourScreen`` (the active player's die to another colour, its cost in
favor with their ship tile), ``ShieldScreen`` (each player's shield, 0-5, read
by the Titan die) and ``PlayersScreen`` (every player's dice, favor, shield and
injury cards; favor and injury cards taken or given back, the equipment card).
Each change is a command (undo, power cut).
"""
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from ui import ChoiceMenu, Menu, NumberPick, Screen

from games.oracle import rules
from games.oracle.ui_draw import injury_letters, pick_colour, pname, pshort



class RecolourScreen(Screen):
    """Recolour one of the active player's dice: its cost with their ship tile
    (``OracleGame.recolour_price``), paid in favor on OK.

    Opens on die 1's next colour clockwise (one step, the cheapest change).  Two
    fields: the die and the colour.  UP/DOWN change the field under the cursor
    (the colour: clockwise / back; the die: the next / previous die); LEFT/RIGHT
    change the die from either field.  On the colour, OK pays and goes back to the
    turn screen, BACK goes to the die (a wrong die fixed without starting over); on
    the die, OK goes to its colour, BACK leaves.
    """

    def __init__(self, app):
        Screen.__init__(self, app)
        self.die = 0
        self.field = 1
        self.dst = 0
        self.pick_die(0)

    def pick_die(self, die):
        gm = self.app.session.game
        self.die = die % 3
        self.dst = (gm.dice[gm.active()][self.die] + 1) % 6

    def cost(self):
        return self.app.session.game.recolour_price(self.die, self.dst)

    def draw(self, g):
        gm = self.app.session.game
        p = gm.active()
        g.title("Recolour", "%s f%d" % (pname(p), gm.favor[p]))
        rows = ("Die %d: %s" % (self.die + 1, rules.SHORT[gm.dice[p][self.die]]),
                "To:    %s" % rules.SHORT[self.dst])
        for i in range(2):
            g.item(rows[i], 12 + 10 * i, self.field == i, 0, 76)
        cost = self.cost()
        g.big(str(cost), 98, 11, 2)
        g.text("favor", 96, 42)
        tile = gm.ships[p]
        g.text("ship: -1 favor/die" if tile == rules.TILE_DISCOUNT else
               "ship: both ways" if tile == rules.TILE_CCW else "clockwise only", 2, 33)
        p = self.app.prefs
        held = p and not p["back"]  # no BACK button: a long OK is BACK
        if self.field == 1:
            g.text("UP/DN colour", 2, 45)
            g.action_bar("OK pay  hold OK: die" if held else "OK pay  BACK: die", False)
        else:
            g.text("UP/DN die", 2, 45)
            g.action_bar("OK:colour hold OK:out" if held else "OK colour  BACK quit", False)

    def key(self, k):
        app = self.app
        gm = app.session.game
        if k in (UP, DOWN):
            d = 1 if k == DOWN else -1
            if self.field == 0:
                self.pick_die(self.die + d)
            else:
                self.dst = (self.dst + d) % 6
                if self.dst == gm.dice[gm.active()][self.die]:  # its own colour is no change
                    self.dst = (self.dst + d) % 6
        elif k in (LEFT, RIGHT):
            self.pick_die(self.die + (1 if k == RIGHT else -1))
            self.field = 1
        elif k == OK:
            if self.field == 0:
                self.field = 1
            else:
                app.do(["recolour", self.die, self.dst])
                app.pop()
                return
        elif k == BACK:
            if self.field == 0:
                app.pop()
                return
            self.field = 0
        app.changed()


class ShieldScreen(Menu):
    def __init__(self, app):
        Menu.__init__(self, app, "Shields (0-5)")
        self.shown()

    def shown(self):
        gm = self.app.session.game
        self.set_items(["%s  shield %d" % (pname(p), gm.shields[p]) for p in range(gm.n)])

    def choose(self, p):
        app = self.app

        def done(v):
            app.do(["shield", p, v])
            app.pop()  # after the command, so the list shows the new shield

        app.push(NumberPick(app, "%s shield" % pname(p), app.session.game.shields[p], 0, rules.SHIELD_MAX, done))


class PlayersScreen(Menu):
    """Every player in seat order: dice, favor, shield, injury cards; OK on a
    player enters favor taken or spent (not during a fight) and injury cards taken or
    discarded."""

    EDITS = ("Take favor", "Spend favor", "Take injury card", "Discard injury", "Discard a colour",
             "Equip card 4/8")

    def __init__(self, app):
        Menu.__init__(self, app, "Players")
        self.shown()

    def badge(self):
        return "Titan %s" % pname(self.app.session.game.titan_holder)

    def shown(self):
        gm = self.app.session.game
        items = []
        for p in gm.seats:
            d = gm.dice[p]
            line = "%s%s %s%s%s f%d s%d " % (">" if p == gm.active() else " ", pshort(p), rules.LETTER[d[0]],
                                            rules.LETTER[d[1]], rules.LETTER[d[2]], gm.favor[p], gm.shields[p])
            inj = injury_letters(gm.injuries[p])
            star = "*" if gm.equip[p] else ""  # holds the equipment card: recovery at 4 / 8
            if len(line) + len(inj) + len(star) > 21:  # 21 characters a line: the count instead
                inj = "i%d" % gm.injury_total(p)
            items.append(line + inj + star)
        self.set_items(items)

    def choose(self, i):
        app = self.app
        gm = app.session.game
        p = gm.seats[i]
        # during a fight no favor is taken or spent but its re-roll (003, 行動說明: one action at
        # a time), so the favor lines are not offered then (the game refuses them too)
        first = 2 if gm.battle is not None else 0

        def edit(e):
            e += first
            app.pop()
            if e == 5:
                def eq(i):
                    app.pop()
                    app.do(["equip", p, i])
                    self.shown()

                app.push(ChoiceMenu(app, "Recover at 4 / 8?", ["No (3 / 6)", "Yes: holds the card"], eq,
                                    1 if gm.equip[p] else 0))
            elif e < 2:
                def got(v):
                    app.do(["favor", p, v if e == 0 else -v])
                    app.pop()

                hint = "+1 ship" if e == 0 and gm.ships[p] == rules.TILE_FAVOR else ""
                app.push(NumberPick(app, "%s %s" % (pname(p), self.EDITS[e].lower()), 1, 1, 9, got, hint))
            else:
                def col(c):
                    app.do(["injury", p, c, 1 if e == 2 else -1 if e == 3 else -gm.injuries[p][c]])
                    self.shown()  # the list is on top again already: show the new cards

                pick_colour(app, "%s %s" % (pname(p), self.EDITS[e].lower()), col,
                            None if e == 2 else gm.injuries[p])

        app.push(ChoiceMenu(app, "%s f%d %s" % (pname(p), gm.favor[p], injury_letters(gm.injuries[p])),
                            list(self.EDITS[first:]), edit))
