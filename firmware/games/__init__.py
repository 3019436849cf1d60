"""The games on the main menu: (save name, menu label, UI module), and the seam that loads a
game's modules when it opens and lets them go when another one does.

A UI module provides ``GAME_CLS`` (the engine class, see ``session``),
``TITLE``, ``start(app)`` to set up a new game and ``resume(app, screen_key)``
to rebuild its screens after a restart.

Why a seam (issue 22): on the ``make deploy`` route every module is a ``.mpy`` file whose bytecode,
once imported, sits in the heap.  Measured on the unix port (``gc.mem_alloc()`` after the imports,
firmware cross-compiled as ``make mpy`` does): the App and its screens about 82 KB, Delfos's modules
about 130 KB more, every game at once over 300 KB, against the tests' heap (``MP_HEAP``).  So a
game's modules load when it opens (``ui_module``) and leave when another game opens (``unload``).
On the frozen image (``make firmware``) bytecode costs no heap and unloading only drops module
objects.
"""
import gc
import sys

_DEVICE = sys.implementation.name in ("micropython", "circuitpython")

GAMES = (
    ("oracle", "Oracle of Delphi", "games.oracle.ui"),
    ("delfos", "Delfos", "games.delfos.ui"),
    ("delphi", "Delphi", "games.delphi.ui"),
    ("delphi-calc", "Delphi calculator", "games.delphi.calc_ui"),
    ("tholos", "Tholos", "games.tholos.ui"),
    ("dice", "Dice roller", "games.dice.ui"),
)

PACKAGES = ()  # the games' packages ("oracle", "delfos", ...), once each
for _n, _label, _mod in GAMES:
    _mod = _mod.split(".")[1]
    if _mod not in PACKAGES:
        PACKAGES += (_mod,)
del _n, _label, _mod


def ui_module(name):
    """The UI module of the game saved as ``name``.

    KeyError if the name is unknown; ImportError if that game's screens
    are not on this device.
    """
    for n, _label, mod in GAMES:
        if n == name:
            return __import__(mod, None, None, ["start"])
    raise KeyError(name)


def package(name):
    """The package of game ``name`` (``"delfos"`` for ``games.delfos.ui``); None for a name
    that is no game (or no string: app.dat is read from flash)."""
    if not isinstance(name, str):
        return None
    for n, _label, mod in GAMES:
        if n == name:
            return mod.split(".")[1]
    return None


def forget(modules, keep):
    """Remove from ``modules`` (``sys.modules``) the game modules ("games.<package>...")
    of every package but ``keep`` (None: all), and those packages' attributes from the
    ``"games"`` module in it.  It runs when RAM is short: no copy of the dict (a block
    of about 512 bytes), the keys gathered a few at a time instead."""
    mine = "games.%s" % keep
    sub = mine + "."
    batch = [None] * 8
    while True:
        n = 0
        for key in modules:
            if key.startswith("games.") and key != mine and not key.startswith(sub):
                batch[n] = key
                n += 1
                if n == 8:
                    break
        if not n:
            break
        for i in range(n):
            # pop, not del: an import that ran out of RAM may leave its name in sys.modules
            # with no module yet (MicroPython), which del refuses with KeyError; pop removes it
            modules.pop(batch[i], None)
    pkg = modules.get("games")
    if pkg is None:
        return
    for short in PACKAGES:
        if short != keep:
            try:
                delattr(pkg, short)
            except (AttributeError, KeyError, TypeError):  # MicroPython: KeyError when absent
                pass


def unload(keep=None):
    """Forget every loaded game module except game package ``keep``'s, on the device only
    (MicroPython, CircuitPython), so a game played before does not hold RAM while another one
    runs; imported again when next opened.  On CPython nothing: it has the RAM, and its tests
    compare classes imported before with the screens on the stack.

    What unloading cannot give back: the names and short strings of each game's .mpy are
    interned as qstrs when it loads, and MicroPython never frees qstrs: after every game has
    been opened once about 15 KB (unix port, ``micropython.qstr_info()``), bounded (opening a
    game again adds none)."""
    if not _DEVICE:
        return
    forget(sys.modules, keep)
    gc.collect()  # free the old game in one piece before the new one's code is loaded
