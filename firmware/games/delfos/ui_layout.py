"""The ancient board's layout (``ui_board``, phase "layout"): the device's draw one tile
a press, or the players' own draw entered space by space.  Delfos rulebook,
General Set-Up.  Imported only while the board is laid out."""
from keys import BACK, LEFT, OK, UP
from ui import ChoiceMenu, Screen, confirm

from games.delfos import load
from games.delfos.ui_base import NAMES, after_move, bar, draw_tile
from games.delfos.ui_map import draw_board


class LayoutScreen(Screen):
    """The ancient board's layout (phase "layout"); see the module docstring."""

    resume_key = "layout"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.stage = 0
        self.colour = 0
        self.value = 1
        self.shown()

    def shown(self):
        b = self.app.session.game.board
        if b.entered:
            self.stage = 0
            self.fit()

    def fit(self):
        b = self.app.session.game.board
        cols = [c for c in range(5) if sum([b.left_in_bag(c, v) for v in range(1, 6)])]
        if self.colour not in cols:
            self.colour = cols[0]
        vals = [v for v in range(1, 6) if b.left_in_bag(self.colour, v)]
        if self.value not in vals:
            self.value = vals[0]
        return cols, vals

    def draw(self, g):
        gm = self.app.session.game
        b = gm.board
        if b.laid >= 60:  # the key's frame before the game's screens (``done``: app.later)
            g.title("Lay out", "60/60")
            g.center("Board laid out", 30)
            return
        p = b.space(b.laid)
        if b.entered:
            c, v = self.colour, self.value
            ask = ("colour?", "value?")[self.stage]
        else:
            c, v = b.next_tile()
            ask = "tile %d/60" % (b.laid + 1)
        g.title("Lay out", ask)
        g.text("row", 1, 11)
        g.big(str(p // b.cols + 1), 1, 19)
        g.text("col", 28, 11)
        g.big(str(p % b.cols + 1), 28, 19)
        draw_tile(g, 1, 37, c, v, -1, b.entered and self.stage == 1)
        g.text(NAMES[c], 28, 42)
        draw_board(g, b, 71, 12, p)
        if b.entered:
            bar(g, "UP/DN: %s  OK" % ("colour", "value")[self.stage], True)
        elif b.laid == 0:
            bar(g, "OK (sort by colour!)", True)
        else:
            bar(g, "OK: laid  UP: undo", True)

    def key(self, k):
        app = self.app
        gm = app.session.game
        b = gm.board
        if k == BACK:
            if b.entered and self.stage == 1:
                self.stage = 0
            elif b.entered and b.laid:
                back_one(app)
            else:
                layout_menu(app)
                return
            app.changed()
            return
        if not b.entered:
            if k == OK:
                extend(app, ["lay", b.laid + 1])
                if b.laid >= 60:
                    done(app)
            elif k == UP and b.laid:
                back_one(app)
            app.changed()
            return
        d = -1 if k in (UP, LEFT) else 1
        cols, vals = self.fit()
        if k == OK:
            if self.stage == 0:
                self.stage = 1
            else:
                codes = ""
                for i in range(b.laid):
                    codes += chr(97 + b.order[i])
                extend(app, ["tiles", codes + chr(97 + self.colour * 5 + self.value - 1)])
                self.stage = 0
                if b.laid >= 60:
                    done(app)
                    return
                self.fit()
        elif self.stage == 0:
            self.colour = cols[(cols.index(self.colour) + d) % len(cols)]
            self.fit()
        else:
            self.value = vals[(vals.index(self.value) + d) % len(vals)]
        app.changed()


def done(app):
    """The layout is complete: the game's screens once this module is let go (RAM;
    ``ui_ancient.start``)."""
    load("ui_ancient").start(app, None, after_move)


def extend(app, cmd):
    """Record a layout step: ``cmd`` (["lay", n] or ["tiles", codes]) replaces a last
    command of its kind, which the game already holds (it goes on from there), so a
    layout is one command, not 60 (RAM; ``game.py``).  The step that completes the
    layout is a command of its own: an undo from the game takes back one tile."""
    s = app.session
    n = cmd[1] if cmd[0] == "lay" else len(cmd[1])
    old = s.cmds.pop() if n < 60 and s.cmds and s.cmds[-1][0] == cmd[0] else None
    try:
        app.do(cmd)
    except ValueError:
        if old is not None:  # do() replayed without it: put it back
            s.cmds.append(old)
            s._replay()
        raise


def back_one(app):
    """Take the last tile of the layout back (UP on the device's layout, BACK on an
    entered one, "Back one tile" in the layout's menu)."""
    s = app.session
    last = s.cmds[-1] if s.cmds else None
    if last is None or last[0] not in ("lay", "tiles") or not app.undo():
        return
    n = (last[1] if last[0] == "lay" else len(last[1])) - 1
    if n > s.game.board.laid:
        app.do(["lay", n] if last[0] == "lay" else ["tiles", last[1][:n]])


def layout_menu(app):
    """BACK on the layout: one tile back, the board's geometry (the stored setting: for
    the next games, this one keeps the geometry it started with), or leave.  The Delfos
    menu is not offered here: its undo would take back the whole layout command."""

    def chosen(i):
        app.pop()
        if i == 0:
            back_one(app)
        elif i == 1:
            app.push(load("ui_geometry").GeometryScreen(app))
        elif i == 2:
            app.home()
        else:
            confirm(app, "End this game?", app.end_game)

    app.push(ChoiceMenu(app, "Ancient board", ["Back one tile", "Board size (next)", "Main menu",
                                               "End game"], chosen))
