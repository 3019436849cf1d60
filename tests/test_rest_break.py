"""Trying to break the screen's rest and the settings (firmware/rest.py, prefs.py,
device_ui.py) on the host fakes of tests/test_rest.py."""
from test_rest import loop, start, tap, wait

from keys import DOWN, OK
from helpers import press


def test_a_held_key_that_wakes_the_panel_does_not_repeat(tmp_path):
    app, board = start(tmp_path, dim=60, off=120)
    menu = app.stack[0]
    wait(app, 121000)
    assert board.i2c.log[-1] == 0xAE
    tap(app, DOWN, 3000)  # held 3 s: long enough for auto-repeats
    assert menu.index == 0 and len(app.stack) == 1


def test_a_longer_long_press_set_in_the_settings_is_used_at_once(tmp_path):
    app, board = start(tmp_path, dim=0, off=0)
    press(app, [4, DOWN, DOWN, OK])  # BACK: the device menu, Settings
    assert app.top().title == "Settings"
    for _ in range(4):
        press(app, [DOWN])
    press(app, [OK])  # long press 1.0 s (the default) -> 1.5 s
    assert app.prefs["long"] == 1500
    loop(app)
    tap(app, OK, 1200)  # 1.2 s: shorter than the long press now, so OK steps the line again
    assert app.prefs["long"] == 600 and app.top().title == "Settings"
