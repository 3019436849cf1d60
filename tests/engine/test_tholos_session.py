"""Tholos through session.Session: undo, save and resume after a power cut
(also in the middle of a bonus), refused commands, and random games that keep
the box's 36 stones (13 white, 13 black, 10 grey: Board Game Arena's implementation) in place.
"""
import json

from engine_shared import tholos_keeps_the_box, tholos_state
from games.tholos.game import TholosGame
from rng import Rng
from session import Session

# White fetches with delta, black takes, white moves a grey stone with alpha.
SCRIPT = [
    ["take", "G"],  # white: workshop 2 W + 1 G
    ["take", "W"],  # black: 1 white (rival's colour, limit 1)
    ["place", 2, "G"],  # white: grey on gamma, no bonus
    ["place", 3, "B"],  # black: black on delta (own): fetch on offer
    ["fetch", "G"],
    ["place", 0, "W"],  # white: alpha, grey on top of gamma -> move on offer
    ["move", 2, 4],
]


_state = tholos_state


def test_script_and_resume_from_save():
    s = Session(TholosGame, {}, 5)
    for c in SCRIPT:
        s.do(c)
    g = s.game
    # By hand: gamma got grey, which alpha's bonus moved to pi.
    assert g.columns == [[0], [], [], [1], [2], [], []]
    assert g.workshops == [[1, 0, 0], [1, 1, 1]]
    assert g.quarry == [12, 13, 8]
    assert g.turn == 1 and g.pending == -1
    doc = json.loads(json.dumps(s.to_doc()))  # what the device writes to flash
    assert doc["game"] == "tholos"
    back = Session(TholosGame, doc["setup"], doc["seed"], doc["cmds"])
    assert _state(back.game) == _state(g)


def test_power_cut_in_the_middle_of_a_bonus():
    s = Session(TholosGame, {}, 5, SCRIPT[:-1])
    assert s.game.pending == 0 and s.game.turn == 0
    doc = json.loads(json.dumps(s.to_doc()))
    back = Session(TholosGame, doc["setup"], doc["seed"], doc["cmds"])
    assert back.game.pending == 0 and back.game.bonus_on_offer() == (0, "alpha", "move")
    back.do(["move", 2, 4])
    full = Session(TholosGame, {}, 5, SCRIPT)
    assert _state(back.game) == _state(full.game)


def test_undo_steps_back_through_bonus_and_place():
    s = Session(TholosGame, {}, 5, SCRIPT)
    assert s.undo()
    assert s.game.pending == 0 and s.game.columns[2] == [2]
    assert s.undo()
    assert s.game.pending == -1 and s.game.columns[0] == [] and s.game.workshops[0] == [2, 0, 0]
    ref = Session(TholosGame, {}, 5, SCRIPT[:-2])
    assert _state(s.game) == _state(ref.game)


def test_refused_command_is_not_recorded():
    s = Session(TholosGame, {}, 5, SCRIPT[:2])
    before = _state(s.game)
    try:
        s.do(["place", 1, "B"])  # white has no black stone
        raise AssertionError("accepted")
    except ValueError:
        pass
    assert _state(s.game) == before and len(s.cmds) == 2


_check_invariants = tholos_keeps_the_box


def test_random_games_keep_the_box_and_replay():
    for seed in range(3):
        rng = Rng(seed)
        s = Session(TholosGame, {}, seed)
        n = 0
        while not s.game.over and n < 400:
            moves = s.game.legal_moves()
            s.do(moves[rng.below(len(moves))][0])
            _check_invariants(s.game)
            n += 1
        assert s.game.over, "game did not end"
        assert s.game.result() is not None
        back = Session(TholosGame, {}, seed, s.cmds)
        assert _state(back.game) == _state(s.game)
