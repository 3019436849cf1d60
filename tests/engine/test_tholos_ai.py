"""The Tholos opponent: legal whole turns, determinism, the node budget,
resume mid-bonus, and a forced last move chosen right.
"""
from games.tholos import ai, rules
from games.tholos.game import TholosGame
from session import Session

SMALL = 300  # node budget that keeps these tests quick on both interpreters


def _col(text):
    return ["WBG".index(ch) for ch in text]


def _play_device_turn(s):
    cmds = ai.choose_commands(s.game)
    p = s.game.turn
    for c in cmds:
        s.do(c)
    return cmds, p


def test_device_turn_is_a_whole_legal_turn():
    s = Session(TholosGame, {"device": "white", "budget": SMALL}, 11)
    for _ in range(6):
        cmds, p = _play_device_turn(s)
        assert 1 <= len(cmds) <= 2
        assert s.game.pending == -1 and s.game.turn == 1 - p
    assert s.game.device == 0 and s.game.budget == SMALL


def test_same_game_same_move():
    a = Session(TholosGame, {"budget": SMALL}, 3, [["take", "G"], ["take", "B"]])
    b = Session(TholosGame, {"budget": SMALL}, 3, [["take", "G"], ["take", "B"]])
    assert ai.choose_commands(a.game) == ai.choose_commands(b.game)


def test_budget_is_respected_and_board_untouched():
    g = TholosGame({}, 1)
    before = (repr(g.columns), repr(g.quarry), repr(g.workshops), g.turn)
    for budget in (1, 50, 400):
        mv, used = ai.best_turn(g.st, budget, 9)
        # The budget is checked before each node; listing turns may add
        # len(list) // 4 (< 64 here) at most once past it.
        assert used <= budget + 64, (budget, used)
        assert mv in rules.gen_turns(g.st)
    assert (repr(g.columns), repr(g.quarry), repr(g.workshops), g.turn) == before


def test_levels_budgets():
    assert ai.LEVELS == ("easy", "normal", "hard")
    assert ai.LEVELS[ai.DEFAULT_LEVEL] == "normal"
    assert ai.DEFAULT_BUDGET == ai.LEVEL_BUDGET[1]
    # Easy and Normal one turn deep, Easy with some greedy turns; Hard searches deeper on more nodes.
    assert ai.LEVEL_DEPTH[0] == ai.LEVEL_DEPTH[1] == 1 < ai.LEVEL_DEPTH[2]
    assert ai.LEVEL_BUDGET[0] <= ai.LEVEL_BUDGET[1] < ai.LEVEL_BUDGET[2]
    assert ai.LEVEL_GREEDY[0] > 0 and ai.LEVEL_GREEDY[1] == ai.LEVEL_GREEDY[2] == 0
    assert ai.LEVEL_GREEDY[0] < ai.GREEDY_OF
    # Never deeper than the former search (6 turns): no more move lists held.
    assert max(ai.LEVEL_DEPTH) <= 6
    # Each level stops in time on a board with a clock: 2 s (Hard: 5 s) less the
    # saves and frames around the search.
    assert ai.LEVEL_CAP_MS[0] <= 1700 and ai.LEVEL_CAP_MS[1] <= 1700 and ai.LEVEL_CAP_MS[2] <= 4700


def test_last_stone_goes_where_it_scores_most():
    # Only Omega is open ("WWBB", a tie).  Black holds one black and one grey.
    # By hand: alpha W 4 - 2 = 2, beta B 2, gamma and delta ties, pi W 2,
    # Sigma B 3 + 3 * 2 = 9.  Black on Omega: B 3 vs W 2 -> 3 + 6 = 9 for black
    # (total 20 - 4); grey on Omega keeps the tie (11 - 4).  The search sees the
    # end exactly and takes the bigger margin.
    g = TholosGame({"budget": SMALL}, 2)
    g.st.cols = [_col(t) for t in ["WWWWG", "BBBBG", "WWBBG", "GGGGG", "WWWWG", "BBBWW", "WWBB"]]
    g.st.quarry = [2, 1, 0]
    g.st.shops = [[0, 0, 0], [0, 1, 1]]
    g.st.turn = 1
    assert ai.choose_commands(g) == [["place", 6, "B"]]
    g.apply(["place", 6, "B"])
    assert g.over and g.result() == (1, 4, 20)


def test_resume_in_bonus_gives_only_the_bonus():
    s = Session(TholosGame, {"device": "white", "budget": SMALL}, 4, [["place", 3, "W"]])
    assert s.game.pending == 3
    cmds = ai.choose_commands(s.game)
    assert len(cmds) == 1 and cmds[0][0] in ("fetch", "decline")
    s.do(cmds[0])
    assert s.game.pending == -1 and s.game.turn == 1


def test_greedy_takes_the_best_immediate_change():
    # White holds one black stone; "B" on a column white wins ("WW") gives
    # white +3 (2 + 3 = 5 from 2); that is the best immediate change here.
    st = rules.State()
    st.cols = [_col(t) for t in ["WW", "", "", "", "", "", ""]]
    st.shops = [[0, 1, 0], [0, 2, 0]]
    from rng import Rng

    assert ai.greedy_turn(st, Rng(1)) == (0, rules.BLACK, 0, 0, 0)


def test_device_to_move_follows_setup():
    g = TholosGame({"device": "black"}, 1)
    assert g.device == 1 and not g.device_to_move()  # White starts
    g.apply(["take", "W"])
    assert g.device_to_move()
    assert not TholosGame({}, 1).device_to_move()
