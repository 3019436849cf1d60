"""Tholos opponent benchmark: time per move and its slices per level, and the strength table.

Run from the repository root:
    micropython -X heapsize=128K bench/bench_tholos.py [GAMES] [--level NAME] [--cpython]
    python bench/bench_tholos.py [GAMES] [--table-only] [--jobs N] [--pairing A,B]

- speed, under the interpreter that runs the file, per level (``ai.LEVELS``;
  ``--level NAME`` one): the opponent's moves in 6 seeded games against the
  greedy player: nodes per move, ms per move (mean and worst), the slices
  (``ai.SLICE_NODES`` nodes, one ``Screen.step`` without a clock) per move
  and the worst slice in us; then that time on the RP2040 at 125 MHz: from
  the emulated chip (``CHIP_NODES_PER_S`` nodes per second of the move, the
  progress frames included, plus ``CHIP_AROUND_MS`` of saves and frames
  around the search), and at 230x this machine (the slow end of the
  published range), where the level's time cap (``ai.LEVEL_CAP_MS``) stops
  it earlier.
- the strength table (Markdown), as engine authors report one: each pairing
  of ``PAIRINGS`` (each level against the one below it: a uniformly random
  player, uniform over the legal commands at each step, bonus choices
  included; the one-ply greedy player, ``ai.greedy_turn``; Easy; Normal;
  Hard; then Normal and Hard against the greedy player) over GAMES seeded
  games (default 400), seats alternating: game i has seed ``SEED0 + i // 2``
  and the first player white in even games, black in odd ones, so each seed
  is played from both seats.  Won-drawn-lost, the score (draws as halves)
  with its 95 % Wilson interval, and the Elo difference of the score and of
  the interval's ends.  No clock: node budgets only, so the figures are the
  same on every machine.

Options: ``--table-only`` / ``--speed-only`` run one half; ``--pairing A,B``
one pairing (names of ``PLAYERS``); ``--jobs N`` plays on N processes
(CPython); ``--cpython`` (under micropython) measures the speed in-process
and has ``python3`` play the table, on ``JOBS_CPYTHON`` processes (CPython is
several times faster here).
"""
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, ".")
if sys.implementation.name != "micropython":
    sys.path.append("host_sim/shims")  # micropython.const for CPython

import time  # noqa: E402  (the bench runs on the host only, never on the device)

from rng import Rng  # noqa: E402
from games.tholos import ai, rules  # noqa: E402
from games.tholos.game import TholosGame  # noqa: E402

MAX_COMMANDS = 400  # safety cap for a game (a normal game has ~60 commands)
# The emulated RP2040 (HIL harness, MicroPython v1.28.0, stock image with make
# deploy's files): a device move of 1000 nodes took 1710 ms from the key to its
# last frame with an earlier form of the search, ~300 ms of it saves and frames
# around the search; today's search costs ~0.9x that a node (docs/measured.md,
# The Tholos opponent): ~790 nodes per second of the move.
CHIP_NODES_PER_S = 790
CHIP_AROUND_MS = 300
CHIP_SLOW = 230  # x slower: slow end of the published RP2040 range
SLEEP_FACTOR_X100 = 225  # move time / search CPU time: 8 ms steps + 10 ms App sleeps


def _now_us():
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def _elapsed_us(t0):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(time.ticks_us(), t0)
    return _now_us() - t0


def random_commands(game, rng):
    moves = game.legal_moves()
    return [moves[rng.below(len(moves))][0]]


def greedy_commands(game, rng):
    return rules.turn_commands(game.st, ai.greedy_turn(game.st, rng))


def level_player(lv, budget=None):
    """The opponent at level ``lv`` (index in ``ai.LEVELS``) as a player: its search with the
    level's budget (or ``budget``), depth and greedy turns, tie-breaks from the player's ``rng``."""
    def commands(game, rng):
        s = ai.Search(budget or ai.LEVEL_BUDGET[lv], Rng(rng.next32()), ai.LEVEL_DEPTH[lv], ai.LEVEL_GREEDY[lv])
        return rules.turn_commands(game.st, s.run(game.st.copy()))
    return commands


# Players of the strength table, weakest first; each level is paired with the one below it.
PLAYERS = ("random", "greedy", "easy", "normal", "hard")
# (player, opponent): each against the one below, then the levels against the greedy player
# (the README's words for the levels).
PAIRINGS = (("greedy", "random"), ("easy", "greedy"), ("normal", "easy"), ("hard", "normal"),
            ("normal", "greedy"), ("hard", "greedy"))
