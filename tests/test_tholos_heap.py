"""The device's search in slices needs no more heap than the former
recursive search, under MicroPython with the cross-compiled firmware.

Measured the same way for both: the live heap (after ``gc.collect()``) at
every 7th turn listing during a hard-level device move (3600 nodes, 6
turns deep: the former search's budget and depth), above the heap before
the move, in three seeded positions.  The former search
(commit cd00ef4, ``Search._negamax``) peaked at 14816 / 14048 / 13312 bytes
there; the module's own code is not counted (it is loaded once per solo
game, not per move).
"""
import helpers

FORMER_PEAK = {8: 14816, 20: 14048, 40: 13312}

SCRIPT = r"""
import gc, sys
sys.path.insert(0, sys.argv.pop(1)[5:])
from games.tholos.game import TholosGame
from games.tholos import ai
from rng import Rng
for n in (8, 20, 40):
    g = TholosGame({"device": "white", "level": "hard"}, 5)
    rng = Rng(5)
    k = 0
    while k < n or g.pending >= 0:
        moves = g.legal_moves()
        g.apply(moves[rng.below(len(moves))][0])
        k += 1
    moves = None
    real = ai.gen_turns
    peak = [0, 0]

    def spy(st):
        r = real(st)
        peak[1] += 1
        if peak[1] % 7 == 0:
            gc.collect()
            a = gc.mem_alloc()
            if a > peak[0]:
                peak[0] = a
        return r

    ai.gen_turns = spy
    gc.collect()
    base = gc.mem_alloc()
    d = ai.DeviceMove(g)
    while d.search.step(ai.SLICE_NODES):
        pass
    d.commands()
    ai.gen_turns = real
    print(n, peak[0] - base, d.search.nodes)
"""


def test_device_search_peak_heap_not_above_the_former(tmp_path):
    script = tmp_path / "peak.py"
    script.write_text(SCRIPT)
    r = helpers.run_mp_fw(str(script), [], timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    seen = {}
    for line in r.stdout.split("\n"):
        if line.strip():
            n, peak, nodes = (int(x) for x in line.split())
            seen[n] = peak
            assert nodes > 3000  # a real search ran
    assert sorted(seen) == sorted(FORMER_PEAK)
    for n, peak in seen.items():
        assert 0 < peak <= FORMER_PEAK[n], (n, peak, FORMER_PEAK[n])
