"""The Oracle of Delphi: the turn screen (the game's home), the consultation and the Titan die.

``TurnScreen``: round, whose turn, the active player's three oracle dice,
favor, shield and injury cards, what the injury check gives now (recover, 2
favor or a god, nothing), and an action picked with UP/DOWN and run with OK;
BACK opens the game menu.  The tools it opens live below it (``ui_battle``,
``ui_tools``, ``ui_end``).  ``ConsultScreen`` shows a consultation's roll for
the others to advance their gods; ``TitanScreen`` the round's Titan die and who
draws injury cards.
"""
import lang
from gfx import BIG, CJK_BAR, CJK_LINE, SMALL, W, Gfx
from keys import BACK, OK, RIGHT
from lang import msg, tr
from ui import BAR_FIELD, ActionScreen, Screen, table_key

from games.oracle import rules
from games.oracle.game import END, TITAN
from games.oracle.ui_battle import BattleScreen, fight, start_battle
from games.oracle.ui_draw import (CJK_DIE, dice_names, draw_dice, injury_letters, monster, pick_colour, pname,
                                  short)
from games.oracle.ui_end import EndScreen, ZeusScreen
from games.oracle.ui_tools import PlayersScreen, RecolourScreen, ShieldScreen


def enter_titan_cards(app):
    """Ask the colour of every Titan injury card still pending, seat by seat."""
    gm = app.session.game
    for p in gm.seats:
        if gm.pending[p]:
            def got(c, p=p):
                app.do(["injury", p, c, 1])
                enter_titan_cards(app)

            pick_colour(app, tr("%s Titan card (%d)") % (pname(p), gm.pending[p]), got)
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
            pick_colour(app, tr("%s discard %d/3") % (pname(p), len(picked) + 1), got, left)
            return
        app.do(["recover", picked])
        app.toast(tr("%s recovered: turn over") % pname(p))
        if app.session.game.phase == TITAN:
            app.push(TitanScreen(app))
            app.save()

    pick_colour(app, tr("%s discard %d/3") % (pname(p), 1), got, left)


EQUIP_ACT = msg("Has equip card 4/8")  # the equipment card that delays recovery (003, 裝備卡說明)


FIGHT = msg("Fight %s %s")  # one action for each colour among the player's oracle dice
ANY_MONSTER = msg("Battle: any colour")


