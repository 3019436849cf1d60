"""The dice roller's engine (games/dice/roller.py): ranges, commands, undo by replay."""
from engine_shared import raises
from session import Session

from games.dice.roller import MAX_DICE, MAX_PLAYERS, MAX_SIDES, DiceRoller


def test_rolls_stay_in_range_and_add_up():
    g = DiceRoller({}, 11)
    for count, sides in ((1, 6), (3, 6), (2, 10), (4, 20), (2, 100), (MAX_DICE, MAX_SIDES), (5, 2)):
        g.apply(["dice", count, sides])
        assert g.shown == ""
        for _ in range(30):
            g.apply(["roll"])
            assert len(g.result) == count and g.shown == "roll"
            assert all(1 <= v <= sides for v in g.result)
            assert g.total == sum(g.result)


def test_every_face_comes_up():
    g = DiceRoller({}, 3)
    g.apply(["dice", 10, 6])
    seen = set()
    for _ in range(20):
        g.apply(["roll"])
        seen.update(g.result)
    assert seen == {1, 2, 3, 4, 5, 6}


def test_first_player_among_n():
    g = DiceRoller({}, 5)
    seen = set()
    for _ in range(200):
        g.apply(["first", 4])
        assert 1 <= g.first <= 4 and g.players == 4 and g.shown == "first"
        seen.add(g.first)
    assert seen == {1, 2, 3, 4}


def test_same_seed_same_dice_and_an_undone_roll_rolls_the_same_again():
    a = Session(DiceRoller, {}, 99)
    b = Session(DiceRoller, {}, 99)
    for s in (a, b):
        s.do(["dice", 3, 20])
        s.do(["roll"])
    assert a.game.result == b.game.result
    a.do(["roll"])
    second = list(a.game.result)
    assert a.undo()
    assert a.game.rolls == 1 and a.game.result == b.game.result
    a.do(["roll"])
    assert a.game.result == second
    replayed = Session(DiceRoller, {}, 99, a.cmds)
    assert replayed.game.result == second and replayed.game.rolls == 2


def test_bad_commands_are_refused_and_change_nothing():
    g = DiceRoller({}, 1)
    g.apply(["dice", 2, 10])
    for cmd in (["dice", 0, 6], ["dice", MAX_DICE + 1, 6], ["dice", 2, 1], ["dice", 2, MAX_SIDES + 1],
                ["dice", True, 6], ["dice", 2], ["first", 1], ["first", MAX_PLAYERS + 1], ["first", "3"],
                ["roll", 1], ["nope"], [], "roll"):
        raises(g.apply, cmd)
    assert (g.count, g.sides, g.rolls, g.first) == (2, 10, 0, 0)


def test_label():
    g = DiceRoller({}, 1)
    assert g.label() == "d6"
    g.apply(["dice", 3, 6])
    assert g.label() == "3d6"
    g.apply(["dice", 1, 100])
    assert g.label() == "d100"
