"""Under micropython: the live heap of a golden key script's session, key by key.

    micropython -X heapsize=144K tests/support/mp_heap.py --fw=DIR SAVE_DIR NAME

Plays ``tests/golden/NAME.keys`` as ``device_run.play`` does (the App's background job settled,
``gc.collect()`` after each key) and prints the live heap (``gc.mem_alloc()``) after the boot,
after the key that starts the game, at each change of the game's phase, and the peak; then the
game's modules still imported.  The issue-22 figures of the Delfos engine were taken with it.
"""
import gc
import sys

sys.path.insert(0, sys.argv.pop(1)[5:])
sys.path.insert(0, "tests/support")

import framebuf  # noqa: E402

import device_run  # noqa: E402

save, name = sys.argv[1], sys.argv[2]
script, seed = device_run.load_script("tests/golden/" + name + ".keys")
try:
    import os

    for n in os.listdir(save):
        os.remove(save + "/" + n)
except OSError:
    os.mkdir(save)
board = device_run.BenchBoard(framebuf.FrameBuffer, save, seed, framebuf.MONO_VLSB)
app = device_run.App(board).boot()
device_run.settle(app)
gc.collect()
print("boot", gc.mem_alloc())
started = False
peak = 0
i = 0
a = 0
phase = None
for _mark, key in device_run.steps(script):
    app.handle(key)
    device_run.settle(app)
    i += 1
    gc.collect()
    a = gc.mem_alloc()
    if a > peak:
        peak = a
    s = app.session
    if s is not None and not s.stale:
        if not started:
            started = True
            print("started key", i, a, type(app.top()).__name__)
        ph = s.game.phase()
        if ph != phase:
            print("phase", ph, "key", i, a)
            phase = ph
print("peak", peak, "end", a, "keys", i)
print("loaded", " ".join(sorted([m[13:] for m in sys.modules if m.startswith("games.") and "." in m[6:]])))
