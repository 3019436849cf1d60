"""Each panel chip driven on SPI within its own datasheet's serial clock, on every board file that
drives SPI: MicroPython's SPI board (boards/pico_ssd1306_spi/board.py, the RP2040's divider as the
pico-sdk works it out) and CircuitPython's and Blinka's (boards/circuitpython_ssd1306/cp_board.py).

The limits, from the datasheets' 4-wire SPI timing (clock cycle time): SSD1306 100 ns (10 MHz),
SH1106 250 ns (4 MHz), SSD1309 100 ns (10 MHz)."""
import importlib.util
import os
import sys
import types

import pytest
from helpers import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import wiring  # noqa: E402

LIMIT_HZ = {"SSD1306": 10_000_000, "SH1106": 4_000_000, "SSD1309": 10_000_000}
CHIPS = ("SSD1306", "SH1106", "SSD1309")  # the boards' order (Settings, "Panel")


class FakeSPI:
    """machine.SPI: the clock set, and every byte written with the clock it went at."""

    def __init__(self, spi_id, baudrate=1_000_000, polarity=0, phase=0, sck=None, mosi=None):
        self.baudrate = baudrate
        self.sent = []  # (Hz, bytes)

    def init(self, baudrate=None):
        if baudrate is not None:
            self.baudrate = baudrate

    def write(self, buf):
        self.sent.append((wiring.spi_hz(self.baudrate), bytes(buf)))


class FakePin:
    OUT = IN = PULL_UP = 0

    def __init__(self, n, mode=0, pull=None, value=1):
        self.v = value

    def __call__(self, v=None):
        if v is not None:
            self.v = v
        return self.v

    def value(self):
        return 1


def _micropython_spi_board(monkeypatch):
    umachine = types.ModuleType("umachine")
    umachine.SPI, umachine.Pin, umachine.PWM = FakeSPI, FakePin, object  # PWM: the buzzer's, none wired
    umachine.soft_reset = lambda: None
    utime = types.ModuleType("utime")
    utime.sleep_ms = lambda ms: None
    pico = types.ModuleType("pico")

    class Pico:  # the Pico's shared part (frame, keys, rest) is not what is checked here
        def __init__(self, *args):
            pass

    pico.Pico = Pico
    for name, mod in (("umachine", umachine), ("utime", utime), ("uos", os), ("pico", pico)):
        monkeypatch.setitem(sys.modules, name, mod)
    spec = importlib.util.spec_from_file_location(
        "spi_board", os.path.join(ROOT, "boards", "pico_ssd1306_spi", "board.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("chip", range(3), ids=CHIPS)
def test_micropythons_spi_board_drives_each_chip_within_its_clock(monkeypatch, tmp_path, chip):
    monkeypatch.chdir(tmp_path)
    mod = _micropython_spi_board(monkeypatch)
    monkeypatch.setattr(mod, "SAVE_DIR", str(tmp_path / "saves"))
    board = mod.Board()
    for first in (0, 1, 2):  # whichever chip was set before (Settings changes it at any time)
        board.open_panel(first)
        board.spi.sent.clear()
        panel = board.open_panel(chip)
        panel.write_data(bytes(128))
        assert board.spi.sent, "nothing sent"
        for hz, _data in board.spi.sent:
            assert hz <= LIMIT_HZ[CHIPS[chip]], (CHIPS[chip], hz)
    # no slower than it needs to be: the RP2040's clock for the chip's limit
    assert max(hz for hz, _d in board.spi.sent) == wiring.spi_hz(LIMIT_HZ[CHIPS[chip]])


@pytest.mark.parametrize("chip", range(3), ids=CHIPS)
def test_circuitpythons_and_blinkas_spi_board_drives_each_chip_within_its_clock(chip, tmp_path):
    import cp_run
    import fake_circuitpython
    import store
    from app import App

    (tmp_path / "set-device.dat").write_bytes(store.encode({"chip": chip}, 1))
    fake_circuitpython.PanelSPI.chip = "sh1106" if chip == 1 else "ssd1306"
    try:
        board = cp_run.new_board(str(tmp_path), 3, wiring="spi")
        App(board).boot().render()  # the chip in the settings sets the panel up again
        bus = fake_circuitpython.Panel.last
    finally:
        fake_circuitpython.PanelSPI.chip = "ssd1306"
    assert board.chip == chip and isinstance(bus, fake_circuitpython.PanelSPI)
    assert bus.writes and bus.baudrate <= LIMIT_HZ[CHIPS[chip]], (CHIPS[chip], bus.baudrate)
    assert bus.baudrate == LIMIT_HZ[CHIPS[chip]]
