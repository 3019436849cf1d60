"""Delphi display values: the rulebook's examples, every God, removals.

Rules: Delphi rulebook ("The Display", "God cards and Warrior
Pairs", "Scoring Examples").  Expected values are the rulebook's numbers or
computed by hand in the comment beside them.
"""
from games.delphi import cards
from games.delphi.display import march_values, raw_value
from games.delphi.march import place
from engine_shared import case_files, load_case, raises

H, MO, HE, HEPH = cards.HADES, cards.MOIRA, cards.HERA, cards.HEPHAISTOS
Z, PO, AR, AP, D = cards.ZEUS, cards.POSEIDON, cards.ARES, cards.APOLLO, cards.DELPHI


def _play(displays, seq):
    """Place (who, code[, target]) plays one after the other."""
    for p in seq:
        place(displays, p[0], p[1], p[2] if len(p) > 2 else None)
    return displays




# ---- the five rulebook examples ------------------------------------------

def test_rulebook_chariot_pair_44():
    assert raw_value([3, 6, 6, 5]) == 44  # 3 + (6 x 6) + 5


def test_rulebook_ares_squares_archer_19():
    assert raw_value([5, 3, AR, 5]) == 19  # 5 + (3 x 3) + 5


def test_rulebook_poseidon_halves_11():
    # (4 + 9 + 5 + 4) / 2 = 11, Poseidon in the other player's display.
    assert march_values([[4, 9, 5, 4], [PO]]) == [11, 0]


def test_rulebook_hephaistos_20():
    assert raw_value([5, 3, HEPH, 5]) == 20  # 5 + (3 x 5)


def test_rulebook_apollo_pair_50():
    assert raw_value([5, 5, AP]) == 50  # (5 x 5) x 2


# ---- Warriors and Pairs ----------------------------------------------------

def test_warriors_add():
    assert raw_value([]) == 0
    assert raw_value([2, 10, 8]) == 20


def test_pair_needs_neighbours():
    assert raw_value([5, 5]) == 25
    assert raw_value([5, 3, 5]) == 13          # not one after the other
    assert raw_value([5, D, 5]) == 10          # a Delphi card keeps them apart
    assert raw_value([4, 4, 2, 2]) == 20       # 16 + 4


def test_delphi_card_counts_nothing():
    assert raw_value([D]) == 0
    assert raw_value([D, 6, D]) == 6


# ---- Ares and Apollo -------------------------------------------------------

def test_ares_squares_card_or_pair_under_it():
    assert raw_value([6, AR]) == 36            # rulebook: 6 squared = 36
    assert raw_value([5, 5, AR]) == 625        # the Pair as one card: 25 x 25
    assert raw_value([2, 3, AR, 4]) == 15      # 2 + 9 + 4


def test_ares_without_warrior_under_it_does_nothing():
    assert raw_value([AR]) == 0
    assert raw_value([AR, 6]) == 6
    assert raw_value([3, D, AR]) == 3
    assert raw_value([3, AP, AR]) == 6         # Ares lies on Apollo: 3 x 2 only


def test_apollo_doubles_card_or_pair_under_it():
    assert raw_value([7, AP]) == 14
    assert raw_value([2, 8, AP]) == 18         # 2 + 16
    assert raw_value([AP, 8]) == 8
    assert raw_value([3, AR, AP]) == 9         # Apollo lies on Ares: 3 x 3 only


# ---- Hephaistos --------------------------------------------------------------

def test_hephaistos_with_pairs():
    assert raw_value([3, HEPH, 5, 5]) == 75    # 3 x 25
    assert raw_value([5, 5, HEPH, 6, 6]) == 900  # 25 x 36
    assert raw_value([2, HEPH, 4, 8]) == 16    # 2 x 4 + 8


def test_hephaistos_useless_without_two_warrior_neighbours():
    assert raw_value([HEPH, 5]) == 5
    assert raw_value([5, HEPH]) == 5
    assert raw_value([5, HEPH, D, 3]) == 8
    assert raw_value([5, D, HEPH, 3]) == 8
    assert raw_value([3, AR, HEPH, 4]) == 13   # 9 + 4: Ares lies left of it


def test_no_ares_or_apollo_after_hephaistos():
    assert raw_value([3, HEPH, 5, AR]) == 15           # stays 3 x 5
    assert raw_value([3, HEPH, 5, AP]) == 15
    assert raw_value([3, HEPH, 5, 2, 2, AP]) == 19     # 15 + 4, Pair not doubled
    assert raw_value([HEPH, 4, AR]) == 4               # even a useless Hephaistos
    assert raw_value([4, AR, HEPH]) == 16              # Ares before it still counts


# ---- Poseidon ----------------------------------------------------------------

