"""Tholos opponent benchmark: win rates and nodes / time per move.

Run from the repository root:
    micropython -X heapsize=128K bench/bench_tholos.py [GAMES]   (default 200)
    python bench/bench_tholos.py [GAMES]

Prints nodes and time per opponent move (its moves in 6 seeded games
against the greedy player, default budget) and that time translated to the
RP2040 (ai.RP2040_SLOWDOWN); then the opponent's win rate (a draw is not a
win) against a uniformly random player (uniform over the legal commands at
each step, bonus choices included) and against a one-ply greedy player
(ai.greedy_turn), over GAMES seeded games each; the opponent plays white in
even-numbered games and black in odd ones.

Everything runs under the interpreter that runs the file (2 x 200 games take
~6.5 minutes under micropython on the dev machine, ~2.5 under CPython).
Options: ``--rates-only`` / ``--speed-only`` run one half; ``--cpython``
(under micropython) measures the speed in-process and has ``python3`` run
the same file for the win rates.
"""
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, ".")

import time  # noqa: E402  (the bench runs on the host only, never on the device)

from rng import Rng  # noqa: E402
from games.tholos import ai, rules  # noqa: E402
from games.tholos.game import TholosGame  # noqa: E402

MAX_COMMANDS = 400  # safety cap for a game (a normal game has ~60 commands)


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


def play(seed, other, ai_colour, budget, stats=None):
    """One game; returns 1 if the opponent under test won, else 0."""
    g = TholosGame({"device": rules.COLOUR_NAMES[ai_colour], "budget": budget}, seed)
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


def rates(games, budget):
    for name, other in (("random", random_commands), ("greedy", greedy_commands)):
        wins = 0
        stats = [0, 0]
        t0 = _now_us()
        for i in range(games):
            wins += play(1000 + i, other, i % 2, budget, stats)
        secs = _elapsed_us(t0) // 1000 / 1000
        print("vs %-6s: won %d/%d = %d.%d %%  (budget %d nodes, %d s)"
              % (name, wins, games, wins * 100 // games, (wins * 1000 // games) % 10, budget, secs))


def speed(budget):
    """Nodes and time per move over the opponent's moves in 6 seeded games vs greedy."""
    nodes = 0
    us = 0
    moves = 0
    worst = 0
    for seed in range(6):
        g = TholosGame({}, seed)
        rng = Rng(seed)
        while not g.over:
            if g.turn == seed % 2:
                t0 = _now_us()
                mv, used = ai.best_turn(g.st, budget, seed + g.moves_played)
                dt = _elapsed_us(t0)
                nodes += used
                us += dt
                moves += 1
                if dt > worst:
                    worst = dt
                cmds = rules.turn_commands(g.st, mv)
            else:
                cmds = greedy_commands(g, rng)
            for c in cmds:
                g.apply(c)
    per_s = nodes * 1000000 // us if us else 0
    impl = getattr(sys, "implementation", None)
    print("interpreter: %s (win rates below: same interpreter unless said)" % (impl.name if impl else "?"))
    print("speed: %d moves, %d nodes/move, %d ms/move (worst %d ms), %d nodes/s"
          % (moves, nodes // moves, us // moves // 1000, worst // 1000, per_s))
    print("RP2040 @125 MHz, assumed %dx slower: ~%d ms/move for %d nodes (target ~2000 ms)"
          % (ai.RP2040_SLOWDOWN, us // moves // 1000 * ai.RP2040_SLOWDOWN, budget))


def main(argv):
    games = 200
    do_rates = True
    do_speed = True
    for a in argv:
        if a == "--rates-only":
            do_speed = False
        elif a == "--speed-only":
            do_rates = False
        elif a == "--cpython":
            pass
        else:
            games = int(a)
    budget = ai.DEFAULT_BUDGET
    if do_speed:
        speed(budget)
    if not do_rates:
        return
    if _is_micropython() and "--cpython" in argv:
        # 2 x 200 games take ~6.5 min under micropython here, ~2.5 min under
        # CPython: on request the rates come from CPython running this file.
        print("win rates: measured by CPython (python3) running the same engine and opponent code")
        if hasattr(sys, "stdout") and hasattr(sys.stdout, "flush"):
            sys.stdout.flush()
        import os

        if os.system("python3 bench/bench_tholos.py --rates-only %d" % games) == 0:
            return
        print("python3 not available: measuring under micropython")
    rates(games, budget)


def _is_micropython():
    impl = getattr(sys, "implementation", None)
    return impl is not None and impl.name == "micropython"


if __name__ == "__main__":
    main(sys.argv[1:])
