"""The SH1106 (the 1.3" panel) under CircuitPython on the emulated Pico: the board drives it with
Adafruit's displayio driver for it (adafruit-circuitpython-displayio-sh1106 on PyPI), chosen by the
chip in the stored settings.  It plays the panels' session (``hil_rig.PANEL_SCRIPT``: a screen or
two of each game, a setting; tests/hil/hil_panels.py plays it under MicroPython): after every key
the panel shows the host App's frame.  The bytes the SH1106 does not know are only 0x20 and 0x8D:
the SSD1306's set-up the board makes before the stored chip is read (0x20 its addressing mode,
0x8D its charge pump), and the 0x20 0x20 in Adafruit's SH1106 set-up; the chip ignores them.
"""
from hil_rig import PANEL_REST, device_settings, plays_the_panel_session

from tools.hil.cp_session import CpSession

SH1106 = 1  # the setting's index (boards/circuitpython_ssd1306/cp_board.py, CHIPS)


def test_the_sh1106_plays_the_hosts_frames(cp):
    files = device_settings(chip=SH1106, **PANEL_REST)
    s = CpSession.deployed(cp.firmware, cp.root, cp.mpy_cross, files, chip="sh1106")
    plays_the_panel_session(s, files)
    assert {c for _t, c in s.panel.chip.unknown} <= {0x20, 0x8D}, s.panel.chip.unknown
