"""Screens of The Oracle of Delphi companion.

Set-up screen: seats, starting favor, opening rolls; its actions enter
each player's starting injury card (and the god it advances) and ship tile.
Turn screen (the game's home): round, whose turn, the active player's
three oracle dice, favor, shield and injury cards, what the injury check
gives now (recover, 2 favor or a god, nothing), and an action picked with
UP/DOWN and run with OK.  BACK opens the game menu (undo, end, main menu).
Every change of injuries or favor is a command (undo, power cut).

Few presses for the frequent actions (tests/test_oracle_presses.py): the
battle is one DOWN from "Consult oracle" and its monster list starts with the
colours of the fighter's dice (a battle needs a die of the monster's colour),
the first roll comes with the choice and a win goes straight back to the turn
screen, which says it; recolouring is one UP away and opens on die 1's next
colour.
"""
import names
import names_ui
from gfx import BIG
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from ui import ActionScreen, ChoiceMenu, Menu, NumberPick, Screen

from games.oracle import rules
from games.oracle.game import END, TITAN, OracleGame

GAME_CLS = OracleGame
TITLE = "Oracle of Delphi"


def pname(p):
    """Player ``p``'s label: the name picked at set-up, cut to 5 characters so every
    line that names a player still fits the 21 of the screen, else "P1".."P4"."""
    return names.label(p, "P%d" % (p + 1), 5)


def ended(gm):
    """True once the game is over and its winner is known (``App`` logs the play then)."""
    return gm.phase == END and bool(gm.ranking())


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


def draw_dice(g, dice, y=12, x=14, step=38):
    for i in range(3):
        draw_die(g, x + i * step, y, dice[i])


def injury_letters(counts):
    """Injury cards as colour letters ("RRK"), or "-" for none."""
    out = ""
    for c in range(6):
        out += rules.LETTER[c] * counts[c]
    return out or "-"


def pick_colour(app, title, then, only=None):
    """Colour menu (name and god); ``only``: counts, to offer held colours only."""
    cols = [c for c in range(6) if only is None or only[c] > 0]
    items = ["%s %s" % (rules.SHORT[c], rules.GODS[c]) if only is None else
             "%s x%d" % (rules.SHORT[c], only[c]) for c in cols]

    def chosen(i):
        app.pop()
        then(cols[i])

    app.push(ChoiceMenu(app, title, items, chosen))


def enter_titan_cards(app):
    """Ask the colour of every Titan injury card still pending, seat by seat."""
    gm = app.session.game
    for p in gm.seats:
        if gm.pending[p]:
            def got(c, p=p):
                app.do(["injury", p, c, 1])
                enter_titan_cards(app)

            pick_colour(app, "%s Titan card (%d)" % (pname(p), gm.pending[p]), got)
            return


def recover_flow(app):
    """Recovery turn: pick the 3 injury cards to discard, then the turn ends."""
    gm = app.session.game
    p = gm.active()
    left = list(gm.injuries[p])
    picked = []

    def got(c):
        picked.append(c)
        left[c] -= 1
        if len(picked) < rules.RECOVER_DISCARD:
            pick_colour(app, "%s discard %d/3" % (pname(p), len(picked) + 1), got, left)
            return
        app.do(["recover", picked])
        app.toast("%s recovered: turn over" % pname(p))
        if app.session.game.phase == TITAN:
            app.push(TitanScreen(app))
            app.save()

    pick_colour(app, "%s discard 1/3" % pname(p), got, left)


EQUIP_ACT = "Has equip card 4/8"  # the equipment card that delays recovery (003, 裝備卡說明)


