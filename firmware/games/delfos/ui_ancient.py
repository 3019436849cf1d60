"""The ancient board's set-up on the screens: the stored geometry setting (``stored``: the
board's columns, rows and three white-outlined spaces; the size is not in
the rulebook), the set-up questions of "Device moves Khaos" (``ask``, the rest of
``ui_setup.Wizard.walk``) and starting such a game (``start``, ``Begin``).  A module of its
own, without the board's drawing (``ui_board``): the set-up's heap.  Imported while setting
up, at the end of the layout and with the geometry's screen (``ui_geometry``); let go by
``Begin`` and ``ui.resume``.
"""
import gc

from games.delfos import drop
from lang import tr
from games.delfos.ancient import DEFAULT, check_geometry

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
        return tr("Ancient board"), [tr("Device draws layout"), tr("I enter my layout")]
    geo = stored(wiz.app)
    if not geo["confirmed"]:
        k = take()
        if k is None:
            return (tr("Board %dx%d assumed") % (geo["cols"], geo["rows"]),
                    [tr("Matches my board"), tr("Use it unconfirmed")])
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
    app.later(tr("New game"), Begin(app, setup, after).run)


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
        drop(("ui_setup", "ui_layout", "ui_geometry", "ui_ancient"))
        gc.collect()
        if self.setup is not None:
            app.start_session(self.setup)
        self.after(app)
        app.save()
