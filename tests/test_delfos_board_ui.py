"""Delfos solo with the device keeping the ancient board (ui_board), through the real App:
the layout (one press a row), the player's move list, Khaos's two-press turn, a whole
game, presses per turn, undo and power cuts in the middle of the layout and of a turn,
the geometry setting and its copy in the game's set-up."""
from test_delfos_ui import SOLO, game, press, run

from app import App
from device_run import BenchBoard
from games.delfos import COLOURS, ui_ancient
from games.delfos.ancient import DEFAULT, BoardGame
from games.delfos.ui import TurnScreen
from host_sim.framebuf import FrameBuffer

# Solo set-up with "Khaos cards: Device moves Khaos" (instead of the device deck), then
# "Ancient board: Device draws layout" (or "I enter my layout"); the geometry question
# "Board 9x7 assumed: Matches my board" comes while it is not confirmed.
assert SOLO.endswith(" OK OK ")
DEVICE = SOLO[:-3] + "DOWN DOWN OK OK "
BOARD = DEVICE + "OK "
ENTER = SOLO[:-3] + "DOWN DOWN OK DOWN OK OK "
LAY = "OK " * 7  # the device's layout of the 9 x 7 board: a row a press


def named(screen, name):
    """The screen's class name (ui_board is dropped from sys.modules at a game's end and
    imported again, so its classes are compared by name)."""
    return type(screen).__name__ == name


def reboot(tmp_path, seed=7):
    """A power cut: a new App on the same save folder."""
    return App(BenchBoard(FrameBuffer, str(tmp_path), seed)).boot()


def test_the_layout_is_one_press_a_row_and_survives_a_power_cut(tmp_path):
    app = run(tmp_path, BOARD + "OK ")
    gm = game(app)
    assert gm.phase() == "layout" and gm.board.laid == 9  # the top row (General Set-Up)
    assert named(app.top(), "LayoutScreen")
    assert gm.board.whites == [30, 31, 32] and app.session.setup["ancient"]["cols"] == 9
    app = reboot(tmp_path)
    assert named(app.top(), "LayoutScreen") and game(app).board.laid == 9
    press(app, "OK OK OK")  # rows 2, 3 and 4 (the middle row: 6 spaces beside the white ones)
    assert game(app).board.laid == 33 and game(app).board.tile(35) is not None
    press(app, "BACK")  # a row back (undo)
    assert game(app).board.laid == 27 and game(app).board.tile(27) is None
    press(app, "OK " * 3)
    assert game(app).board.laid == 51
    press(app, "HOME")  # BACK held: the layout's own menu, its first line a row back
    assert app.top().items[0] == "Back one row"
    press(app, "BACK OK")
    gm = game(app)
    assert gm.phase() == "place" and gm.board.tiles_left() == 60
    # one growing command (RAM), not 7; the last row a command of its own
    assert app.session.cmds == [["lay", 51], ["lay", 60]]
    press(app, "BACK OK")  # the Delfos menu's undo takes one row back, not the layout
    assert game(app).board.laid == 51 and named(app.top(), "LayoutScreen")
    press(app, "OK")
    assert named(app.top(), "MoveScreen")


def test_a_whole_game_with_the_device_moving_khaos(tmp_path):
    # the layout, then 20 rounds of: the first move offered and its first space (2
    # presses; 1 in the first round, whose tile has one legal space, the city's centre),
    # Khaos's turn (2 presses: draw and resolve, then "pieces moved")
    keys = BOARD + LAY + "OK OK OK " + "OK OK OK OK " * 19
    app = run(tmp_path, keys, seed=23)
    gm = game(app)
    assert gm.phase() == "over" and gm.city.count == 40 and gm.tokens_left == [0, 0]
    cmds = app.session.cmds
    assert len([c for c in cmds if c[0] == "khaos_turn"]) == 20
    assert len([c for c in cmds if c[0] == "take"]) == 20
    assert gm.board.tiles_left() == 20
    assert app.top().__class__.__name__ == "SoloEnd"


