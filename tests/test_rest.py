"""The screen's rest (firmware/rest.py), the device settings and the about screen, on the host.

A board with the Pico's Flusher over a recording fake SSD1306 (tests/support/fake_display.py)
and a hand-moved clock that wraps at 2**30 like the Pico's ticks_ms: the panel must get
the contrast (0x81) and display-off (0xAE) commands at the right times, the key that
wakes it must do nothing else, and the settings must survive a reboot.
"""
import json
import os

import prefs
import pytest
import rest
from app import App
from display import Flusher
from oled import Panel
from fake_display import FakeI2C, FakeSSD1306
from helpers import ROOT, boot, press, run_mp
import device_ui
from keys import BACK, DOWN, OK, UP, bit
from store import Store

from boards.host.board import HostBoard
from host_sim.clock import TICKS_PERIOD, FakeClock


class RecordingI2C(FakeI2C):
    """FakeI2C that also keeps every command byte in ``log``."""

    def __init__(self):
        FakeI2C.__init__(self)
        self.log = []

    def writeto(self, addr, buf):
        FakeI2C.writeto(self, addr, buf)
        if buf[0] == 0x80:
            self.log.append(buf[1])


class PanelBoard(HostBoard):
    """The host board with the Pico's panel path: ``show`` and ``panel`` through a
    display.Flusher over FakeSSD1306; ``mask`` is what ``read_keys`` returns."""

    def __init__(self, path, start=TICKS_PERIOD - 30000):
        HostBoard.__init__(self, path, 1)
        self.clock = FakeClock(start)
        self.i2c = RecordingI2C()
        self.link = Flusher(self.buf, lambda: self.screen.opened(FakeSSD1306(self.i2c)), self.clock)
        self.screen = Panel(self.link)
        self.rest = None
        self.mask = 0

    def show(self):
        HostBoard.show(self)
        self.link.show()

    def panel(self, contrast, on, flip, shift, fast=False):
        self.screen.set(contrast, on, flip, shift, fast)

    def read_keys(self):
        r = self.rest
        return self.mask if r is None else r.keys(self.mask, self.clock.ticks_ms())

    def idle(self):
        if self.rest is not None:
            self.rest.tick(self.clock.ticks_ms())


def loop(app):
    """One pass of App.run: poll, then the board's idle unless background work is due."""
    app.poll()
    if not app.working:
        app.board.idle()


def store_prefs(path, **kw):
    doc = prefs.defaults()
    doc.update(kw)
    Store(HostBoard(str(path)).fs).save("set-" + prefs.NAME, doc)


def start(path, **kw):
    store_prefs(path, **kw)
    board = PanelBoard(str(path))
    app = App(board).boot()
    loop(app)
    board.i2c.log.clear()
    return app, board


