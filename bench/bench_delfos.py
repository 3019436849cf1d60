"""Delfos benchmark: peak heap of a scripted full solo game, and time per game.

Run from the repository root:
    micropython -X heapsize=128K bench/bench_delfos.py   # peak gc.mem_alloc (bytes)
    python bench/bench_delfos.py                         # time per game (CPython)

The game is one self-played solo game (host_sim/delfos_solo.py, seed 1, side B,
random scoring card) including Khaos's moves on the 9 x 7 ancient-board model and
the final scoring; the live heap (gc.collect, then gc.mem_alloc) is sampled after
every command and after scoring.  The figure includes the interpreter's own
modules, the engine's bytecode (compiled from source: ~40 KB; frozen .mpy on the
Pico keeps bytecode out of the heap) and the host-only ancient-board model.
"""
import gc
import sys
import time

sys.path.insert(0, "firmware")
sys.path.insert(0, ".")
MICRO = sys.implementation.name == "micropython"
if MICRO:
    sys.path.append("host_sim")  # host_sim/__init__ is CPython-only
    import delfos_solo
else:
    from host_sim import delfos_solo

PEAK = [0]


def sample(game=None, cmd=None):
    # live heap: collect first, so garbage waiting for the collector is not counted
    if hasattr(gc, "mem_alloc"):
        gc.collect()
        a = gc.mem_alloc()
        if a > PEAK[0]:
            PEAK[0] = a


def main():
    gc.collect()
    base = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    game, cmds, board = delfos_solo.play(1, side="B", on_cmd=sample)
    res = game.scores()
    sample()
    me = res["scores"]["green"]
    print("delfos solo game: %d commands, score %d (areas %d, architect %d, card %d)"
          % (len(cmds), me["total"], me["area_majorities"], me["architect_card"], me["scoring_card"]))
    if hasattr(gc, "mem_alloc"):
        gc.collect()
        print("delfos peak heap (gc.mem_alloc, live) during the game: %d bytes (after imports: %d; "
              "retained after the game: %d)" % (PEAK[0], base, gc.mem_alloc()))
    n = 20 if MICRO else 200
    if hasattr(time, "ticks_ms"):
        t0 = time.ticks_ms()
        for s in range(n):
            delfos_solo.play(s)
        ms = time.ticks_diff(time.ticks_ms(), t0)
        print("delfos time per solo game: %d ms (%d games, %s)" % (ms // n, n, sys.implementation.name))
    else:
        t0 = time.perf_counter()
        for s in range(n):
            delfos_solo.play(s)
        dt = time.perf_counter() - t0
        print("delfos time per solo game: %.2f ms (%d games, %s)" % (dt * 1000 / n, n, sys.implementation.name))


main()
