"""The wiring pictures in the README, drawn from the Pico board files' pin tables so they cannot drift.

    .venv/bin/python tools/wiring.py docs/img      (or: make shots)
        -> docs/img/wiring.png (I2C) and docs/img/wiring-spi.png (SPI)

What is wired where comes from ``boards/pico_ssd1306/board.py`` (``SDA``, ``SCL``, ``I2C_ID``,
``BUTTONS``) and ``boards/pico_ssd1306_spi/board.py`` (``SCK``, ``MOSI``, ``CS``, ``DC``, ``RES``,
``SPI_ID``, ``SPI_HZ``, ``BUTTONS``), read with ``ast`` (a board file imports ``machine``, which
CPython has not); which header pin carries which GPIO is the Raspberry Pi Pico's pinout (Raspberry
Pi Pico datasheet, "Pinout"; the Pico 2's is the same).  Each PNG carries the connections as JSON in a
text chunk (``wiring``), which tests/test_wiring.py compares with the board file and the README's table.
Text is drawn with the device's own bitmap fonts (``firmware/fonts.py``), so the picture is the same
bytes with any Pillow.
"""
import ast
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARD_PY = os.path.join(ROOT, "boards", "pico_ssd1306", "board.py")
SPI_BOARD_PY = os.path.join(ROOT, "boards", "pico_ssd1306_spi", "board.py")
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from fonts import BIG, SMALL  # noqa: E402

# The Pico's (and Pico 2's) 40 header pins, top view with the USB socket up: 1-20 down the left
# edge, 21-40 up the right edge (Raspberry Pi Pico datasheet, "Pinout").
PINOUT = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND", 9: "GP6", 10: "GP7",
    11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11", 16: "GP12", 17: "GP13", 18: "GND", 19: "GP14",
    20: "GP15", 21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21", 28: "GND",
    29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "GND", 34: "GP28", 35: "ADC_VREF", 36: "3V3",
    37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
# RP2040/RP2350 datasheets, "Function select": the GPIOs that carry each I2C block's SDA and SCL.
I2C_SDA = {0: (0, 4, 8, 12, 16, 20), 1: (2, 6, 10, 14, 18, 26)}
I2C_SCL = {0: (1, 5, 9, 13, 17, 21), 1: (3, 7, 11, 15, 19, 27)}
# The same for each SPI block's SCK and TX (MOSI).
SPI_SCK = {0: (2, 6, 18, 22), 1: (10, 14, 26)}
SPI_TX = {0: (3, 7, 19), 1: (11, 15, 27)}
KEY_NAMES = ("UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT")
REQUIRED = ("UP", "DOWN", "OK")
# The common 0.96" module's header, left to right (some modules have VCC and GND the other way round).
OLED_PINS = ("GND", "VCC", "SCL", "SDA")
# The 7-pin SPI module's header, left to right: D0 is the clock, D1 the data in.
SPI_OLED_PINS = ("GND", "VCC", "D0", "D1", "RES", "DC", "CS")
SPI_SIGNALS = (("D0", "SCK"), ("D1", "MOSI"), ("RES", "RES"), ("DC", "DC"), ("CS", "CS"))
I2C_NAMES = ("SDA", "SCL", "I2C_ID", "ADDRESSES", "I2C_HZ")
SPI_NAMES = ("SCK", "MOSI", "CS", "DC", "RES", "SPI_ID", "SPI_HZ")


def board_pins(path=BOARD_PY):
    """{"SDA": gpio, "SCL": gpio, "I2C_ID": n, "ADDRESSES": (addr, ...), "I2C_HZ": hz,
    "BUTTONS": [(key name, gpio), ...]} from an I2C board file; from an SPI one (a board file
    with ``SCK``) "SCK", "MOSI", "CS", "DC", "RES" (gpios), "SPI_ID", "SPI_HZ" and "BUTTONS"."""
    with open(path) as f:
        tree = ast.parse(f.read())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name in I2C_NAMES + SPI_NAMES:
                out[name] = ast.literal_eval(node.value)
            elif name == "BUTTONS":
                out[name] = [(k.attr, ast.literal_eval(n)) for k, n in (e.elts for e in node.value.elts)]
    for need in (SPI_NAMES if "SCK" in out else I2C_NAMES) + ("BUTTONS",):
        if need not in out:
            raise SystemExit("%s: no %s" % (path, need))
    return out


