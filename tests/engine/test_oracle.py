"""The Oracle of Delphi rules (003_41d0c707a815b3bf.txt; ../shared/facts.md)."""
from engine.shared import raises
from session import Session

from games.oracle import rules
from games.oracle.game import END, TITAN, TURN, OracleGame

# The oracle wheel as the rulebook walks it, clockwise (facts.md).
WHEEL = ["red", "black", "pink", "blue", "yellow", "green"]


def steps_clockwise(src, dst):
    """Count steps by walking the wheel (independent of the code's modulo)."""
    n = 0
    i = WHEEL.index(src)
    while WHEEL[i] != dst:
        i = (i + 1) % 6
        n += 1
    return n


def test_rulebook_recolour_examples():
    # 003_41d0c707a815b3bf.txt examples (facts.md): green -> black 2 favor, pink -> blue 1.
    c = rules.COLOURS
    assert rules.recolour_cost(c.index("green"), c.index("black")) == 2
    assert rules.recolour_cost(c.index("pink"), c.index("blue")) == 1


def test_recolour_all_pairs_and_ship_tiles():
    for s in WHEEL:
        for d in WHEEL:
            cw = steps_clockwise(s, d)
            ccw = steps_clockwise(d, s)
            si, di = rules.COLOURS.index(s), rules.COLOURS.index(d)
            assert rules.recolour_cost(si, di) == cw
            assert rules.recolour_cost(si, di, rules.SHIP_CCW) == min(cw, ccw)
            assert rules.recolour_cost(si, di, rules.SHIP_DISCOUNT) == max(0, cw - 1)
            assert rules.recolour_cost(si, di, rules.SHIP_BOTH) == max(0, min(cw, ccw) - 1)


def test_titan_every_roll_and_shield():
    # facts.md: 6 -> every player draws 2; 1-5 -> 1 card if shield < roll.
    for roll in range(1, 7):
        for shield in range(0, 6):
            got = rules.titan_injuries(roll, [shield])[0]
            if roll == 6:
                assert got == 2
            elif shield < roll:
                assert got == 1
            else:
                assert got == 0


def test_titan_roll_out_of_range():
    for bad in (0, 7):
        raises(rules.titan_injuries, bad, [0])


def test_battle_strength_and_outcomes():
    # facts.md: strength 9 - shield; roll >= strength wins; 0 gives an injury card.
    assert rules.monster_strength(0) == 9
    assert rules.monster_strength(5) == 4
    assert rules.battle_outcome(9, 9) == rules.WIN
    assert rules.battle_outcome(8, 9) == rules.MISS
    assert rules.battle_outcome(0, 4) == rules.INJURY
    assert rules.battle_outcome(4, 4) == rules.WIN


def test_setup_favor_titan_and_opening_roll():
    g = OracleGame({"players": 4, "start": 2}, 7)
    assert g.seats == [2, 3, 0, 1]
    assert [g.favor_start[p] for p in g.seats] == [3, 4, 5, 6]
    assert g.titan_holder == 1
    for p in range(4):
        assert len(g.dice[p]) == 3 and all(0 <= c < 6 for c in g.dice[p])
    assert g.round == 1 and g.active() == 2 and g.phase == TURN


def test_bad_setup_is_refused():
    for setup in ({"players": 1}, {"players": 5}, {"players": 3, "start": 3}, {}):
        raises(OracleGame, setup, 1)


def test_round_flow_titan_and_next_round():
    s = Session(OracleGame, {"players": 2, "start": 0}, 11)
    s.do(["consult"])
    assert s.game.active() == 1
    s.do(["consult"])
    assert s.game.phase == TITAN
    raises(s.do, ["consult"])
    s.do(["titan"])
    g = s.game
    assert g.round == 2 and g.phase == TURN and g.active() == 0
    roll, cards = g.last_titan
    assert 1 <= roll <= 6
    assert cards == rules.titan_injuries(roll, g.shields)


def test_undo_does_not_reroll():
    s = Session(OracleGame, {"players": 3, "start": 0}, 99)
    s.do(["consult"])
    first = list(s.game.dice[0])
    s.undo()
    s.do(["consult"])
    assert s.game.dice[0] == first
    s.do(["battle", 1, 3])
    s.do(["battle_roll"])
    r = s.game.battle.roll_value
    s.undo()
    s.do(["battle_roll"])
    assert s.game.battle.roll_value == r


def test_battle_sequence_pay_and_give_up():
    s = Session(OracleGame, {"players": 2, "start": 0}, 5)
    s.do(["shield", 1, 3])
    s.do(["battle", 1, 4])
    b = s.game.battle
    assert b.strength == 6 and b.fighter == 1
    raises(s.do, ["battle_pay"])  # no roll yet: nothing to pay for
    # Play until a win or strength 1, paying after every miss.
    s.do(["battle_roll"])
    while s.game.battle.outcome != rules.WIN and s.game.battle.strength > 1:
        before = s.game.battle.strength
        s.do(["battle_pay"])
        assert s.game.battle.strength == before - 1
    b = s.game.battle
    assert b.favor_paid == 6 - b.strength
    assert b.outcome == rules.battle_outcome(b.roll_value, b.strength)
    s.do(["battle_done"])
    assert s.game.battle is None


def test_consult_blocked_during_battle():
    s = Session(OracleGame, {"players": 2, "start": 0}, 5)
    s.do(["battle", 0, 0])
    raises(s.do, ["consult"])


def test_zeus_ends_after_titan_and_tie_break():
    s = Session(OracleGame, {"players": 3, "start": 0}, 3)
    s.do(["zeus", 0])
    s.do(["zeus", 2])
    for _ in range(3):
        s.do(["consult"])
    s.do(["titan"])
    assert s.game.phase == END
    s.do(["final", 0, 4, 2])
    s.do(["final", 2, 4, 5])
    # Same oracle cards: more favor wins (rulebook game end).
    assert s.game.ranking() == [[2], [0]]
    s.do(["final", 2, 4, 2])
    assert s.game.ranking() == [[0, 2]]
    raises(s.do, ["final", 1, 1, 1])  # P2 did not return


def test_tie_break_order_cards_then_favor():
    assert rules.tie_break_order([(0, 3, 9), (1, 5, 0), (2, 3, 9), (3, 3, 10)]) == [[1], [3], [0, 2]]


def test_shield_range():
    s = Session(OracleGame, {"players": 2, "start": 0}, 1)
    for bad in (-1, 6):
        raises(s.do, ["shield", 0, bad])
    assert s.cmds == []
