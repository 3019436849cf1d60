"""The ancient board's layout (``ui_board``, phase "layout"): the device's draw a row a
press (a picture of the row's tiles: colour pattern, value, colour letter; OK when they lie
on the board, BACK a row back), or the players' own draw entered space by space.  Delfos
rulebook, General Set-Up.  Imported only while the board is laid out."""
import lang
from keys import BACK, LEFT, OK, UP
from lang import tr
from ui import ChoiceMenu, Screen, confirm

from games.delfos import load
from games.delfos.ui_base import NAMES, after_move, bar, draw_tile, pattern
from games.delfos.ui_map import draw_board

RUN = 9  # at most this many spaces a press: 14 px each across the 128 px screen
_TW = 14


def runs(b):
    """The device layout's steps on board ``b``: [(first, end)] flat positions (end excluded)
    in reading order, each a whole row (rows of 9 or fewer; rows of 3 three at a time) or a
    run of at most ``RUN`` spaces of a longer row, and holding at least one brown-outlined
    space: 7 steps on a 9 x 7 board, 9 at most on any 63-space board."""
    cols = b.cols
    n = cols * b.rows
    out = []
    if cols <= RUN:
        step = cols * (RUN // cols)
        for p in range(0, n, step):
            out.append((p, min(p + step, n)))
    else:
        per = (cols + RUN - 1) // RUN
        per = (cols + per - 1) // per
        for r in range(0, n, cols):
            for p in range(r, r + cols, per):
                out.append((p, min(p + per, r + cols)))
    return [r for r in out if browns(b, r[1]) > browns(b, r[0])]


def browns(b, p):
    """Brown-outlined spaces before flat position ``p``: the tiles laid once ``p`` is reached."""
    w = 0
    for x in b.whites:
        if x < p:
            w += 1
    return p - w


def step_of(b):
    """(index, first, end) of the step that lays the next tile: the rest of its run."""
    rs = runs(b)
    for i in range(len(rs)):
        if browns(b, rs[i][1]) > b.laid:
            return i, rs[i][0], rs[i][1]
    return len(rs), 0, 0


class LayoutScreen(Screen):
    """The ancient board's layout (phase "layout"); see the module docstring."""

    resume_key = "layout"

    def home_menu(self):
        layout_menu(self.app)  # HOME: this menu, not the game menu whose undo takes back the layout

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
            g.title(tr("Lay out"), "60/60")
            g.center(tr("Board laid out"), 30)
            return
        if not b.entered:
            self.draw_run(g, b)
            return
        p = b.space(b.laid)
        c, v = self.colour, self.value
        if lang.cjk:  # the language's lines under its 13 px bar; no key hint (the title asks)
            g.title(tr("Lay out"), tr("colour?") if self.stage == 0 else tr("value?"))
            g.line(tr("row"), 1, 14)
            g.big(str(p // b.cols + 1), 1, 26)
            g.line(tr("col"), 28, 14)
            g.big(str(p % b.cols + 1), 28, 26)
            draw_tile(g, 1, 44, c, v, -1, self.stage == 1)
            g.line(tr(NAMES[c]), 28, 47)
            draw_board(g, b, 72, 17, p)
            return
        g.title("Lay out", ("colour?", "value?")[self.stage])
        g.text("row", 1, 11)
        g.big(str(p // b.cols + 1), 1, 19)
        g.text("col", 28, 11)
        g.big(str(p % b.cols + 1), 28, 19)
        draw_tile(g, 1, 37, c, v, -1, self.stage == 1)
        g.text(NAMES[c], 28, 42)
        draw_board(g, b, 71, 12, p)
        bar(g, "UP/DN: %s  OK" % ("colour", "value")[self.stage], True)

    def draw_run(self, g, b):
        """The device's layout: the tiles of this step left to right as on the board, each
        its colour's pattern over its value and colour letter; a white space as an outline."""
        _i, p0, p1 = step_of(b)
        cols = b.cols
        r0 = p0 // cols + 1
        r1 = (p1 - 1) // cols + 1
        if cols > RUN:  # a run of a long row: its columns
            badge = tr("row %d c%d-%d") % (r0, p0 % cols + 1, (p1 - 1) % cols + 1)
        elif r0 == r1:
            badge = tr("row %d/%d") % (r0, b.rows)
        else:
            badge = tr("rows %d-%d/%d") % (r0, r1, b.rows)
        cjk = lang.cjk  # the language's 13 px bars: the run a row higher, its bar over the title's edge
        yp = 13 if cjk else 12
        g.title(tr("Lay out"), badge)
        x0 = (128 - (p1 - p0) * _TW) // 2 + 1
        k = browns(b, p0)
        fb = g.fb
        for p in range(p0, p1):
            x = x0 + (p - p0) * _TW
            if p in b.whites:
                fb.rect(x, yp, _TW - 2, 14, 1)
                continue
            t = b.order[k]
            k += 1
            if k <= b.laid:
                continue  # laid by an earlier step (a save from before steps)
            pattern(fb, x, yp, _TW - 2, 14, t // 5)
            g.big(str(t % 5 + 1), x + 2, 27 if cjk else 28)
            g.text("GYBRP"[t // 5], x + 3, 43 if cjk else 45)
        bar(g, tr("OK: laid  BACK: undo") if b.laid else tr("OK: laid  BACK: menu"), True)

    def key(self, k):
        app = self.app
        gm = app.session.game
        b = gm.board
        if k == BACK:
            if b.entered and self.stage == 1:
                self.stage = 0
            elif b.laid:
                back_one(app)
            else:
                layout_menu(app)
                return
            app.changed()
            return
        if not b.entered:
            if k == OK:
                extend(app, ["lay", browns(b, step_of(b)[2])])
                if b.laid >= 60:
                    done(app)
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
    """Take the last row of the device's layout back, or the last tile of an entered one
    (BACK on the layout, "Back one row" / "Back one tile" in the layout's menu)."""
    s = app.session
    last = s.cmds[-1] if s.cmds else None
    if last is None or last[0] not in ("lay", "tiles") or not app.undo():
        return
    n = (last[1] if last[0] == "lay" else len(last[1])) - 1
    b = s.game.board
    if last[0] == "lay":
        n = 0
        for r in runs(b):
            if browns(b, r[1]) <= last[1] - 1:
                n = browns(b, r[1])  # the end of the row before the last one laid
    if n > b.laid:
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
            confirm(app, tr("End this game?"), app.end_game)

    back = tr("Back one tile") if app.session.game.board.entered else tr("Back one row")
    app.push(ChoiceMenu(app, tr("Ancient board"), [back, tr("Board size (next)"), tr("Main menu"), tr("End game")],
                        chosen))
