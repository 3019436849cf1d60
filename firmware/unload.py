"""Letting go of code once used: the firmware's one seam that edits ``sys.modules`` (issue 22).

Why: on the ``make deploy`` route every module is a ``.mpy`` file whose bytecode, once imported,
sits in the heap.  Measured on the unix port (``gc.mem_alloc()`` after the imports, firmware
cross-compiled as ``make mpy`` does): every firmware module at once about 353 KB, the App and
what it imports about 41 KB, Delfos's modules about 127 KB more, against the tests' 144 KB heap
(``MP_HEAP``).  A game played before, or a loader used once (``restore``, ``plays``, ``lowmem``),
must leave the heap before the next one loads.  On the frozen image (``make firmware``) bytecode
costs no heap and unloading only drops a module object.

- ``drop(name)``: forget module ``name`` (imported again on its next use);
- ``unload_games(keep)``: forget every game's modules but game package ``keep``'s;
- ``package(name)``: a game's package name (``"delfos"``) from its save name, else None.

On CPython these do nothing: it has the RAM, and its tests compare classes imported before
with the screens on the stack.  The games' own screen unloading is theirs (``games.delfos.drop``).
"""
import gc
import sys

import games

_DEVICE = sys.implementation.name in ("micropython", "circuitpython")


def drop(name):
    """Forget module ``name`` once used, on the device only (MicroPython, CircuitPython):
    its bytecode leaves the heap until the next import."""
    if _DEVICE:
        sys.modules.pop(name, None)


def unload_games(keep=None):
    """Forget every loaded game module except game ``keep``'s (its package name),
    so a game played before does not hold RAM while another one runs (the Pico has
    no room for the code of all games at once); imported again when next opened.

    What unloading cannot give back: the names and short strings of each game's
    .mpy are interned as qstrs when it loads, and MicroPython never frees qstrs.
    After every game has been opened once that is about 15 KB (unix port: qstr
    pool 9.9 KB at boot, 24.9 KB after the tour; ``micropython.qstr_info()``),
    bounded (opening a game again adds none), in pools that land wherever the
    heap had room, which is what splits the largest free block."""
    if not _DEVICE:
        return
    pkg = sys.modules.get("games")
    mine = "games.%s" % keep
    for key in list(sys.modules):
        if key.startswith("games.") and key != mine and not key.startswith(mine + "."):
            del sys.modules[key]
    if pkg is None:
        return
    for _n, _label, mod in games.GAMES:
        short = mod.split(".")[1]
        if short != keep:
            try:
                delattr(pkg, short)
            except (AttributeError, KeyError, TypeError):  # MicroPython: KeyError when absent
                pass
    gc.collect()  # free the old game in one piece before the new one's code is loaded


def package(name):
    """The package of game ``name`` (``games.GAMES``: ``"delfos"`` for ``games.delfos.ui``);
    None for a name that is no game (or no string: app.dat is read from flash)."""
    if not isinstance(name, str):
        return None
    for n, _label, mod in games.GAMES:
        if n == name:
            return mod.split(".")[1]
    return None
