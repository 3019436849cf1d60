"""Screens of The Oracle of Delphi companion.

Turn screen (the game's home): round, whose turn, the active player's
three oracle dice, the injury-check reminder, and an action picked with
UP/DOWN and run with OK.  BACK opens the game menu (undo, end, main menu).
"""
from gfx import BIG
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from ui import ActionScreen, ChoiceMenu, Menu, NumberPick, Screen

from games.oracle import rules
from games.oracle.game import END, TITAN, OracleGame

GAME_CLS = OracleGame
TITLE = "Oracle of Delphi"


def pname(p):
    return "P%d" % (p + 1)


def draw_die(g, x, y, colour, size=22):
    """An oracle die: a box with the colour's letter; black is a filled box.

    Letters R K P B Y G (K = black) and the three-letter name under the box
    keep six colours apart on a one-colour screen.
    """
    fb = g.fb
    letter = rules.LETTER[colour]
    lx = x + (size - 9) // 2
    ly = y + (size - 15) // 2 - 1
    if colour == 1:  # black
        fb.fill_rect(x, y, size, size, 1)
        g.text(letter, lx, ly, 0, BIG)
    else:
        fb.rect(x, y, size, size, 1)
        fb.rect(x + 1, y + 1, size - 2, size - 2, 1)
        g.text(letter, lx, ly, 1, BIG)
    g.center(rules.SHORT[colour], y + size + 2, 1, x0=x - 6, x1=x + size + 6)


def draw_dice(g, dice, y=12):
    for i in range(3):
        draw_die(g, 14 + i * 38, y, dice[i])


class TurnScreen(ActionScreen):
    resume_key = "turn"
    ACTIONS = ("Consult oracle", "Battle", "Recolour cost", "Shields", "All players", "Back at Zeus")

    def actions(self):
        return self.ACTIONS

    def game(self):
        return self.app.session.game

    def draw(self, g):
        gm = self.game()
        p = gm.active()
        g.title("Round %d" % gm.round, "%s turn" % pname(p))
        draw_dice(g, gm.dice[p], 11)
        g.center("Battle on: see Battle" if gm.battle else "Injury check first", 44)
        self.draw_actions(g)

    def run(self, a):
        app = self.app
        gm = self.game()
        if a == 0:
            app.do(["consult"], ConsultScreen(app, gm.active()))
        elif a == 1:
            if gm.battle is not None:
                app.push(BattleScreen(app))
            else:
                pick_player(app, "Who fights?", gm.active(), start_battle)
        elif a == 2:
            app.push(RecolourScreen(app))
        elif a == 3:
            app.push(ShieldScreen(app))
        elif a == 4:
            app.push(PlayersScreen(app))
        elif a == 5:
            app.push(ZeusScreen(app))


def pick_player(app, title, default, then):
    gm = app.session.game

    def chosen(i):
        app.pop()
        then(app, gm.seats[i])

    items = [pname(p) for p in gm.seats]
    app.push(ChoiceMenu(app, title, items, chosen, gm.seats.index(default)))


def start_battle(app, p):
    items = ["%s %s" % (rules.SHORT[c], rules.MONSTERS[c]) for c in range(6)]

    def chosen(c):
        app.pop()
        app.do(["battle", p, c])
        app.push(BattleScreen(app))

    app.push(ChoiceMenu(app, "Monster colour", items, chosen))


class ConsultScreen(Screen):
    """The roll of a consultation, for the other players to advance gods."""

    resume_key = "consult"

    def __init__(self, app, player):
        Screen.__init__(self, app)
        self.player = player

    def draw(self, g):
        gm = self.app.session.game
        g.title("%s consulted" % pname(self.player), "R%d" % gm.round)
        draw_dice(g, gm.dice[self.player], 11)
        g.center("Others: advance a god", 45)
        g.center("OK: Titan die" if gm.phase == TITAN else "OK: next player", 55)

    def key(self, k):
        if k in (OK, BACK):
            app = self.app
            app.pop()
            if app.session.game.phase == TITAN:
                app.push(TitanScreen(app))
            app.save()  # remember the screen: a power cut comes back here


