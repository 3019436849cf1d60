"""Trying to break "Device moves Khaos" (ui_board, ui_layout, ancient): the frames around
the end of the layout, undo across the layout/play boundary, hand-edited saves."""
import os

import device_run
import helpers
from test_delfos_board_ui import BOARD, ENTER
from test_delfos_ui import K, game

from app import App
from games.delfos import ancient
from host_sim.framebuf import FrameBuffer


def boot(path, seed=7):
    os.makedirs(str(path), exist_ok=True)
    app = App(device_run.BenchBoard(FrameBuffer, str(path), seed)).boot()
    helpers.watch_draw_errors(app)
    app.render()
    return app


def keys(app, text):
    for k in text.split():
        app.handle(K[k])
        app.render()


def test_the_frame_after_the_last_tile_of_the_devices_layout_is_no_draw_error(tmp_path):
    app = boot(tmp_path)
    keys(app, BOARD + "OK " * 60)
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
    Store(OsFs(str(path))).save("set-" + ancient.SETTING, doc)


def test_a_stored_geometry_without_the_confirmed_flag_is_asked_about(tmp_path):
    # the geometry dict as documented (ancient.py), written by hand: no "confirmed" key
    store_geometry(tmp_path, {"cols": 9, "rows": 7, "whites": [30, 31, 32]})
    app = boot(tmp_path)
    keys(app, BOARD)  # ... "Device draws layout", then "Board 9x7 assumed: Matches my board"
    assert app.draw_errors == [] and not (app.toast_text or "").startswith("Error")
    assert game(app).phase() == "layout"
    assert app.session.setup["ancient"]["whites"] == [30, 31, 32]
