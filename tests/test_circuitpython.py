"""The CircuitPython/Blinka board file on CPython: Blinka's displayio, the owner's SSD1306
driver (adafruit-circuitpython-displayio-ssd1306) and a recording fake I2C panel.

What the panel shows after every golden key script must be the golden frames (the
frames the real MicroPython draws, see test_frames.py), byte for byte.
"""
import json
import os

import cp_run
import device_run
import fake_circuitpython
import keys
import pytest
from app import App
from gfx import Gfx
from helpers import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from fonts import BIG, SMALL
from host_sim.framebuf import FrameBuffer

SCRIPTS = device_run.load_scripts(os.path.join(ROOT, "tests", "golden"))
cp_board = cp_run.load_board()

# SSD1306 start-up with its parameters, as adafruit_displayio_ssd1306 3.0.6 sends it for 128x64:
# display off, horizontal addressing, contrast 0xCF, segment remap, normal, COM scan reversed,
# multiplex 64, clock 0x80, pre-charge 0xF1, COM pins 0x12, VCOMH 0x40, charge pump on, display on.
INIT = [(0xAE,), (0x20, 0x00), (0x81, 0xCF), (0xA1,), (0xA6,), (0xC8,), (0xA8, 63), (0xD5, 0x80),
        (0xD9, 0xF1), (0xDA, 0x12), (0xDB, 0x40), (0x8D, 0x14), (0xAF,)]


def golden(name):
    with open(os.path.join(ROOT, "tests", "golden", name + ".json")) as f:
        return {k: bytes.fromhex(v) for k, v in json.load(f).items()}


def test_the_driver_sends_the_ssd1306_init_sequence_at_400_khz(tmp_path):
    cp_run.new_board(str(tmp_path), 1)
    bus = fake_circuitpython.PanelI2C.last
    assert bus.commands[:len(INIT)] == INIT
    assert (0x20, 0x02) in bus.commands[len(INIT):]  # then page addressing, which the frames are sent in
    assert bus.frequency == 400_000
    assert (bus.scl.name, bus.sda.name) == ("GP5", "GP4")


def test_the_raspberry_pi_uses_the_header_i2c_pins(tmp_path):
    cp_run.new_board(str(tmp_path), 1, platform="cpython")
    bus = fake_circuitpython.PanelI2C.last
    assert (bus.scl.name, bus.sda.name) == ("D3", "D2")  # GPIO3 = SCL (pin 5), GPIO2 = SDA (pin 3)


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_golden_frames_on_the_panel(name, tmp_path):
    script, seed = SCRIPTS[name]
    board = cp_run.new_board(str(tmp_path), seed)
    got = cp_run.play(board, script)
    want = golden(name)
    assert sorted(got) == sorted(want)
    for k in want:
        assert got[k] == want[k], "frame %s/%s differs on the CircuitPython panel" % (name, k)
    assert board.failures == 0


