"""The Oracle of Delphi: the turn screen's tools for the players' dice and tokens.

``RecolourScreen`` (the active player's die to another colour, its cost in
favor with their ship tile), ``ShieldScreen`` (each player's shield, 0-5, read
by the Titan die) and ``PlayersScreen`` (every player's dice, favor, shield and
injury cards; favor and injury cards taken or given back, the equipment card).
Each change is a command (undo, power cut).
"""
import lang
from gfx import CJK_BAR, CJK_LINE, Gfx
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from lang import msg, tr
from ui import ChoiceMenu, Menu, NumberPick, Screen

from games.oracle import rules
from games.oracle.ui_draw import injury_letters, letter, pick_colour, pname, pshort, short



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
        cjk = lang.cjk
        g.title(tr("Recolour"), tr("%s f%d") % (pname(p), gm.favor[p]))
        rows = (tr("Die %d: %s") % (self.die + 1, short(gm.dice[p][self.die])),
                tr("To:    %s") % short(self.dst))
        for i in range(2):
            g.item(rows[i], CJK_BAR + 2 + CJK_LINE * i if cjk else 12 + 10 * i, self.field == i, 0, 76, cjk)
        cost = self.cost()
        tile = gm.ships[p]
        ship = (tr("ship: -1 favor/die") if tile == rules.TILE_DISCOUNT else
                tr("ship: both ways") if tile == rules.TILE_CCW else tr("clockwise only"))
        if cjk:  # the cost beside its word, the ship's line under the dice's; UP/DOWN's lines left out
            g.big(str(cost), 106, CJK_BAR + 2, 2)
            g.text(tr("favor"), 80, CJK_BAR + 2 + CJK_LINE)
            g.text(ship, 2, CJK_BAR + 3 + 2 * CJK_LINE)
        else:
            g.big(str(cost), 98, 11, 2)
            g.text("favor", 96, 42)
            g.text(ship, 2, 33)
        p = self.app.prefs
        held = p and not p["back"]  # no BACK button: a long OK is BACK
        if self.field == 1:
            if not cjk:
                g.text("UP/DN colour", 2, 45)
            g.action_bar(tr("OK pay  hold OK: die") if held else tr("OK pay  BACK: die"), False)
        else:
            if not cjk:
                g.text("UP/DN die", 2, 45)
            g.action_bar(tr("OK:colour hold OK:out") if held else tr("OK colour  BACK quit"), False)

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
        Menu.__init__(self, app, tr("Shields (0-5)"))
        self.shown()

    def shown(self):
        gm = self.app.session.game
        self.set_items([tr("%s  shield %d") % (pname(p), gm.shields[p]) for p in range(gm.n)])

    def choose(self, p):
        app = self.app

        def done(v):
            app.do(["shield", p, v])
            app.pop()  # after the command, so the list shows the new shield

        app.push(NumberPick(app, tr("%s shield") % pname(p), app.session.game.shields[p], 0, rules.SHIELD_MAX, done))


class PlayersScreen(Menu):
    """Every player in seat order: dice, favor, shield, injury cards; OK on a
    player enters favor taken or spent (not during a fight) and injury cards taken or
    discarded."""

    EDITS = (msg("Take favor"), msg("Spend favor"), msg("Take injury card"), msg("Discard injury"),
             msg("Discard a colour"), msg("Equip card 4/8"))
    # the titles of EDITS' pickers: "Green take favor" ... (a sentence each, for the table)
    TITLES = (msg("%s take favor"), msg("%s spend favor"), msg("%s take injury card"), msg("%s discard injury"),
              msg("%s discard a colour"))

    def __init__(self, app):
        Menu.__init__(self, app, tr("Players"))
        self.shown()

    def badge(self):
        return tr("Titan %s") % pname(self.app.session.game.titan_holder)

    def shown(self):
        gm = self.app.session.game
        items = []
        if lang.cjk:
            self.shown_cjk(gm)
            return
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

    def shown_cjk(self, gm):
        """In Chinese a line a player: favor, shield and injury cards (their glyphs while they fit,
        else their count), * for the equipment card; the dice too when the line has room."""
        items = []
        for p in gm.seats:
            d = gm.dice[p]
            head = "%s%s" % (">" if p == gm.active() else " ", pshort(p))
            inj = injury_letters(gm.injuries[p])
            tail = tr("f%d s%d i%s") % (gm.favor[p], gm.shields[p], inj) + ("*" if gm.equip[p] else "")
            if Gfx.width(head + tail) > 120:
                tail = tr("f%d s%d i%s") % (gm.favor[p], gm.shields[p], gm.injury_total(p)) + (
                    "*" if gm.equip[p] else "")
            line = "%s %s%s%s %s" % (head, letter(d[0]), letter(d[1]), letter(d[2]), tail)
            items.append(line if Gfx.width(line) <= 120 else "%s %s" % (head, tail))
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

                app.push(ChoiceMenu(app, tr("Recover at 4 / 8?"), [tr("No (3 / 6)"), tr("Yes: holds the card")], eq,
                                    1 if gm.equip[p] else 0))
            elif e < 2:
                def got(v):
                    app.do(["favor", p, v if e == 0 else -v])
                    app.pop()

                hint = tr("+1 ship") if e == 0 and gm.ships[p] == rules.TILE_FAVOR else ""
                app.push(NumberPick(app, tr(self.TITLES[e]) % pname(p), 1, 1, 9, got, hint))
            else:
                def col(c):
                    app.do(["injury", p, c, 1 if e == 2 else -1 if e == 3 else -gm.injuries[p][c]])
                    self.shown()  # the list is on top again already: show the new cards

                pick_colour(app, tr(self.TITLES[e]) % pname(p), col,
                            None if e == 2 else gm.injuries[p])

        inj = injury_letters(gm.injuries[p])
        if lang.cjk and Gfx.width(inj) > 24:  # the title's room beside its n/6 in glyphs: the count
            inj = str(gm.injury_total(p))
        app.push(ChoiceMenu(app, tr("%s f%d %s") % (pname(p), gm.favor[p], inj),
                            [tr(s) for s in self.EDITS[first:]], edit))
