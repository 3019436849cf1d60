"""Delfos solo with the device moving Khaos, the whole game through the App: per round, the
time each key takes on this interpreter (handle, draw, show; the save after the frame left out)
and the I2C bytes it sends, so work that grows with the game shows.

Run from the repository root (the unix port is 100-230x faster than the Pico; ``make bench``'s
emulated Pico gives the chip's figures):
    micropython -X heapsize=288K bench/bench_delfos_keys.py

(the firmware's sources compiled as they are imported, on a 64-bit port: more heap than the
Pico's frozen or ``.mpy`` code needs; under 264K the end of the layout runs out of memory).

The game is ``tools/hil/bench.py``'s ``DELFOS_GAME``: solo, architect side B, scoring card 3,
"Device moves Khaos", the device's layout, then OK on every screen (the likeliest move, its best
space, Khaos's turn) to the solo score; seed 7.  Each key is timed once with ``time.ticks_us``
after a collection (the device collects between keys), from the key to its frame shown; the
App's background job (the next move list, worked out while Khaos's turn is read) runs between
keys, untimed, as the device runs it while the player reads the screen.
"""
import gc
import os
import sys
import time

sys.path[:0] = ["firmware", "boards/pico_ssd1306", "tests/support"]

import device_run  # noqa: E402

UP, DOWN, OK, BACK = 1, 2, 3, 4
SETUP = [DOWN, OK, OK, OK, OK, OK, DOWN, OK, DOWN, DOWN, DOWN, OK, OK, DOWN, OK, DOWN, DOWN, OK, OK, OK]
LAYOUT = 7  # the device lays the ancient board a row a press (7 rows on the 9 x 7 board)
KEYS = 79
SAVE = "build/bench-delfos-keys"


def round_of(i):
    """The round of key ``i`` after the layout: round 1 has three keys, the others four."""
    return 1 if i < 3 else 2 + (i - 3) // 4


def main():
    try:
        os.mkdir("build")
    except OSError:
        pass
    try:
        os.mkdir(SAVE)
    except OSError:
        pass
    for n in os.listdir(SAVE):
        os.remove(SAVE + "/" + n)
    app = device_run.bench_app(SAVE, 7)
    for k in SETUP + [OK] * LAYOUT:
        app.handle(k)
        device_run.settle(app)
    write = app._write
    i2c = app.board.i2c
    per = {}
    for i in range(KEYS):
        app._write = lambda *a: None  # the save after the frame: not the key's
        gc.collect()
        b0 = i2c.bytes
        t0 = time.ticks_us()
        app.handle(OK)
        app.render()
        dt = time.ticks_diff(time.ticks_us(), t0)
        app._write = write
        app._unsaved = True
        app.render()  # now the save
        device_run.settle(app)  # the background job, between keys as on the device (untimed)
        per.setdefault(round_of(i), []).append((dt, i2c.bytes - b0))
    gm = app.session.game
    if gm.phase() != "over":
        print("the game did not reach its end (phase %s, %s): the figures are not the game's"
              % (gm.phase(), app.toast_text or type(app.top()).__name__))
    print("delfos solo, device moves Khaos: %d keys after the layout, phase %s, %s (%s)"
          % (KEYS, gm.phase(), type(app.top()).__name__, sys.implementation.name))
    print("round  keys  median us  max us  bytes max")
    every = []
    for r in sorted(per):
        ts = sorted(t for t, _b in per[r])
        every += ts
        print("%5d %5d %10d %7d %10d" % (r, len(ts), ts[len(ts) // 2], ts[-1], max(b for _t, b in per[r])))
    every.sort()
    print("game  %5d %10d %7d (p95 %d us)" % (len(every), every[len(every) // 2], every[-1],
                                           every[min(len(every) - 1, -(-95 * len(every) // 100) - 1)]))


main()
