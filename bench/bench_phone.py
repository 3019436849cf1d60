"""The phone's QR code ("Phone", docs/phone.md) of a 2-, 4- and 5-player play of
each game: its version, level and module size on the panel, with the release's kind of address
(``https://<account>.github.io/<repository>/``, here the tests' ``example`` one), and the
characters of the play's compact form.  Two kinds of play: every seat under its own label (no
stored names) and every seat with a 9-character stored name (the longest the screens show in
full).  A game that has no play of that size says so.

    .venv/bin/python bench/bench_phone.py
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_sim", "shims"), ROOT]

import playcode  # noqa: E402
import qr  # noqa: E402

PAGE = "https://example.github.io/delphi-table-companion/"
# each game's seats as the device offers them: Delfos 1-5 (a solo game is the player and Khaos, two
# seats), Delphi 3-4 City States, Tholos 2, the Oracle 2-4 (its players by colour)
SEATS = {"delfos": ("Green", "Red", "Blue", "Yellow", "Purple"), "delphi": ("Athens", "Thebes", "Corinth", "Sparta"),
         "tholos": ("White", "Black"), "oracle": ("Green", "Blue", "Yellow", "Red")}
LEAST = {"delphi": 3}  # the fewest players of a game, if not 2 (Delphi: 3 or 4 City States)
NAMES = ("Alexandra", "Sebastian", "Christine", "Frederick", "Valentina")


def play(game, n, named):
    players = []
    for i in range(n):
        seat = SEATS[game][i]
        players.append({"name": NAMES[i] if named else seat, "score": None if game == "oracle" else 31 + 7 * i,
                        "rank": i + 1, "winner": i == 0, "start": i == 1, "bot": False, "seat": seat,
                        "named": named})
    p = {"n": 27, "game": game, "variant": "%d players" % n, "players": players, "rounds": 18, "minutes": 74}
    if game == "delfos":
        p["board"] = "side A, scoring card 3"
    return p


def main():
    print("| game | players | seats' labels: version, level, px a module (characters) "
          "| 9-letter names: version, level, px a module (characters) |")
    print("|---|---|---|---|")
    for game in ("delfos", "delphi", "tholos", "oracle"):
        for n in (2, 3, 4, 5) if game == "delphi" else (2, 4, 5):
            if n > len(SEATS[game]) or n < LEAST.get(game, 2):
                print("| %s | %d | no %d-player game | |" % (game, n, n))
                continue
            cells = []
            for named in (False, True):
                frag = playcode.encode(play(game, n, named), "1a2b3c4d")
                segs = playcode.segments(PAGE, frag)
                level, scale = playcode.choose(segs)
                v = qr.fits(segs, level)
                cells.append("%d-%s, %d px (%d)" % (v, level, scale, len(frag)))
            print("| %s | %d | %s | %s |" % (game, n, cells[0], cells[1]))
    fields()


FIELDS = ("format", "device", "play", "game", "date", "minutes", "rounds", "variant", "board")


def fields():
    """The compact form's characters per field (docs/phone.md) of a 4-player Delfos play with
    9-letter names: where a version could be saved."""
    frag = playcode.encode(play("delfos", 4, True), "1a2b3c4d")
    parts = frag.split("*")
    cells = ["%s %d" % (FIELDS[i], len(parts[i])) for i in range(len(FIELDS))]
    for j in range(4):
        q = parts[9 + 4 * j:13 + 4 * j]
        cells.append("player %d: flags+rank %d, score %d, name %d, seat %d" % ((j + 1,) + tuple(len(x) for x in q)))
    cells.append("check %d" % len(parts[-1]))
    print()
    print("The compact form's characters per field (a 4-player Delfos play, 9-letter names; %d in all, %d "
          "separators): %s" % (len(frag), len(parts) - 1, "; ".join(cells)))


# -- the camera model ----------------------------------------------------------------------------
# A model, not a phone: the QR screen's frame as the device draws it, each panel's pixels at their
# pitch (lit area 85% of the pitch), seen by a phone's main camera: a 1920-pixel-wide analysis frame
# through a 26 mm-equivalent lens (1x) or twice that (2x: the same sensor's middle, so blur and
# noise in pixels double with it), focused no closer than its minimum focus (nearer, the defocus of
# a 6 mm f/1.8 lens: its blur circle from the thin-lens formula), an optical blur of 1 pixel (``BLUR``),
# noise of +-19 levels, and the dark band a short exposure catches mid-refresh: a quarter of the
# code's rows at 60% brightness (``BAND``).  Four frames of a scan, the band and the panel's pixels
# on the camera's in other places in each (``FRAMES``), decoded with zxing-cpp (PyPI) as a scanner
# app would; a distance counts when two of the four read.
PANELS = (("0.96\" SSD1306", 0.17), ("1.3\" SH1106", 0.23), ("2.42\" SSD1309", 0.43))
DISTANCES_CM = (6, 8, 10, 12, 15, 18, 20, 25, 30, 35, 40, 50)
MIN_FOCUS_CM = (10, 15, 20)
ZOOMS = (1, 2)
FRAMES = ((0.1, 0.0), (0.35, 0.37), (0.6, 0.61), (0.75, 0.83))  # (band's place, phase) of each frame
SS = 8  # supersampling: rendered pixels a panel pixel
FILL = 0.9
BAND = 60  # the band's brightness, percent
BLUR = 1.0  # the optical blur (Gaussian radius), analysis pixels
F_MM = 6.0  # the real focal length of a 26 mm-equivalent phone lens (about 1/4.3 of it)
APERTURE_MM = F_MM / 1.8
SENSOR_PX_MM = 1920 / (36.0 * F_MM / 26)  # analysis pixels per mm of sensor at 1x


def qr_frame():
    """(frame bytes, the code's text): the QR screen of a 4-player Delfos play, every seat with a
    9-letter stored name, with the tests' page address."""
    import host_sim  # noqa: F401  (shims)
    from host_sim.framebuf import FrameBuffer
    from gfx import Gfx
    import phone_ui

    app = type("A", (), {})()
    app.board = type("B", (), {"page_url": PAGE})()
    app.job = None
    p = play("delfos", 4, True)
    job = phone_ui._Job(app, p, "1a2b3c4d", PAGE)
    job.finish()
    assert job.code is not None, job.fail
    buf = bytearray(1024)
    fb = FrameBuffer(buf, 128, 64)
    phone_ui.QrScreen(app, job.code, p).draw(Gfx(fb))
    return bytes(buf), PAGE + "#" + playcode.encode(p, "1a2b3c4d"), job.code


def _panel_image(frame):
    from PIL import Image, ImageDraw

    m = 16  # the module's dark border around the panel, in panel pixels
    im = Image.new("L", ((128 + 2 * m) * SS, (64 + 2 * m) * SS), 40)
    d = ImageDraw.Draw(im)
    d.rectangle((m * SS, m * SS, (128 + m) * SS - 1, (64 + m) * SS - 1), fill=12)  # the panel's black
    lit = int(SS * FILL)
    for y in range(64):
        for x in range(128):
            if frame[(y >> 3) * 128 + x] >> (y & 7) & 1:
                x0, y0 = (x + m) * SS, (y + m) * SS
                d.rectangle((x0, y0, x0 + lit - 1, y0 + lit - 1), fill=235)
    return im, m


def sees(src, m, pitch, cm, focus_cm, zoom, band, text, code_px, phase=0.0):
    """True when the model's camera at ``cm`` reads ``text`` off the panel (``band``: where the
    dark band starts, a fraction of the code's height; ``phase``: where the panel's pixels fall
    on the camera's, a fraction of a camera pixel)."""
    import random

    import zxingcpp
    from PIL import Image, ImageChops, ImageFilter

    d = cm * 10.0
    px_mm = 1920.0 / (d * 36.0 / 26 / zoom)  # analysis pixels per mm at the panel
    k = px_mm * pitch / SS
    if phase:
        o = int(phase / k)
        src = src.crop((o, o, src.width, src.height))
    w, h = max(1, int(src.width * k)), max(1, int(src.height * k))
    im = src.resize((w, h), Image.BOX)
    # the band: rows of the code's square at 35% brightness
    top = int(((m + code_px[0]) + band * code_px[1]) * SS * k)
    bh = max(1, int(code_px[1] * 0.25 * SS * k))
    strip = im.crop((0, top, w, top + bh)).point(lambda v: v * BAND // 100)
    im.paste(strip, (0, top))
    blur = BLUR
    if d < focus_cm * 10:  # nearer than the lens focuses: the defocus blur circle's radius
        blur += APERTURE_MM * F_MM * (1 / d - 1 / (focus_cm * 10.0)) * SENSOR_PX_MM * zoom / 2
    im = im.filter(ImageFilter.GaussianBlur(blur))
    rnd = random.Random(int(cm * 100 + zoom + 1000 * phase))
    noise = Image.frombytes("L", (w, h), rnd.randbytes(w * h)).point(lambda v: 128 + (v - 128) * 15 // 100)
    im = ImageChops.add(im, noise, 1.0, -128)
    got = zxingcpp.read_barcodes(im, formats=zxingcpp.BarcodeFormat.QRCode)
    return any(r.text.lower() == text.lower() for r in got)  # the scheme and host in capitals


def camera():
    frame, text, code = qr_frame()
    n, v, lv, sc = code[:4]
    code_px = ((64 - n * sc) // 2, n * sc)  # the code's first row and height, panel pixels
    print()
    print("The camera model (a model, not a phone: bench/bench_phone.py): a version %d-%s code, %d px a "
          "module, of a 4-player Delfos play with 9-letter names; distances in cm at which 2 or more of 4 "
          "frames read (all 4 unless said)"
          % (v, lv, sc))
    print("| panel (pixel pitch) | minimum focus | zoom 1x | zoom 2x |")
    print("|---|---|---|---|")
    for name, pitch in PANELS:
        src, m = _panel_image(frame)
        for focus in MIN_FOCUS_CM:
            cells = []
            for zoom in ZOOMS:
                ok = []
                for cm in DISTANCES_CM:
                    got = sum(sees(src, m, pitch, cm, focus, zoom, b, text, code_px, ph) for b, ph in FRAMES)
                    if got >= 2:
                        ok.append("%d" % cm if got == len(FRAMES) else "%d (%d/4)" % (cm, got))
                cells.append(", ".join(ok) or "none")
            print("| %s (%.2f mm) | %d cm | %s | %s |" % (name, pitch, focus, cells[0], cells[1]))


if __name__ == "__main__":
    main()
    camera()