class TurnScreen(ActionScreen):
    resume_key = "turn"
    # Battle one DOWN, Recolour one UP from the first action (the frequent ones).
    ACTIONS = ("Consult oracle", "Battle", "Shields", "All players", "Back at Zeus", "Recolour dice")
    note = ""  # the outcome of the latest battle, until the next key

    def actions(self):
        gm = self.game()
        acts = [str(a) for a in self.ACTIONS]  # type: list[str]
        due = gm.due()
        p = gm.active()
        if gm.pending[p]:
            acts[0] = "Enter Titan cards"
        elif due == rules.CHECK_RECOVER:
            acts[0] = "Recover: discard 3"
            if not gm.equip[p]:
                acts.insert(1, EQUIP_ACT)  # the way out for its holder
        if due == rules.CHECK_BONUS:  # phase 1 first: the check's choice opens the list
            acts.insert(0, "Advance a god")
            acts.insert(0, "No injury: +%d favor" % rules.favor_taken(rules.CHECK_FAVOR, gm.ships[p]))
        return acts

    def key(self, k):
        if self.note:
            self.note = ""
            self.app.changed()
        ActionScreen.key(self, k)

    def shown(self):
        self.action = 0  # back from a tool: the first action again, every other one a press or two away

    def game(self):
        return self.app.session.game

    def draw(self, g):
        gm = self.game()
        p = gm.active()
        g.title("Round %d" % gm.round, "%s turn" % pname(p))
        draw_dice(g, gm.dice[p], 11, 2, 25)
        g.text("Favor %d" % gm.favor[p], 80, 12)
        g.text("Shield %d" % gm.shields[p], 80, 21)
        inj = injury_letters(gm.injuries[p])
        g.text("Inj " + (inj if len(inj) <= 4 else str(gm.injury_total(p))), 80, 30)
        due = gm.due()
        if self.note:
            line = self.note
        elif gm.battle:
            line = "Battle on: see Battle"
        elif gm.pending[p]:
            line = "Titan: enter %d card%s" % (gm.pending[p], "s" if gm.pending[p] > 1 else "")
        elif due == rules.CHECK_RECOVER:
            line = "Injured: recover now"
        elif due == rules.CHECK_BONUS:
            line = "No injury: favor/god"
        elif gm.checked:
            line = "Injury check done"
        else:
            line = "Injury check: nothing"
        g.center(line, 44)
        self.draw_actions(g)

    def run(self, a):
        app = self.app
        gm = self.game()
        label = self.actions()[a]
        if label == "Enter Titan cards":
            enter_titan_cards(app)
        elif label.startswith("Recover"):
            recover_flow(app)
        elif label == "Consult oracle":
            app.do(["consult"], ConsultScreen(app, gm.active()))
        elif label == "Battle":
            if gm.battle is not None:
                app.push(BattleScreen(app))
            else:
                start_battle(app, gm.active())
        elif label == EQUIP_ACT:
            app.do(["equip", gm.active(), 1])
            self.action = 0
            app.toast("Recovery at 4 of a colour or 8 in all")
        elif label.startswith("Recolour"):
            app.push(RecolourScreen(app))
        elif label == "Shields":
            app.push(ShieldScreen(app))
        elif label == "All players":
            app.push(PlayersScreen(app))
        elif label == "Back at Zeus":
            app.push(ZeusScreen(app))
        else:
            app.do(["check", "god" if label.startswith("Advance") else "favor"])
            self.action = 0
            app.changed()


def monster_order(dice):
    """Monster colours for a battle: the dice's colours first (fighting needs a die of
    the monster's colour, 003 怪物), the third die's last so UP reaches it, the rest
    between them.  ``dice``: 3 colours.  Returns the 6 colours."""
    first = []
    for c in dice:
        if c not in first:
            first.append(c)
    last = first.pop() if len(first) == 3 else None
    out = first + [c for c in range(6) if c not in first and c != last]
    if last is not None:
        out.append(last)
    return out


def start_battle(app, p):
    """The monster's colour, then the battle and its first roll in one go."""
    gm = app.session.game
    cols = monster_order(gm.dice[p])
    items = ["%s %s" % (rules.SHORT[c], rules.MONSTERS[c]) for c in cols]

    def chosen(i):
        app.pop()
        app.do(["battle", p, cols[i]])
        app.do(["battle_roll"])
        after_roll(app)

    app.push(ChoiceMenu(app, "%s fights: monster" % pname(p), items, chosen))