def test_a_khaos_turn_is_two_presses_and_a_player_turn_one_to_three(tmp_path):
    app = run(tmp_path, BOARD + LAY, seed=11)
    gm = game(app)
    for turn in range(6):
        n = gm.city.count
        assert named(app.top(), "MoveScreen")
        moves = app.top().moves
        keys = ["OK"] if turn % 2 == 0 else ["DOWN", "OK"]  # the first or the second move
        want = moves[0] if turn % 2 == 0 else moves[1 % len(moves)]
        tile = gm.board.tile(want[2])
        press(app, " ".join(keys))
        if turn == 0:  # the first tile has one legal space (the centre): placed at once
            assert gm.city.count == 1 and gm.city.at(7, 4) is not None
        else:  # the space step, on the space offered first
            assert named(app.top(), "BoardTurn") and app.top().stage == 2 and gm.city.count == n
            press(app, "OK")
            keys.append("OK")
        assert len(keys) <= 3 and gm.city.count == n + 1 and gm.phase() == "khaos_draw"
        assert gm.board.tile(want[2]) is None and gm.board.markers[want[0]] == want[2]
        assert gm.last[1:3] == (COLOURS[tile[0]], tile[1])  # the tile the move reached
        top = app.top()
        assert named(top, "KhaosBoard") and not top.done
        press(app, "OK")  # one press: card, move, placement
        k = gm.board.kturn
        assert gm.city.count == n + 2 and gm.phase() == "place" and app.top().done
        assert gm.city.at(k[5], k[6]) == (k[3], k[4], gm.pidx[gm.kseat])
        press(app, "OK")  # the pieces are moved on the table: the player's turn
        assert named(app.top(), "MoveScreen")


def test_power_cut_after_khaos_moved_shows_its_move_again(tmp_path):
    app = run(tmp_path, BOARD + LAY + "OK OK", seed=5)
    k = game(app).board.kturn
    assert k is not None and app.top().done
    app = reboot(tmp_path)
    top = app.top()
    assert named(top, "KhaosBoard") and top.done and game(app).board.kturn == k
    press(app, "OK")
    assert named(app.top(), "MoveScreen")


def test_power_cut_and_back_in_the_middle_of_a_player_turn(tmp_path):
    # the first round (one press: the first tile's only space), then the second move
    app = run(tmp_path, BOARD + LAY + "OK OK OK DOWN OK", seed=5)
    turn = app.top()
    assert isinstance(turn, TurnScreen) and turn.pending is not None and turn.stage == 2
    press(app, "BACK")  # back to the move list, on the move chosen, nothing done
    assert named(app.top(), "MoveScreen") and app.top().index == 1 and game(app).city.count == 2
    press(app, "OK")
    app = reboot(tmp_path)  # the move was not a command yet: the move list again
    assert named(app.top(), "MoveScreen") and game(app).city.count == 2
    press(app, "OK OK")
    assert game(app).city.count == 3 and game(app).phase() == "khaos_draw"


def test_undo_from_the_delfos_menu_takes_back_a_khaos_turn(tmp_path):
    app = run(tmp_path, BOARD + LAY + "OK OK OK", seed=5)
    gm = game(app)
    assert gm.city.count == 2 and gm.phase() == "place"
    before = bytes(gm.board.tcol)
    press(app, "BACK OK")  # the Delfos menu: undo last step
    gm = game(app)
    assert gm.city.count == 1 and gm.phase() == "khaos_draw" and bytes(gm.board.tcol) != before
    assert named(app.top(), "KhaosBoard") and not app.top().done


def test_the_geometry_is_asked_until_confirmed_and_copied_into_the_game(tmp_path):
    app = run(tmp_path, BOARD)
    assert app.settings(ui_ancient.SETTING, None)["confirmed"] is True
    # a second game: no geometry question now (Khaos moves: device -> the layout at once)
    app.end_game()  # the main menu, its cursor still on Delfos
    press(app, DEVICE[len("DOWN "):])
    assert named(app.top(), "LayoutScreen")
    # the geometry edited to 7 columns x 9 rows (whites then in the middle row, row 5)
    # from the layout's menu: for the next games, this one keeps 9 x 7
    press(app, "BACK DOWN OK")
    assert named(app.top(), "GeometryScreen")
    press(app, "DOWN DOWN OK UP UP OK " + "OK " * 6)
    geo = app.settings(ui_ancient.SETTING, None)
    assert (geo["cols"], geo["rows"], geo["whites"]) == (7, 9, [30, 31, 32]) and geo["confirmed"]
    assert named(app.top(), "LayoutScreen") and game(app).board.cols == 9
    app.end_game()
    press(app, DEVICE[len("DOWN "):])
    assert app.session.setup["ancient"] == {"cols": 7, "rows": 9, "whites": [30, 31, 32], "layout": "device"}
    assert game(app).board.cols == 7


