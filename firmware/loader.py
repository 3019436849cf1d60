"""Loading and letting go of the firmware's modules: the one module that edits ``sys.modules``.

Every module that is imported by name when it is first used (a game's screens, the device menu,
the phone's code, the rules help's text, the language's strings and glyphs) comes through
``import_module``; every one that is let go again goes through ``release`` (one module for a
while), ``drop`` (a game's rarely used screens) or ``unload_games`` (the games not open, with the
screens' modules that go with them).  What is resident, what loads on demand and when it goes:
docs/architecture.md, "What is resident, what loads on demand".

Why: on the ``make deploy`` route every module is a ``.mpy`` file whose bytecode, once imported,
sits in the heap (the App and its screens about 82 KB of the unix port's heap, Delfos's modules
about 130 KB more, every game at once over 300 KB).  On the frozen image bytecode stays in flash,
but each module's globals (its dict, its functions and classes) are heap all the same, so letting
a module go gives back heap there too.  On CPython (the simulator, the tests) ``release`` and
``unload_games`` let nothing go: it has the RAM, and the tests compare classes imported before
with the screens on the stack.

What MicroPython's ``sys.modules`` does that this module allows for (v1.28.0): the dict keeps a
removed entry's slot in its table (``mp_map_lookup``'s remove keeps the value until the slot is
used again), so a module taken out can stay alive through that slot (``scrub``); an import that
ran out of RAM may leave its name in ``sys.modules`` with no module yet, which ``del`` refuses
(``pop`` is used throughout); ``dir()`` on a module tries every interned name (``getattr`` is used).
"""
import gc
import sys

DEVICE = sys.implementation.name in ("micropython", "circuitpython")

# Screens' modules loaded for a while, let go with the games (``unload_games``): the device menu's
# History and player names (each game's set-up imports ``names_ui`` too), the phone's code and the
# rules help's text (the device menu's own module, ``device_ui``, goes when the main menu is back on
# top: menu_ui).
SCREENS = ("history", "names_ui", "phone_ui", "playcode", "qr", "help_text")


def import_module(full, nested=()):
    """The module ``full`` (e.g. "games.delfos.campaign"), imported now if it is not loaded;
    ImportError if it is not on the device.  Short of RAM the MemoryError goes on, after
    ``scrub`` of ``full`` and of ``nested`` (full names of modules its import may begin in
    turn, in that order)."""
    try:
        __import__(full)
    except MemoryError:
        scrub((full,) + nested)
        raise
    return sys.modules[full]


def loaded(full):
    """The module ``full`` if it is loaded now, else None (nothing imported)."""
    return sys.modules.get(full)


def release(names):
    """Let the modules ``names`` (full names) go, on the device only (MicroPython, CircuitPython):
    screens' modules imported for a while (the phone's code, the device menu's), whose bytecode on
    the ``make deploy`` route is heap a game wants; imported again when next needed.  On CPython
    nothing, as ``unload_games``."""
    if not DEVICE:
        return
    m = sys.modules
    for n in names:
        m.pop(n, None)


def drop(package, names):
    """Forget the modules ``<package>.<name>`` of ``names`` (e.g. "games.delfos", ("ui_more",)),
    and their attributes on the package, on every platform, so their RAM can be collected once
    no screen uses them; ``import_module`` imports them again when needed."""
    m = sys.modules
    pkg = m.get(package)
    pre = package + "."
    for n in names:
        m.pop(pre + n, None)
        # getattr, not ``n in dir(pkg)``: MicroPython's dir() tries every interned name on
        # the object, which made each Delfos screen rebuild about 0.2 s slower on the Pico
        if pkg is not None and getattr(pkg, n, None) is not None:
            delattr(pkg, n)


def scrub(names):
    """After an import that ran out of RAM (call it in the ``except MemoryError``, before anything
    else is imported or unloaded): MicroPython (v1.28.0's py/builtinimport.c) takes each half-made
    module out of ``sys.modules`` but leaves it in the freed slot of the dict's table
    (``mp_map_lookup``'s remove keeps the value), where the GC still sees it and, through its
    globals, the game's package (about 30 KB of Delphi after the main menu came back).  Each of
    ``names`` (full names, in the order their imports began) that is absent is put back, so it
    lands in the slot it left (the first free one on its probe path), then popped (``dict.pop``
    clears the slot)."""
    m = sys.modules
    for n in names:
        if n not in m:
            try:
                m[n] = None  # pyright: ignore[reportArgumentType]  (a placeholder, popped below)
            except MemoryError:
                break
    for n in names:
        if n in m and m[n] is None:
            m.pop(n)


def forget(modules, keep, packages):
    """Remove from ``modules`` (``sys.modules``) the game modules ("games.<package>...")
    of every package but ``keep`` (None: all), and the attributes ``packages`` (the games'
    packages, ``games.PACKAGES``) but ``keep`` from the ``"games"`` module in it.  It runs
    when RAM is short: no copy of the dict (a block of about 512 bytes), the keys gathered
    a few at a time instead."""
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
    for short in packages:
        if short != keep:
            try:
                delattr(pkg, short)
            except (AttributeError, KeyError, TypeError):  # MicroPython: KeyError when absent
                pass


def unload_games(keep, packages):
    """Forget every loaded game module except game package ``keep``'s (``packages``: the games'
    packages), and the screens' modules that go with the games (``SCREENS``), on the device only
    (MicroPython, CircuitPython), so a game played before does not hold RAM while another one runs;
    imported again when next opened.  On CPython nothing.

    What unloading cannot give back: the names and short strings of each game's .mpy, interned
    as qstrs, which MicroPython never frees; on the ``make deploy`` route they are all interned
    at power-on (``games.intern_names``), so opening a game adds none."""
    if not DEVICE:
        return
    forget(sys.modules, keep, packages)
    release(SCREENS)
    gc.collect()  # free the old game in one piece before the new one's code is loaded
