"""The games on the main menu: (save name, menu label, UI module), and the seam that loads a
game's modules when it opens and lets them go when another one does (through ``loader``, the one
module that loads and lets go of modules).

A UI module provides ``GAME_CLS`` (the engine class, see ``session``),
``TITLE``, ``start(app)`` to set up a new game and ``resume(app, screen_key)``
to rebuild its screens: after a restart or HOME (the saved or the shown screen's key), which
must change nothing in the game, or after an undo (``None``), when a game may take back more
(Tholos's solo undo takes back the device's turn too).

Why a seam (issue 22): on the ``make deploy`` route every module is a ``.mpy`` file whose bytecode,
once imported, sits in the heap.  Measured on the unix port (``gc.mem_alloc()`` after the imports,
firmware cross-compiled as ``make mpy`` does): the App and its screens about 82 KB, Delfos's modules
about 130 KB more, every game at once over 300 KB, against the tests' heap (``MP_HEAP``).  So a
game's modules load when it opens (``ui_module``) and leave when another game opens (``unload``).
On the frozen image (``make firmware``) bytecode costs no heap and unloading only drops module
objects (docs/architecture.md, "What is resident, what loads on demand").
"""
import gc
import sys

import loader

GAMES = (  # the labels in English, shown through lang.tr (menu_ui; in the string tables: tools/mkstrings.py)
    ("oracle", "Oracle of Delphi", "games.oracle.ui"),
    ("delfos", "Delfos", "games.delfos.ui"),
    ("delphi", "Delphi", "games.delphi.ui"),
    ("delphi-calc", "Delphi calculator", "games.delphi.calc_ui"),
    ("tholos", "Tholos", "games.tholos.ui"),
    ("dice", "Dice roller", "games.dice.ui"),
    ("timer", "Timer", "games.timer.ui"),  # one UP from the first line (menu_ui.MainMenu)
)

PACKAGES = ()  # the games' packages ("oracle", "delfos", ...), once each
for _n, _label, _mod in GAMES:
    _mod = _mod.split(".")[1]
    if _mod not in PACKAGES:
        PACKAGES += (_mod,)
del _n, _label, _mod


def msg(s):
    """``s``, marked for the string tables (tools/mkstrings.py): an engine's sentence a player
    meets (a refusal, said by ``loop``; a campaign's goal), shown through ``lang.tr`` by the
    screens (an engine imports neither ``lang`` nor a screen)."""
    return s


class RefusalError(ValueError):
    """An engine's refusal that names a player or a figure: ``RefusalError(msg("Needs %d favor, %s has
    %d"), 2, "Green", 1)``.  ``str()`` is the English sentence ("Needs 2 favor, Green has 1");
    ``loop`` says it in the language: the sentence looked up, then its fields, the words among them
    looked up too ("Green": 綠色).  A ValueError: every caller that catches those catches it."""

    def __str__(self):
        a = self.args
        return a[0] % a[1:]


def ui_module(name):
    """The UI module of the game saved as ``name``.

    KeyError if the name is unknown; ImportError if that game's screens
    are not on this device.
    """
    for n, _label, mod in GAMES:
        if n == name:
            return loader.import_module(mod)
    raise KeyError(name)


def engine_module(name, sub):
    """The engine module ``games.<name>.<sub>`` (e.g. "delfos", "campaign"), imported now if it
    is not loaded: for the plays log's records, which must not hold a game's package between
    games (a reference from a resident module kept the whole Delfos engine in the heap when
    the Oracle opened after it: "Out of memory" on the tests' 240 KB heap).  ImportError if it
    is not on the device."""
    return loader.import_module("games.%s.%s" % (name, sub))


def package(name):
    """The package of game ``name`` (``"delfos"`` for ``games.delfos.ui``); None for a name
    that is no game (or no string: app.dat is read from flash)."""
    if not isinstance(name, str):
        return None
    for n, _label, mod in GAMES:
        if n == name:
            return mod.split(".")[1]
    return None


class _Names:
    """Looked up by name only: ``getattr`` on it interns a string as a qstr."""


# What the names file may hold (tools/qstr_names.py writes within the same bounds, about half of
# each today): a file outside them is not this firmware's (damaged, or made by hand) and is skipped,
# so interning it can never use up the heap before the App starts.  A name is shorter than 128 bytes,
# so every length byte is ASCII and the whole file decodes as UTF-8 exactly when every name does.
NAMES_MAX_BYTES = 32768
NAMES_MAX = 4000
NAME_MAX_LEN = 64
# And what the heap can afford: the names may take at most 30% of the heap free when they start (the
# App's modules and the largest game need the rest).  Their cost (``names_cost``) is MicroPython's
# qstr pools that hold them (each new pool twice the last: 20, 40, ... 1,280, 2,560 names), an entry a
# pointer and 3 bytes of hash and length, and their characters (the file's bytes and a quarter for
# the blocks that hold them).  That is all the names a session makes only if they are the firmware's
# own: a file that is not (no path of this module in it) is skipped.  Measured on the unix port at
# the tests' 240 KB heap (218 KB free when the names start): the firmware's own file (about 2,100
# names, 18 KB) comes to 51 KB of the 65 KB allowed, seven pools (51.7 KB taken in fact); 4,000
# names of 3 letters, within the counts, to 76 KB with an eighth pool: they took 77 KB, and Delfos
# no longer opened.  On the Pico (4-byte pointers) each pool costs about two thirds of that.
NAMES_HEAP_PCT = 30
# This module's entry in the file's paths (its length byte first): a file without it is not this
# firmware's, and the firmware's own names would all be interned later, on top of its names.
_OWN_PATH = b"\x12games/__init__.mpy"
_ENTRY = (8 if sys.maxsize > 0x7FFFFFFF else 4) + 3