class TitanScreen(Screen):
    """Round end: the last seat rolls the Titan die; who draws injury cards."""

    resume_key = "titan"

    def __init__(self, app, rolled=False):
        Screen.__init__(self, app)
        self.rolled = rolled
        if rolled:
            self.resume_key = "titan_roll"

    def draw(self, g):
        gm = self.app.session.game
        if not self.rolled:
            g.title("End of round %d" % gm.round)
            g.center("%s rolls the" % pname(gm.titan_holder), 16)
            g.center("Titan die", 26, 1, BIG)
            g.center("OK: roll", 55)
            return
        roll, cards = gm.last_titan
        g.title("Titan die")
        g.big(str(roll), 4, 14, 2)
        y = 11
        for p in range(gm.n):
            c = cards[p]
            g.text("%s sh%d %s" % (pname(p), gm.shields[p], "-" if not c else "+%d inj" % c), 30, y)
            y += 9
        g.text("6: all draw 2" if roll == 6 else "shield < %d: draw 1" % roll, 2, 55)

    def key(self, k):
        app = self.app
        if not self.rolled:
            if k == OK:
                self.resume_key = "titan_roll"  # a power cut now comes back to the result
                try:
                    app.do(["titan"])
                except ValueError:
                    self.resume_key = "titan"
                    raise
                self.rolled = True
                app.changed()
            elif k == BACK:
                app.game_menu()
            return
        if k in (OK, BACK):
            app.pop()
            if app.session.game.phase == END:
                app.push(EndScreen(app))


class BattleScreen(ActionScreen):
    resume_key = "battle"

    def actions(self):
        b = self.app.session.game.battle
        if b is None:
            return ()
        if not b.rolls:
            return ("Roll battle die", "Leave battle")
        if b.outcome == rules.WIN:
            return ("Done",)
        if b.strength > 1:
            return ("Pay 1 favor, roll", "Give up")
        return ("Give up",)

    def draw(self, g):
        gm = self.app.session.game
        b = gm.battle
        if b is None:
            return
        g.title("%s vs %s" % (pname(b.fighter), rules.MONSTERS[b.colour]))
        g.text("Strength", 2, 12)
        g.big(str(b.strength), 8, 22, 2)
        g.text("Roll", 70, 12)
        if b.rolls:
            g.big(str(b.roll_value), 74, 22, 2)
            if b.outcome == rules.WIN:
                word = "WIN!"
            elif b.outcome == rules.INJURY:
                word = "0: +1 %s inj" % rules.SHORT[b.colour]
            else:
                word = "Miss"
            g.right(word, 44)
        if b.favor_paid:
            g.text("paid %d" % b.favor_paid, 34, 30)
        self.draw_actions(g)

    def key(self, k):
        if self.app.session.game.battle is None:
            self.app.pop()
            return
        ActionScreen.key(self, k)

    def run(self, index):
        app = self.app
        label = str(self.actions()[index])
        if label.startswith("Roll"):
            app.do(["battle_roll"])
        elif label.startswith("Pay"):
            app.do(["battle_pay"])
        else:
            app.do(["battle_done"])
            app.pop()
        self.action = 0
        app.changed()

    def back(self):
        self.app.pop()


class RecolourScreen(Screen):
    """Favor cost from one die colour to another, with the ship tiles."""

    SHIPS = ("no ship tile", "ship: both ways", "ship: -1 favor", "both ship tiles")

    def __init__(self, app):
        Screen.__init__(self, app)
        self.src = 0
        self.dst = 1
        self.ship = 0
        self.field = 0

    def draw(self, g):
        g.title("Recolour cost")
        names = (rules.SHORT[self.src], rules.SHORT[self.dst])
        for i in range(2):
            x = 4 + i * 40
            if self.field == i:
                g.fb.fill_rect(x - 2, 11, 21, 10, 1)
            g.text(names[i], x, 12, 0 if self.field == i else 1)
        g.text("->", 25, 12)
        cost = rules.recolour_cost(self.src, self.dst, self.ship)
        g.big(str(cost), 96, 12, 2)
        g.text("favor", 96, 44)
        if self.field == 2:
            g.fb.fill_rect(0, 24, 90, 10, 1)
        g.text(self.SHIPS[self.ship], 2, 25, 0 if self.field == 2 else 1)
        g.text("UP/DN change", 2, 46)
        g.text("OK next field", 2, 55)

    def key(self, k):
        if k in (UP, DOWN):
            d = 1 if k == UP else -1
            if self.field == 0:
                self.src = (self.src + d) % 6
            elif self.field == 1:
                self.dst = (self.dst + d) % 6
            else:
                self.ship = (self.ship + d) % 4
        elif k in (OK, RIGHT):
            self.field = (self.field + 1) % 3
        elif k == LEFT:
            self.field = (self.field - 1) % 3
        elif k == BACK:
            self.app.pop()
            return
        self.app.changed()


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


