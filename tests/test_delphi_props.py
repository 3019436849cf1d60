"""Delphi property tests over many bot-played games (CPython only).

Checks that hold for every game whatever the cards: the engine's live
values equal the host tool's values for the same March plays, the supply
is never exceeded, refused commands change nothing, replay gives the same
state, each March's fame follows the elimination order.
"""
from bench.bench_delphi import bot_command
from games.delphi import cards
from games.delphi.game import DelphiGame
from host_sim.score_delphi import score
from rng import Rng
from session import Session

FULL = [[[-1, 2, 3], [-2, 3, 5], [-3, 4, 6]]] * 3  # test stand-in for owner settings


def _snapshot(g):
    return repr(sorted((k, repr(v)) for k, v in g.__dict__.items()))


def _march_doc(g, plays):
    return {"game": "delphi-march", "cities": list(g.cities), "plays": plays}


def _resolved(cmd):
    """Plays of a reveal/play command in resolution order (City State order)."""
    if cmd[0] == "reveal":
        plays = sorted(cmd[1], key=lambda p: cards.CITY_STATES.index(p[0]))
    elif cmd[0] == "play":
        plays = [cmd[1:]]
    else:
        plays = []
    return [p for p in plays if p[1] != "pass"]


def _play_game(seed):
    rng = Rng(seed)
    players = 3 + seed % 2
    table = FULL if seed % 3 else None
    setup = {"players": players}
    if table is not None:
        setup["fame"] = table
    g = DelphiGame(setup, seed)
    cmds = []
    march_plays = []
    march_no = 0
    refused = 0
    while g.phase != "over":
        cmd = bot_command(g, rng)
        before = _snapshot(g)
        try:
            g.apply(cmd)
        except ValueError:
            assert _snapshot(g) == before, cmd
            refused += 1
            assert refused < 200
            continue
        cmds.append(cmd)
        if g.march_no != march_no:
            march_plays = []
            march_no = g.march_no
            # Each March's fame follows its groups: first group the negative value.
            groups, gained = g.results[-1]
            assert sorted(ci for grp in groups for ci in grp) == list(range(players))
            t = g.table[len(g.results) - 1]
            for ci in groups[0]:
                assert gained[ci] == t[0]
            if len(groups[-1]) == 1 and len(groups) > 1:
                assert gained[groups[-1][0]] == t[2]   # the last survivor
            continue
        march_plays.extend(_resolved(cmd))
        if g.phase in ("reveal", "play"):
            host = score(_march_doc(g, march_plays))
            assert [host["values"][c] for c in g.cities] == g.values()
            assert [host["displays"][c] for c in g.cities] == [g.display_names(i) for i in range(players)]
        for ci in range(players):
            for code in range(2, cards.PASS):
                assert g.used[ci][code] <= cards.SUPPLY[code]
        # Illegal commands bounce off unchanged.
        for bad in (["play", "rome", "5"], ["reveal", []], ["hands", 1], ["set_fame", 1, 1, -1, 2, 3]):
            before = _snapshot(g)
            try:
                g.apply(bad)
                raise AssertionError(bad)
            except ValueError:
                pass
            assert _snapshot(g) == before
    return setup, cmds, g


def test_many_games_hold_the_invariants():
    for seed in range(40):
        setup, cmds, g = _play_game(seed)
        assert g.march_no == 9 and len(g.results) == 9
        total = [0] * g.players
        for _, gained in g.results:
            for ci in range(g.players):
                total[ci] += gained[ci]
        for ci in range(g.players):
            assert g.fame[ci] == total[ci] + g.hands[ci]
        s = Session(DelphiGame, setup, seed, cmds)
        assert _snapshot(s.game) == _snapshot(g)
        flat = [c for grp in g.ranking() for c in grp]
        assert sorted(flat) == sorted(g.cities)
