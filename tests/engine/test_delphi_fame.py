"""Delphi fame: March scoring from the order of elimination, settings table.

Rules: Delphi rulebook, "Play of the Game" ("Important") and "The
Pass (Passe) card".  Parade 1 March 1 values -1 / 2 / 3 are the rulebook's;
other triples below are test inputs standing for owner-entered settings.
"""
from engine_shared import raises
from games.delphi import fame

P1M1 = (-1, 2, 3)




def _pts(groups, values, players):
    out = {}
    for who, pts in fame.march_fame(groups, values, players):
        out[who] = pts
    return out


def test_three_players_one_by_one():
    # First out -1, next to last 2, last survivor 3 (rulebook, first March).
    assert _pts([["a"], ["b"], ["c"]], P1M1, 3) == {"a": -1, "b": 2, "c": 3}


def test_four_players_second_out_scores_nothing():
    assert _pts([["a"], ["b"], ["c"], ["d"]], P1M1, 4) == {"a": -1, "b": 0, "c": 2, "d": 3}


def test_simultaneous_first_passes_all_take_the_negative_in_full():
    assert _pts([["a", "b"], ["c"]], P1M1, 3) == {"a": -1, "b": -1, "c": 3}
    assert _pts([["a", "b", "c"]], P1M1, 3) == {"a": -1, "b": -1, "c": -1}
    assert _pts([["a", "b", "c", "d"]], P1M1, 4) == {"a": -1, "b": -1, "c": -1, "d": -1}
    assert _pts([["a", "b"], ["c"], ["d"]], P1M1, 4) == {"a": -1, "b": -1, "c": 2, "d": 3}


def test_simultaneous_later_passes_split_positive_points_rounding_down():
    # Last two pass together (3 players): (2 + 3) // 2 = 2 each.
    assert _pts([["a"], ["b", "c"]], P1M1, 3) == {"a": -1, "b": 2, "c": 2}
    # 4 players, second and third out together: (0 + 2) // 2 = 1, survivor 3.
    assert _pts([["a"], ["b", "c"], ["d"]], P1M1, 4) == {"a": -1, "b": 1, "c": 1, "d": 3}
    # 4 players, the last three together: (0 + 2 + 3) // 3 = 1.
    assert _pts([["a"], ["b", "c", "d"]], P1M1, 4) == {"a": -1, "b": 1, "c": 1, "d": 1}
    # Owner-entered (-2, 3, 6): last two of three together: (3 + 6) // 2 = 4.
    assert _pts([["a"], ["b", "c"]], (-2, 3, 6), 3) == {"a": -2, "b": 4, "c": 4}


def test_groups_must_cover_every_player():
    raises(lambda: fame.march_fame([["a"], ["b"]], P1M1, 3))
    raises(lambda: fame.march_fame([["a"]], P1M1, 2))


def test_table_none_keeps_only_the_rulebook_values():
    t = fame.normalise_table(None)
    assert len(t) == 9
    assert t[0] == P1M1
    assert fame.missing(t, 1, 1) == []
    assert fame.missing(t, 1, 2) == ["first out", "next to last", "last survivor"]
    assert len(fame.all_missing(t)) == 8 * 3
    assert fame.all_missing(t)[0] == (1, 2, "first out")


def test_table_partial_and_complete():
    t = fame.normalise_table([None, [None, [-2, None, 5], None], [None, None, [-3, 4, 8]]])
    assert t[0] == P1M1
    assert t[4] == (-2, None, 5)
    assert fame.missing(t, 2, 2) == ["next to last"]
    assert fame.missing(t, 3, 3) == []
    full = fame.normalise_table([[P1M1, [-1, 2, 3], [-2, 3, 4]]] * 3)
    assert fame.all_missing(full) == []
    # The flat normalised form (as stored, tuples read back as lists) is accepted as is.
    again = fame.normalise_table([list(x) if x else None for x in t])
    assert again == t
    raises(lambda: fame.normalise_table([None] * 8 + [[1, 2, 3]]))


def test_table_rejects_bad_shapes_and_values():
    raises(lambda: fame.normalise_table([None, None]))
    raises(lambda: fame.normalise_table("abc"))
    raises(lambda: fame.normalise_table([[None, None], None, None]))
    raises(lambda: fame.normalise_table([None, [[1, 2, 3], None, None], None]))    # first out > 0
    raises(lambda: fame.normalise_table([None, [[-1, -2, 3], None, None], None]))  # negative positive
    raises(lambda: fame.normalise_table([None, [[-1, 5, 3], None, None], None]))   # lower > higher
    raises(lambda: fame.normalise_table([None, [[-1, 2], None, None], None]))
    raises(lambda: fame.normalise_table([None, [[-1, "2", 3], None, None], None]))
    raises(lambda: fame.normalise_table([None, [[-1, True, 3], None, None], None]))
    raises(lambda: fame.normalise_table([[[-2, 2, 3], None, None], None, None]))   # P1M1 fixed
    # Giving the rulebook's own values for Parade 1 March 1 is fine.
    assert fame.normalise_table([[[-1, 2, 3], None, None], None, None])[0] == P1M1
