"""Tholos opponent benchmark, per level: time per move and its slices, win rates.

Run from the repository root:
    micropython -X heapsize=128K bench/bench_tholos.py [GAMES] [--level NAME]   (default 200, all levels)
    python bench/bench_tholos.py [GAMES]

For each level (easy, normal, hard; ``ai.LEVELS``):

- speed, under the interpreter that runs the file: the opponent's moves in 6
  seeded games against the greedy player: nodes per move, ms per move (mean
  and worst), the slices (``ai.SLICE_NODES`` nodes, one ``Screen.step``
  without a clock) per move and the worst slice in us; then that time on
  the RP2040 at 125 MHz: from the emulated chip (the HIL harness measured
  ~700 nodes per second of the move, the App's sleeps and the progress
  frames included, plus ~300 ms of saves and frames around the search),
  and at 230x this machine (the slow end of the published range; the App
  sleeps 10 ms between passes of 8 ms steps, so the move takes ~2.25x the
  search's CPU time), where the level's time cap (``ai.LEVEL_CAP_MS``)
  stops it earlier.
- win rates: the opponent's wins (a draw is not a win) against a uniformly
  random player (uniform over the legal commands at each step, bonus
  choices included) and against a one-ply greedy player
  (``ai.greedy_turn``), over GAMES seeded games each; the opponent plays
  white in even-numbered games and black in odd ones; then hard against
  normal over GAMES / 2 games.  No clock: node
  budgets only, so the figures are the same on every machine.

Options: ``--rates-only`` / ``--speed-only`` run one half; ``--level NAME``
one level; ``--cpython`` (under micropython) measures the speed in-process
and has ``python3`` run the same file for the win rates (CPython is ~2.5x
faster here: all levels, 2 x 200 games each and hard against normal, take ~30 minutes).
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
# The emulated RP2040 (HIL harness, MicroPython 1.26.1): the search in
# slices, with the App's 10 ms sleeps and the progress frames, did 1177 and
# 1214 nodes in 1718 ms of two device moves; the move adds ~300 ms of saves
# and frames around the search (key to the device's move on the panel).
CHIP_NODES_PER_S = 700
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


def normal_commands(game, rng):
    """The normal level as the other player (for hard vs normal)."""
    lv = ai.DEFAULT_LEVEL
    s = ai.Search(ai.LEVEL_BUDGET[lv], Rng(rng.next32()), ai.LEVEL_DEPTH[lv], ai.LEVEL_SLACK[lv])
    return rules.turn_commands(game.st, s.run(game.st.copy()))


def play(seed, other, ai_colour, budget=None, stats=None, level=ai.DEFAULT_LEVEL):
    """One game; returns 1 if the opponent under test won, else 0.

    ``budget``: node budget (None: the level's); ``level``: index in ``ai.LEVELS``.
    """
    setup = {"device": rules.COLOUR_NAMES[ai_colour], "level": ai.LEVELS[level]}
    if budget is not None:
        setup["budget"] = budget
    g = TholosGame(setup, seed)
    rng = Rng(seed ^ 0x5A5A)
    n = 0
    while not g.over and n < MAX_COMMANDS:
        if g.turn == ai_colour:
            t0 = _now_us()
            cmds = ai.choose_commands(g)
            if stats is not None:
                stats[0] += 1
                stats[1] += _elapsed_us(t0)
        else:
            cmds = other(g, rng)
        for c in cmds:
            g.apply(c)
            n += 1
    r = g.result()
    return 1 if r is not None and r[0] == ai_colour else 0


def _pct(wins, games):
    return "%d.%d %%" % (wins * 100 // games, (wins * 1000 // games) % 10)


def rates(games, levels):
    for lv in levels:
        label = ai.LEVELS[lv]
        budget = ai.LEVEL_BUDGET[lv]
        out = []
        for name, other in (("random", random_commands), ("greedy", greedy_commands)):
            wins = 0
            for i in range(games):
                wins += play(1000 + i, other, i % 2, budget, None, lv)
            out.append("vs %s %d/%d = %s" % (name, wins, games, _pct(wins, games)))
        print("%-6s (%4d nodes, depth %d): won %s;  %s"
              % (label, budget, ai.LEVEL_DEPTH[lv], out[0], out[1]))
        if hasattr(sys.stdout, "flush"):
            sys.stdout.flush()
    if 2 in levels:
        n = games // 2
        wins = 0
        for i in range(n):
            wins += play(1000 + i, normal_commands, i % 2, None, None, 2)
        print("hard vs normal: hard won %d/%d = %s" % (wins, n, _pct(wins, n)))


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
                s = ai.Search(budget, Rng(seed + g.moves_played), ai.LEVEL_DEPTH[lv], ai.LEVEL_SLACK[lv])
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
    games = 200
    do_rates = True
    do_speed = True
    levels = list(range(len(ai.LEVELS)))
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--rates-only":
            do_speed = False
        elif a == "--speed-only":
            do_rates = False
        elif a == "--cpython":
            pass
        elif a == "--level":
            i += 1
            levels = [ai.LEVELS.index(argv[i])]
        else:
            games = int(a)
        i += 1
    if do_speed:
        impl = getattr(sys, "implementation", None)
        print("Tholos opponent speed, %s (win rates below: same interpreter unless said)"
              % (impl.name if impl else "?"))
        for lv in levels:
            speed(lv)
    if not do_rates:
        return
    print("Tholos opponent win rates, %d seeded games per opponent and level:" % games)
    if _is_micropython() and "--cpython" in argv:
        # Under micropython the win rates take several times longer: on
        # request they come from CPython running this file.
        print("(measured by CPython (python3) running the same engine and opponent code)")
        if hasattr(sys, "stdout") and hasattr(sys.stdout, "flush"):
            sys.stdout.flush()
        import os

        lv_arg = "" if len(levels) > 1 else " --level " + ai.LEVELS[levels[0]]
        if os.system("python3 bench/bench_tholos.py --rates-only %d%s" % (games, lv_arg)) == 0:
            return
        print("python3 not available: measuring under micropython")
    rates(games, levels)


def _is_micropython():
    impl = getattr(sys, "implementation", None)
    return impl is not None and impl.name == "micropython"


if __name__ == "__main__":
    main(sys.argv[1:])