class TurnScreen(ActionScreen):
    """The turn: UP/DOWN step the action line, OK runs it, RIGHT recolours a die (the
    recolour screen: OK pays one step of die 1, RIGHT or LEFT first for die 2 or 3),
    LEFT is the table view, BACK the game menu.

    A fight with a die's colour is an action of its own, the battle die rolled at once:
    die 1's one DOWN from "Consult oracle", die 3's one UP, die 2's two (Shields, All
    players and Back at Zeus keep their places).
    """

    line_alone = True  # a step of the action line draws it alone (its draw reads no action)
    resume_key = "turn"
    clock_at = (1, 1, BAR_FIELD)  # the table's clock, when the game has one: left in the title bar
    ACTIONS = (msg("Consult oracle"), msg("Shields"), msg("All players"), msg("Back at Zeus"), ANY_MONSTER,
               msg("Recolour dice"))
    note = ""  # the outcome of the latest battle, until the next key

    def fight_colours(self):
        """The colours of the active player's dice, each once, in die order."""
        gm = self.game()
        cols = []
        for c in gm.dice[gm.active()]:
            if c not in cols:
                cols.append(c)
        return cols

    def codes(self):
        """The action line's actions, each an English label (``ACTIONS`` and the lines below;
        a fight is FIGHT's label of its colour, a bonus favor "No injury...") as ``run`` knows them."""
        gm = self.game()
        acts = [str(a) for a in self.ACTIONS]  # type: list[str]
        if gm.battle is not None:
            acts.remove(ANY_MONSTER)
            acts.insert(1, msg("Battle"))  # the battle on: its screen
        else:
            fights = [FIGHT % (rules.SHORT[c], rules.MONSTERS[c]) for c in self.fight_colours()]
            acts.insert(1, fights[0])  # the other lines keep their places
            acts += fights[1:]  # die 3's one UP, die 2's two
        due = gm.due()
        p = gm.active()
        if gm.pending[p]:
            acts[0] = msg("Enter Titan cards")
        elif due == rules.CHECK_RECOVER:
            acts[0] = msg("Recover: discard 3")
            if not gm.equip[p]:
                acts.insert(1, EQUIP_ACT)  # the way out for its holder
        if due == rules.CHECK_BONUS:  # phase 1 first: the check's choice opens the list
            acts.insert(0, msg("Advance a god"))
            acts.insert(0, "No injury: +%d favor" % rules.favor_taken(rules.CHECK_FAVOR, gm.ships[p]))
        return acts

    def actions(self):
        """The action line as drawn: ``codes`` in the language in use."""
        acts = self.codes()
        if not lang.cjk:
            return acts
        out = []
        for a in acts:
            if a.startswith("Fight"):
                c = rules.SHORT.index(a.split()[1])
                out.append(tr(FIGHT) % (short(c), monster(c)))
            elif a.startswith("No injury"):
                out.append(tr("No injury: +%d favor") % int(a.split("+")[1].split()[0]))
            else:
                out.append(tr(a))
        return out

    def key(self, k):
        if table_key(self, k):
            return
        if self.note:
            self.note = ""
            self.app.changed()
        if k == RIGHT:
            self.app.push(RecolourScreen(self.app))
            return
        ActionScreen.key(self, k)

    def table_lines(self):
        """The table view (``ui.TableView``): the round, whose turn, the player's oracle dice.  In
        Chinese two lines of 22 px glyphs (the panel holds two): whose turn and its dice."""
        gm = self.game()
        p = gm.active()
        if lang.cjk:
            return cjk_table_lines(tr("%s turn") % pname(p), pname(p), dice_names(gm.dice[p]))
        return ["Round %d" % gm.round, "%s turn" % pname(p), dice_names(gm.dice[p])]

    def shown(self):
        self.action = 0  # back from a tool: the first action again, every other one a press or two away

    def game(self):
        return self.app.session.game

    def draw(self, g):
        gm = self.game()
        p = gm.active()
        cjk = lang.cjk
        if self.app.session.clock is not None:  # its time on the left (clock_ui)
            g.title("", tr("R%d %s") % (gm.round, pname(p)))
        else:
            g.title(tr("Round %d") % gm.round, tr("%s turn") % pname(p))
        inj = injury_letters(gm.injuries[p])
        if cjk:  # the dice's boxes smaller (their glyphs name them), favor and shield on a line
            y = CJK_BAR + 1
            draw_dice(g, gm.dice[p], y, 1, CJK_DIE + 2)
            x = g.text(tr("Favor %d") % gm.favor[p], 55, y)
            g.text(tr("Shield %d") % gm.shields[p], x + 5, y)
            if Gfx.width(inj) > 48:
                inj = str(gm.injury_total(p))
            g.text(tr("Inj %s") % inj, 55, y + CJK_LINE)
        else:
            draw_dice(g, gm.dice[p], 11, 2, 25)
            g.text("Favor %d" % gm.favor[p], 80, 12)
            g.text("Shield %d" % gm.shields[p], 80, 21)
            g.text("Inj " + (inj if len(inj) <= 4 else str(gm.injury_total(p))), 80, 30)
        due = gm.due()
        if self.note:
            line = self.note
        elif gm.battle:
            line = tr("Battle on: see Battle")
        elif gm.pending[p]:
            line = (tr("Titan: enter %d cards") if gm.pending[p] > 1 else tr("Titan: enter %d card")) % gm.pending[p]
        elif due == rules.CHECK_RECOVER:
            line = tr("Injured: recover now")
        elif due == rules.CHECK_BONUS:
            line = tr("No injury: favor/god")
        elif gm.checked:
            line = tr("Injury check done")
        else:
            line = tr("Injury check: nothing")
        g.center(line, CJK_BAR + 1 + 2 * CJK_LINE if cjk else 44)
        self.draw_actions(g)

    def run(self, a):
        app = self.app
        gm = self.game()
        label = self.codes()[a]
        if label == "Enter Titan cards":
            enter_titan_cards(app)
        elif label.startswith("Recover"):
            recover_flow(app)
        elif label == "Consult oracle":
            app.do(["consult"], ConsultScreen(app, gm.active()))
        elif label == "Battle":
            app.push(BattleScreen(app))
        elif label == ANY_MONSTER:
            start_battle(app, gm.active())
        elif label.startswith("Fight"):
            fight(app, gm.active(), rules.SHORT.index(label.split()[1]))
            self.action = 0  # a win stays here: ending the turn is OK again
        elif label == EQUIP_ACT:
            app.do(["equip", gm.active(), 1])
            self.action = 0
            app.toast(tr("Recovery at 4 of a colour or 8 in all"))
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