PERI_HZ = 48_000_000  # clk_peri as MicroPython's rp2 port sets it


def spi_hz(asked, peri=PERI_HZ):
    """The SPI clock the RP2040 gives for ``asked`` Hz: the pico-sdk's ``spi_set_baudrate`` (an even
    prescale 2-254, then a post-divider 1-256: the fastest rate not above ``asked``)."""
    prescale = 2
    while prescale <= 254 and peri >= (prescale + 2) * 256 * asked:
        prescale += 2
    postdiv = 256
    while postdiv > 1 and peri // (prescale * (postdiv - 1)) <= asked:
        postdiv -= 1
    return peri // (prescale * postdiv)


def header_pin(gpio):
    """The header pin number that carries ``gpio``; ValueError if the Pico has none."""
    for n, name in PINOUT.items():
        if name == "GP%d" % gpio:
            return n
    raise ValueError("GP%d is not on the Pico's header" % gpio)


def connections(pins=None):
    """[(part's pin, "GPn (pin m)" or "3V3 (pin 36)"), ...]: what the picture and the README's table show."""
    pins = pins or board_pins()
    gnd = 38
    rows = [("OLED VCC", "3V3 (pin 36)"), ("OLED GND", "GND (pin %d)" % gnd)]
    if "SCK" in pins:
        bus = pins["SPI_ID"]
        if pins["SCK"] not in SPI_SCK[bus] or pins["MOSI"] not in SPI_TX[bus]:
            raise SystemExit("board.py: GP%d/GP%d are not SPI%d's SCK/TX" % (pins["SCK"], pins["MOSI"], bus))
        for oled, name in SPI_SIGNALS:
            label = "OLED %s" % oled + {"D0": " (SCK)", "D1": " (MOSI)"}.get(oled, "")
            rows.append((label, "GP%d (pin %d)" % (pins[name], header_pin(pins[name]))))
    else:
        bus = pins["I2C_ID"]
        if pins["SDA"] not in I2C_SDA[bus] or pins["SCL"] not in I2C_SCL[bus]:
            raise SystemExit("board.py: GP%d/GP%d are not I2C%d's SDA/SCL" % (pins["SDA"], pins["SCL"], bus))
        rows += [("OLED SDA", "GP%d (pin %d)" % (pins["SDA"], header_pin(pins["SDA"]))),
                 ("OLED SCL", "GP%d (pin %d)" % (pins["SCL"], header_pin(pins["SCL"])))]
    for key, gpio in pins["BUTTONS"]:
        label = "button %s" % key + ("" if key in REQUIRED else " (optional)")
        rows.append((label, "GP%d (pin %d) and GND" % (gpio, header_pin(gpio))))
    return rows


# --- drawing --------------------------------------------------------------------------------------

W, H = 1000, 690
BG = (250, 248, 240)
INK = (30, 30, 30)
BOARD_GREEN = (34, 110, 60)
PAD = (214, 180, 90)
COLOURS = {"3V3": (200, 30, 30), "GND": (20, 20, 20), "SDA": (30, 90, 210), "SCL": (230, 150, 0),
           "KEY": (40, 150, 60), "D0": (230, 150, 0), "D1": (30, 90, 210), "RES": (140, 60, 170),
           "DC": (0, 150, 160), "CS": (150, 100, 50)}


def text(draw, s, x, y, fill=INK, font=SMALL, scale=1, anchor="l"):
    """``s`` in one of the device's bitmap fonts, top-left at (x, y) (``anchor`` "r": right edge at x,
    "c": centred on x); returns the width in pixels."""
    w, h, first, last, nb, data = font
    adv = (w + 1) * scale
    width = adv * len(s) - scale
    if anchor == "r":
        x -= width
    elif anchor == "c":
        x -= width // 2
    for ch in s:
        code = ord(ch)
        if not first <= code <= last:
            code = 63
        o = (code - first) * w * nb
        for cx in range(w):
            bits = data[o] | (data[o + 1] << 8 if nb == 2 else 0)
            o += nb
            for cy in range(h):
                if bits >> cy & 1:
                    draw.rectangle((x + cx * scale, y + cy * scale, x + cx * scale + scale - 1,
                                    y + cy * scale + scale - 1), fill=fill)
        x += adv
    return width


def wire(draw, points, colour):
    draw.line(points, fill=colour, width=4, joint="curve")
    for p in (points[0], points[-1]):
        draw.ellipse((p[0] - 4, p[1] - 4, p[0] + 4, p[1] + 4), fill=colour)