def same_but_the_hint(got, want, name):
    """``got`` is the golden frame ``want``; the QR screen's ("qr") may differ only in its hint's
    two lines (x 67-127, rows 29-45): it follows the panel's chip (firmware/phone_ui.py HINTS), and
    the golden frames are the SSD1306's."""
    if name != "qr":
        return got == want
    return all(got[i] == want[i] or (i % 128 >= 67 and 3 <= i // 128 <= 5) for i in range(1024))


def test_an_sh1106_set_in_settings_shows_the_golden_frames(tmp_path):
    # The SH1106 (1.3" modules) through Adafruit's adafruit_displayio_sh1106: its RAM is 132 columns
    # wide and the panel shows 2-129 (SH1106 datasheet); page addressing only.
    import store

    (tmp_path / "set-device.dat").write_bytes(store.encode({"chip": 1}, 1))
    script, seed = SCRIPTS["oracle"]
    fake_circuitpython.PanelI2C.chip = "sh1106"
    try:
        board = cp_run.new_board(str(tmp_path), seed)
        app = App(board).boot()  # the settings: the SH1106's driver, set up again
        assert board.chip == 1 and board.where() == "0x3C"
        app.render()
        bus = fake_circuitpython.PanelI2C.last
        assert (0xAD, 0x8B) in bus.commands  # DC-DC on: the SH1106 driver's set-up
        got = {}
        for name, key in device_run.parse(script):
            if name:
                got[name] = bytes(bus.ram)
            app.handle(key)
            device_run.settle(app)
    finally:
        fake_circuitpython.PanelI2C.chip = "ssd1306"
    want = golden("oracle")
    for k in got:
        assert same_but_the_hint(got[k], want[k], k), "frame oracle/%s differs on the SH1106" % k
    assert board.failures == 0


@pytest.mark.parametrize("chip", ["ssd1306", "sh1106"])
def test_a_7_pin_spi_module_shows_the_golden_frames(chip, tmp_path):
    # PANEL_WIRING = "spi": Blinka's fourwire over busio.SPI on the MicroPython SPI board file's
    # pins (GP18 SCK, GP19 MOSI, GP17 CS, GP20 DC, GP21 RES), a byte a command while DC is low.
    import store

    if chip == "sh1106":
        (tmp_path / "set-device.dat").write_bytes(store.encode({"chip": 1}, 1))
    script, seed = SCRIPTS["oracle"]
    fake_circuitpython.PanelSPI.chip = chip
    try:
        board = cp_run.new_board(str(tmp_path), seed, wiring="spi")
        bus = fake_circuitpython.Panel.last
        assert isinstance(bus, fake_circuitpython.PanelSPI) and bus.pins == ("GP18", "GP19")
        got = cp_run.play(board, script)
        bus = fake_circuitpython.Panel.last
    finally:
        fake_circuitpython.PanelSPI.chip = "ssd1306"
    # each chip within its datasheet's serial clock: SH1106 tCYC 250 ns, SSD1306 tcycle 100 ns
    assert board.where() == "SPI" and bus.baudrate == (4_000_000 if chip == "sh1106" else 10_000_000)
    assert (0xAD, 0x8B) in bus.commands if chip == "sh1106" else bus.commands[:len(INIT)] == INIT
    want = golden("oracle")
    for k in want:
        assert same_but_the_hint(got[k], want[k], k), "frame oracle/%s differs on the %s over SPI" % (k, chip)
    assert board.failures == 0


def test_the_wiring_comes_from_settings_toml(tmp_path, monkeypatch):
    # CircuitPython's os.getenv reads CIRCUITPY/settings.toml; on a Raspberry Pi, the environment.
    monkeypatch.setenv("PANEL_WIRING", "spi")
    board = cp_run.new_board(str(tmp_path), 1, wiring=None)
    assert board.wiring == "spi" and isinstance(fake_circuitpython.Panel.last, fake_circuitpython.PanelSPI)
    monkeypatch.delenv("PANEL_WIRING")
    board = cp_run.new_board(str(tmp_path), 1, wiring=None)
    assert board.wiring == "i2c" and isinstance(fake_circuitpython.Panel.last, fake_circuitpython.PanelI2C)


def test_holding_ok_at_power_on_steps_through_the_chips(tmp_path, monkeypatch):
    # No readable screen needed: each chip's test pattern 2.5 s in turn, OK let go on the one wanted.
    import types

    import adafruit_ticks

    cp_board = cp_run.load_board()
    now = [0]
    sets = []
    monkeypatch.setattr(adafruit_ticks, "ticks_ms", lambda: now[0])

    def sleep(s):
        now[0] += round(s * 1000)

    monkeypatch.setattr(cp_board, "time", types.SimpleNamespace(sleep=sleep))  # the board's own waits
    real_set = cp_board.Board.set_chip

    def set_chip(self, c):
        sets.append((c, now[0]))
        real_set(self, c)
        if c == 2:  # the SSD1309's pattern: OK let go
            fake_circuitpython.DigitalInOut.LEVELS.pop("GP12", None)

    monkeypatch.setattr(cp_board.Board, "set_chip", set_chip)
    fake_circuitpython.DigitalInOut.LEVELS["GP12"] = False  # OK held from power-on
    try:
        board = cp_run.new_board(str(tmp_path), 1)
    finally:
        fake_circuitpython.DigitalInOut.LEVELS.pop("GP12", None)
    assert [c for c, _t in sets] == [0, 1, 2] and board.chosen == 2 and board.chip == 2
    assert [t for _c, t in sets][1:] == [2500, 5000]  # each pattern 2.5 s
    bus = fake_circuitpython.Panel.last
    assert all(bus.ram[p * 128] == 0xFF for p in range(8))  # the pattern's left edge, lit
    assert all(bus.ram[p * 128 + 127] == 0xFF for p in range(8))  # and its right edge
    monkeypatch.undo()
    app = App(board).boot()
    assert app.prefs["chip"] == 2 and board.chosen is None  # stored with the settings (prefs.start)


@pytest.mark.parametrize("platform,pins", [
    ("circuitpython", ("GP10", "GP11", "GP12", "GP13", "GP14", "GP15")),
    ("cpython", ("D17", "D27", "D22", "D23", "D24", "D25")),
])
def test_each_button_pulled_low_is_its_key(platform, pins, tmp_path):
    board = cp_run.new_board(str(tmp_path), 1, platform=platform)
    assert board.read_keys() == 0
    for key, pin in zip((keys.UP, keys.DOWN, keys.OK, keys.BACK, keys.LEFT, keys.RIGHT), pins, strict=True):
        fake_circuitpython.DigitalInOut.LEVELS[pin] = False
        try:
            assert board.read_keys() == keys.bit(key)
        finally:
            del fake_circuitpython.DigitalInOut.LEVELS[pin]


def test_clock_has_the_ticks_calls_keys_needs(tmp_path):
    board = cp_run.new_board(str(tmp_path), 1)
    now = board.clock.ticks_ms()
    later = board.clock.ticks_add(now, 1500)
    assert board.clock.ticks_diff(later, now) == 1500
    assert board.clock.ticks_diff(now, later) == -1500


def test_a_writable_drive_keeps_saves_in_files(tmp_path):
    board = cp_run.new_board(str(tmp_path), 1)
    assert board.note is None
    App(board).boot().store.save("oracle", {"a": 1})
    assert (tmp_path / "oracle.dat").exists()


def run_code_py(monkeypatch):
    """Run boards/circuitpython_ssd1306/code.py up to App.run(); returns the App."""
    import runpy

    ran = []
    monkeypatch.setattr(App, "run", lambda self: ran.append(self))
    runpy.run_path(os.path.join(cp_run.TARGET, "code.py"), run_name="__main__")
    assert len(ran) == 1
    return ran[0]


def test_a_read_only_drive_keeps_saves_in_ram_and_says_so_once(tmp_path, monkeypatch):
    (tmp_path / "old.dat").write_bytes(b"kept")

    def refuse(self, path, parts):
        raise OSError(30, "Read-only filesystem")  # EROFS: CIRCUITPY not remounted by boot.py

    monkeypatch.setattr(cp_board.OsFs, "write", refuse)
    monkeypatch.setitem(cp_board.PINS, "circuitpython", cp_board.PINS["circuitpython"][:3] + (str(tmp_path),))
    monkeypatch.setattr(cp_board.sys.implementation, "name", "circuitpython")
    app = run_code_py(monkeypatch)
    board = app.board
    assert board.note == "Drive read-only: saves last until power-off. Restart without holding UP"
    assert app.toast_text == board.note  # over the first screen, until a key is pressed
    app.render()
    app.handle(keys.DOWN)
    assert app.toast_text is None  # said once
    app.store.save("oracle", {"a": 1})
    assert not (tmp_path / "oracle.dat").exists()  # nothing reached the drive
    assert app.store.load("oracle")[0] == {"a": 1}  # but the game goes on from RAM
    assert board.fs.read("old.dat") == b"kept"  # what was on the drive is still read


def test_code_py_on_a_writable_drive_says_nothing(tmp_path, monkeypatch):
    monkeypatch.setitem(cp_board.PINS, "circuitpython", cp_board.PINS["circuitpython"][:3] + (str(tmp_path),))
    monkeypatch.setattr(cp_board.sys.implementation, "name", "circuitpython")
    app = run_code_py(monkeypatch)
    assert app.board.note is None and app.toast_text is None


def test_a_new_saves_folder_comes_after_a_guard_of_one_flash_erase_block(tmp_path):
    saves = tmp_path / "saves"
    board = cp_run.new_board(str(saves), 1)
    assert board.note is None
    assert saves.is_dir()
    assert (tmp_path / "saves.pad").read_bytes() == bytes(4096)  # written before the folder (make_saves)
    cp_run.new_board(str(saves), 1)  # a folder already there: the guard is not written again
    assert (tmp_path / "saves.pad").stat().st_size == 4096


def test_a_saves_folder_that_lost_its_mark_says_the_saves_are_lost_once(tmp_path):
    """A power cut inside the rewrite of the folder's directory sector erases every entry: the
    mark ``.kept`` and every save with it (tests/test_cp_saves_fat.py makes that on FatFs)."""
    saves = tmp_path / "saves"
    cp_run.new_board(str(saves), 1)
    assert (saves / ".kept").exists()
    for f in saves.iterdir():
        f.unlink()  # what the cut leaves: no entry at all
    assert cp_run.new_board(str(saves), 1).note == cp_board.SAVES_LOST_NOTE
    assert cp_run.new_board(str(saves), 1).note is None  # said once: the mark is back


def test_a_saves_folder_without_the_mark_that_holds_a_game_says_nothing(tmp_path):
    saves = tmp_path / "saves"
    cp_run.new_board(str(saves), 1)
    (saves / ".kept").unlink()
    (saves / "app.dat").write_bytes(b"x")  # its own load says what it lost, if anything
    assert cp_run.new_board(str(saves), 1).note is None
    (saves / ".kept").unlink()
    (saves / "app.dat").unlink()
    (tmp_path / "saves.pad").unlink()  # a folder no make_saves made (an older version's)
    assert cp_run.new_board(str(saves), 1).note is None


def test_ram_fs_rename_and_remove():
    ram = cp_board.RamFs(cp_board.OsFs("/nonexistent-dir/"))
    assert ram.read("x.dat") is None and not ram.exists("x.dat")
    ram.write("x.tmp", (b"ab", b"cd"))
    ram.rename("x.tmp", "x.dat")
    assert ram.read("x.dat") == b"abcd" and not ram.exists("x.tmp")
    ram.remove("x.dat")
    assert not ram.exists("x.dat")
    with pytest.raises(OSError):
        ram.rename("x.tmp", "y.dat")


def canvas_bytes(canvas):
    """The canvas as MONO_VLSB bytes (the golden frames' layout), read a pixel at a time."""
    out = bytearray(1024)
    for y in range(64):
        for x in range(128):
            if canvas.pixel(x, y):
                out[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return bytes(out)


def new_pair(background):
    from canvas import new_bitmap

    canvas = cp_board.Canvas(new_bitmap())
    fb = FrameBuffer(bytearray(1024), 128, 64)
    canvas.fill(background)
    fb.fill(background)
    return canvas, fb


coord = st.integers(-140, 140)
size = st.integers(-3, 140)
ops = st.lists(st.tuples(st.sampled_from(["fill_rect", "hline", "vline", "rect", "rectf", "pixel"]),
                         coord, coord, size, size, st.integers(0, 1)), max_size=12)


@settings(max_examples=60, deadline=None)
@given(ops, st.integers(0, 1))
def test_canvas_clips_like_micropython_framebuf(steps, background):
    canvas, fb = new_pair(background)
    for op, x, y, w, h, c in steps:
        for t in (canvas, fb):
            if op == "hline":
                t.hline(x, y, w, c)
            elif op == "vline":
                t.vline(x, y, h, c)
            elif op == "rectf":
                t.rect(x, y, w, h, c, True)
            elif op == "pixel":
                t.pixel(x % 150 - 10, y % 80 - 8, c)
            else:
                getattr(t, op)(x, y, w, h, c)
    assert canvas_bytes(canvas) == bytes(fb.buf)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=28, max_codepoint=130), max_size=6),
       st.integers(-20, 132), st.integers(-18, 68), st.integers(0, 1), st.booleans(), st.integers(0, 1))
