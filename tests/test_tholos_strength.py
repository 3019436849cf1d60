"""Opponent strength on a smaller seeded sample than the bench (CPython only).

Issue thresholds: beat a uniformly random player in >= 95 % of games and a
one-ply greedy player in >= 70 %.  bench/bench_tholos.py prints the 200-game
figures; here 20 games each (other seeds) keep the suite quick.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import bench_tholos  # noqa: E402
from games.tholos import ai  # noqa: E402

GAMES = 20


def _wins(other):
    return sum(bench_tholos.play(7000 + i, other, i % 2, ai.DEFAULT_BUDGET) for i in range(GAMES))


def test_beats_random_95_percent():
    assert _wins(bench_tholos.random_commands) * 100 >= 95 * GAMES


def test_beats_greedy_70_percent():
    assert _wins(bench_tholos.greedy_commands) * 100 >= 70 * GAMES