def render(pins=None):
    """The picture (a Pillow image, mode RGB) with its connections as a text chunk ready to save."""
    from PIL import Image, ImageDraw

    pins = pins or board_pins()
    rows = connections(pins)
    spi = "SCK" in pins
    img = Image.new("RGB", (W, H), BG)
    d = ImageDraw.Draw(img)
    text(d, "Wiring: Raspberry Pi Pico or Pico 2 (top view, USB up)", 20, 14, font=BIG, scale=1)
    text(d, "drawn by tools/wiring.py from boards/%s/board.py" % ("pico_ssd1306_spi" if spi else "pico_ssd1306"),
         20, 36)

    # The Pico: 20 pins a side, 0.1" apart, drawn 24 px apart.
    px, py, pw, step = 380, 90, 200, 24
    ph = step * 20 + 20
    d.rectangle((px, py, px + pw, py + ph), fill=BOARD_GREEN, outline=INK, width=2)
    d.rectangle((px + pw // 2 - 28, py - 14, px + pw // 2 + 28, py + 16), fill=(190, 190, 190), outline=INK)
    text(d, "USB", px + pw // 2, py - 6, anchor="c")
    text(d, "Pico", px + pw // 2, py + ph // 2 - 20, fill=(255, 255, 255), font=BIG, scale=2, anchor="c")
    text(d, "Pico 2", px + pw // 2, py + ph // 2 + 14, fill=(255, 255, 255), font=BIG, anchor="c")

    def pin_xy(n):
        if n <= 20:
            return px, py + 20 + (n - 1) * step
        return px + pw, py + 20 + (40 - n) * step

    for n, name in PINOUT.items():
        x, y = pin_xy(n)
        d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=PAD, outline=INK)
        if n <= 20:
            text(d, "%d %s" % (n, name), x + 10, y - 3, fill=(255, 255, 255))
        else:
            text(d, "%s %d" % (name, n), x - 10, y - 3, fill=(255, 255, 255), anchor="r")

    # The OLED module, right of the Pico, its header along its top edge.
    ox, oy, ow, oh = 700, 90, 250, 150
    d.rectangle((ox, oy, ox + ow, oy + oh), fill=(20, 40, 110), outline=INK, width=2)
    d.rectangle((ox + 20, oy + 50, ox + ow - 20, oy + oh - 15), fill=(5, 5, 5))
    text(d, "128x64 OLED", ox + ow // 2, oy + 62, fill=(120, 200, 255), font=BIG, anchor="c")
    if spi:
        bus = "SPI%d %g MHz" % (pins["SPI_ID"], spi_hz(pins["SPI_HZ"]) / 1e6)
    else:
        bus = "I2C%d 0x%02X %dk" % (pins["I2C_ID"], pins["ADDRESSES"][0], pins["I2C_HZ"] // 1000)
    text(d, bus, ox + ow // 2, oy + 88, fill=(120, 200, 255), font=BIG, anchor="c")
    opin = {}
    names = SPI_OLED_PINS if spi else OLED_PINS
    for i, name in enumerate(names):
        x, y = (ox + 29 + i * 32, oy + 22) if spi else (ox + 55 + i * 46, oy + 22)
        opin[name] = (x, y)
        d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=PAD, outline=INK)
        text(d, name, x, y + 10, fill=(255, 255, 255), anchor="c")
    if spi:
        text(d, "D0 is SCK, D1 is MOSI (SDA on some)", ox + ow // 2, oy + oh + 8, anchor="c")
    else:
        text(d, "some modules: VCC GND SCL SDA", ox + ow // 2, oy + oh + 8, anchor="c")
    text(d, "(match the names, not the places)", ox + ow // 2, oy + oh + 20, anchor="c")

    # OLED power: straight to the right edge's 3V3 (36) and GND (38).
    for name, n, lane in (("VCC", 36, 660), ("GND", 38, 645)):
        x, y = opin[name]
        tx, ty = pin_xy(n)
        colour = COLOURS["3V3" if name == "VCC" else "GND"]
        wire(d, [(x, y), (x, oy - 30 + (10 if name == "VCC" else 0)), (lane, oy - 30 + (10 if name == "VCC" else 0)),
                 (lane, ty), (tx, ty)], colour)
    if spi:
        # The signals to the Pico's right edge: the lane nearest the Pico to the pin nearest the
        # top, so no wire crosses another on the way in.
        order = sorted(SPI_SIGNALS, key=lambda s: pin_xy(header_pin(pins[s[1]]))[1])
        for k, (oled, name) in enumerate(order):
            x, y = opin[oled]
            tx, ty = pin_xy(header_pin(pins[name]))
            lane, top = 594 + 10 * k, 52 + 4 * k
            wire(d, [(x, y), (x, top), (lane, top), (lane, ty), (tx, ty)], COLOURS[oled])
    else:
        # The bus: over the top of the Pico and down its left edge to SDA/SCL.
        for name, lane, top in (("SDA", 350, 62), ("SCL", 335, 54)):
            x, y = opin[name]
            tx, ty = pin_xy(header_pin(pins[name]))
            wire(d, [(x, y), (x, top), (lane, top), (lane, ty), (tx, ty)], COLOURS[name])

    # Buttons, left of the Pico: pin -> switch -> a GND rail to the nearest GND pin on the left edge.
    rail_x = 60
    ys = []
    for key, gpio in pins["BUTTONS"]:
        n = header_pin(gpio)
        tx, ty = pin_xy(n)
        ys.append(ty)
        sx = 150
        wire(d, [(tx, ty), (sx + 60, ty)], COLOURS["KEY"])
        d.line((sx + 60, ty, sx + 48, ty - 12), fill=INK, width=3)  # the switch's contact, open
        d.line((sx + 36, ty, sx + 20, ty), fill=INK, width=3)
        d.ellipse((sx + 44, ty - 3, sx + 50, ty + 3), fill=INK)
        d.ellipse((sx + 34, ty - 3, sx + 40, ty + 3), fill=INK)
        wire(d, [(sx + 20, ty), (rail_x, ty)], COLOURS["GND"])
        label = key if key in REQUIRED else key + " *"
        text(d, label, sx + 80, ty - 12)
    gnd_pins = [n for n in range(1, 21) if PINOUT[n] == "GND"]
    mid = sum(ys) // len(ys)
    g = min(gnd_pins, key=lambda n: abs(pin_xy(n)[1] - mid))
    gx, gy = pin_xy(g)
    d.line((rail_x, min(ys + [gy]), rail_x, max(ys + [gy])), fill=COLOURS["GND"], width=4)
    wire(d, [(rail_x, gy), (rail_x + 20, gy), (rail_x + 20, gy - 0), (gx, gy)], COLOURS["GND"])
    text(d, "GND", rail_x - 6, min(ys) - 18, anchor="c")

    # The key.
    ky = py + ph + 30
    x = 20
    signals = [o for o, _n in SPI_SIGNALS] if spi else ["SDA", "SCL"]
    for name, colour in [("3V3", COLOURS["3V3"]), ("GND", COLOURS["GND"])] + [(n, COLOURS[n]) for n in signals] + [
            ("button", COLOURS["KEY"])]:
        d.line((x, ky + 7, x + 30, ky + 7), fill=colour, width=4)
        x += 38 + text(d, name, x + 38, ky + 3) + 20
    text(d, "* optional: without BACK, hold OK for a second.", x, ky + 3)
    text(d, "No resistors for the buttons: the Pico's internal pull-ups hold each pin high and a press pulls it"
         " to GND.", 20, ky + 26)
    if spi:
        text(d, "SPI needs no pull-ups. A module with jumpers or resistors for I2C/SPI must be set to 4-wire SPI.",
             20, ky + 40)
    else:
        text(d, "The I2C bus needs pull-ups on SDA and SCL to 3V3: most OLED modules carry them (4.7-10 kOhm);"
             " add 4.7 kOhm if yours has none.", 20, ky + 40)

    meta = json.dumps(rows)
    return img, meta


PICTURES = (("wiring.png", BOARD_PY), ("wiring-spi.png", SPI_BOARD_PY))


def write(folder, name="wiring.png", board=BOARD_PY):
    from PIL import PngImagePlugin

    img, meta = render(board_pins(board))
    info = PngImagePlugin.PngInfo()
    info.add_text("wiring", meta)
    path = os.path.join(folder, name)
    img.save(path, pnginfo=info, optimize=True)
    return path


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    folder = argv[0] if argv else os.path.join(ROOT, "docs", "img")
    for name, board in PICTURES:
        print(write(folder, name, board))
    return 0


if __name__ == "__main__":
    sys.exit(main())