def test_text_on_blinkas_bitmap_is_what_gfx_draws(s, x, y, c, big, background):
    canvas, fb = new_pair(background)
    font = BIG if big else SMALL
    assert Gfx(canvas).text(s, x, y, c, font) == Gfx(fb).text(s, x, y, c, font)
    assert canvas_bytes(canvas) == bytes(fb.buf)


class BitmapBytes(bytearray):
    """A 1-bit 64 x 128 bitmap's bytes as CircuitPython keeps them (8 pixels a byte, the high bit
    first): the buffer ``Canvas.draw_text`` draws into on the device (Blinka's Bitmap has none)."""

    def __init__(self):
        super().__init__(1024)


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=28, max_codepoint=130), max_size=7),
       st.integers(-20, 132), st.integers(-18, 68), st.integers(0, 1), st.booleans(), st.integers(0, 255))
def test_text_drawn_into_the_bitmaps_bytes_is_what_gfx_draws(s, x, y, c, big, background):
    from canvas import Pages

    bm = BitmapBytes()
    bm[:] = bytes([background]) * 1024
    canvas = cp_board.Canvas(bm)
    pages = Pages(bm)
    pages.take()
    fb = FrameBuffer(bytearray(pages.buf), 128, 64)
    font = BIG if big else SMALL
    assert canvas.text(font, s, x, y, c) == Gfx(fb).text(s, x, y, c, font)
    pages.take()
    assert bytes(pages.buf) == bytes(fb.buf)


