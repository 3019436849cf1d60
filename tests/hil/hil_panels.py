"""Every panel the Pico drives, on the emulated Pico: the SSD1306, SH1106 and SSD1309, on I2C
(the project's image) and on SPI (MicroPython's stock image with ``make deploy BOARD=
pico_ssd1306_spi``'s files), and the project's SPI image (``make firmware WIRING=spi``, given as
``HIL_IMAGE_SPI``) with the 2.42" SSD1309, the panel most often sold with the 7-pin SPI interface.

Each plays a short session, a screen or two of each game, a setting and the screen's rest, with
the chip set in the stored settings: after every key the panel shows what the host App draws.
A panel set to the wrong chip (an SH1106 driven as the SSD1306, as a new device starts) shows the
host's picture two columns to the left, and the Settings line reached on it sets it right; the
chip can also be chosen with no readable screen, by holding OK at power-on.
"""
import os

import pytest
from hil_rig import PANEL_REST as REST
from hil_rig import device_settings as settings
from hil_rig import host_frames, key_figures, plays_the_panel_session

from tools.hil import host
from tools.hil.chip import MS
from tools.hil.session import Session

CHIPS = ("ssd1306", "sh1106", "ssd1309")  # the index is the setting's (boards/pico_ssd1306/oled.py)


def session(request, chip, bus, files):
    """On I2C the project's image; on SPI the stock image with the SPI board file deployed
    ("spi"), or the project's SPI image ("spi-image")."""
    if bus == "i2c":
        return Session.frozen(request.getfixturevalue("hil_frozen").firmware, files, chip=chip)
    if bus == "spi-image":
        image = os.environ.get("HIL_IMAGE_SPI", "")
        assert image and os.path.exists(image), "HIL_IMAGE_SPI: run `make firmware WIRING=spi` then `make hil`"
        return Session.frozen(image, files, chip=chip, bus="spi")
    rig = request.getfixturevalue("hil_stock")
    return Session.deployed(rig.firmware, rig.root, rig.driver, files, chip=chip, bus=bus)


def columns(frame, c0, c1):
    """Columns ``c0`` to ``c1 - 1`` of every page of ``frame``."""
    return b"".join(frame[p * 128 + c0:p * 128 + c1] for p in range(8))


def two_left(device, want):
    """True when ``device`` shows ``want`` two columns to the left (its last two columns are the
    SH1106's RAM columns 128 and 129, which a frame set up for the SSD1306 never writes)."""
    return columns(device, 0, 126) == columns(want, 2, 128)


@pytest.mark.parametrize(("chip", "bus"), [(c, b) for b in ("i2c", "spi") for c in CHIPS]
                         + [("ssd1309", "spi-image")])
def test_each_panel_plays_the_hosts_frames(request, chip, bus):
    files = settings(chip=CHIPS.index(chip), **REST)
    s = session(request, chip, bus, files)
    want = plays_the_panel_session(s, files)
    key_figures(s, "%s on %s" % (chip, bus))
    if chip == "ssd1309":
        assert not any(c == 0x8D for _t, c in s.panel.chip.unknown)  # no charge pump command sent
    assert not s.panel.chip.unknown, s.panel.chip.unknown  # every byte a command of this chip
    # the rest: dimmed after 3 s, off after 4, and the first key only wakes it
    panel = s.panel
    t0 = s.pico.now
    s.pico.run_for(4500 * MS)
    sent = [c for ns, c in panel.commands if ns >= t0]
    assert (0x81, 1) in sent and (0xAE,) in sent and not panel.on
    s.key("DOWN")
    assert panel.on and s.frame() == want[-1]


def test_a_wrong_chip_is_readable_and_set_right_in_settings(hil_frozen):
    # An SH1106 module on a new device (no settings: the SSD1306): the picture two columns to the
    # left; BACK, DOWN DOWN OK (Settings), UP (its last line, "Panel"), OK: the SH1106.
    script = "BACK DOWN DOWN OK UP OK"
    s = Session.frozen(hil_frozen.firmware, {}, chip="sh1106")
    s.boot()
    want = host_frames(script, {})
    assert two_left(s.frame(), want[0]), "the main menu"
    keys = script.split()
    for i, key in enumerate(keys):
        s.key(key)
        if i + 1 < len(keys):
            assert two_left(s.frame(), want[i + 1]), "after key %d (%s)" % (i + 1, key)
    assert s.frame() == want[-1]  # set up as the SH1106: the host's picture, every column
    assert host.save_doc(s.read("/saves/set-device.dat"))["chip"] == 1


def test_holding_ok_at_power_on_chooses_the_chip(hil_frozen):
    # OK held from power-on: the SSD1306's test pattern (an SH1106 shows its frame two columns to
    # the left: the left edge gone), then after 2.5 s the SH1106's (all four edges); let go there.
    s = Session.frozen(hil_frozen.firmware, {}, chip="sh1106")
    p = s.pico
    p.press("OK")
    p.run_for(2000 * MS)
    first = s.frame()
    assert first[0] == 0x01 and first[125] == 0xFF  # the left edge gone, the right one two columns in
    p.run_for(1500 * MS)
    second = s.frame()
    assert second[0] == second[127] == 0xFF and second[7 * 128 + 64] == 0x80  # left, right, bottom edges
    p.release("OK")
    s.settle(p.now)
    assert s.frame() == host_frames("", {})[0]  # the main menu, every column in place
    assert host.save_doc(s.read("/saves/set-device.dat"))["chip"] == 1
