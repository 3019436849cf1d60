"""The ancient board (games/delfos/ancient.py): the rulebook's movement examples, the
first / second turn marker placement, rule D, Khaos's move on the board, the layout
and whole solo games where the device resolves every Khaos turn.

Rules: Delfos rulebook, General Set-Up, Player Turn, Movement Rules A-D,
Solo Mode (Khaos set-up B, Khaos Turn).  Positions are hand-built on the assumed
9 x 7 board (flat y * 9 + x; white spaces (3,3) (4,3) (5,3) = 30, 31, 32).
"""
from games.delfos import SUPPLY
from games.delfos.ancient import DEFAULT, OFF, Board, BoardGame, check_geometry, middle_whites
from session import Session

from engine.test_delfos_solo import check_game, delfos_solo  # host_sim's, on both interpreters

C = 9  # columns


def p(x, y):
    return y * C + x


def empty(tiles=(), markers=(OFF, OFF, OFF, OFF)):
    """A 9 x 7 board with only ``tiles`` ((colour, value, x, y)) and ``markers``."""
    b = Board(DEFAULT, 1)
    b.lay(60)
    for i in range(63):
        b.tcol[i] = 0
        b.tval[i] = 0
    for c, v, x, y in tiles:
        b.tcol[p(x, y)] = c + 1
        b.tval[p(x, y)] = v
    for j in range(4):
        b.markers[j] = markers[j]
    return b


def test_geometry_is_checked():
    check_geometry(DEFAULT)
    check_geometry({"cols": 7, "rows": 9, "whites": [29, 31, 33], "confirmed": True})
    for bad in ({"cols": 8, "rows": 8, "whites": [1, 2, 3]},  # 64 spaces: 61 tiles
                {"cols": 9, "rows": 7, "whites": [30, 30, 32]},
                {"cols": 9, "rows": 7, "whites": [30, 31, 63]},
                {"cols": 9, "rows": 7, "whites": [30, 31]}):
        try:
            check_geometry(bad)
        except ValueError:
            continue
        raise AssertionError(bad)
    assert middle_whites(9, 7) == [30, 31, 32] and middle_whites(7, 9) == [30, 31, 32]


def test_khaos_markers_start_on_the_left_and_right_white_spaces():
    # Solo Mode, Khaos set-up B
    b = Board(DEFAULT, 5)
    assert list(b.markers) == [OFF, OFF, 30, 32]


def test_the_device_layout_uses_every_tile_once_and_leaves_the_white_spaces():
    # General Set-Up: 60 tiles (12 per colour: 1, 4, 5 twice; 2, 3 three times) on the
    # brown-outlined spaces, none on the 3 white-outlined ones, rows from the top.
    b = Board(DEFAULT, 12345)
    assert b.next_tile() is not None and b.tiles_left() == 0
    first = b.next_tile()
    b.lay(1)
    assert b.tile(0) == first  # the top-left space first
    b.lay(60)
    assert b.tiles_left() == 60 and b.next_tile() is None
    count = [0] * 25
    for i in range(63):
        t = b.tile(i)
        if i in (30, 31, 32):
            assert t is None
        else:
            count[t[0] * 5 + t[1] - 1] += 1
    assert count == [2, 3, 3, 2, 2] * 5
    again = Board(DEFAULT, 12345)
    again.lay(60)
    assert again.tcol == b.tcol and again.tval == b.tval
    other = Board(DEFAULT, 54321)
    other.lay(60)
    assert other.tcol != b.tcol


def test_an_entered_layout_takes_only_tiles_from_the_bag():
    b = Board(DEFAULT, 1, True)
    b.put(0, 1)
    b.put(0, 1)
    try:
        b.put(0, 1)  # a third green 1: the bag holds two
    except ValueError:
        pass
    else:
        raise AssertionError("third green 1 accepted")
    assert b.laid == 2 and b.tile(1) == (0, 1) and b.left_in_bag(0, 2) == SUPPLY[1]


