"""The games on the main menu: (save name, menu label, UI module).

A UI module provides ``GAME_CLS`` (the engine class, see ``session``),
``TITLE``, ``start(app)`` to set up a new game and ``resume(app, screen_key)``
to rebuild its screens after a restart.  Modules are imported only when a
game is opened, so an unused game costs no RAM.
"""

GAMES = (
    ("oracle", "Oracle of Delphi", "games.oracle.ui"),
    ("delfos", "Delfos", "games.delfos.ui"),
    ("delphi", "Delphi", "games.delphi.ui"),
    ("delphi-calc", "Delphi calculator", "games.delphi.calc_ui"),
    ("tholos", "Tholos", "games.tholos.ui"),
    ("dice", "Dice roller", "games.dice.ui"),
)


def ui_module(name):
    """The UI module of the game saved as ``name``.

    KeyError if the name is unknown; ImportError if that game's screens
    are not on this device.
    """
    for n, _label, mod in GAMES:
        if n == name:
            return __import__(mod, None, None, ["start"])
    raise KeyError(name)
