"""Peak heap of a scripted three-Parade Delphi game.

Run from the repository root:
    micropython -X heapsize=128K bench/bench_delphi.py
    python bench/bench_delphi.py          (figures of the heap are MicroPython only)

A deterministic bot (``rng.Rng``) plays a 4-player game of nine Marches
through ``session.Session`` (as the device does), then undoes the last
command (a full replay).  Printed: the number of commands, the heap after
importing the engine, and the peak of ``gc.mem_alloc()`` taken after a
``gc.collect()`` following every command and the undo replay (the live
heap: without the collection the figure only shows garbage filling the
heap up to its cap).

The Parade card values other than Parade 1 March 1 are unknown, so the
bench enters the rulebook's -1 / 2 / 3 for every March: placeholder
settings, not game data.
"""
import gc
import sys

sys.path.insert(0, "firmware")

from rng import Rng  # noqa: E402
from session import Session  # noqa: E402

from games.delphi import cards  # noqa: E402
from games.delphi.game import DelphiGame  # noqa: E402

PLACEHOLDER_TABLE = [[[-1, 2, 3]] * 3] * 3


def _card_play(g, ci, rng):
    """A random legal card (or the Pass card) for City State ``ci``: a play list."""
    name = g.cities[ci]
    if g.hand_estimate[ci] == 0 or rng.below(10) == 0:
        return [name, "pass"]
    choices = [c for c in range(2, cards.PASS) if g.supply_left(ci, c) > 0]
    if not choices:
        return [name, "pass"]
    code = choices[rng.below(len(choices))]
    if code == cards.ZEUS:
        targets = [t for t in range(g.players) if g.displays[t]]
        if targets and rng.below(4):
            t = targets[rng.below(len(targets))]
            return [name, "zeus", g.cities[t], rng.below(len(g.displays[t]))]
        return [name, "zeus"]
    return [name, cards.NAMES[code]]


def bot_command(g, rng):
    """The next command a table of random players would enter, or None at the end.

    Plays are legal for the current resolution order except that a Zeus
    target chosen before a simultaneous reveal may have moved (the game then
    refuses it and the bot tries again).
    """
    if g.phase == "reveal":
        return ["reveal", [_card_play(g, ci, rng) for ci in g.must_play]]
    if g.phase == "play":
        p = _card_play(g, g.must_play[0], rng)
        if p[1] == "pass":
            return ["pass", p[0]]
        return ["play"] + p
    if g.phase == "fame":
        return ["set_fame", g.parade, g.march, -1, 2, 3]
    if g.phase == "hands":
        out = ["hands"]
        for ci in range(g.players):
            played = 0
            for c in g.used[ci]:
                played += c
            out.append(min(g.hand_estimate[ci], cards.STACK_SIZE - played))
        return out
    return None


def scripted_game(seed, players=4, table=PLACEHOLDER_TABLE, sample=None):
    """Play a whole game with the bot; returns the Session.  ``sample`` is
    called after every command (for heap figures)."""
    rng = Rng(seed)
    setup = {"players": players}
    if table is not None:
        setup["fame"] = table
    s = Session(DelphiGame, setup, seed)
    tries = 0
    while True:
        cmd = bot_command(s.game, rng)
        if cmd is None:
            return s
        try:
            s.do(cmd)
            tries = 0
        except ValueError:
            tries += 1
            if tries > 50:
                raise
        if sample:
            sample()


def main():
    peak = [0]
    has_alloc = hasattr(gc, "mem_alloc")

    def sample():
        if has_alloc:
            gc.collect()
            a = gc.mem_alloc()
            if a > peak[0]:
                peak[0] = a

    gc.collect()
    base = gc.mem_alloc() if has_alloc else 0
    s = scripted_game(2024, 4, sample=sample)
    g = s.game
    assert g.phase == "over" and g.march_no == 9
    s.undo()   # undo = replay of the whole game
    sample()
    gc.collect()
    live = gc.mem_alloc() if has_alloc else 0
    print("delphi bench: 4 players, 9 Marches, %d commands" % len(s.cmds))
    print("fame %s ranking %s" % (g.fame, g.ranking()))
    if has_alloc:
        print("heap after imports: %d bytes" % base)
        print("peak live heap (gc.mem_alloc after gc.collect, every command and the undo replay): %d bytes"
              % peak[0])
        print("live heap at the end: %d bytes" % live)
    else:
        print("gc.mem_alloc not available on this interpreter")


if __name__ == "__main__":
    main()