def after_roll(app):
    """A win ends the battle at once, back on the turn screen that says so; a miss
    shows the battle screen (pay and roll again, or give up)."""
    gm = app.session.game
    b = gm.battle
    if b is None or b.outcome != rules.WIN:
        if not isinstance(app.top(), BattleScreen):
            app.push(BattleScreen(app))
        return
    app.do(["battle_done"])
    if isinstance(app.top(), BattleScreen):
        app.pop()
    top = app.top()
    if isinstance(top, TurnScreen):
        top.note = "Won: %d vs %d %s" % (b.roll_value, b.strength, rules.MONSTERS[b.colour])


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
        return ("Pay 1 favor, roll", "Give up")  # refused only without favor

    def draw(self, g):
        gm = self.app.session.game
        b = gm.battle
        if b is None:
            return
        g.title("%s vs %s" % (pname(b.fighter), rules.MONSTERS[b.colour]), "fav %d" % gm.favor[b.fighter])
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
        self.action = 0
        if label.startswith("Roll") or label.startswith("Pay"):
            app.do(["battle_roll"] if label.startswith("Roll") else ["battle_pay"])
            after_roll(app)
        else:
            app.do(["battle_done"])
            app.pop()
        app.changed()

    def back(self):
        self.app.pop()


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
        g.title("Recolour %s" % pname(p), "favor %d" % gm.favor[p])
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
    player enters favor taken or spent and injury cards taken or discarded."""

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
            inj = injury_letters(gm.injuries[p])
            if len(inj) > 5:  # 21 characters a line
                inj = "inj%d" % gm.injury_total(p)
            if gm.equip[p]:
                inj += "*"  # holds the equipment card: recovery at 4 / 8
            items.append("%s%s %s%s%s f%d s%d %s" % (">" if p == gm.active() else " ", pname(p),
                                                   rules.LETTER[d[0]], rules.LETTER[d[1]], rules.LETTER[d[2]],
                                                   gm.favor[p], gm.shields[p], inj))
        self.set_items(items)

    def choose(self, i):
        app = self.app
        gm = app.session.game
        p = gm.seats[i]

        def edit(e):
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
                            list(self.EDITS), edit))


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
        if order:
            items.append("Winner: " + " = ".join(pname(p) for p in order[0]))
        elif self.players:
            items.append("Winner: enter all")  # never before every entry (003, 遊戲結束)
        else:
            items.append("Nobody back at Zeus")
        self.set_items(items)

    def choose(self, i):
        if i >= len(self.players):
            return
        app = self.app
        p = self.players[i]
        gm = app.session.game
        f = gm.final[p] or [0, gm.favor[p]]  # favor as tracked, to confirm

        def got_cards(cards):
            app.pop()

            def got_favor(favor):
                app.pop()
                app.do(["final", p, cards, favor])
                self.shown()

            app.push(NumberPick(app, "%s favor" % pname(p), f[1], 0, 99, got_favor))

        app.push(NumberPick(app, "%s oracle cards" % pname(p), f[0], 0, 30, got_cards))

    def back(self):
        self.app.game_menu()


class SetupScreen(ActionScreen):
    """After set-up: seat order with starting favor, opening rolls, Titan die,
    starting injury cards; actions: start, starting injury cards, ship tiles.

    Set-up steps 07-08 (003): each player draws 1 injury card and moves the
    god of its colour up to the row of the player count; the ship tiles'
    set-up effects (shield at 2, one more favor) come from ``ship``.
    """

    resume_key = "setup"
    ACTIONS = ("Start game", "Start injury cards", "Ship tiles")

    def actions(self):
        return self.ACTIONS

    def draw(self, g):
        gm = self.app.session.game
        g.title("Set-up", "start %s" % pname(gm.start))
        y = 11
        for i, p in enumerate(gm.seats):
            d = gm.dice[p]
            c = gm.start_card[p]
            g.text("%d.%s f%d %s%s%s inj%s%s" % (i + 1, pname(p), gm.favor[p], rules.LETTER[d[0]],
                                              rules.LETTER[d[1]], rules.LETTER[d[2]],
                                              rules.LETTER[c] if c >= 0 else "?",
                                              " T" if p == gm.titan_holder else ""), 1, y)
            y += 9
        g.text("T: Titan  ?: unknown" if gm.missing_start_cards() else "T: Titan die", 1, 46)
        self.draw_actions(g)

    def run(self, a):
        app = self.app
        if a == 0:
            def begin():
                app.replace(TurnScreen(app))
                app.save()

            ask_start_cards(app, begin)
        elif a == 1:
            app.push(StartInjuryScreen(app))
        else:
            app.push(ShipScreen(app))


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

    pick_colour(app, "%s drew injury:" % pname(p), got)


class StartInjuryScreen(Menu):
    """Each player's starting injury card (set-up 07: each draws one); its god goes
    up to the row of the player count (set-up step 08)."""

    def __init__(self, app):
        Menu.__init__(self, app, "Start injury cards")
        self.shown()

    def draw(self, g):
        Menu.draw(self, g)
        n = self.app.session.game.n
        if n <= 4:  # the lines under the players explain the list
            g.text("Each drew 1 at set-up", 1, 12 + 9 * n)
            g.text("its god: row %d" % n, 1, 20 + 9 * n)

    def shown(self):
        gm = self.app.session.game
        self.set_items(["%s %s" % (pname(p), "?" if gm.start_card[p] < 0 else "%s %s" % (
            rules.SHORT[gm.start_card[p]], rules.GODS[gm.start_card[p]])) for p in range(gm.n)])

    def choose(self, p):
        app = self.app

        def got(c):
            app.do(["start_injury", p, c])
            self.shown()

        pick_colour(app, "%s starting injury" % pname(p), got)


class ShipScreen(Menu):
    """Each player's ship tile (set-up step 03); "-" for none entered.  A tile held
    by another player is refused (one of each)."""

    def __init__(self, app):
        Menu.__init__(self, app, "Ship tiles")
        self.shown()

    def draw(self, g):
        Menu.draw(self, g)
        n = self.app.session.game.n
        if n <= 4:
            g.text("Set-up 03: 1 each", 1, 12 + 9 * n)
            g.text("-: none entered", 1, 20 + 9 * n)

    def shown(self):
        gm = self.app.session.game
        self.set_items(["%s %s" % (pname(p), rules.SHIP_TILES[gm.ships[p]] if gm.ships[p] >= 0 else "-")
                        for p in range(gm.n)])

    def choose(self, p):
        app = self.app
        gm = app.session.game

        def chosen(i):
            app.pop()
            app.do(["ship", p, i - 1])
            self.shown()

        app.push(ChoiceMenu(app, "%s ship tile" % pname(p), ["-"] + list(rules.SHIP_TILES), chosen,
                            gm.ships[p] + 1))


def start(app):
    """New game: number of players, then the start player."""

    def got_players(n):
        app.pop()
        items = ["Random"] + [pname(p) for p in range(n)]

        def got_start(i):
            def go():
                del app.stack[1:]  # the set-up menus (and the names' menus)
                app.start_session({"players": n, "start": i - 1})
                app.push(SetupScreen(app))
                app.save()

            names_ui.pick(app, [pname(p) for p in range(n)], go)

        app.push(ChoiceMenu(app, "Start player", items, got_start))

    app.push(NumberPick(app, "Players", 3, 2, 4, got_players))


def resume(app, key):
    """Rebuild the screens after a restart or an undo."""
    gm = app.session.game
    del app.stack[1:]
    if key == "setup" and not gm.begun:
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

