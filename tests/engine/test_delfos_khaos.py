"""The Khaos automa: our deck's balance, placement and the ancient-board move
(Delfos rulebook, Solo Mode, Khaos Turn)."""
from games.delfos import khaos, khaos_move
from games.delfos.city import City
from rng import Rng


def test_deck_has_20_well_formed_cards():
    assert len(khaos.DECK) == 20
    for colours, asc, arrows, same in khaos.DECK:
        assert sorted(colours) == sorted("GYBRP")
        assert sorted(arrows) == sorted("DULR")
        assert asc in (True, False) and same in (True, False)
    assert len(set(khaos.DECK)) == 20


def test_deck_balance():
    for letter in "GYBRP":
        for pos in range(5):  # each colour in each priority position on exactly 4 cards
            assert len([c for c in khaos.DECK if c[0][pos] == letter]) == 4
        lead = [c for c in khaos.DECK if c[0][0] == letter]
        assert len([c for c in lead if c[1]]) == 2
    assert len([c for c in khaos.DECK if c[1]]) == 10
    for a in "DULR":
        assert len([c for c in khaos.DECK if c[2][0] == a]) == 5
    assert len([c for c in khaos.DECK if c[3]]) == 10
    for asc in (True, False):
        for same in (True, False):
            assert len([c for c in khaos.DECK if c[1] == asc and c[3] == same]) == 5


def test_shuffle_is_a_permutation_from_the_seed():
    a = khaos.shuffled_deck(Rng(7))
    assert sorted(a) == list(range(20))
    assert a == khaos.shuffled_deck(Rng(7))


def _city(tiles):
    c = City(8, 5)
    for col, val, x, y in tiles:
        c.place(col, val, x, y, 0)
    return c


def test_placement_leftmost_regardless_of_colour():
    # Rulebook example 1: broken link (D off), left arrow first: the leftmost legal space.
    # City: green (7,4), blue (8,4); legal spaces (6,4) (7,3) (7,5) (8,3) (8,5) (9,4).
    c = _city([(0, 5, 7, 4), (2, 2, 8, 4)])
    assert khaos.placement(c, 2, "LUDR", False) == (6, 4)


def test_placement_next_to_same_colour_leftmost():
    # Rulebook example 2: blue must touch blue; leftmost of those spaces.
    # City: G (7,4), B (8,4), G (8,3): blue-adjacent free spaces (8,5) (9,4) -> leftmost (8,5);
    # without adjacency the leftmost legal space would be (6,4).
    c = _city([(0, 5, 7, 4), (2, 2, 8, 4), (0, 4, 8, 3)])
    assert khaos.placement(c, 2, "LUDR", True) == (8, 5)
    assert khaos.placement(c, 2, "LUDR", False) == (6, 4)


def test_placement_tie_goes_to_the_next_arrow():
    # Rulebook example 3: two blue-adjacent spaces tie on "left" ((8,3) and (8,5));
    # the next arrow "up" picks the uppermost (8,3); with "down" next it is (8,5).
    c = _city([(0, 5, 7, 4), (2, 2, 8, 4)])
    assert khaos.placement(c, 2, "LUDR", True) == (8, 3)
    assert khaos.placement(c, 2, "LDUR", True) == (8, 5)


def test_placement_without_a_same_colour_tile_uses_every_space():
    # No purple tile yet: "If no adjacent spaces are available" -> all legal spaces.
    c = _city([(0, 5, 7, 4), (2, 2, 8, 4)])
    assert khaos.placement(c, 4, "RDLU", True) == (9, 4)
    assert khaos.placement(c, 4, "DRLU", True) == (8, 5)


def test_reach_wraps_and_stops_at_the_first_tile():
    cols, rows = 9, 7
    t = bytearray(cols * rows)
    t[3 * cols + 8] = 1  # (8,3)
    t[0 * cols + 0] = 1  # (0,0)
    t[6 * cols + 0] = 1  # (0,6)
    # marker on (0,3): down -> (0,6) reached first? (0,4),(0,5),(0,6): yes; up -> (0,0);
    # left wraps to (8,3); right reaches (8,3) too (listed once).
    got = khaos_move.reach(cols, rows, t, 3 * cols + 0)
    assert got == [6 * cols, 0, 3 * cols + 8]
    assert khaos_move.reach(cols, rows, bytearray(cols * rows), 0) == []


def _board(tiles):
    cols, rows = 9, 7
    tcol = bytearray(cols * rows)
    tval = bytearray(cols * rows)
    for c, v, x, y in tiles:
        tcol[y * cols + x] = c + 1
        tval[y * cols + x] = v
    return cols, rows, tcol, tval


def test_khaos_move_rulebook_situation():
    # Two reachable blue 3s: (4,3) from both markers (1,3) and (6,3), and (6,0) from (6,3).
    # "left" arrow first: the leftmost tile (4,3); both markers reach it -> the leftmost marker.
    cols, rows, tcol, tval = _board([(2, 3, 4, 3), (2, 3, 6, 0), (3, 5, 1, 0)])
    card = ("BRGYP", True, "LUDR", True)
    m0 = 3 * cols + 1
    m1 = 3 * cols + 6
    assert khaos_move.choose_move(cols, rows, tcol, tval, [(0, m0), (1, m1)], card) == (0, m0, 3 * cols + 4)
    assert khaos_move.choose_move(cols, rows, tcol, tval, [(0, m1), (1, m0)], card) == (1, m0, 3 * cols + 4)
    # "right" first: the rightmost blue 3 is (6,0), only marker (6,3) reaches it.
    card = ("BRGYP", True, "RUDL", True)
    assert khaos_move.choose_move(cols, rows, tcol, tval, [(0, m0), (1, m1)], card) == (1, m1, 6)


def test_khaos_move_colour_then_value_priority():
    # Yellow first on the card but none reachable -> red; red 2 and red 5 reachable:
    # ascending takes the 2, descending the 5.
    cols, rows, tcol, tval = _board([(3, 2, 4, 3), (3, 5, 1, 0), (2, 1, 8, 8 - 2)])
    m0 = 3 * cols + 1  # (1,3): right -> (4,3) R2; up -> (1,0) R5
    asc = khaos_move.choose_move(cols, rows, tcol, tval, [(0, m0)], ("YRBGP", True, "DULR", True))
    desc = khaos_move.choose_move(cols, rows, tcol, tval, [(0, m0)], ("YRBGP", False, "DULR", True))
    assert asc[2] == 3 * cols + 4 and desc[2] == 1
    assert khaos_move.choose_move(cols, rows, bytearray(63), bytearray(63), [(0, m0)], khaos.DECK[0]) is None