def test_goal_tiles_entered_now_are_asked_before_the_layout(tmp_path):
    # Set-up "Goal tiles: Enter them now" with "Device moves Khaos" (solo: no pass screen):
    # the two goal tiles are asked next, then the board's questions, then the layout comes
    assert " DOWN OK OK DOWN OK " in SOLO  # scoring card 8, "Enter them later", Normal
    app = run(tmp_path, DEVICE.replace(" DOWN OK OK DOWN OK ", " DOWN OK DOWN OK DOWN OK ", 1)[:-len("OK ")])
    assert app.top().title == "Green: goal tile 1" and app.top().items == ["Yellow", "Blue", "Red", "Purple"]
    press(app, "OK")
    assert app.top().title == "Green: goal tile 2" and app.top().items == ["Blue", "Red", "Purple"]
    press(app, "BACK")  # one step back: the first goal tile again
    assert app.top().title == "Green: goal tile 1"
    press(app, "OK DOWN OK")  # Green: yellow, red
    assert app.top().title == "Ancient board"
    press(app, "OK OK")  # "Device draws layout", "Matches my board"
    gm = game(app)
    assert gm.goals == {0: (1, 3)} and app.session.setup["goals"] == {"green": ["yellow", "red"]}
    assert named(app.top(), "LayoutScreen") and gm.phase() == "layout" and gm.board.laid == 0
    press(app, "OK")
    assert game(app).board.laid == 9


def test_an_entered_layout_takes_two_presses_a_tile(tmp_path):
    app = run(tmp_path, ENTER + "OK OK " * 60)
    gm = game(app)
    assert gm.phase() == "place" and gm.board.tiles_left() == 60
    count = [0] * 25
    for i in range(63):
        t = gm.board.tile(i)
        if t:
            count[t[0] * 5 + t[1] - 1] += 1
    assert count == [2, 3, 3, 2, 2] * 5
    assert gm.board.tile(0) == (0, 1) and gm.board.tile(1) == (0, 1) and gm.board.tile(2) == (0, 2)
    assert len(app.session.cmds) == 2 and len(app.session.cmds[1][1]) == 60


def test_an_entered_layout_steps_back_one_tile_and_survives_a_power_cut(tmp_path):
    app = run(tmp_path, ENTER + "OK OK OK DOWN OK DOWN OK UP OK")  # green 1, green 2, yellow 1
    b = game(app).board
    assert b.laid == 3 and b.tile(2) == (1, 1) and app.session.cmds == [["tiles", "abf"]]
    app = reboot(tmp_path)
    assert named(app.top(), "LayoutScreen") and game(app).board.laid == 3
    press(app, "BACK")  # the colour step: the last tile back
    assert game(app).board.laid == 2 and app.session.cmds == [["tiles", "ab"]]


def test_pieces_moved_works_out_the_legal_spaces_once(tmp_path, monkeypatch):
    # After Khaos's turn, OK ("pieces moved") rebuilds the turn and move screens: the city's
    # legal spaces are worked out once for the ancient board's turn screen, not also for a
    # plain turn screen it replaces at once (the Pico's slowest key in this mode); and while
    # Khaos's turn is read (the App's background job, between keys) they are worked out
    # with the move list already, so that key works out none.
    import device_run
    from games.delfos.city import City

    calls = []
    orig = City.legal_positions

    def counting(self):
        calls.append(1)
        return orig(self)

    monkeypatch.setattr(City, "legal_positions", counting)
    for ahead in (False, True):
        app = run(tmp_path, BOARD + LAY + "OK")  # layout, a move (its only space)
        press(app, "OK")  # Khaos's turn: its frame drawn, the job not yet run
        assert named(app.top(), "KhaosBoard") and app.top().done and app.job is not None
        del calls[:]
        if ahead:
            device_run.settle(app)  # the job, as App.poll runs it between keys
            assert len(calls) == 1  # the move list's legal spaces
            del calls[:]
        else:
            app.job = None  # OK pressed before the job's turn came
        press(app, "OK")
        assert named(app.top(), "MoveScreen") and named(app.stack[-2], "BoardTurn")
        assert len(calls) == (0 if ahead else 1)