def cjk_table_lines(turn, who, dice):
    """The table view's two lines in Chinese (``ui.TableView``: 22 px glyphs, two lines of 128 px):
    ``turn`` ("綠色的回合") or, too wide, ``who``; then the ``dice``."""
    return [turn if Gfx.width(turn, SMALL, 2) <= W else who, dice]


class ConsultScreen(Screen):
    """The roll of a consultation, for the other players to advance gods; OK goes on to the next
    player (or the Titan die), BACK opens the game menu (undo)."""

    resume_key = "consult"

    def __init__(self, app, player):
        Screen.__init__(self, app)
        self.player = player

    def draw(self, g):
        gm = self.app.session.game
        g.title(tr("%s consulted") % pname(self.player), tr("R%d") % gm.round)
        cjk = lang.cjk
        draw_dice(g, gm.dice[self.player], CJK_BAR + 3 if cjk else 11, 22 if cjk else 14, 35 if cjk else 38)
        g.center(tr("Others: advance a god"), CJK_BAR + 3 + CJK_LINE * 2 - 4 if cjk else 45)
        g.center(tr("OK: Titan die") if gm.phase == TITAN else tr("OK: next player"), 51 if cjk else 55)

    def table_lines(self):
        gm = self.app.session.game
        if lang.cjk:
            return cjk_table_lines(tr("%s rolled") % pname(self.player), pname(self.player),
                                   dice_names(gm.dice[self.player]))
        return ["Round %d" % gm.round, "%s rolled" % pname(self.player), dice_names(gm.dice[self.player])]

    def key(self, k):
        if table_key(self, k):
            return
        if k == BACK:  # back, not on: the game menu, its cursor on the undo (as on the turn screen)
            self.app.game_menu()
            return
        if k == OK:
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
        cjk = lang.cjk
        if not self.rolled:
            g.title(tr("End of round %d") % gm.round)
            g.center(tr("%s rolls the") % pname(gm.titan_holder), 15 if cjk else 16)
            if cjk:  # its glyphs doubled (22 px), as the BIG font's capitals
                g.center(tr("Titan die"), 27, 1, SMALL, 2)
            else:
                g.center("Titan die", 26, 1, BIG)
            g.center(tr("OK: roll"), 51 if cjk else 55)
            return
        roll, cards = gm.last_titan
        rule = tr("6: all draw 2") if roll == 6 else tr("shield < %d: +1 inj") % roll
        g.title(tr("Titan die"), rule if cjk else "")  # in Chinese the rule in the bar: a line a player below
        g.big(str(roll), 4, 14, 2)
        y = CJK_BAR + 1 if cjk else 11
        for p in range(gm.n):
            c = cards[p]
            g.text(tr("%s sh%d %s") % (pname(p), gm.shields[p], "-" if not c else "+%d" % c), 30, y)
            y += CJK_LINE if cjk else 9
        if not cjk:
            g.text(rule, 2, 55)

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