def test_a_refused_entered_layout_changes_nothing():
    # session protocol: a command is checked completely before it changes anything; the bag
    # holds two green 1s (General Set-Up: 1, 4, 5 twice per colour), so "aaa" is refused whole
    setup = {"players": ["green", "red"], "khaos": "red", "architect_side": "A", "scoring_card": 3,
             "ancient": {"cols": 9, "rows": 7, "whites": [30, 31, 32], "layout": "entered"}}
    g = BoardGame(setup, 5)
    g.apply(["tiles", "b"])
    for bad in (["tiles", "baaa"], ["tiles", "bcA"], ["tiles", "bc{"]):
        try:
            g.apply(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(bad)
        assert g.board.laid == 1 and g.board.tile(g.board.space(1)) is None
    g.apply(["tiles", "baa"])
    assert g.board.laid == 3 and g.board.left_in_bag(0, 1) == 0


def test_rule_a_four_options_in_straight_lines():
    # Movement Rule A example: left purple 3, up blue 1, right red 5, down green 2.
    b = empty([(4, 3, 1, 3), (2, 1, 4, 0), (3, 5, 7, 3), (0, 2, 4, 5)], (p(4, 3), OFF, OFF, OFF))
    got = [(t, b.tile(t)) for t in b.reach(p(4, 3))]
    assert sorted(got) == sorted([(p(1, 3), (4, 3)), (p(4, 0), (2, 1)), (p(7, 3), (3, 5)), (p(4, 5), (0, 2))])


def test_rule_b_markers_are_passed_over():
    # Rule B example: moving left it passes over the red and purple markers to the red 3.
    b = empty([(3, 3, 2, 1), (1, 4, 8, 1)], (p(6, 1), OFF, p(5, 1), p(4, 1)))
    assert p(2, 1) in b.reach(p(6, 1))
    assert (0, p(6, 1), p(2, 1)) in b.player_moves(2)


def test_rule_c_wrap_around_the_edge():
    # Rule C example: moving left it passes a marker, leaves the board and comes back on
    # the same row from the right edge to the red 5.
    b = empty([(3, 5, 6, 2)], (p(1, 2), OFF, p(0, 2), OFF))
    assert b.reach(p(1, 2)) == [p(6, 2)]  # left (wrapped) and right both reach it: once
    b = empty([(2, 4, 3, 6)], (p(3, 0), OFF, OFF, OFF))
    assert b.reach(p(3, 0)) == [p(3, 6)]  # up wraps to the bottom row too


def test_first_and_second_turn_place_a_marker_first():
    # Player Turn: turn 1 a marker goes on a white-outlined space or on a space with
    # another marker; turn 2 the second marker likewise, and that one moves.
    b = Board(DEFAULT, 3)
    b.lay(60)
    moves = b.player_moves(0)
    assert moves and {m for m, _s, _t in moves} == {0}
    assert {s for _m, s, _t in moves} == {30, 31, 32}  # Khaos's markers stand on two of them
    b.take(0, moves[0][2])
    moves = b.player_moves(1)
    assert {m for m, _s, _t in moves} == {1}
    assert {s for _m, s, _t in moves} == {30, 31, 32, b.markers[0]}


def test_rule_d_relocates_when_nothing_is_reachable():
    # Rule D example: neither marker reaches a tile; one is put on a white-outlined space
    # (the rightmost in the example) or an occupied space, then moves as usual.
    b = empty([(2, 2, 5, 1)], (p(0, 0), p(1, 6), p(8, 5), OFF))
    assert b.reach(p(0, 0)) == [] and b.reach(p(1, 6)) == []
    moves = b.player_moves(5)
    assert (0, 32, p(5, 1)) in moves and (1, 32, p(5, 1)) in moves  # from the rightmost white
    assert {s for _m, s, _t in moves} == {32}  # (8,5) and the whites 30, 31 reach nothing
    b = empty([(2, 2, 5, 1)], (p(5, 4), p(1, 6), OFF, OFF))
    assert b.player_moves(5) == [(0, p(5, 4), p(5, 1))]  # a reachable tile: no rule D


def test_khaos_move_leftmost_tile_then_leftmost_marker():
    # Khaos Turn example: blue first; two blue 3s reachable; the left arrow picks the
    # tile furthest left; both markers reach it, so the marker further left moves.
    card = ("BRGYP", True, "LUDR", True)
    b = empty([(2, 3, 4, 2), (2, 3, 7, 5), (0, 5, 4, 6)], (OFF, OFF, p(1, 2), p(7, 2)))
    # (1,2) right -> (4,2); (7,2) left -> (4,2), down -> (7,5)
    assert b.khaos_move(card) == (2, p(1, 2), p(4, 2))
    b.markers[2], b.markers[3] = p(7, 2), p(1, 2)
    assert b.khaos_move(card) == (3, p(1, 2), p(4, 2))
    assert b.khaos_move(("BRGYP", True, "RULD", True)) == (2, p(7, 2), p(7, 5))


def test_khaos_colour_then_value_priority():
    # A: yellow first, none reachable -> red; B: ascending takes red 2, descending red 5.
    b = empty([(3, 2, 4, 3), (3, 5, 1, 0), (1, 1, 6, 6)], (OFF, OFF, p(1, 3), OFF))
    b.markers[3] = p(1, 3)
    assert b.khaos_move(("YRBGP", True, "DULR", True))[2] == p(4, 3)
    assert b.khaos_move(("YRBGP", False, "DULR", True))[2] == p(1, 0)


def test_khaos_rule_d_when_its_markers_reach_nothing():
    # Both Khaos markers blocked: a white or occupied space for either marker competes.
    b = empty([(4, 1, 4, 1)], (OFF, OFF, p(0, 0), p(8, 6)))
    mv = b.khaos_move(("PGYBR", True, "LURD", True))
    assert mv is not None and mv[2] == p(4, 1) and mv[1] == 31  # only (4,3) sees column 4


CORNERS = [(0, 1, 0, 0), (3, 4, 8, 6)]  # a green 1 top left, a red 4 bottom right
STUCK = (p(2, 2), p(6, 4), 30, 32)  # the player's markers in the middle, Khaos's on the whites


def test_rule_d_when_no_white_or_occupied_space_reaches_a_tile_either_player():
    # Movement Rules D: "place 1 of their Architect Markers on 1 of the 3 white-outlined
    # spaces, or on a space that already contains another Architect Marker. Then proceed
    # with the usual Move Architect action."  Tiles only at two corners: no marker, no
    # white and no occupied space sees them.  Bug: no move at all, the game stopped.
    b = empty(CORNERS, STUCK)
    for s in [30, 31, 32] + list(STUCK):
        assert b.reach(s) == []
    moves = b.player_moves(7)
    assert moves, "the game must go on"
    assert {t for _m, _s, t in moves} == {p(0, 0), p(8, 6)}
    for m, s, t in moves:
        assert m in (0, 1) and b.tile(s) is None  # placed on a space without a tile
        assert t in b.reach(s)  # then the usual Move Architect action
    assert (0, p(4, 0), p(0, 0)) in moves  # along the top row (Rule C: round the edge too)


def test_rule_d_when_no_white_or_occupied_space_reaches_a_tile_either_khaos():
    b = empty(CORNERS, STUCK)
    card = ("GYBRP", True, "LURD", True)  # green first: the green 1 at the top left
    mv = b.khaos_move(card)
    assert mv is not None and mv[0] in (2, 3) and mv[2] == p(0, 0)
    assert b.tile(mv[1]) is None and mv[2] in b.reach(mv[1])
    mv = b.khaos_move(("RGYBP", True, "LURD", True))  # red first: the red 4
    assert mv is not None and mv[2] == p(8, 6)
    assert empty([], STUCK).khaos_move(card) is None  # no tile left: nothing to take


def test_game_layout_phase_undo_and_replay():
    setup = {"players": ["green", "red"], "khaos": "red", "architect_side": "A", "scoring_card": 3,
             "ancient": {"cols": 9, "rows": 7, "whites": [30, 31, 32], "layout": "device"}}
    s = Session(BoardGame, setup, 77)
    assert s.game.phase() == "layout"
    for n in range(1, 11):
        s.do(["lay", n])
    s.undo()
    assert s.game.board.laid == 9
    for bad in (["lay", 9], ["take", 0, 30, 21, 7, 4], ["khaos_turn"], ["place", "green", 1, 7, 4]):
        try:
            s.do(bad)
        except ValueError:
            continue
        raise AssertionError(bad)
    s.do(["lay", 60])
    assert s.game.phase() == "place"
    mv = s.game.board.player_moves(0)[0]
    t = s.game.board.tile(mv[2])
    try:
        s.do(["take", mv[0], mv[1], mv[2], 0, 0])  # not a legal city space: nothing changes
    except ValueError:
        pass
    assert s.game.board.tile(mv[2]) == t
    s.do(["take", mv[0], mv[1], mv[2], 7, 4])
    assert s.game.city.at(7, 4)[:2] == t and s.game.board.tile(mv[2]) is None
    s.do(["khaos_turn"])
    k = s.game.board.kturn
    assert s.game.phase() == "place" and s.game.city.count == 2
    assert s.game.city.at(k[5], k[6]) == (k[3], k[4], 3)  # Khaos's token (red) on its tile
    assert s.game.board.markers[k[0]] == k[2] and k[1] in (30, 32)
    again = Session(BoardGame, setup, 77, s.cmds)
    assert again.game.board.tcol == s.game.board.tcol and again.game.board.kturn == k


def test_whole_games_with_the_device_moving_khaos():
    # every tile taken exactly once (city + ancient board = the layout), a legal city
    for seed in range(4):
        game, cmds, board = delfos_solo.play_device(seed, side="AB"[seed % 2], scoring_card=1 + seed,
                                                    entered=seed == 3)
        check_game(game, cmds)
        assert board.tiles_left() == 20 and len([c for c in cmds if c[0] == "khaos_turn"]) == 20
        count = [0] * 25
        for i in range(63):
            t = board.tile(i)
            if t:
                count[t[0] * 5 + t[1] - 1] += 1
        g = game.city.to_grid()
        for i in range(len(g.colour)):
            if g.colour[i]:
                count[(g.colour[i] - 1) * 5 + g.value[i] - 1] += 1
        assert count == [2, 3, 3, 2, 2] * 5
