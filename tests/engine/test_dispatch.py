"""One command dispatch for every game (firmware/session.py, ``dispatch``): each verb of a
game's ``VERBS`` has its ``do_<verb>``, and anything else is refused with ValueError,
never another error (on MicroPython a ``getattr`` by a name over 255 bytes raises
RuntimeError), on CPython and under MicroPython alike."""
from session import dispatch

from games.delfos.game import DelfosGame
from games.delphi.calc import DisplayCalc
from games.delphi.game import DelphiGame
from games.dice.roller import DiceRoller
from games.oracle.game import ARGS, OracleGame
from games.tholos.game import TholosGame

# (where the do_ methods are, the verbs dispatch accepts, a game to send commands to)
GAMES = (
    (OracleGame, ARGS, lambda: OracleGame({"players": 2}, 1)),
    (TholosGame, TholosGame.VERBS, lambda: TholosGame({}, 1)),
    (DelphiGame, DelphiGame.VERBS, lambda: DelphiGame({}, 1)),
    (DisplayCalc, DisplayCalc.VERBS, lambda: DisplayCalc({}, 1)),
    (DiceRoller, DiceRoller.VERBS, lambda: DiceRoller({}, 1)),
    (DelfosGame, DelfosGame.VERBS, lambda: DelfosGame({"players": ["green", "red"]}, 1)),
)


def _do_names(where):
    return sorted([k[3:] for k in dir(where) if k.startswith("do_")])


def test_every_verb_has_its_do_method_and_no_other_do_method():
    for where, verbs, _ in GAMES:
        assert _do_names(where) == sorted(verbs), where
    from games.delfos.ancient import BoardGame  # here: with the other games' engines, the MicroPython heap

    # the game with the ancient board: its own do_ methods are its verbs but "goals" (the game's);
    # the others it inherits are refused by its VERBS
    own = [n for n in _do_names(BoardGame) if getattr(BoardGame, "do_" + n) is not getattr(DelfosGame, "do_" + n, None)]
    assert own == sorted([v for v in BoardGame.VERBS if v != "goals"]) and "goals" in BoardGame.VERBS


def test_a_verb_outside_the_table_is_a_value_error():
    for bad in ([], "x", None, [5], [None], [["consult"]], ["nope"], ["do_"], ["x" * 300], ["apply"], ["__init__"]):
        for _, verbs, make in GAMES:
            try:
                dispatch(make(), verbs, bad)
            except ValueError:
                continue
            raise AssertionError((verbs, bad))


def test_the_message_of_an_unknown_verb():
    for _, verbs, make in GAMES:
        for bad in (["nope"], ["x" * 300], [5]):
            try:
                make().apply(bad)
            except ValueError as e:
                assert str(e) in ("unknown command", "bad command"), (verbs, str(e))
            else:
                raise AssertionError(bad)
    from games.delfos.ancient import BoardGame

    try:
        dispatch(BoardGame, BoardGame.VERBS, ["place", "green", 1, 0, 0], "not with the ancient board")
    except ValueError as e:
        assert str(e) == "not with the ancient board"
    else:
        raise AssertionError("place with the ancient board")


def test_dispatch_finds_the_method_of_the_verb():
    g = DiceRoller({}, 1)
    dispatch(g, g.VERBS, ["dice", 2, 6])(["dice", 2, 6])
    assert (g.count, g.sides) == (2, 6)
    assert dispatch(TholosGame, TholosGame.VERBS, ["move"]) is dispatch(TholosGame, TholosGame.VERBS, ["steal"])
