"""Long property test (CPython only): random and opponent games keep the box,
never offer an illegal command, and replay to the same state."""
import json

from engine_shared import tholos_keeps_the_box, tholos_state
from games.tholos import ai
from games.tholos.game import TholosGame
from rng import Rng
from session import Session


_state = tholos_state
_invariants = tholos_keeps_the_box


def test_many_random_games():
    for seed in range(60):
        rng = Rng(seed)
        s = Session(TholosGame, {}, seed)
        while not s.game.over:
            assert len(s.cmds) < 400
            moves = s.game.legal_moves()
            assert moves
            s.do(moves[rng.below(len(moves))][0])
            _invariants(s.game)
        ws, bs, ww, bw = s.game.scores()
        assert ww + bw <= 7
        cmds = json.loads(json.dumps(s.cmds))
        assert _state(Session(TholosGame, {}, seed, cmds).game) == _state(s.game)


def test_device_games_replay_without_search():
    for seed in range(3):
        s = Session(TholosGame, {"device": "black", "budget": 200}, seed)
        rng = Rng(seed)
        while not s.game.over:
            if s.game.turn == 1:
                for c in ai.choose_commands(s.game):
                    s.do(c)
            else:
                moves = s.game.legal_moves()
                s.do(moves[rng.below(len(moves))][0])
            _invariants(s.game)
        # The opponent's turns are plain commands: the replay needs no search.
        back = Session(TholosGame, s.setup, s.seed, s.cmds)
        assert _state(back.game) == _state(s.game)
