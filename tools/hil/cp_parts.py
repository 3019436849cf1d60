"""Where CircuitPython's time goes on the emulated Pico: the boot's steps and the parts of a frame.

``PROBE`` is a ``code.py`` that does what the drive's own does, a step at a time, and prints each
step's milliseconds of the Pico's CPU (``time.monotonic_ns``) on the USB serial: the board file's
imports, ``Board()`` (the saves folder checked, the panel set up by Adafruit's driver), ``import
app``, ``App(board).boot()``, the main menu drawn (twice: the first time pays what is made once)
and sent; then the parts of a frame, each timed alone: a line of text, the title bar, a menu item,
a fill, and a key's drawing and sending (DOWN on the main menu, OK opening the Oracle).  The bus
is not in these figures (the emulator does not model it: 22.5 µs a byte at 400 kHz).

    .venv/bin/python -m tools.hil.cp_parts --firmware ../shared/hil/circuitpython-10.2.1-raspberry_pi_pico.uf2 \\
        --mpy-cross ../shared/hil/mpy-cross-cp10.2.1

With ``--openings`` the probe is ``OPENINGS`` (``openings()``) instead: the drive's boot, then the
keys that open each game from the main menu (``cp_bench.TOUR``), each key timed whole (``handle``
and ``render``, the bus apart) and in parts (frames drawn, ``show()``, the opening's job, the save),
with every module the key imported (its import's ms, and its own ms: less the imports it made in
turn) through a wrapper of ``builtins.__import__``; then what the drive's file system costs alone: a
stat that finds a file and one that does not (an import tries ``name``, ``name.py`` and
``name.mpy`` in turn), a ``.mpy`` read.
"""

PROBE = b'''"""HIL probe: the boot's steps and the parts of a frame, in ms of CPU."""
import time

T0 = time.monotonic_ns()


def ms(t, n=1):
    return "%.2f" % ((time.monotonic_ns() - t) / 1e6 / n)


t = time.monotonic_ns()
import adafruit_displayio_ssd1306, adafruit_ticks, board, busio, digitalio, displayio, fourwire, i2cdisplaybus  # noqa
import keys, panel_pick, rng, store  # noqa
import canvas  # noqa
import cp_board  # noqa
print("P imports of the board file", ms(t))
t = time.monotonic_ns()
brd = cp_board.Board()
print("P Board()", ms(t))
t = time.monotonic_ns()
from app import App  # noqa
print("P import app", ms(t))
t = time.monotonic_ns()
app = App(brd).boot()
print("P App(board).boot()", ms(t))
t = time.monotonic_ns()
app._draw()
print("P main menu drawn, first time", ms(t))
t = time.monotonic_ns()
brd.show()
print("P main menu sent", ms(t))
print("P code.py to here", ms(T0))
from fonts import BIG, SMALL  # noqa
c = brd.fb
g = app.g
for y, col in ((16, 1), (13, 1), (13, 0)):
    t = time.monotonic_ns()
    for i in range(5):
        g.text("Oracle of Delphi", 2, y, col)
    print("P 16 characters of text at y %d colour %d" % (y, col), ms(t, 5))
t = time.monotonic_ns()
for i in range(5):
    g.big("123", 2, 13)
print("P 3 big digits", ms(t, 5))
t = time.monotonic_ns()
for i in range(5):
    c.fill_rect(0, 0, 128, 9, 1)
print("P fill 128 x 9", ms(t, 5))
t = time.monotonic_ns()
for i in range(5):
    g.title("Delphi companion")
print("P title bar", ms(t, 5))
t = time.monotonic_ns()
for i in range(5):
    g.item("Oracle of Delphi", 20, True)
print("P menu item, selected", ms(t, 5))
t = time.monotonic_ns()
for i in range(5):
    app._draw()
print("P main menu drawn", ms(t, 5))
brd.show()
app.handle(keys.DOWN)
t = time.monotonic_ns()
app._draw()
print("P DOWN: drawn", ms(t))
t = time.monotonic_ns()
brd.show()
print("P DOWN: sent", ms(t))
app.handle(keys.OK)
t = time.monotonic_ns()
app.render()
print("P OK (the Oracle opened, its modules imported): rendered", ms(t))
t = time.monotonic_ns()
app._draw()
print("P its next screen drawn again", ms(t))
import gc  # noqa
t = time.monotonic_ns()
gc.collect()
print("P gc.collect()", ms(t), gc.mem_free())
print("P DONE")
'''