def wait(app, ms, step=500):
    """Passes of the loop with no key for ``ms`` of the board's clock."""
    for _ in range(ms // step):
        app.board.clock.advance(step)
        loop(app)


def tap(app, key, ms=80):
    """Hold ``key`` for ``ms`` (passes every 10 ms), then let go; the loop runs on 100 ms."""
    b = app.board
    b.mask = bit(key)
    for _ in range(ms // 10):
        loop(app)
        b.clock.advance(10)
    b.mask = 0
    for _ in range(10):
        loop(app)
        b.clock.advance(10)


def pairs(log, cmd):
    """The parameters sent after each ``cmd`` in the command log."""
    return [log[i + 1] for i in range(len(log) - 1) if log[i] == cmd]


def test_contrast_drops_then_the_panel_switches_off_at_the_set_times(tmp_path):
    app, board = start(tmp_path, dim=60, off=120)
    log = board.i2c.log
    wait(app, 59000)
    assert 0xAE not in log and pairs(log, 0x81) == []
    wait(app, 1000)
    assert pairs(log, 0x81) == [rest.DIM] and 0xAE not in log
    wait(app, 59000)
    assert 0xAE not in log
    wait(app, 1000)
    assert log[-1] == 0xAE  # display off
    n = len(log)
    wait(app, 600000)  # off stays off: nothing more is sent
    assert len(log) == n


def test_the_waking_key_is_swallowed_and_the_panel_restored(tmp_path):
    app, board = start(tmp_path, dim=60, off=120)
    menu = app.stack[0]
    wait(app, 121000)
    assert board.i2c.log[-1] == 0xAE
    board.i2c.log.clear()
    tap(app, DOWN)
    log = board.i2c.log
    assert 0xAF in log and pairs(log, 0x81) == [255]  # on again, full contrast
    assert menu.index == 0  # the waking DOWN did not move the cursor
    tap(app, DOWN)
    assert menu.index == 1  # the next one does


def test_a_long_ok_that_wakes_the_panel_is_not_back(tmp_path):
    app, board = start(tmp_path, dim=60, off=0)
    wait(app, 61000)
    assert pairs(board.i2c.log, 0x81) == [rest.DIM]
    tap(app, OK, 1500)  # held long enough to be BACK (device menu) or, released, OK (open a game)
    assert len(app.stack) == 1 and app.game_name is None
    assert pairs(board.i2c.log, 0x81)[-1] == 255
    tap(app, OK, 1500)  # awake now: a long OK is BACK, the device menu opens
    assert type(app.top()).__name__ == "DeviceMenu" and app.top().title == device_ui.TITLE


def test_a_key_while_lit_acts_and_restarts_the_idle_time(tmp_path):
    app, board = start(tmp_path, dim=60, off=0)
    wait(app, 50000)
    tap(app, DOWN)
    assert app.stack[0].index == 1
    wait(app, 50000)
    assert pairs(board.i2c.log, 0x81) == []  # 100 s in all, but only 50 s since the key
    wait(app, 10000)
    assert pairs(board.i2c.log, 0x81) == [rest.DIM]


@pytest.mark.parametrize("before_wrap", [1, 20000, 59999])
def test_rest_times_across_the_tick_wrap(tmp_path, before_wrap):
    store_prefs(tmp_path, dim=60, off=0)
    board = PanelBoard(str(tmp_path), TICKS_PERIOD - before_wrap)
    app = App(board).boot()
    loop(app)
    log = board.i2c.log
    log.clear()
    wait(app, 59500)
    assert pairs(log, 0x81) == []  # not dimmed early by a wrapped tick
    wait(app, 500)
    assert pairs(log, 0x81) == [rest.DIM]  # nor never


def test_background_work_keeps_the_panel_lit(tmp_path):
    app, board = start(tmp_path, dim=60, off=120)

    class Thinking:  # the App's background job (a search)
        left = 200  # passes of work (100 s at 500 ms a pass)

        def step(self):
            self.left -= 1
            return self.left > 0

    app.job = Thinking()
    wait(app, 100000)
    assert pairs(board.i2c.log, 0x81) == [] and 0xAE not in board.i2c.log
    wait(app, 60000)  # the work ended 60 s ago
    assert pairs(board.i2c.log, 0x81) == [rest.DIM]


def test_the_picture_shifts_a_row_now_and_then(tmp_path):
    app, board = start(tmp_path, dim=0, off=0)
    log = board.i2c.log
    wait(app, rest.SHIFT_MS - 1000)
    assert [c for c in log if 0x40 <= c <= 0x7F] == []
    wait(app, 1000)
    assert [c for c in log if 0x40 <= c <= 0x7F] == [0x7F]  # start line 63: one row down
    wait(app, rest.SHIFT_MS)
    assert [c for c in log if 0x40 <= c <= 0x7F] == [0x7F, 0x40]  # and back


def test_a_reconnected_display_gets_the_rest_state_back(tmp_path):
    app, board = start(tmp_path, dim=60, off=0, flip=True)
    wait(app, 61000)
    board.i2c.dead = True
    app.stack[0].index = 2
    app.changed()
    app.render()  # the write fails: the Flusher drops the driver
    assert board.link.drv is None
    board.i2c.dead = False
    board.i2c.log.clear()
    board.link.retry(board.clock.ticks_ms())
    log = board.i2c.log
    assert pairs(log, 0x81)[-1] == rest.DIM  # still dimmed after the driver's set-up
    assert log.index(0xA0) > log.index(0xA1) and log.index(0xC0) > log.index(0xC8)  # still flipped
    assert board.i2c.ram == board.buf  # and the frame repainted


def test_flip_is_sent_and_the_frame_repainted(tmp_path):
    app, board = start(tmp_path)
    board.panel(255, True, True, 0)
    assert board.i2c.log[:2] == [0xA0, 0xC0]
    assert board.i2c.ram == board.buf


def test_a_board_without_panel_never_rests(tmp_path):
    from test_app import LoopBoard

    board = LoopBoard(str(tmp_path), [])
    app = App(board).boot()
    app.poll()
    assert getattr(board, "rest", None) is None


def open_settings(app):
    press(app, [BACK, DOWN, DOWN, OK])  # main menu: BACK (a long OK) -> the device menu -> Settings
    assert app.top().title == "Settings"


def test_settings_survive_a_reboot(tmp_path):
    app = boot(tmp_path)
    open_settings(app)
    press(app, [OK, DOWN, OK, DOWN, OK, DOWN, OK, DOWN, OK, DOWN, OK, DOWN, OK])
    want = {"contrast": 8, "dim": 300, "off": 1800, "flip": True, "long": 1500, "back": False, "lr": True,
            "chip": 0}
    assert app.prefs == want
    again = boot(tmp_path)
    assert again.prefs == want
    assert footer(again) == "OK:enter hold OK:menu"  # no BACK button: the hint says so
    assert footer(boot(tmp_path / "other")) == "OK: enter  BACK: menu"  # no settings: BACK


def test_the_panel_line_steps_the_chip_and_keeps_it(tmp_path):
    # A board that drives three chips (the Pico's): the Settings line is the last one, one UP from
    # the first (the list wraps), so it is found on a screen shifted by a wrong chip.
    app = boot(tmp_path, bench=True)
    open_settings(app)
    press(app, [UP])
    assert app.top().items[app.top().index] == "Panel: SSD1306 0x3C"
    press(app, [OK])
    assert app.board.chip == 1 and app.prefs["chip"] == 1
    assert app.top().items[-1] == "Panel: SH1106 0x3C"
    press(app, [OK, OK])  # SSD1309, then round to the SSD1306
    assert app.board.chip == 0
    press(app, [OK])
    again = boot(tmp_path, bench=True)
    assert again.prefs["chip"] == 1 and again.board.chip == 1  # set up as the SH1106 at power-on


def test_a_chip_chosen_at_power_on_is_stored(tmp_path):
    import device_run
    from host_sim.framebuf import FrameBuffer

    class Held(device_run.BenchBoard):
        chosen = 2  # OK held at power-on, let go on the SSD1309's test pattern

        clock = FakeClock()

        def panel(self, contrast, on, flip, shift, fast=False):  # the Pico's: its settings are loaded at boot
            pass

    app = App(Held(FrameBuffer, str(tmp_path), 5)).boot()
    assert app.prefs["chip"] == 2 and app.board.chip == 2 and app.board.chosen is None
    assert boot(tmp_path, bench=True).prefs["chip"] == 2


def test_a_board_without_an_oled_says_so_on_the_panel_line(tmp_path):
    # the host simulator's board (and the page's): no panel's chip to set, and the line says why
    app = boot(tmp_path)
    open_settings(app)
    items = app.top().items
    assert items[-1] == "Panel: device only" and sum(t.startswith("Panel") for t in items) == 1
    before = dict(app.prefs)
    press(app, [UP, OK])  # the last line: OK says where the chip is set, and changes nothing
    assert app.toast_text == "The OLED's chip: set on the device" and app.prefs == before


def footer(app):
    """The key hint under the Delphi "Fame values" prompt, drawn by ``app``."""
    from types import SimpleNamespace

    from games.delphi.ui_march import FamePrompt

    seen = []
    app.session = SimpleNamespace(game=SimpleNamespace(parade=1, march=1))
    app.g.footer = seen.append
    FamePrompt(app, None).draw(app.g)
    app.session = None
    return seen[0]


def test_the_long_press_time_feeds_the_buttons(tmp_path):
    store_prefs(tmp_path, long=600)
    board = PanelBoard(str(tmp_path))
    app = App(board).boot()
    app.poll()
    assert app._buttons.long_ms == 600
    tap(app, OK, 700)  # 0.7 s: BACK now
    assert app.top().title == device_ui.TITLE


@pytest.mark.parametrize("raw", [
    b"garbage",
    None,  # a document of the wrong shape, below
])
def test_a_damaged_settings_file_gives_the_defaults(tmp_path, raw):
    if raw is None:
        Store(HostBoard(str(tmp_path)).fs).save("set-device", {"contrast": "bright", "dim": 60})
    else:
        with open(os.path.join(str(tmp_path), "set-device.dat"), "wb") as f:
            f.write(raw)
    assert boot(tmp_path).prefs == prefs.defaults()


@pytest.mark.parametrize("doc", [[1], {"contrast": 300}, {"dim": -1}, {"flip": 1}, {"back": "yes"},
                                 {"long": True}, {"colour": 1}])
def test_check_rejects(doc):
    with pytest.raises(ValueError):
        prefs.check(doc)


def test_an_older_settings_document_is_filled_from_the_defaults(tmp_path):
    Store(HostBoard(str(tmp_path)).fs).save("set-device", {"contrast": 40})
    p = boot(tmp_path).prefs
    assert p["contrast"] == 40 and p["dim"] == prefs.defaults()["dim"]


def test_clear_all_saves_asks_twice_and_keeps_the_settings(tmp_path):
    app = boot(tmp_path)
    open_settings(app)
    press(app, [OK])  # contrast changed: a settings file exists
    press(app, [BACK, BACK])
    press(app, [UP, UP, OK, OK])  # the dice roller, one roll: a saved game
    app.home()
    app.render()
    assert any(i.endswith(" *") for i in app.stack[0].items)
    press(app, [BACK, UP, OK])  # the device menu -> About, its last line
    assert type(app.top()).__name__ == "About"
    press(app, [OK, DOWN, OK])  # "Clear all saves?" Yes
    assert any(i.endswith(" *") for i in app.stack[0].items) and app.top().title == "Really? No undo"
    press(app, [DOWN, OK])  # Yes again
    press(app, [OK, BACK, BACK])  # the toast, About, the device menu
    assert not any(i.endswith(" *") for i in app.stack[0].items)
    again = boot(tmp_path)
    assert again.game_name is None and not any(i.endswith(" *") for i in again.stack[0].items)
    assert again.prefs["contrast"] == 8


def test_saying_no_clears_nothing(tmp_path):
    app = boot(tmp_path)
    press(app, [UP, UP, OK, OK])
    app.home()
    press(app, [BACK, UP, OK, OK, DOWN, OK, OK])  # About: Yes, then No
    assert os.path.exists(os.path.join(str(tmp_path), "dice.dat"))


def test_number_pick_names_left_right_only_when_wired(tmp_path):
    from ui import NumberPick

    app = boot(tmp_path)
    seen = []
    text = app.g.text
    app.g.text = lambda s, *a, **k: seen.append(s) or text(s, *a, **k)
    app.push(NumberPick(app, "Favor", 0, 0, 99, lambda v: None))
    app.render()
    assert not any("</>" in s for s in seen)
    app.prefs = dict(prefs.defaults(), lr=True)
    app.changed()
    app.render()
    assert any("</> 10" in s for s in seen)


def test_one_version_string_everywhere():
    from version import VERSION

    with open(os.path.join(ROOT, "package.json")) as f:
        assert json.load(f)["version"] == VERSION, "run tools/mip_package.py"
    with open(os.path.join(ROOT, "README.md")) as f:
        assert ("Firmware version: **%s**" % VERSION) in f.read()


def test_largest_free_block_on_micropython():
    # The block it gives can be had, and one 128 bytes larger cannot (it tries to within 64).
    code = ("import sys; sys.path.insert(0, 'firmware'); import gc, device_ui; "
            "b = device_ui.largest_block(); f = gc.mem_free(); gc.collect()\n"
            "try:\n bytearray(b + 128); more = 1\nexcept MemoryError:\n more = 0\n"
            "gc.collect(); x = bytearray(b); print(b, f, more)")
    r = run_mp(["-c", code], timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    b, f, more = (int(x) for x in r.stdout.split())
    assert 0 < b <= f
    assert more == 0, "a block of %d + 128 bytes was free" % b


def test_about_says_na_where_the_interpreter_cannot_tell(tmp_path):
    import device_ui

    free, block, flash = device_ui.measure(HostBoard(str(tmp_path)).fs)
    assert free is None and block is None  # CPython: no gc.mem_free
    assert flash is not None and flash > 0  # os.statvfs of the save folder


@pytest.mark.parametrize("chip", [0, 1, 2])  # oled.SSD1306, SH1106, SSD1309
def test_a_qr_code_runs_the_panel_fast_and_dimmer_until_the_screen_changes(tmp_path, chip):
    """While the phone's QR code is shown the panel gets its fastest display clock (0xD5 0xF0 on
    the three chips: the SSD1306 and SSD1309 datasheets' fastest oscillator, the SH1106 datasheet's
    command 17, +50%) and a contrast of at most ``rest.CODE``; the set-up's 0xD5 0x80 and the
    player's contrast come back when another screen is drawn (docs/phone.md)."""
    import oled
    import phone_ui

    class ChipBoard(PanelBoard):
        def __init__(self, path):
            PanelBoard.__init__(self, path)
            self.link = Flusher(self.buf, lambda: self.screen.opened(oled.I2CPanel(self.i2c, 0x3C, chip)), self.clock)
            self.screen = Panel(self.link)

    board = ChipBoard(str(tmp_path))
    app = App(board).boot()
    loop(app)
    log = board.i2c.log
    log.clear()
    play = {"n": 3, "game": "tholos", "players": []}
    app.push(phone_ui.QrScreen(app, (21, 1, "M", 1, bytearray(b"\xff" * 512)), play))
    loop(app)
    assert pairs(log, 0xD5) == [0xF0] and pairs(log, 0x81) == [rest.CODE]
    loop(app)  # drawn again: nothing more sent
    assert pairs(log, 0xD5) == [0xF0]
    app.pop()
    loop(app)
    assert pairs(log, 0xD5) == [0xF0, 0x80] and pairs(log, 0x81) == [rest.CODE, 255]


def test_circuitpythons_panel_gets_the_fast_clock_through_its_bus(tmp_path):
    """CircuitPython's and Blinka's displayio: the one raw command goes through the display bus."""
    import sys

    sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
    import cp_run
    import fake_circuitpython

    board = cp_run.new_board(str(tmp_path), 1)
    bus = fake_circuitpython.Panel.last
    bus.commands.clear()
    board.panel(48, True, False, 0, True)
    assert (0xD5, 0xF0) in bus.commands
    board.panel(255, True, False, 0, False)
    assert bus.commands.count((0xD5, 0x80)) == 1
