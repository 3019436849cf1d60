"""The opponent's search in slices: resumable, the same move whatever the
slice, stopped at once by ``halt`` with the best move so far, the board
restored; levels from the set-up: Hard deeper, Easy's greedy turns."""
from games.tholos import ai, rules
from games.tholos.game import TholosGame
from rng import Rng
from session import Session


def _game(setup=None, n=12):
    """A game after ``n`` random legal commands (seeded), mid-opening."""
    s = Session(TholosGame, setup or {}, 5)
    rng = Rng(5)
    while len(s.cmds) < n or s.game.pending >= 0:
        moves = s.game.legal_moves()
        s.do(moves[rng.below(len(moves))][0])
    return s.game


def _snapshot(st):
    return repr((st.cols, st.quarry, st.shops, st.turn))


def test_slices_give_the_same_move_and_nodes():
    g = _game({"budget": 900})
    whole = ai.Search(900, Rng(7))
    mv = whole.run(g.st.copy())
    for size in (1, 3, 10, 64):
        s = ai.Search(900, Rng(7))
        s.start(g.st.copy())
        slices = 0
        while s.step(size):
            slices += 1
        assert (s.best, s.nodes, s.depth_done) == (mv, whole.nodes, whole.depth_done), size
        assert slices >= whole.nodes // (size + 64)  # it really stopped between slices


def test_a_slice_stays_near_its_node_count():
    g = _game()
    s = ai.Search(3600, Rng(1))
    s.start(g.st.copy())
    last = 0
    while s.step(ai.SLICE_NODES):
        # A slice ends at the first node past its share; one listing of
        # turns (charged len >> 2, < 64 here) may overrun it.
        assert s.nodes - last <= ai.SLICE_NODES + 64
        last = s.nodes
    assert s.nodes <= 3600 + 64


def test_halt_plays_the_best_move_so_far_and_restores_the_board():
    g = _game()
    st = g.st.copy()
    before = _snapshot(st)
    s = ai.Search(3600, Rng(2))
    s.start(st)
    for _ in range(30):
        assert s.step(ai.SLICE_NODES)
    assert 0 < s.nodes < 3600
    s.halt()
    assert not s.step(ai.SLICE_NODES)  # finished at once, no node more
    assert s.best in rules.gen_turns(g.st)
    assert _snapshot(st) == before  # the search board is back where it started


def test_device_move_in_slices_equals_choose_commands():
    g = _game({"device": "white", "budget": 600})
    d = ai.DeviceMove(g)
    while d.search.step(5):
        assert d.search.budget == 600 and 0 <= d.search.nodes <= 600 + 64
    assert d.commands() == ai.choose_commands(g)


def test_level_is_read_from_the_setup():
    assert TholosGame({"level": "easy"}, 1).level == 0
    assert TholosGame({}, 1).level == ai.DEFAULT_LEVEL
    hard = TholosGame({"level": "hard"}, 1)
    assert hard.level == 2 and hard.budget == ai.LEVEL_BUDGET[2]
    assert TholosGame({"level": "hard", "budget": 50}, 1).budget == 50
    for bad in ("expert", 1, None):
        try:
            TholosGame({"level": bad}, 1)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_hard_searches_deeper_and_easy_plays_some_greedy_turns():
    g = _game()
    depths = []
    for lv in range(3):
        s = ai.Search(ai.LEVEL_BUDGET[lv], Rng(3), ai.LEVEL_DEPTH[lv])
        s.run(g.st.copy())
        depths.append(s.depth_done)
    assert depths[0] == depths[1] == 1 and depths[2] >= 3
    # Easy: over many seeds each move is Normal's (the best one-turn value) or
    # the greedy player's (the most points now on the temple), and it plays both.
    st = g.st.copy()
    vals = {}
    now = {}
    p = st.turn
    for mv in rules.gen_turns(st):
        tok = rules.do_turn(st, mv)
        vals[mv] = -ai.evaluate(st, st.turn)
        ws, bs, _, _, _ = rules.score_columns(st.cols)
        now[mv] = ws - bs if p == rules.WHITE else bs - ws
        rules.undo_turn(st, mv, tok)
    normal = {mv for mv in vals if vals[mv] == max(vals.values())}
    greedy = {mv for mv in now if now[mv] == max(now.values())}
    kinds = set()
    for seed in range(30):
        mv, _ = ai.best_turn(g.st, ai.LEVEL_BUDGET[0], seed, 0)
        assert mv in normal or mv in greedy
        kinds.add("normal" if mv in normal else "greedy")
    assert kinds == {"normal", "greedy"}
    assert not normal & greedy  # (so the two kinds are told apart here)


def test_replay_of_a_solo_game_never_searches():
    # The device's moves are ordinary commands: rebuilding the game from them
    # must not call the search at all.
    s = Session(TholosGame, {"device": "black", "level": "easy"}, 4)
    rng = Rng(4)
    while len(s.cmds) < 20:
        if s.game.device_to_move():
            for c in ai.choose_commands(s.game):
                s.do(c)
        else:
            moves = s.game.legal_moves()
            s.do(moves[rng.below(len(moves))][0])

    def no_search(*a):
        raise AssertionError("searched during a replay")

    real = ai.Search.start
    ai.Search.start = no_search  # no pytest fixtures: this also runs under MicroPython
    try:
        again = Session(TholosGame, s.setup, 4, list(s.cmds))
    finally:
        ai.Search.start = real
    assert _snapshot(again.game.st) == _snapshot(s.game.st)
