"""City tracking: legal positions, limits and tile supply
(Delfos rulebook, Place A Building Tile, Placement Rules A-C; Components)."""
from games.delfos.city import City


def test_first_tile_only_in_the_centre():
    c = City(8, 5)
    assert c.legal_positions() == [(7, 4)]
    assert not c.is_legal(0, 0)


def test_rulebook_three_tile_example_has_7_legal_positions():
    # 5 green in the centre, 1 red above it, 1 green beside the first: the rulebook's
    # figure shows exactly 7 legal options for the next tile.
    c = City(8, 5)
    c.place(0, 5, 7, 4, 4)
    c.place(3, 1, 7, 3, 3)
    c.place(0, 1, 8, 4, 4)
    got = c.legal_positions()
    assert len(got) == 7
    # by hand: around (7,4): (6,4) (7,5); around (7,3): (6,3) (7,2) (8,3); around (8,4): (9,4) (8,5)
    assert sorted(got) == sorted([(6, 4), (7, 5), (6, 3), (7, 2), (8, 3), (9, 4), (8, 5)])


def test_tiles_must_touch_the_city():
    c = City(8, 5)
    c.place(0, 5, 7, 4, 0)
    assert not c.is_legal(9, 4)  # one gap away
    assert not c.is_legal(8, 5)  # diagonal only
    try:
        c.place(1, 2, 9, 4, 0)
    except ValueError:
        assert c.count == 1 and c.at(9, 4) is None
        return
    raise AssertionError()


def test_bounding_box_floats_until_full_8_columns():
    c = City(8, 5)
    vals = [1, 1, 2, 2, 2, 3, 3, 3]
    for k in range(8):  # a row of 8 tiles going right from the centre
        c.place(k % 5, vals[k], 7 + k, 4, 0)
    assert not c.is_legal(6, 4) and not c.is_legal(15, 4)  # a 9th column is out
    assert c.is_legal(7, 3) and c.is_legal(14, 5)
    assert c.frame() == (7, 0, 14, 8)


def test_bounding_box_9_columns_and_5_rows():
    c = City(9, 5)
    for k in range(9):
        c.place(k % 5, 2 + k // 5, 8 + k, 4, 1)
    assert not c.is_legal(7, 4)  # a 10th column
    assert c.is_legal(16, 5) and c.is_legal(8, 3)
    c = City(8, 5)
    for k in range(5):  # a column of 5 tiles
        c.place(0, 1 + k, 7, 4 + k, 1)
    assert not c.is_legal(7, 3) and not c.is_legal(7, 9)
    assert c.is_legal(6, 6)


def test_tile_supply_per_colour():
    # per colour: values 1, 4, 5 twice; 2 and 3 three times
    c = City(8, 5)
    spots = [(7 + k, 4) for k in range(8)]
    c.place(2, 1, spots[0][0], spots[0][1], 0)
    c.place(2, 1, spots[1][0], spots[1][1], 0)
    assert c.left(2, 1) == 0
    try:
        c.place(2, 1, spots[2][0], spots[2][1], 0)
        raise AssertionError("a third blue 1 does not exist")
    except ValueError:
        pass
    for k in range(3):
        c.place(2, 3, spots[2 + k][0], spots[2 + k][1], 0)
    assert c.left(2, 3) == 0
    assert c.left(2, 2) == 3 and c.left(2, 5) == 2


def test_grid_export_is_the_bounding_box():
    c = City(8, 5)
    c.place(0, 5, 7, 4, 4)
    c.place(3, 1, 7, 3, 3)
    c.place(0, 1, 8, 4, 4)
    assert c.to_grid().to_rows() == ["R1r .", "G5p G1p"]


def _brute_force(c):
    """Every canvas cell that Placement Rules A-C allow, one ``is_legal`` at a time."""
    return [(x, y) for y in range(c.h) for x in range(c.w) if c.is_legal(x, y)]


def test_legal_positions_are_every_legal_cell_as_cities_grow():
    # Random cities grown tile by tile to the full limit box (8 x 5 and 9 x 5): after
    # every tile the listed positions are exactly the canvas cells a tile may go on, in
    # reading order, and none is left once the box is full (40 / 45 tiles).
    from rng import Rng

    for seed in range(12):
        rng = Rng(seed)
        cols = 8 if seed % 2 else 9
        c = City(cols, 5)
        while True:
            got = c.legal_positions()
            assert got == _brute_force(c), (seed, c.count)
            if not got:
                break
            x, y = got[rng.below(len(got))]
            col = 0
            while not c.left(col, 1 + c.count % 5):
                col += 1
            c.place(col, 1 + c.count % 5, x, y, 0)
        assert c.count == cols * 5
