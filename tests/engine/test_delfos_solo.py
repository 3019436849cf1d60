"""Self-played solo games (host_sim.delfos_solo on the 9 x 7 ancient-board model).

Each game must end with 40 tiles, 20 tokens per side, a legal 8 x 5 city (tiles only
from the box, every tile orthogonally connected) and scores that add up.  20 games here
(both interpreters); tests/test_delfos_solo_games.py plays 500 on CPython.
"""
from games.delfos import SUPPLY
from games.delfos.scoring import area_majorities

try:
    from host_sim import delfos_solo
except (ImportError, AttributeError):  # MicroPython: load the simulator as plain modules
    import sys

    sys.path.append("host_sim")
    import delfos_solo


def check_game(game, cmds):
    assert game.is_over() and game.phase() == "over"
    assert game.tokens_left == [0, 0]
    g = game.city.to_grid()
    assert g.cols == 8 and g.rows == 5 and g.tiles() == 40
    per = [0] * 6
    used = [0] * 25
    for i in range(40):
        per[g.owner[i]] += 1
        used[(g.colour[i] - 1) * 5 + g.value[i] - 1] += 1
    assert per[1] == 20 and per[4] == 20  # green (player) and red (Khaos)
    for k in range(25):
        assert used[k] <= SUPPLY[k % 5]
    # one orthogonally connected city
    assert len(g.components(lambda i: g.colour[i] != 0)) == 1
    res = game.scores()
    am = area_majorities(g)
    for name, p in (("green", 0), ("red", 3)):
        s = res["scores"][name]
        assert s["total"] == s["area_majorities"] + s["architect_card"] + s["scoring_card"]
        assert s["area_majorities"] == sum(am[p]) and s["area_majority_own_colour"] == am[p][p]
    assert res["scores"]["red"]["architect_card"] == 0 and res["ranking"] == [["green"]]
    # Khaos's turns: a card and its tile, or one "khaos_turn" with the ancient board
    assert len([c for c in cmds if c[0] in ("khaos_draw", "khaos_turn")]) == 20
    assert len([c for c in cmds if c[0] in ("place", "take")]) == 20


def test_twenty_solo_games():
    for seed in range(20):
        game, cmds, board = delfos_solo.play(seed, side="AB"[seed % 2], scoring_card=1 + seed % 8)
        check_game(game, cmds)
        assert board.tiles_left() == 20


def test_solo_game_replays_through_the_session():
    from games.delfos.game import DelfosGame
    from session import Session

    game, cmds, board = delfos_solo.play(4, printed=True)
    check_game(game, cmds)
    s = Session(DelfosGame, {"players": ["green", "red"], "khaos": "red", "architect_side": "A",
                             "scoring_card": None, "goals": {}, "difficulty": "normal",
                             "khaos_deck": "printed"}, 4, cmds)
    assert s.game.city.to_grid().to_rows() == game.city.to_grid().to_rows()
