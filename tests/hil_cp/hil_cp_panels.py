"""The other panels under CircuitPython on the emulated Pico.

- The SH1106 (the 1.3" panel): the board drives it with Adafruit's displayio driver for it
  (adafruit-circuitpython-displayio-sh1106 on PyPI), chosen by the chip in the stored settings.
  It plays the panels' session (``hil_rig.PANEL_SCRIPT``: a screen or two of each game, a
  setting; tests/hil/hil_panels.py plays it under MicroPython): after every key the panel shows
  the host App's frame.  The bytes the SH1106 does not know are only 0x20 and 0x8D: the
  SSD1306's set-up the board makes before the stored chip is read (0x20 its addressing mode,
  0x8D its charge pump), and the 0x20 0x20 in Adafruit's SH1106 set-up; the chip ignores them.
- The 2.42" SSD1309 on the 7-pin SPI module (``PANEL_WIRING = "spi"`` in settings.toml): Blinka's
  and CircuitPython's ``fourwire`` on SPI0, the pins of the MicroPython SPI board file; the same
  session, every frame the host's.
- OK held at power-on with an SH1106 and no chip stored: each chip's test pattern in turn
  (``panel_pick``); let go of OK on the SH1106's, and the main menu comes up right, the chip stored.
"""
from hil_rig import PANEL_REST, device_settings, host_frames, key_figures, plays_the_panel_session

from tools.hil.chip import MS
from tools.hil.cp_session import CpSession

SH1106 = 1  # the setting's index (boards/circuitpython_ssd1306/cp_board.py, CHIPS)
SSD1309 = 2
SPI = {"/settings.toml": b'PANEL_WIRING = "spi"\n'}


def test_the_sh1106_plays_the_hosts_frames(cp):
    files = device_settings(chip=SH1106, **PANEL_REST)
    s = CpSession.deployed(cp.firmware, cp.root, cp.mpy_cross, files, chip="sh1106")
    plays_the_panel_session(s, files)
    key_figures(s, "CircuitPython, SH1106 on I2C")
    assert {c for _t, c in s.panel.chip.unknown} <= {0x20, 0x8D}, s.panel.chip.unknown


def test_the_ssd1309_on_spi_plays_the_hosts_frames(cp):
    files = dict(device_settings(chip=SSD1309, **PANEL_REST), **SPI)
    s = CpSession.deployed(cp.firmware, cp.root, cp.mpy_cross, files, chip="ssd1309", bus="spi")
    plays_the_panel_session(s, files)
    key_figures(s, "CircuitPython, SSD1309 on SPI")
    assert s.errors() == ""


def pattern(chip):
    """The test pattern of ``CHIPS[chip]`` as ``panel_pick.pick`` draws it (MONO_VLSB bytes)."""
    import helpers
    from tools.hil import host

    host._paths(helpers.ROOT)
    import panel_pick
    from host_sim.framebuf import FrameBuffer

    shots = []

    class Board:
        CHIPS = ("SSD1306", "SH1106", "SSD1309")
        fb = FrameBuffer(bytearray(1024), 128, 64)

        class clock:  # noqa: N801 (a module's place)
            t = 0

            @classmethod
            def ticks_ms(cls):
                cls.t += 100
                return cls.t

            @staticmethod
            def ticks_diff(a, b):
                return a - b

        def set_chip(self, c):
            pass

        def show(self):
            shots.append(bytes(self.fb.buf))

    panel_pick.pick(Board(), lambda: len(shots) <= chip, lambda ms: None)
    return shots[chip]


def test_holding_ok_at_power_on_chooses_the_sh1106(cp):
    s = CpSession.deployed(cp.firmware, cp.root, cp.mpy_cross, {}, chip="sh1106")
    p = s.pico
    p.press("OK")  # from power-on
    want = pattern(SH1106)
    waited = 0
    while s.frame() != want:  # CircuitPython's start, the SSD1306's pattern, then the SH1106's
        p.run_for(100 * MS)
        waited += 100
        assert waited < 12_000, "no SH1106 test pattern 12 s after power-on; USB serial: %r" % bytes(p.serial[-300:])
    p.run_for(300 * MS)
    p.release("OK")
    s.settle(p.now)
    assert s.frame() == host_frames("", {})[0]  # the main menu, every column in place
    from tools.hil import host

    assert host.save_doc(s.read("/saves/set-device.dat"))["chip"] == SH1106
    assert s.errors() == ""