def test_show_sends_only_the_columns_that_changed(tmp_path):
    board = cp_run.new_board(str(tmp_path), 1)
    bus = fake_circuitpython.PanelI2C.last
    board.show()  # the first frame: every page whole
    assert bus.data_bytes == 1024
    before = bus.data_bytes
    board.show()
    assert bus.data_bytes == before  # nothing changed, nothing sent
    board.fb.pixel(40, 20, 1)
    board.fb.pixel(41, 20, 1)
    board.show()
    assert bus.data_bytes - before == 2  # the two columns of the one page that changed
    assert bus.ram[2 * 128 + 40] == bus.ram[2 * 128 + 41] == 1 << 4
    # page addressing, as the MicroPython route: the page, the column's nibbles, then the run
    assert bus.commands[-3:] == [(0xB2,), (40 & 15,), (0x10 | 40 >> 4,)]


def test_a_failed_refresh_is_counted_and_the_next_one_repaints(tmp_path):
    board = cp_run.new_board(str(tmp_path), 1)
    bus = fake_circuitpython.PanelI2C.last
    board.show()
    Gfx(board.fb).text("Oracle", 10, 20)
    bus.fail = 1
    board.show()  # must not raise
    assert board.failures == 1 and board.display is None
    board.idle()  # sets the display up again (new bus), repaints
    bus = fake_circuitpython.PanelI2C.last
    assert bus.commands[:len(INIT)] == INIT
    want = FrameBuffer(bytearray(1024), 128, 64)
    Gfx(want).text("Oracle", 10, 20)
    assert bytes(bus.ram) == bytes(want.buf)


