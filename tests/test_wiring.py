"""The README's wiring pictures (docs/img/wiring.png and wiring-spi.png, tools/wiring.py) and their
tables show the pins of boards/pico_ssd1306/board.py (I2C) and boards/pico_ssd1306_spi/board.py
(SPI), so none can drift from its board file.

The header pins are the Raspberry Pi Pico datasheet's ("Pinout": GP4 is pin 6, GP5 pin 7, GP10-GP13
pins 14-17, GP14/GP15 pins 19/20, 3V3(OUT) pin 36, GND pin 38).
"""
import json
import os
import re

import pytest

from tools import wiring

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PNG = os.path.join(ROOT, "docs", "img", "wiring.png")
SPI_PNG = os.path.join(ROOT, "docs", "img", "wiring-spi.png")


def readme_rows(head="| from | to Pico pin |"):
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    start = text.index(head)
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append(tuple(c.strip() for c in line.strip("|").split("|")))
    return rows


def test_the_pinout_is_the_datasheets():
    assert [wiring.header_pin(g) for g in (4, 5, 10, 11, 12, 13, 14, 15)] == [6, 7, 14, 15, 16, 17, 19, 20]
    assert wiring.PINOUT[36] == "3V3" and wiring.PINOUT[38] == "GND" and wiring.PINOUT[39] == "VSYS"


def test_the_picture_and_the_readme_table_show_the_board_files_pins():
    pins = wiring.board_pins()
    want = [list(r) for r in wiring.connections(pins)]
    from PIL import Image

    with Image.open(PNG) as img:
        assert json.loads(img.text["wiring"]) == want
    assert [list(r) for r in readme_rows()] == want
    # what the board file says is what the rows say
    assert "GP%d (pin %d)" % (pins["SDA"], wiring.header_pin(pins["SDA"])) in dict(readme_rows()).values()
    for key, gpio in pins["BUTTONS"]:
        assert any(r[0].startswith("button " + key) and r[1].startswith("GP%d " % gpio) for r in readme_rows())


def test_the_spi_picture_and_table_show_the_spi_board_files_pins():
    # RP2040 datasheet, "Function select": SPI0 SCK on GP18, TX on GP19; Pico pinout: GP17 pin 22,
    # GP18 pin 24, GP19 pin 25, GP20 pin 26, GP21 pin 27.
    pins = wiring.board_pins(wiring.SPI_BOARD_PY)
    want = [list(r) for r in wiring.connections(pins)]
    from PIL import Image

    with Image.open(SPI_PNG) as img:
        assert json.loads(img.text["wiring"]) == want
    rows = readme_rows("| from (SPI module) | to Pico pin |")
    assert [list(r) for r in rows] == want
    assert dict(rows)["OLED D0 (SCK)"] == "GP18 (pin 24)" and dict(rows)["OLED D1 (MOSI)"] == "GP19 (pin 25)"
    assert wiring.spi_hz(pins["SPI_HZ"]) == 8_000_000  # 10 MHz asked: 48 MHz / 6


def test_the_committed_pictures_are_what_the_tool_draws_now():
    from PIL import Image, ImageChops

    for png, board in ((PNG, wiring.BOARD_PY), (SPI_PNG, wiring.SPI_BOARD_PY)):
        img, _meta = wiring.render(wiring.board_pins(board))
        with Image.open(png) as old:
            assert old.size == img.size
            assert ImageChops.difference(old.convert("RGB"), img).getbbox() is None, "run tools/wiring.py docs/img"


def test_a_moved_pin_changes_the_picture(tmp_path):
    with open(wiring.BOARD_PY) as f:
        src = f.read()
    moved = tmp_path / "board.py"
    moved.write_text(re.sub(r"^SDA = \d+", "SDA = 8", src, flags=re.M).replace("(keys.OK, 12)", "(keys.OK, 9)"))
    pins = wiring.board_pins(str(moved))
    rows = dict(wiring.connections(pins))
    assert rows["OLED SDA"] == "GP8 (pin 11)" and rows["button OK"] == "GP9 (pin 12) and GND"
    img, _ = wiring.render(pins)
    base, _ = wiring.render()
    from PIL import ImageChops

    assert ImageChops.difference(base, img).getbbox() is not None


def test_a_pin_that_is_not_the_buses_is_refused(tmp_path):
    with open(wiring.BOARD_PY) as f:
        src = f.read()
    bad = tmp_path / "board.py"
    bad.write_text(re.sub(r"^SDA = \d+", "SDA = 5", src, flags=re.M))
    with pytest.raises(SystemExit, match="I2C0"):
        wiring.connections(wiring.board_pins(str(bad)))
