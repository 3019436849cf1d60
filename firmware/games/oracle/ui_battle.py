"""The Oracle of Delphi: a battle, from the monster's colour to its outcome.

``start_battle`` asks the monster (the fighter's dice colours first, so the
battle is a press or two from the turn screen) and rolls the battle die at
once; ``after_roll`` ends a win at once, back on the turn screen that says so,
and shows ``BattleScreen`` after a miss: pay 1 favor and roll again, or give
up.  The turn screen opens the battle, so it stands above this module and is
found here by its ``note`` (the line that says the win): no import circle.
"""
import lang
from gfx import CJK_BAR, CJK_LINE
from lang import msg, tr
from ui import ActionScreen, ChoiceMenu

from games.oracle import rules
from games.oracle.ui_draw import monster, pname, short


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


def fight(app, p, colour):
    """Player ``p`` fights a monster of ``colour`` (0-5): the battle and its first roll of the
    battle die in one go."""
    app.do(["battle", p, colour])
    app.do(["battle_roll"])
    after_roll(app)


def start_battle(app, p):
    """The monster's colour from all six (the dice's first), then the fight."""
    gm = app.session.game
    cols = monster_order(gm.dice[p])
    items = ["%s %s" % (short(c), monster(c)) for c in cols]

    def chosen(i):
        app.pop()
        fight(app, p, cols[i])

    app.push(ChoiceMenu(app, tr("%s fights: monster") % pname(p), items, chosen))


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
    if hasattr(top, "note"):  # the turn screen (ui_turn, above this module), the one screen with a note
        top.note = tr("Won: %d vs %d %s") % (b.roll_value, b.strength, monster(b.colour))
    app.changed()  # the win's line and favor are drawn (no screen was pushed or popped on the turn screen)



class BattleScreen(ActionScreen):
    resume_key = "battle"
    line_alone = True  # a step of the action line draws it alone (its draw reads no action)
    ROLL = (msg("Roll battle die"), msg("Leave battle"))
    WON = (msg("Done"),)
    MISSED = (msg("Pay 1 favor, roll"), msg("Give up"))  # refused only without favor

    def codes(self):
        """The actions as ``run`` knows them (English)."""
        b = self.app.session.game.battle
        if b is None:
            return ()
        if not b.rolls:
            return self.ROLL
        if b.outcome == rules.WIN:
            return self.WON
        return self.MISSED

    def actions(self):
        return [tr(a) for a in self.codes()]

    def draw(self, g):
        gm = self.app.session.game
        b = gm.battle
        if b is None:
            return
        g.title(tr("%s vs %s") % (pname(b.fighter), monster(b.colour)), tr("fav %d") % gm.favor[b.fighter])
        if lang.cjk:
            self.draw_cjk(g, b)
            return
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

    def draw_cjk(self, g, b):
        """In Chinese: each figure (30 px) beside its word, the outcome and the favor paid under
        the roll's word."""
        y = CJK_BAR + 1
        g.text(tr("Strength"), 2, y)
        g.big(str(b.strength), 34, y, 2)
        g.text(tr("Roll"), 64, y)
        if b.rolls:
            g.big(str(b.roll_value), 106, y, 2)
            if b.outcome == rules.WIN:
                word = tr("WIN!")
            elif b.outcome == rules.INJURY:
                word = tr("0: +1 %s inj") % short(b.colour)
            else:
                word = tr("Miss")
            g.text(word, 64, y + CJK_LINE)
        if b.favor_paid:
            g.text(tr("paid %d") % b.favor_paid, 64, y + 2 * CJK_LINE)
        self.draw_actions(g)

    def key(self, k):
        if self.app.session.game.battle is None:
            self.app.pop()
            return
        ActionScreen.key(self, k)

    def run(self, index):
        app = self.app
        label = str(self.codes()[index])
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
