"""Trying to break "Device moves Khaos" (ui_board, ui_layout, ancient): the frames around
the end of the layout, undo across the layout/play boundary, hand-edited saves."""
import os
import sys

import helpers
import pytest
from test_delfos_board_ui import BOARD, DEVICE, ENTER
from test_delfos_ui import game

from games.delfos import SUPPLY, ui_ancient
from games.delfos.ancient import BoardGame


boot = helpers.booter(7, bench=True, watch=True)
keys = helpers.presser()


def test_the_frame_after_the_last_tile_of_the_devices_layout_is_no_draw_error(tmp_path):
    app = boot(tmp_path)
    keys(app, BOARD + "OK " * 7)
    assert game(app).phase() == "place" and game(app).board.tiles_left() == 60
    assert app.draw_errors == []


def test_the_frame_after_the_last_tile_of_an_entered_layout_is_no_draw_error(tmp_path):
    # the preselected colour and value each time: the bag's counts run out one by one
    app = boot(tmp_path)
    keys(app, ENTER + "OK OK " * 60)
    gm = game(app)
    assert gm.phase() == "place" and gm.board.tiles_left() == 60
    assert app.draw_errors == []


def store_geometry(path, doc):
    from store import OsFs, Store

    os.makedirs(str(path), exist_ok=True)
    Store(OsFs(str(path))).save("set-" + ui_ancient.SETTING, doc)


def test_a_stored_geometry_without_the_confirmed_flag_is_asked_about(tmp_path):
    # the geometry dict as documented (ancient.py), written by hand: no "confirmed" key
    store_geometry(tmp_path, {"cols": 9, "rows": 7, "whites": [30, 31, 32]})
    app = boot(tmp_path)
    keys(app, BOARD)  # ... "Device draws layout", then "Board 9x7 assumed: Matches my board"
    assert app.draw_errors == [] and not (app.toast_text or "").startswith("Error")
    assert game(app).phase() == "layout"
    assert app.session.setup["ancient"]["whites"] == [30, 31, 32]


@pytest.mark.parametrize("geo", [{"cols": 3, "rows": 21, "whites": [0, 2, 62]},  # whites at corners
                                 {"cols": 21, "rows": 3, "whites": [0, 21, 42]}])  # a column of whites
def test_a_whole_game_on_an_odd_board_takes_each_tile_once(tmp_path, geo):
    store_geometry(tmp_path, dict(geo, confirmed=True))
    app = boot(tmp_path, 3)
    # the set-up (no geometry question: confirmed), the layout, 20 rounds of the first move
    # offered, its first space (none to choose in the first round: the centre), Khaos's draw
    # and "pieces moved"
    # (the layout a row a press: 3 rows of 3 a press on 3 x 21, 7 spaces a press on 21 x 3)
    keys(app, DEVICE + "OK " * (7 if geo["cols"] == 3 else 9) + "OK OK OK " + "OK OK OK OK " * 19)
    assert app.draw_errors == []
    gm = game(app)
    assert gm.phase() == "over" and type(app.top()).__name__ == "SoloEnd"
    assert app.session.setup["ancient"]["cols"] == geo["cols"]
    # every tile taken at most once: 40 different spaces, each holding a tile when taken
    replay = BoardGame(app.session.setup, app.session.seed)
    taken = []
    for c in app.session.cmds:
        replay.apply(c)
        if c[0] == "take":
            taken.append(c[3])
        elif c[0] == "khaos_turn":
            taken.append(replay.board.kturn[2])
    assert len(taken) == 40 and len(set(taken)) == 40
    assert gm.board.tiles_left() == 20 and all(gm.board.tcol[p] == 0 for p in taken)
    assert not any(gm.board.tcol[p] for p in geo["whites"])
    # the city: 40 tiles, no more of a kind than the bag holds, one connected area
    g = gm.city.to_grid()
    assert g.tiles() == 40 and len(g.components(lambda i: g.colour[i] != 0)) == 1
    for c in range(5):
        for v in range(1, 6):
            assert sum(1 for i in range(g.cols * g.rows) if g.colour[i] == c + 1 and g.value[i] == v) <= SUPPLY[v - 1]


def test_a_set_up_answer_that_ran_out_of_memory_is_taken_back(tmp_path, monkeypatch):
    # "Device moves Khaos" chosen while the heap is short: the next question's module fails
    # to answer, "Out of memory" is said and the Khaos cards question stays on the screen.
    # Its next OK is that question's answer again, not a second answer given to the
    # "Ancient board" question (an index 2 of a 2-item menu: "Error: tuple index out of range")
    app = boot(tmp_path)
    keys(app, DEVICE[:-len("OK OK ")])
    setup = sys.modules["games.delfos.ui_setup"]  # the set-up's module as loaded now
    load = setup.load

    def short(name):
        if name == "ui_ancient":
            monkeypatch.setattr(setup, "load", load)
            raise MemoryError  # as importing the module on a short heap
        return load(name)

    monkeypatch.setattr(setup, "load", short)
    keys(app, "OK")
    assert app.toast_text == "Out of memory"
    keys(app, "DOWN")  # the toast goes; the Khaos cards question, "Device moves Khaos" chosen
    assert app.top().title == "Khaos cards" and app.top().index == 2
    keys(app, "OK")
    assert app.top().title == "Ancient board"
    keys(app, "OK OK")  # "Device draws layout", "Matches my board"
    assert not (app.toast_text or "").startswith("Error") and app.error is None
    assert game(app).phase() == "layout"