class PlayersScreen(Screen):
    """Every player's dice (letters), shield and starting favor."""

    def draw(self, g):
        gm = self.app.session.game
        g.title("Players", "Titan: %s" % pname(gm.titan_holder))
        y = 11
        for p in gm.seats:
            d = gm.dice[p]
            mark = ">" if p == gm.active() else " "
            g.text("%s%s %s%s%s sh%d f%d" % (mark, pname(p), rules.LETTER[d[0]], rules.LETTER[d[1]],
                                          rules.LETTER[d[2]], gm.shields[p], gm.favor_start[p]), 1, y)
            y += 9
        g.text("f: starting favor", 1, 55)

    def key(self, k):
        if k in (OK, BACK):
            self.app.pop()


class ZeusScreen(Menu):
    """Mark who is back at Zeus; the game ends when this round ends."""

    def __init__(self, app):
        Menu.__init__(self, app, "Back at Zeus?")
        self.shown()

    def shown(self):
        gm = self.app.session.game
        self.set_items(["[%s] %s" % ("x" if gm.returned[p] else " ", pname(p)) for p in range(gm.n)])

    def choose(self, p):
        self.app.do(["zeus", p])
        self.shown()
        self.app.changed()


class EndScreen(Menu):
    """Game over: oracle cards and favor of those back at Zeus, then the order."""

    resume_key = "end"

    def __init__(self, app):
        Menu.__init__(self, app, "Game over")
        self.shown()

    def shown(self):
        gm = self.app.session.game
        items = []
        self.players = [p for p in range(gm.n) if gm.returned[p]]
        for p in self.players:
            f = gm.final[p]
            items.append("%s cards %s fav %s" % (pname(p), "?" if f is None else f[0], "?" if f is None else f[1]))
        order = gm.ranking()
        items.append("1st: " + " = ".join(pname(p) for p in order[0]) if order else "-")
        self.set_items(items)

    def choose(self, i):
        if i >= len(self.players):
            return
        app = self.app
        p = self.players[i]
        f = app.session.game.final[p] or [0, 0]

        def got_cards(cards):
            app.pop()

            def got_favor(favor):
                app.pop()
                app.do(["final", p, cards, favor])
                self.shown()

            app.push(NumberPick(app, "%s favor" % pname(p), f[1], 0, 34, got_favor))

        app.push(NumberPick(app, "%s oracle cards" % pname(p), f[0], 0, 30, got_cards))

    def back(self):
        self.app.game_menu()


class SetupScreen(Screen):
    """After set-up: seat order with starting favor, Titan die, opening rolls."""

    resume_key = "setup"

    def draw(self, g):
        gm = self.app.session.game
        g.title("Set-up", "start %s" % pname(gm.start))
        y = 11
        for i, p in enumerate(gm.seats):
            d = gm.dice[p]
            g.text("%d.%s favor %d %s%s%s%s" % (i + 1, pname(p), gm.favor_start[p], rules.LETTER[d[0]],
                                             rules.LETTER[d[1]], rules.LETTER[d[2]],
                                             " T" if p == gm.titan_holder else ""), 1, y)
            y += 9
        g.text("T: Titan die  OK: go", 1, 55)

    def key(self, k):
        if k == OK:
            self.app.replace(TurnScreen(self.app))
            self.app.save()
        elif k == BACK:
            self.app.game_menu()


def start(app):
    """New game: number of players, then the start player."""

    def got_players(n):
        app.pop()
        items = ["Random"] + [pname(p) for p in range(n)]

        def got_start(i):
            app.pop()
            app.start_session({"players": n, "start": i - 1})
            app.push(SetupScreen(app))
            app.save()

        app.push(ChoiceMenu(app, "Start player", items, got_start))

    app.push(NumberPick(app, "Players", 3, 2, 4, got_players))


def resume(app, key):
    """Rebuild the screens after a restart or an undo."""
    gm = app.session.game
    del app.stack[1:]
    if key == "setup" and not app.session.cmds:
        app.push(SetupScreen(app))
        return
    app.push(TurnScreen(app))
    if key == "consult" and gm.last_consult and gm.phase != END:
        app.push(ConsultScreen(app, gm.last_consult[0]))
    elif key == "titan_roll" and gm.last_titan:
        app.push(TitanScreen(app, True))
    elif gm.phase == END:
        app.push(EndScreen(app))
    elif gm.phase == TITAN:
        app.push(TitanScreen(app))
    elif gm.battle is not None and key in ("battle", None):  # None: after an undo
        app.push(BattleScreen(app))

