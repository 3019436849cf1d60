"""Screens of the dice roller (``roller.DiceRoller``).

One screen: the latest result read across the table (one die: 30 px digits; more
dice: the total in table text (``gfx.TALL_CHARS``), 18 px digits, and each die too when they fit on
one line, else in the small font and in table text on the table view), and an action bar: roll,
change the dice (d6, d10, d20, d100 or custom sides, then how many), pick
the first player among N.  BACK opens the game menu (undo, end, main menu),
as in the games.
"""
import lang
from fonts import SMALL
from gfx import TALL_CHARS, TALL_W, W
from lang import msg, tr
from ui import ActionScreen, ChoiceMenu, NumberPick, table_key

from games.dice.roller import COMMON, HISTORY, MAX_DICE, MAX_PLAYERS, MAX_SIDES, DiceRoller

GAME_CLS = DiceRoller
TITLE = "Dice roller"
HINTS = (msg("OK rolls %s"), msg("OK: pick the dice"), msg("OK: a first player"))  # what OK does, per action


def dice_rows(values, per_row):
    """The dice values as text rows of at most ``per_row`` characters (values
    separated by a space; a value is never split)."""
    rows = []
    line = ""
    for v in values:
        s = str(v)
        if line and len(line) + 1 + len(s) > per_row:
            rows.append(line)
            line = s
        else:
            line = line + " " + s if line else s
    if line:
        rows.append(line)
    return rows


class DiceScreen(ActionScreen):
    """The roller's home: latest result, actions."""

    resume_key = "dice"

    def actions(self):
        r = self.app.session.game
        return (tr("Roll %s") % r.label(), tr("Dice: %s") % r.label(), tr("First player"))

    def draw(self, g):
        r = self.app.session.game
        cjk = lang.cjk
        if r.shown == "first":
            g.title(tr("First player"), tr("of %d") % r.players)
            if not cjk:  # with the glyphs the title bar is taller: the title says it
                g.center("Player", 14)
            g.big_center(str(r.first), 16 if cjk else 24, 2)
        elif r.shown != "roll":
            g.title(tr(TITLE), r.label())
            hint = HINTS[self.action % 3]
            g.center(tr(hint) % r.label() if self.action % 3 == 0 else tr(hint), 26)
        elif len(r.result) == 1:
            g.title(tr("Roll %d") % r.rolls, r.label())
            g.big_center(str(r.total), 16, 2)
        else:
            g.title(tr("Roll %d") % r.rolls, r.label())
            rows = dice_rows(r.result, TALL_CHARS)
            if cjk:  # under the taller bars: the dice in small digits, the total in table text
                y = 15
                for line in dice_rows(r.result, W // 6):
                    g.text(line, 1, y)
                    y += 8
                x = g.text(tr("Total"), 1, 33)
                g.text(str(r.total), x + 6, 30, 1, SMALL, 2, 3, 0)
            elif len(rows) == 1:  # the dice in table text too
                g.text(rows[0], (W + 2 - len(rows[0]) * TALL_W) // 2, 11, 1, SMALL, 2, 3, 0)
                y = 31
            else:  # more dice than one row holds: small digits (TABLE_KEY: in table text)
                rows = dice_rows(r.result, W // 6)
                y = 10
                for line in rows:
                    g.text(line, 1, y)
                    y += 8
                y += 2
            if not cjk:
                g.fb.hline(0, y, W, 1)
                g.text("Total", 1, y + 8)
                g.text(str(r.total), 40, y + 2, 1, SMALL, 2, 3, 0)
        self.draw_actions(g)

    def key(self, k):
        if not table_key(self, k):
            ActionScreen.key(self, k)

    def table_lines(self):
        """The table view (``ui.TableView``): the dice of the latest roll in rows of table
        text, with the total when it fits, or the first player picked; one die's roll and the
        first player as a number alone on the second line, which the view draws big."""
        r = self.app.session.game
        if r.shown == "first":
            return [tr("First player"), str(r.first)]  # the number big (ui.TableView)
        if r.shown != "roll":
            return [tr("Dice roller"), r.label()]
        rows = dice_rows(r.result, TALL_CHARS)
        if lang.cjk and len(r.result) > 1:  # a line of glyphs is 22 px: the dice and the total
            return rows[:2] + [tr("Total %d") % r.total]
        if len(rows) == 1:
            lines = [tr("Roll %d") % r.rolls] + rows
        elif len(rows) == 3:
            lines = rows  # every die: the total is on the roller's screen in table text
        else:  # 4 rows only with several 3-digit custom dice: the total before the last ones
            lines = rows[:2]
        if len(lines) < 3 and len(r.result) > 1:
            lines.append("Total %d" % r.total)
        return lines

    def run(self, a):
        app = self.app
        if a == 0:
            do(app, ["roll"])
        elif a == 1:
            pick_dice(app)
        else:
            r = app.session.game

            def players(n):
                app.pop()
                do(app, ["first", n])

            app.push(NumberPick(app, tr("Players"), r.players or 4, 2, MAX_PLAYERS, players))
        app.changed()


def trim(app):
    """Keep the roller's history bounded: past 2 x ``HISTORY`` commands the older ones
    are folded into the set-up (``DiceRoller.snapshot``), so the save, the list of
    commands and a replay stay small however long the evening (undo goes back
    ``HISTORY`` steps at least).  The next save holds it."""
    s = app.session
    if len(s.cmds) < 2 * HISTORY:
        return
    cut = len(s.cmds) - HISTORY
    g = DiceRoller(s.setup, s.seed)
    for c in s.cmds[:cut]:
        g.apply(c)
    s.setup = g.snapshot()
    s.cmds = s.cmds[cut:]


def do(app, cmd):
    """``app.do(cmd)`` with the history kept bounded first (``trim``: saved with it)."""
    trim(app)
    app.do(cmd)


def pick_dice(app):
    """Which die (d6, d10, d20, d100, custom sides), then how many; one command."""
    r = app.session.game
    items = ["d%d" % s for s in COMMON] + [tr("Custom sides")]
    index = COMMON.index(r.sides) if r.sides in COMMON else len(COMMON)

    def count(sides):
        def done(n):
            app.pop()
            do(app, ["dice", n, sides])
            top = app.top()
            if isinstance(top, DiceScreen):
                top.action = 0  # the new dice are there to be rolled: OK rolls them

        app.push(NumberPick(app, tr("How many d%d") % sides, r.count, 1, MAX_DICE, done))

    def chosen(i):
        app.pop()
        if i < len(COMMON):
            count(COMMON[i])
            return

        def custom(sides):
            app.pop()
            count(sides)

        app.push(NumberPick(app, tr("Sides per die"), r.sides, 2, MAX_SIDES, custom))

    app.push(ChoiceMenu(app, tr("Dice"), items, chosen, index))


def start(app):
    """A new roller: one d6, nothing rolled yet."""
    app.start_session({})
    app.push(DiceScreen(app))
    app.save()


def resume(app, key):
    """Rebuild the screens after a restart or an undo."""
    del app.stack[1:]
    app.push(DiceScreen(app))
