"""The ancient board's geometry setting on the screen: columns, rows and the three
white-outlined spaces, entered once and confirmed (the setting: ``ui_ancient.stored``;
the size is not in the Delfos rulebook).  Opened from the layout's menu
(``ui_layout``); imported only then.
"""
import lang
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from lang import msg, tr
from ui import Screen

from games.delfos.ancient import Board, check_geometry, middle_whites
from games.delfos.ui_ancient import SETTING, stored
from games.delfos.ui_base import bar
from games.delfos.ui_map import draw_board


class GeometryScreen(Screen):
    """The ancient board's geometry: columns, rows, then the three white spaces (row
    and column each); UP/DOWN change the field, OK the next one, and on the last
    saves it as confirmed (``cols * rows`` must be 63).  BACK: the field before."""

    FIELDS = (msg("columns"), msg("rows"), msg("white 1 row"), msg("white 1 col"), msg("white 2 row"),
              msg("white 2 col"), msg("white 3 row"), msg("white 3 col"))  # shown through tr

    def __init__(self, app, on_done=None):
        Screen.__init__(self, app)
        d = stored(app)
        self.cols = d["cols"]
        self.rows = d["rows"]
        self.w = [[p // self.cols, p % self.cols] for p in d["whites"]]
        self.field = 0
        self.on_done = on_done
        self.confirmed = d.get("confirmed")

    def value(self):
        f = self.field
        if f == 0:
            return self.cols
        if f == 1:
            return self.rows
        return self.w[(f - 2) // 2][f % 2] + 1

    def draw(self, g):
        cjk = lang.cjk  # the language's lines: 13 px bars, the rows lower
        g.title(tr("Ancient board"), tr("set") if self.confirmed else tr("assumed"))
        g.text("%dx%d=%d" % (self.cols, self.rows, self.cols * self.rows), 1, 15 if cjk else 12)
        g.line(tr(self.FIELDS[self.field]), 1, 23 if cjk else 24)
        g.big(str(self.value()), 1, 35 if cjk else 33)
        geo = self.doc()
        try:
            check_geometry(geo)
            b = Board(geo, 1)
            b.markers[2] = b.markers[3] = 255
            draw_board(g, b, 71, 16 if cjk else 12)
        except ValueError:
            g.line(tr("needs 63"), 70, 30)
        if not cjk:  # (its 13 px bar would cover the board: the title says what is set)
            bar(g, "OK: next  UP/DN: set", True)

    def doc(self):
        return {"cols": self.cols, "rows": self.rows,
                "whites": [r * self.cols + c for r, c in self.w]}

    def key(self, k):
        app = self.app
        f = self.field
        if k in (UP, DOWN, LEFT, RIGHT):
            d = 1 if k in (UP, RIGHT) else -1
            if f < 2:
                if f == 0:
                    self.cols = 3 + (self.cols - 3 + d) % 19
                else:
                    self.rows = 3 + (self.rows - 3 + d) % 19
                mw = middle_whites(self.cols, self.rows)
                self.w = [[p // self.cols, p % self.cols] for p in mw]
            else:
                i = (f - 2) // 2
                n = self.rows if f % 2 == 0 else self.cols
                self.w[i][f % 2] = (self.w[i][f % 2] + d) % n
        elif k == BACK:
            if f == 0:
                app.pop()
                return
            self.field -= 1
        elif k == OK:
            if f == 1 and self.cols * self.rows != 63:
                app.toast(tr("cols x rows must be 63"))
                return
            if f < len(self.FIELDS) - 1:
                self.field += 1
            else:
                d = self.doc()
                try:
                    check_geometry(d)
                except ValueError as e:
                    app.toast(str(e)[10:])
                    return
                d["confirmed"] = True
                app.save_settings(SETTING, d)
                app.pop()
                if self.on_done:
                    self.on_done()
                return
        app.changed()