pixels = st.lists(st.tuples(st.integers(0, 127), st.integers(0, 63)), max_size=40)


@settings(max_examples=80, deadline=None)
@given(pixels, pixels)
def test_pages_send_the_micropython_routes_runs(a_pixels, b_pixels):
    """``Pages.take``: the frame as MONO_VLSB pages, and the runs of columns that changed, split
    as the MicroPython route splits them (boards/pico_ssd1306/display.py's ``runs``)."""
    import importlib.util

    from canvas import Pages, new_bitmap

    spec = importlib.util.spec_from_file_location("pico_display", os.path.join(ROOT, "boards", "pico_ssd1306",
                                                                             "display.py"))
    display = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(display)
    canvas = cp_board.Canvas(new_bitmap())
    pages = Pages(canvas.bitmap)
    fb = FrameBuffer(bytearray(1024), 128, 64)
    for x, y in a_pixels:
        canvas.pixel(x, y, 1)
        fb.pixel(x, y, 1)
    assert pages.take() == [(p, 0, 127) for p in range(8)]
    assert bytes(pages.buf) == bytes(fb.buf)
    shadow = bytes(fb.buf)
    canvas.fill(0)
    fb.fill(0)
    for x, y in b_pixels:
        canvas.pixel(x, y, 1)
        fb.pixel(x, y, 1)
    got = pages.take()
    assert bytes(pages.buf) == bytes(fb.buf)
    want = []
    found = bytearray(32)
    for p in range(8):
        if fb.buf[p * 128:p * 128 + 128] != shadow[p * 128:p * 128 + 128]:
            n = display.runs(fb.buf, shadow, p * 128, found)
            want += [(p, found[2 * i], found[2 * i + 1]) for i in range(n)]
    assert got == want
    assert pages.take(full=True) == [(p, 0, 127) for p in range(8)]