def test_the_head_start_short_of_ram_says_nothing_and_the_key_does_the_work(tmp_path, monkeypatch):
    # The move list worked out while Khaos's turn is read is only a head start: short of RAM
    # there, no "Out of memory" over a screen the player did nothing on, and the next key
    # works the list out itself (the same list)
    import sys

    import device_run

    app = run(tmp_path, BOARD + LAY + "OK")
    press(app, "OK")  # Khaos's turn: its frame drawn, the job not yet run
    board_ui = sys.modules["games.delfos.ui_board"]

    def short(app):
        raise MemoryError

    monkeypatch.setattr(board_ui, "moves_ahead", short)
    device_run.settle(app)
    assert app.toast_text is None and app.job is None and not app.session.stale
    press(app, "OK")
    assert named(app.top(), "MoveScreen") and app.top().moves
    expected = board_ui.move_list(game(app), board_ui.Gains(game(app)), app.stack[-2].legal)
    assert app.top().moves == expected


def test_a_wrong_move_or_space_is_fixed_one_step_back(tmp_path):
    # the first round (one press: the first tile's only space), then the second move offered
    # and a wrong space: UP puts the space back, BACK steps back to the move list on that
    # move, UP takes the first move instead, OK OK places it on the space offered first
    app = run(tmp_path, BOARD + LAY + "OK OK OK", seed=9)
    gm = game(app)
    moves = app.top().moves
    press(app, "DOWN OK DOWN")
    turn = app.top()
    assert named(turn, "BoardTurn") and turn.stage == 2 and turn.index == 1
    assert (turn.colour, turn.value) == gm.board.tile(moves[1][2])
    press(app, "UP BACK")
    assert named(app.top(), "MoveScreen") and app.top().index == 1 and gm.city.count == 2
    press(app, "UP OK")
    first = app.top().cells[0]
    tile = gm.board.tile(moves[0][2])
    press(app, "OK")
    assert gm.city.count == 3 and gm.last[1:] == (COLOURS[tile[0]], tile[1], first[0], first[1])
    assert gm.board.markers[moves[0][0]] == moves[0][2]


def test_gains_are_the_points_a_tile_adds_now():
    # Delfos rulebook, Area Majorities (only the largest area of a colour scores; 1st
    # the total value, 2nd the 2 highest values, "If there is only 1 building tile they score
    # the value of it"), Architect Cards side A (3 for a token on a tile of the own colour),
    # scoring card 8 ("4 victory points per goal tile"): the figures worked out by hand.
    from games.delfos.ui_board import Gains

    setup = {"players": ["green", "red"], "khaos": "red", "architect_side": "A", "scoring_card": 8,
             "goals": {"green": ["blue", "yellow"]}, "ancient": dict(DEFAULT, layout="device")}
    gm = BoardGame(setup, 1)
    city = gm.city
    city.place(0, 3, 7, 4, 3)  # Khaos's green 3 and green 4, and red 2 under the green 3
    city.place(0, 4, 8, 4, 3)
    city.place(3, 2, 7, 5, 3)
    g = Gains(gm)
    assert g.at(0, 5, (9, 4)) == 5 + 3  # joins the green area: 2nd (1 token to 2), its one tile; green
    assert g.at(0, 5, (7, 6)) == 0 + 3  # a green area of 1: not the largest green area; green
    assert g.at(2, 5, (6, 4)) == 5 + 4  # the only blue area: 1st, its value; a goal colour
    assert g.at(3, 1, (8, 5)) == 1  # joins Khaos's red 2: a token each, tied 1st: its value
    assert g.best(0, 5, gm.legal_positions()) == 8 and g.order(0, 5, [(7, 6), (9, 4)]) == [(9, 4), (7, 6)]


def test_the_table_view_of_khaos_moved_names_the_round_of_that_turn(tmp_path):
    # Khaos is the last seat of the round: its placement starts round 2, but the "moved"
    # screen's table view is still about round 1's turn (as the screen before it said)
    app = run(tmp_path, BOARD + LAY + "OK", seed=5)
    top = app.top()
    assert named(top, "KhaosBoard") and not top.done and top.table_lines()[0] == "Round 1/20"
    press(app, "OK")
    top = app.top()
    assert named(top, "KhaosBoard") and top.done and game(app).round == 2
    assert top.table_lines()[0] == "Khaos R1/20"