OPENINGS = b'''"""HIL probe: where a key that opens a game spends its time, in ms of CPU."""
import builtins
import gc
import os
import sys
import time

T = time.monotonic_ns
_import = builtins.__import__
inner = [0]
log = []


def timed_import(name, globals=None, locals=None, fromlist=(), level=0):
    t = T()
    outer = inner[0]
    inner[0] = 0
    new = name not in sys.modules
    try:
        return _import(name, globals, locals, fromlist, level)
    finally:
        dt = T() - t
        own = dt - inner[0]
        inner[0] = outer + dt
        if new:
            log.append((name, dt, own))


builtins.__import__ = timed_import


def ms(ns):
    return "%.2f" % (ns / 1e6)


import cp_board  # noqa
import keys  # noqa
from app import App  # noqa

print("P boot's imports: %d modules, own ms %s" % (len(log), ms(sum(x[2] for x in log))))
brd = cp_board.Board()
app = App(brd).boot()
app.render()
del log[:]
parts = {}


def wrap(obj, attr, part):
    f = getattr(obj, attr)

    def w(*a):
        t = T()
        try:
            return f(*a)
        finally:
            parts[part] = parts.get(part, 0) + T() - t
    setattr(obj, attr, w)


wrap(app, "_draw", "drawn")
wrap(brd, "show", "show()")
wrap(app, "_run_later", "job")
wrap(app, "commit", "saved")
KEY = {"OK": keys.OK, "BACK": keys.BACK, "DOWN": keys.DOWN, "UP": keys.UP}
for names, game in TOUR:
    print("P %s: %s" % (game, names))
    for k in names.split():
        parts.clear()
        gc.collect()
        t = T()
        app.handle(KEY[k])
        app.render()
        dt = T() - t
        got = ", ".join("%s %s" % (a, ms(b)) for a, b in sorted(parts.items()))
        print("P   %s %s ms: %s" % (k, ms(dt), got))
    print("P   %d modules imported, %s ms (own ms, each:)" % (len(log), ms(sum(x[2] for x in log))))
    for name, dt, own in log:
        print("P     %s %s" % (name, ms(own)))
    del log[:]
    gc.collect()
    print("P   free heap", gc.mem_free())
builtins.__import__ = _import
for path in ("/games/oracle/ui.mpy", "/games/oracle/ui.py", "/app.mpy", "/app.py"):
    t = T()
    for i in range(10):
        try:
            os.stat(path)
        except OSError:
            pass
    print("P stat %s: %s" % (path, ms((T() - t) / 10)))
buf = bytearray(256)
for path in ("/games/oracle/ui_turn.mpy", "/games/oracle/ui.mpy"):
    t = T()
    with open(path, "rb") as f:
        n = 0
        while True:
            got = f.readinto(buf)
            if not got:
                break
            n += got
    print("P read %s (%d bytes, 256 at a time): %s" % (path, n, ms(T() - t)))
print("P DONE")
'''


def openings():
    """``OPENINGS`` with ``TOUR`` set to ``cp_bench.TOUR``'s steps after the main menu."""
    from tools.hil.cp_bench import TOUR

    return OPENINGS.replace(b"for names, game in TOUR:", b"for names, game in %r:" % (TOUR[1:],))


def main(argv=None):
    import argparse
    import os
    import re

    from tools.hil.chip import MS
    from tools.hil.cp_session import CpSession

    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(prog="python -m tools.hil.cp_parts", description=__doc__.split("\n")[0])
    ap.add_argument("--firmware", required=True)
    ap.add_argument("--mpy-cross", default="")
    ap.add_argument("--root", default=here)
    ap.add_argument("--openings", action="store_true", help="the keys that open each game, in parts (OPENINGS)")
    args = ap.parse_args(argv)
    s = CpSession.deployed(args.firmware, os.path.abspath(args.root), args.mpy_cross or None,
                           {"/code.py": openings() if args.openings else PROBE})
    p = s.pico
    while b"P DONE" not in p.serial and p.now < 30_000 * MS:
        p.run_for(100 * MS)
    text = bytes(p.serial).decode("utf-8", "replace")
    for line in text.splitlines():
        m = re.match(r".*?P (.*)", line)
        if m and m.group(1) != "DONE":
            print(m.group(1))
    err = s.errors()
    if err:
        print("errors on the USB serial:", err[:500])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