def test_the_game_runs_without_a_display_and_shows_once_it_is_plugged_in(tmp_path, monkeypatch):
    monkeypatch.setattr(fake_circuitpython.PanelI2C, "unplugged", True)
    board = cp_run.new_board(str(tmp_path), 1)
    assert board.display is None and board.failures == 1
    app = App(board).boot()
    app.render()  # draws and shows without a display, no exception
    app.handle(keys.DOWN)
    app.render()
    fake_circuitpython.PanelI2C.unplugged = False
    ticks = cp_run.load_board().adafruit_ticks  # the board's own retry clock (``idle``)
    board.next_try = ticks.ticks_add(ticks.ticks_ms(), 60_000)
    board.idle()
    assert board.display is None  # not before a second has passed since the last try
    board.next_try = ticks.ticks_ms()
    board.idle()
    assert board.display is not None
    want = FrameBuffer(bytearray(1024), 128, 64)
    ref = App(type("Ref", (), {"fb": want, "fs": board.fs, "show": lambda self: None})())
    ref.boot()
    ref.render()
    ref.handle(keys.DOWN)
    ref.render()
    assert bytes(fake_circuitpython.PanelI2C.last.ram) == bytes(want.buf)


DRIVER = """
import sys
sys.path[:0] = %r
sys.path.append(%r)
import adafruit_displayio_ssd1306, bitmaptools, i2cdisplaybus  # Blinka's stack before the fakes
import fake_circuitpython
fake_circuitpython.install()
import app
app.App.run = lambda self: self.render()
import runpy
runpy.run_path(%r, run_name="__main__")
print("from", app.__file__)
print("frame", bytes(fake_circuitpython.PanelI2C.last.ram).hex())
"""


def run_driver(cwd, paths, code_py):
    """Run code.py as on a Raspberry Pi (Blinka's displayio, fake pins); {"from": app.py's path, "frame": hex}."""
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-c", DRIVER % (paths, os.path.join(ROOT, "tests", "support"), code_py)],
                       cwd=cwd, capture_output=True, text=True, timeout=120,
                       env={"PATH": os.environ.get("PATH", "")})
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return dict(line.split(" ", 1) for line in r.stdout.splitlines() if line.startswith(("from ", "frame ")))


def main_menu_frame(tmp_path):
    want = FrameBuffer(bytearray(1024), 128, 64)
    App(type("Ref", (), {"fb": want, "fs": cp_board.RamFs(cp_board.OsFs(str(tmp_path / "none"))),
                         "show": lambda self: None})()).boot().render()
    return bytes(want.buf)


def test_the_circuitpy_folder_from_make_circuitpython_runs_by_itself(tmp_path):
    """What `make circuitpython` lays out is all code.py needs (run here as on a Raspberry Pi)."""
    import subprocess

    out = tmp_path / "CIRCUITPY"
    r = subprocess.run(["make", "-s", "circuitpython", "CP_OUT=" + str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (out / "code.py").exists() and (out / "boot.py").exists() and (out / "cp_board.py").exists()
    assert (out / "lib" / "adafruit_displayio_ssd1306.py").exists() and (out / "lib" / "adafruit_ticks.py").exists()
    assert not (out / "main.py").exists()  # MicroPython's entry point, not CircuitPython's
    got = run_driver(str(out), [".", "lib"], "code.py")
    assert got["from"].startswith(str(out))
    assert bytes.fromhex(got["frame"]) == main_menu_frame(tmp_path)
    assert (out / "saves").is_dir()  # the Raspberry Pi's save folder, in the current folder


def test_the_raspberry_pi_command_runs_from_the_repository(tmp_path):
    """PYTHONPATH=firmware python boards/circuitpython_ssd1306/code.py (docs/circuitpython.md, Raspberry Pi)."""
    got = run_driver(str(tmp_path), [cp_run.TARGET, os.path.join(ROOT, "firmware")],
                     os.path.join(cp_run.TARGET, "code.py"))
    assert got["from"] == os.path.join(ROOT, "firmware", "app.py")
    assert bytes.fromhex(got["frame"]) == main_menu_frame(tmp_path)
    assert (tmp_path / "saves").is_dir()


def test_no_hardware_module_is_imported_outside_the_board_files():
    import re

    names = "board|busio|digitalio|displayio|bitmaptools|fourwire|i2cdisplaybus|machine"
    hardware = re.compile(r"^\s*(import|from)\s+(%s)\b" % names, re.M)
    found = []
    for folder, _dirs, files in os.walk(os.path.join(ROOT, "firmware")):
        for fn in files:
            if fn.endswith(".py") and fn != "main.py":  # main.py imports the Pico's board file
                with open(os.path.join(folder, fn), encoding="utf-8") as f:
                    if hardware.search(f.read()):
                        found.append(fn)
    assert found == []
