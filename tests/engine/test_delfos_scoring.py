"""Delfos end scoring: hand-computed cities (Delfos rulebook, Game End And Scoring)."""
from games.delfos import scoring

try:
    from host_sim import delfos_doc as ddoc
except (ImportError, AttributeError):  # MicroPython: load the host module as a plain module
    import sys

    sys.path.append("host_sim")
    import delfos_doc as ddoc

# A full 8 x 5 two-player city (green g and red r, 20 tokens each, 8 tiles of each colour,
# supply respected).  Coordinates below are (x, y), x = column, y = row.
FULL = [
    "G5g G4g R1r R2r B1g B2r Y1g Y2r",
    "G3g R5r R4g B3g B4r P1g P2r Y3g",
    "R3r G2g P3r P4g Y4r Y5g B5r G1r",
    "P5g B2g G2r Y2g R3r P2g R5r B3g",
    "Y3r P3r B1r G4r Y5r R1g P4g G5g",
]
GOALS = {"green": ["blue", "yellow"], "red": ["purple", "green"]}


def _doc(city, players=("green", "red"), side="A", card=8, goals=None, khaos=None):
    return {"game": "delfos", "players": list(players), "khaos": khaos, "architect_side": side,
            "scoring_card": card, "goals": goals or {}, "city": city}


def _grid(city, players=("green", "yellow", "blue", "red", "purple")):
    return ddoc.parse(_doc(city, players))[5]


def test_full_city_area_majorities_by_hand():
    # Largest areas, traced by hand on FULL:
    # green {G5g G4g G3g} 3 tiles: g first 5+4+3=12.
    # yellow {Y1g Y2r Y3g}: g first 1+3=4, r second 2.
    # blue {B1g B2r B3g B4r}: tie first, g 1+3=4, r 2+4=6.
    # red {R1r R2r R5r R4g}: r first 1+2+5=8, g second 4.
    # purple: two areas of 2 tied largest, {P1g P2r} g 1 r 2; {P3r P4g} g 4 r 3 -> g 5, r 5.
    pts = scoring.area_majorities(_grid(FULL, ("green", "red")))
    assert pts[0] == [12, 4, 4, 4, 5]
    assert pts[3] == [0, 2, 6, 8, 5]


def test_full_city_side_a_and_b_by_hand():
    g = _grid(FULL, ("green", "red"))
    # Side A: green tokens on green tiles at (0,0) (1,0) (0,1) (1,2) (7,4) = 5 -> 15;
    # red tokens on red tiles (2,0) (3,0) (1,1) (0,2) (4,3) (6,3) = 6 -> 18.
    assert scoring.architect_points(g, 0, "A") == 15
    assert scoring.architect_points(g, 3, "A") == 18
    # Side B green: (1,0) diagonal to (0,1); (0,1) to (1,0)/(1,2); (1,2) to (0,1);
    # (0,0) and (7,4) have no green diagonal -> 3 tiles -> 9.
    assert scoring.architect_points(g, 0, "B") == 9
    # Side B red: R1 (2,0) has no lower neighbour; R2 (3,0) next to R1; R5 (1,1) next to G3;
    # R3 (0,2) next to G2; R3 (4,3) next to Y2; R5 (6,3) next to P4 -> 5 tiles -> 15.
    assert scoring.architect_points(g, 3, "B") == 15


def test_full_city_every_scoring_card_by_hand():
    # Counted tiles (own token on a goal colour), by hand:
    # green (goals blue, yellow): (4,0) (3,1) (6,0) (7,1) (5,2) (3,3) (1,3) (7,3)
    # red (goals purple, green): (6,1) (2,2) (1,4) (7,2) (2,3) (3,4)
    # card 1 upper rows 0-2: green 5, red 3.  card 2 lower rows 2-4: green 4, red 5.
    # card 3 largest connected counted group: green 1 (none adjacent), red 2 ((2,2)-(2,3)).
    # card 4 left cols 0-3: green 3, red 4.  card 5 right cols 4-7: green 5, red 2.
    # card 6 no orthogonal neighbour of a goal colour: green (3,3) (1,3) (7,3) = 3;
    #   red (1,4) (7,2) (3,4) = 3.
    # card 7 inner cells: green (3,1) (1,3) (5,2) (3,3) = 4; red (6,1) (2,2) (2,3) = 3.
    # card 8 edges: green 8 - 4 = 4; red 6 - 3 = 3.
    expect = {1: (20, 12), 2: (16, 20), 3: (3, 6), 4: (12, 16), 5: (20, 8), 6: (18, 18),
              7: (16, 12), 8: (16, 12)}
    g = _grid(FULL, ("green", "red"))
    for card in range(1, 9):
        got = (scoring.scoring_card_points(g, 0, card, (2, 1)),
               scoring.scoring_card_points(g, 3, card, (4, 0)))
        assert got == expect[card], (card, got)


def test_full_city_totals_and_ranking():
    # Side A, card 8: green 29 + 15 + 16 = 60; red 21 + 18 + 12 = 51 (sums of the tests above).
    res = ddoc.score_document(_doc(FULL, side="A", card=8, goals=GOALS))
    assert res["scores"]["green"]["total"] == 60
    assert res["scores"]["red"]["total"] == 51
    assert res["scores"]["green"]["area_majority_own_colour"] == 12
    assert res["scores"]["red"]["area_majority_own_colour"] == 8
    assert res["ranking"] == [["green"], ["red"]]
    # Side B, card 3: green 29 + 9 + 3 = 41; red 21 + 15 + 6 = 42.
    res = ddoc.score_document(_doc(FULL, side="B", card=3, goals=GOALS))
    assert res["scores"]["green"]["total"] == 41
    assert res["scores"]["red"]["total"] == 42
    assert res["ranking"] == [["red"], ["green"]]


