"""500 seeded self-played solo games (CPython only; about a few seconds)."""
from engine.test_delfos_solo import check_game
from host_sim import delfos_solo


def test_500_solo_games():
    for seed in range(500):
        game, cmds, board = delfos_solo.play(seed * 7919 + 1, side="AB"[seed % 2],
                                             scoring_card=1 + seed % 8, printed=seed % 5 == 0)
        check_game(game, cmds)
        assert board.tiles_left() == 20