def names_cost(size, count, entry=_ENTRY):
    """The heap, in bytes, that interning ``count`` names from a names file of ``size`` bytes
    takes at most (with the 64 names or so made before it): MicroPython's qstr pools that
    hold them, ``entry`` bytes a name, and their characters."""
    held = cap = 20
    while held < count + 64:
        cap *= 2
        held += cap
    return held * entry + size + size // 4


def _names_fault(data, free=None):
    """Why the names file's bytes ``data`` are not a names file within the bounds, or None;
    ``free``: the heap free now (bytes), of which its names may take ``NAMES_HEAP_PCT`` %."""
    end = len(data)
    i = n = 0
    while i < end:
        k = data[i]
        if k > NAME_MAX_LEN:
            return "a name of %d bytes" % k
        i += 1 + k
        n += 1
        if n > NAMES_MAX:
            return "over %d names" % NAMES_MAX
    if i != end:
        return "cut short"
    if data.find(_OWN_PATH) < 0:  # the names of another firmware or none: ours would all come later
        return "no %s in it" % _OWN_PATH[1:].decode()
    if free is not None and names_cost(end, n) * 100 > free * NAMES_HEAP_PCT:
        return "%d names may take %d bytes of the heap's %d free" % (n, names_cost(end, n), free)
    try:
        str(data, "utf-8")  # checked whole (a copy, freed at once): interning starts only on a good file
    except UnicodeError:
        return "not UTF-8"
    except MemoryError:
        return "no room to check it"
    return None


def intern_names():
    """On the ``make deploy`` route (the firmware's ``.mpy`` files on the stock image), intern
    every name the firmware's modules will intern, from the names file written beside them
    (``qstr_names.bin``, tools/qstr_names.py), so that the qstr pools a whole session needs are
    made now, while the heap is in one piece.  Returns the number of names read (0: no file,
    as on the frozen image, or not a device; or a file that is not a names file within
    ``NAMES_MAX_BYTES``, ``NAMES_MAX`` names of ``NAME_MAX_LEN`` bytes of UTF-8, whose names
    may take more than ``NAMES_HEAP_PCT`` % of the heap, skipped with one line on the
    console: the names then come as their modules load).

    Why: MicroPython interns the names of each ``.mpy`` it loads in pools on the heap that are
    never freed, each new pool twice the last (its seventh, 1,280 names: about 8 KB on the Pico).
    Made late, after other games had the heap, that block was not there and a saved game did
    not open from the main menu.  Every name at once costs what a session that opens every
    game costs anyway (docs/architecture.md, "Names on the .mpy route")."""
    f = __file__ if loader.DEVICE else ""
    if not f.endswith("games/__init__.mpy"):
        return 0
    root = f[:-18]  # the folder the firmware was loaded from ("" on the Pico: its root)
    fault = None
    try:
        with open(root + "qstr_names.bin", "rb") as fh:
            size = fh.seek(0, 2)
            if size > NAMES_MAX_BYTES:
                fault = "%d bytes" % size
            else:
                fh.seek(0)
                data = fh.read()  # about 16 KB, once, while the heap is nearly empty
    except OSError:
        return 0
    except MemoryError:
        fault = "no room to read it"
    if fault is None:
        gc.collect()
        fault = _names_fault(data, gc.mem_free())  # pyright: ignore[reportAttributeAccessIssue]
    if fault is not None:
        data = None
        gc.collect()
        print("qstr_names.bin skipped: not a names file of this firmware (%s)" % fault)
        return 0
    # A batch's strings are made first, then interned with no allocation between: the names'
    # characters grow one block in place; the batch's strings freed before the next one, which
    # takes their place (else they would lie between the characters' pieces all over the heap
    # and leave no block for the next pool)
    batch = [""] * 64
    end = len(data)
    i = n = 0
    paths = False
    gc.collect()
    try:
        while i < end:
            m = 0
            while m < 64 and i < end:
                k = data[i]
                if k == 0:
                    paths = True  # then the modules' paths: each module's __file__
                else:
                    s = str(data[i + 1:i + 1 + k], "utf-8")
                    batch[m] = root + s if paths else s
                    m += 1
                i += 1 + k
            for j in range(m):
                getattr(_Names, batch[j], None)
                batch[j] = ""
            n += m
            gc.collect()
    except MemoryError:  # the rest are interned as their modules load, as with no file
        gc.collect()
    return n


def unload(keep=None):
    """Forget every loaded game module except game package ``keep``'s, and the screens' modules
    that go with the games, on the device only (``loader.unload_games``): a game played before
    does not hold RAM while another one runs."""
    loader.unload_games(keep, PACKAGES)


INTERNED = intern_names()  # at the first import, before the App's other modules (app.py imports this first)
