"""The ancient board's set-up on the screens: the stored geometry setting (``stored``:
columns, rows and the three white-outlined spaces, entered once and confirmed;
../shared/facts.md: the size is not in the rulebook), the set-up questions of "Device
moves Khaos" (``ask``), starting such a game (``start``, ``Begin``) and the geometry's
screen (``GeometryScreen``, opened from the layout's menu, ``ui_layout``).  Imported while
setting up and while the board is laid out, and dropped after (``Begin``, ``ui_board.resume``).
"""
import gc

from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from ui import Screen

from games.delfos import drop
from games.delfos.ancient import DEFAULT, Board, check_geometry, middle_whites
from games.delfos.ui_base import bar
from games.delfos.ui_board import draw_board

SETTING = "delfos-ancient"  # the stored geometry (``stored``)


def stored(app):
    """The stored geometry setting: the geometry dict plus "confirmed" (bool); the
    assumed ``ancient.DEFAULT``, unconfirmed, until the player confirms or edits it."""
    d = app.settings(SETTING, None, check_geometry)
    if d is None:
        d = dict(DEFAULT)
    d["confirmed"] = d.get("confirmed") is True  # a geometry written by hand may lack it
    return d


def ask(wiz, take, s):
    """The rest of ``ui_setup.Wizard.walk`` for "Device moves Khaos": the next question
    (title, items), or the set-up ``s`` with its "ancient" entry (the stored geometry
    copied into the game: a replay never reads the setting).  "Matches my board" stores
    the geometry as confirmed (asked only until then).  The geometry is edited from the
    layout's menu (``ui_layout``)."""
    j = take()
    if j is None:
        return "Ancient board", ["Device draws layout", "I enter my layout"]
    geo = stored(wiz.app)
    if not geo["confirmed"]:
        k = take()
        if k is None:
            return "Board %dx%d assumed" % (geo["cols"], geo["rows"]), ["Matches my board", "Use it unconfirmed"]
        if k == 0:
            geo["confirmed"] = True
            wiz.app.save_settings(SETTING, geo)
    s["ancient"] = {"cols": geo["cols"], "rows": geo["rows"], "whites": list(geo["whites"]),
                    "layout": ("device", "entered")[j]}
    return s


def start(app, setup, after):
    """A new game with the ancient board (``setup``), started by ``app.later`` once the
    set-up questions are closed (``Begin``); ``setup`` None: the screens after the
    layout, once the layout's screen is let go.  ``after(app)`` (``ui_base.after_move``)
    builds the game's screens."""
    app.later("New game", Begin(app, setup, after).run)


class Begin:
    """``Begin(app, setup, after).run()``: the set-up's and the layout's screen modules (this
    one too) are let go and collected first, then the game is started and its screens
    imported: the game's objects fill the set-up's holes instead of splitting the heap
    further (the Pico's heap).  A class, so nothing of ``ui_setup`` is held."""

    def __init__(self, app, setup, after):
        self.app = app
        self.setup = setup
        self.after = after

    def run(self):
        app = self.app
        del app.stack[1:]
        drop(("ui_setup", "ui_layout", "ui_geometry"))
        gc.collect()
        if self.setup is not None:
            app.start_session(self.setup)
        self.after(app)
        app.save()


class GeometryScreen(Screen):
    """The ancient board's geometry: columns, rows, then the three white spaces (row
    and column each); UP/DOWN change the field, OK the next one, and on the last
    saves it as confirmed (``cols * rows`` must be 63).  BACK: the field before."""

    FIELDS = ("columns", "rows", "white 1 row", "white 1 col", "white 2 row", "white 2 col",
              "white 3 row", "white 3 col")

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
        g.title("Ancient board", "set" if self.confirmed else "assumed")
        g.text("%dx%d=%d" % (self.cols, self.rows, self.cols * self.rows), 1, 12)
        g.text(self.FIELDS[self.field], 1, 24)
        g.big(str(self.value()), 1, 33)
        geo = self.doc()
        try:
            check_geometry(geo)
            b = Board(geo, 1)
            b.markers[2] = b.markers[3] = 255
            draw_board(g, b, 71, 12)
        except ValueError:
            g.text("needs 63", 70, 30)
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
                app.toast("cols x rows must be 63")
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