def test_poseidon_halves_opponents_once():
    # Two Poseidons: every display is halved once, the owner's by the other one.
    assert march_values([[4, 9, 5, 4], [PO], [PO, 6]]) == [11, 0, 3]
    assert march_values([[7], [PO, PO]]) == [3, 0]   # 7 // 2, rounded down
    assert march_values([[PO, 6], [8]]) == [6, 4]    # never its owner's


# ---- removals: Hades, Moira, Hera, Zeus -------------------------------------

def test_hades_moira_hera_remove_from_every_display():
    d = _play([[], [], []], [(0, 7), (1, 9), (2, 10), (1, 7), (0, H)])
    assert d == [[H], [9], [10]]
    _play(d, [(2, MO)])
    assert d == [[H], [], [10, MO]]
    _play(d, [(0, HE)])
    assert d == [[H, HE], [], [MO]]


def test_removal_spares_cards_played_later():
    d = _play([[], []], [(0, 7), (1, H), (1, 7)])
    assert d == [[], [H, 7]]
    assert march_values(d) == [0, 7]


def test_removal_joins_a_pair():
    # Reading "as it lies": 5, 7, 5 becomes 5, 5 once Hades takes the 7.
    d = _play([[], []], [(0, 5), (0, 7), (0, 5)])
    assert march_values(d)[0] == 17
    _play(d, [(1, H)])
    assert d[0] == [5, 5]
    assert march_values(d)[0] == 25


def test_removal_puts_ares_onto_a_warrior():
    # 3, 9, Ares is 3 + 81; Moira removes the 9 and Ares lies on the 3: 9.
    d = _play([[]], [(0, 3), (0, 9), (0, AR)])
    assert raw_value(d[0]) == 84
    _play(d, [(0, MO)])
    assert d[0] == [3, AR, MO]
    assert raw_value(d[0]) == 9


def test_removal_and_hephaistos():
    # 3, Hephaistos, 9 = 27; Moira removes the 9: Hephaistos is useless.
    d = _play([[], []], [(0, 3), (0, HEPH), (0, 9)])
    assert raw_value(d[0]) == 27
    _play(d, [(1, MO)])
    assert raw_value(d[0]) == 3
    # A later Warrior lies next to Hephaistos again: 3 x 4.
    _play(d, [(0, 4)])
    assert raw_value(d[0]) == 12
    # Zeus removes Hephaistos itself: 3 + 4, and the block on Ares is gone.
    _play(d, [(1, Z, (0, 1)), (0, AR)])
    assert d[0] == [3, 4, AR]
    assert raw_value(d[0]) == 19   # 3 + 16


def test_removal_inside_a_pair_before_hephaistos():
    # 6, 6, Hephaistos, 2 = 72; Zeus takes one 6: 6 x 2 = 12.
    d = _play([[], []], [(0, 6), (0, 6), (0, HEPH), (0, 2)])
    assert raw_value(d[0]) == 72
    _play(d, [(1, Z, (0, 0))])
    assert raw_value(d[0]) == 12


def test_zeus_removes_any_card_including_poseidon():
    d = _play([[], []], [(0, 8), (1, PO)])
    assert march_values(d) == [4, 0]
    _play(d, [(0, Z, (1, 0))])
    assert d == [[8, Z], []]
    assert march_values(d) == [8, 0]


def test_zeus_in_own_display_and_without_target():
    d = _play([[], []], [(0, 2), (0, 3), (0, Z, (0, 0))])
    assert d[0] == [3, Z]
    _play(d, [(1, Z)])
    assert d == [[3, Z], [Z]]


def test_zeus_bad_target_changes_nothing_checked():
    d = [[2], []]
    raises(lambda: place(d, 0, Z, (1, 0)))
    raises(lambda: place(d, 0, Z, (0, 1)))
    raises(lambda: place(d, 0, Z, (2, 0)))
    raises(lambda: place(d, 0, 5, (0, 0)))
    assert d == [[2], []]


# ---- shared cases ------------------------------------------------------------

def test_shared_delphi_cases():
    paths = case_files("delphi-")
    assert len(paths) >= 5
    for path in paths:
        case = load_case(path)
        doc = case["input"]
        cities = doc["cities"]
        displays = [[] for _ in cities]
        for p in doc["plays"]:
            target = None
            if len(p) == 4:
                target = (cities.index(p[2]), p[3])
            place(displays, cities.index(p[0]), cards.code_of(p[1]), target)
        values = march_values(displays)
        want = case["expect"]
        for city in want.get("values", {}):
            assert values[cities.index(city)] == want["values"][city], path
        for city in want.get("displays", {}):
            names = [cards.NAMES[c] for c in displays[cities.index(city)]]
            assert names == want["displays"][city], path