NAMES = {"random": "uniformly random", "greedy": "one-ply greedy", "easy": "Easy", "normal": "Normal",
         "hard": "Hard"}


def player(name):
    if name == "random":
        return random_commands
    if name == "greedy":
        return greedy_commands
    return level_player(ai.LEVELS.index(name))


def duel(i, a, b, seed0=None):
    """Game ``i`` of a pairing: seed ``seed0 + i // 2`` (default ``SEED0``), ``a`` (a player function) white in even
    games and black in odd ones, so each seed is played from both seats.  Returns ``a``'s score:
    1, a half for a draw, 0 (as 2, 1, 0)."""
    seed = (SEED0 if seed0 is None else seed0) + i // 2
    a_colour = i % 2
    g = TholosGame({}, seed)
    rngs = (Rng(seed * 2 + 1), Rng(seed * 2 + 2))  # a's, b's
    n = 0
    while not g.over and n < MAX_COMMANDS:
        if g.turn == a_colour:
            cmds = a(g, rngs[0])
        else:
            cmds = b(g, rngs[1])
        for c in cmds:
            g.apply(c)
            n += 1
    r = g.result()
    if r is None or r[0] < 0:
        return 1
    return 2 if r[0] == a_colour else 0


SEED0 = 1000


def _duel_job(args):
    name_a, name_b, i = args
    return duel(i, player(name_a), player(name_b))


def pairing(name_a, name_b, games, jobs=1):
    """``(wins, draws, losses)`` of ``name_a`` over ``games`` games against ``name_b``."""
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            res = pool.map(_duel_job, [(name_a, name_b, i) for i in range(games)], chunksize=4)
    else:
        a = player(name_a)
        b = player(name_b)
        res = [duel(i, a, b) for i in range(games)]
    return res.count(2), res.count(1), res.count(0)


def elo(p):
    """Elo difference of a score rate ``p`` (0..1); +-inf at the ends."""
    import math

    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1)


def interval(w, d, n):
    """Score rate (draws as halves) and its 95 % Wilson score interval: ``(p, lo, hi)``
    (the Wilson interval stays inside 0..1 and is not empty at a score of 100 %)."""
    import math

    z = 1.96
    p = (w + d / 2) / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, c - h), min(1.0, c + h)


def _elo_text(e):
    if e == float("inf"):
        return "+inf"
    if e == -float("inf"):
        return "-inf"
    return "%+.0f" % e


def table(games, jobs=1, pairings=PAIRINGS):
    """The strength table (Markdown), a row per pairing as it is played."""
    print("| player | against | games | won-drawn-lost | score (95 % interval) | Elo difference (95 % interval) |")
    print("|---|---|---|---|---|---|")
    for name_a, name_b in pairings:
        w, d, lo_ = pairing(name_a, name_b, games, jobs)
        p, lo, hi = interval(w, d, games)
        print("| %s | %s | %d | %d-%d-%d | %.1f %% (%.1f-%.1f) | %s (%s to %s) |"
              % (NAMES[name_a], NAMES[name_b], games, w, d, lo_, 100 * p, 100 * lo, 100 * hi,
                 _elo_text(elo(p)), _elo_text(elo(lo)), _elo_text(elo(hi))))
        sys.stdout.flush()