def test_missing_goals_score_zero_on_the_card():
    res = ddoc.score_document(_doc(FULL, card=8, goals={"red": ["purple", "green"]}))
    assert res["scores"]["green"]["scoring_card"] == 0
    assert res["scores"]["red"]["scoring_card"] == 12


def test_side_b_yellow_column_and_tie_in_players_favour():
    # col 0 holds 3 yellow tiles, all the yellow player's -> 3 x 5 = 15.
    g = _grid(["Y1y Y2b .", "Y3y B1b Y4y", "Y5y . Y2y"])
    assert scoring.architect_points(g, 1, "B") == 15
    # cols 0 and 1 tie with 2 yellow tiles; the player's column 1 holds 2 of its tokens -> 10.
    g = _grid(["Y1b Y2y", "Y3b Y4y"])
    assert scoring.architect_points(g, 1, "B") == 10


def test_side_b_blue_row_and_tie_in_players_favour():
    # row 0 holds 3 blue tiles, 2 with blue tokens -> 2 x 3 = 6 (row 1's 2 tokens don't count).
    g = _grid(["B1b B2b B3y", "B4b B5b ."])
    assert scoring.architect_points(g, 2, "B") == 6
    # rows tied 2-2: the player's row 1 holds 2 tokens -> 6.
    g = _grid(["B1y B2y", "B3b B4b"])
    assert scoring.architect_points(g, 2, "B") == 6


def test_side_b_purple_equal_neighbour():
    # P2 (0,0) next to R2; P3 (2,0) next to P3 (2,1); P3 (1,1) next to P3 (2,1); P3 (2,1)
    # next to both -> 4 x 4 = 16.  P2g (0,1) qualifies but carries green's token.
    g = _grid(["P2p R2r P3p", "P2g P3p P3p"])
    assert scoring.architect_points(g, 4, "B") == 16


def test_side_b_green_diagonal_regardless_of_token():
    # G1g (0,0) is diagonal to G2r (1,1): counts for green though red's token is on G2.
    g = _grid(["G1g R1r", "R2r G2r"])
    assert scoring.architect_points(g, 0, "B") == 3
    # red side B: R2r (0,1) is next to G1 (1 < 2); R1r (1,0) has no lower neighbour -> 3.
    assert scoring.architect_points(g, 3, "B") == 3


def test_three_tied_first_leaves_no_second_or_third():
    # g, y, b 2 tokens each (tied first, each scores its tiles); r with 1 token is 4th.
    g = _grid(["B1g B2g B3y B4y B5b B1b B2r"])
    pts = scoring.area_points(g, list(range(7)))
    assert pts == [3, 7, 6, 0, 0]


def test_place_points_rules():
    assert scoring.place_points(1, [2, 4, 1]) == 7
    assert scoring.place_points(2, [5, 3, 1]) == 8
    assert scoring.place_points(2, [4]) == 4  # "If there is only 1 building tile they score the value of it"
    assert scoring.place_points(3, [2, 5]) == 5
    assert scoring.place_points(4, [5]) == 0


def test_ranking_tie_breaks():
    # (name, total, scoring card, own-colour area majority)
    e = [("green", 44, 8, 3), ("red", 44, 4, 9), ("blue", 50, 0, 0), ("yellow", 30, 4, 2),
         ("purple", 30, 4, 2)]
    # blue most points; green beats red on the scoring card; yellow and purple share.
    assert scoring.rank(e) == [["blue"], ["green"], ["red"], ["yellow", "purple"]]
    e = [("green", 40, 8, 3), ("red", 40, 8, 5)]
    assert scoring.rank(e) == [["red"], ["green"]]


def test_score_pad_totals_and_ranking():
    sheet = [("green", [12, 4, 4, 4, 5], 15, 16), ("red", [0, 2, 6, 8, 5], 18, 12),
             ("blue", [0, 0, 0, 0, 0], 30, 15)]
    res = scoring.score_pad(sheet)
    # 29 + 15 + 16 = 60; 21 + 18 + 12 = 51; 0 + 30 + 15 = 45
    assert res["scores"]["green"]["total"] == 60
    assert res["scores"]["red"]["total"] == 51
    assert res["scores"]["red"]["area_majority_own_colour"] == 8
    assert res["ranking"] == [["green"], ["red"], ["blue"]]
    for bad in ([("green", [1, 2, 3], 0, 0)], [("green", [0, 0, 0, 0, -1], 0, 0)],
                [("pink", [0, 0, 0, 0, 0], 0, 0)], [("red", [0] * 5, 0, 0), ("red", [0] * 5, 0, 0)]):
        try:
            scoring.score_pad(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_region_halves_include_the_middle_line():
    # 5 rows: upper 0-2, lower 2-4; 9 columns: left 0-4, right 4-8; 8 columns: 0-3 / 4-7.
    assert [y for y in range(5) if scoring.in_region(1, 0, y, 8, 5)] == [0, 1, 2]
    assert [y for y in range(5) if scoring.in_region(2, 0, y, 8, 5)] == [2, 3, 4]
    assert [x for x in range(9) if scoring.in_region(4, x, 0, 9, 5)] == [0, 1, 2, 3, 4]
    assert [x for x in range(9) if scoring.in_region(5, x, 0, 9, 5)] == [4, 5, 6, 7, 8]
    assert [x for x in range(8) if scoring.in_region(4, x, 0, 8, 5)] == [0, 1, 2, 3]
    assert [x for x in range(8) if scoring.in_region(5, x, 0, 8, 5)] == [4, 5, 6, 7]