def speed(lv):
    """Nodes, time and slices per move over the opponent's moves in 6 seeded games vs greedy."""
    budget = ai.LEVEL_BUDGET[lv]
    nodes = 0
    us = 0
    moves = 0
    worst = 0
    slices = 0
    worst_slice = 0
    worst_nodes = 0
    hist = [0] * len(SLICE_BUCKETS_US)
    for seed in range(6):
        g = TholosGame({"level": ai.LEVELS[lv]}, seed)
        rng = Rng(seed)
        while not g.over:
            if g.turn == seed % 2:
                s = ai.Search(budget, Rng(seed + g.moves_played), ai.LEVEL_DEPTH[lv], ai.LEVEL_GREEDY[lv])
                st = g.st.copy()
                t0 = _now_us()
                s.start(st)
                more = True
                while more:
                    t1 = _now_us()
                    more = s.step(ai.SLICE_NODES)
                    dt1 = _elapsed_us(t1)
                    slices += 1
                    if dt1 > worst_slice:
                        worst_slice = dt1
                    b = 0
                    while b < len(SLICE_BUCKETS_US) - 1 and dt1 > SLICE_BUCKETS_US[b]:
                        b += 1
                    hist[b] += 1
                dt = _elapsed_us(t0)
                nodes += s.nodes
                if s.nodes > worst_nodes:
                    worst_nodes = s.nodes
                us += dt
                moves += 1
                if dt > worst:
                    worst = dt
                cmds = rules.turn_commands(g.st, s.best)
            else:
                cmds = greedy_commands(g, rng)
            for c in cmds:
                g.apply(c)
    per_s = nodes * 1000000 // us if us else 0
    ms = us // moves // 1000
    print("%-6s: %d moves, %d nodes/move, %d ms/move (worst %d ms), %d nodes/s; %d slices/move, worst slice %d us"
          % (ai.LEVELS[lv], moves, nodes // moves, ms, worst // 1000, per_s, slices // moves, worst_slice))
    p50 = _quantile(hist, slices, 50)
    p99 = _quantile(hist, slices, 99)
    print("        slices: median <= %d us, 99 %% <= %d us here (x %d: %d ms, %d ms)"
          % (p50, p99, CHIP_SLOW, p50 * CHIP_SLOW // 1000, p99 * CHIP_SLOW // 1000))
    cap = ai.LEVEL_CAP_MS[lv]
    search = nodes * 1000 // moves // CHIP_NODES_PER_S
    worst_search = worst_nodes * 1000 // CHIP_NODES_PER_S
    print("        emulated chip (%d nodes/s of the move): search %d ms (most nodes: %d ms), key to move ~%d ms"
          " (worst %d ms), cap %d ms" % (CHIP_NODES_PER_S, search, worst_search, min(search, cap) + CHIP_AROUND_MS,
                                        min(worst_search, cap) + CHIP_AROUND_MS, cap))
    wall = us * CHIP_SLOW // moves // 1000 * SLEEP_FACTOR_X100 // 100
    if wall > cap:
        print("        chip at %dx here: search %d ms with the App's sleeps -> cut by the %d ms cap at ~%d nodes"
              % (CHIP_SLOW, wall, cap, nodes // moves * cap // wall))
    else:
        print("        chip at %dx here: search %d ms with the App's sleeps (cap %d ms)" % (CHIP_SLOW, wall, cap))


SLICE_BUCKETS_US = (20, 30, 40, 50, 60, 80, 100, 150, 200, 300, 500, 1000, 10 ** 9)


def _quantile(hist, total, pct):
    """Upper bound (us) of the bucket holding the ``pct`` percentile."""
    acc = 0
    for i in range(len(hist)):
        acc += hist[i]
        if acc * 100 >= total * pct:
            return SLICE_BUCKETS_US[i]
    return SLICE_BUCKETS_US[-1]


def main(argv):
    games = 400
    jobs = 1
    do_table = True
    do_speed = True
    levels = list(range(len(ai.LEVELS)))
    pairings = PAIRINGS
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--table-only":
            do_speed = False
        elif a == "--speed-only":
            do_table = False
        elif a == "--cpython":
            pass
        elif a == "--level":
            i += 1
            levels = [ai.LEVELS.index(argv[i])]
        elif a == "--jobs":
            i += 1
            jobs = int(argv[i])
        elif a == "--pairing":
            i += 1
            pairings = (tuple(argv[i].split(",")),)
        else:
            games = int(a)
        i += 1
    if do_speed:
        impl = getattr(sys, "implementation", None)
        print("Tholos opponent speed, %s" % (impl.name if impl else "?"))
        for lv in levels:
            speed(lv)
    if not do_table:
        return
    print("Tholos opponent strength, %d seeded games a pairing, seats alternating (each seed from both"
          " seats), draws as halves; budgets %s nodes (Easy, Normal, Hard):"
          % (games, "/".join(str(b) for b in ai.LEVEL_BUDGET)))
    if _is_micropython() and "--cpython" in argv:
        # Under micropython the table takes several times longer: on request
        # it comes from CPython running this file (the same engine code).
        print("(played by CPython (python3) running the same engine code, %d processes)" % JOBS_CPYTHON)
        if hasattr(sys, "stdout") and hasattr(sys.stdout, "flush"):
            sys.stdout.flush()
        import os

        if os.system("python3 bench/bench_tholos.py --table-only --jobs %d %d" % (JOBS_CPYTHON, games)) == 0:
            return
        print("python3 not available: playing under micropython")
    table(games, jobs, pairings)


JOBS_CPYTHON = 2  # make bench's table: two processes (a two-core machine)


def _is_micropython():
    impl = getattr(sys, "implementation", None)
    return impl is not None and impl.name == "micropython"


if __name__ == "__main__":
    main(sys.argv[1:])
