"""The phone's QR code: the device's QR encoder (firmware/qr.py), the play's compact form
(firmware/playcode.py, defined in docs/phone.md) and the page's reader of it
(web/playcode.js, run here under node), and the code as the panel draws it
(firmware/phone_ui.py), read from the frame with zxing-cpp (PyPI) as a phone's camera would.
"""
import json
import os
import random
import shutil
import subprocess

import panel_qr
import phone
from gfx import Gfx
import phone_ui
import playcode
import pytest
import qr
from helpers import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host_sim.framebuf import FrameBuffer

PAGE = "https://example.github.io/delphi-table-companion/"


def qr_image(rows, n, quiet=4, scale=4):
    from PIL import Image

    im = Image.new("L", ((n + 2 * quiet) * scale,) * 2, 255)
    px = im.load()
    for r in range(n):
        for c in range(n):
            if (rows[r] >> c) & 1:
                for a in range(scale):
                    for b in range(scale):
                        px[(c + quiet) * scale + a, (r + quiet) * scale + b] = 0
    return im


def read_image(im):
    import zxingcpp

    return [r.text for r in zxingcpp.read_barcodes(im, formats=zxingcpp.BarcodeFormat.QRCode)]


def text_for(version, level, rnd, alnum=True):
    """Segments (an address in byte mode, a random alphanumeric part) that need exactly ``version``."""
    for k in range(1, 400):
        t = "".join(rnd.choice(qr.ALNUM) for _ in range(k))
        segs = [(False, "x.io/#"), (True, t)] if not alnum else [(True, t)]
        if qr.fits(segs, level) == version:
            return segs
    raise AssertionError("no text for version %d" % version)


@pytest.mark.parametrize("level", ["L", "M"])
def test_every_version_and_level_reads_back(level):
    rnd = random.Random(7)
    for v in range(1, 10):
        for alnum in (True, False):
            segs = text_for(v, level, rnd, alnum)
            n, ver, lv, rows = qr.make(segs, level)
            assert (n, ver, lv) == (17 + 4 * v, v, level)
            assert read_image(qr_image(rows, n)) == ["".join(t for _a, t in segs)], (v, level, alnum)


@pytest.mark.parametrize("level", ["L", "M"])
def test_module_for_module_as_zxing_draws_it(level):
    """zxing-cpp's own QR writer draws the same symbol for the same text and level with one of
    the eight masks: the layout, the codewords and their order, the format and version
    information are the standard's."""
    import zxingcpp

    rnd = random.Random(11)
    for v in range(1, 10):
        text = "a"
        while qr.fits([(False, text)], level) < v:
            text += rnd.choice("abcdefghijklmnopqrstuvwxyz/.#-")
        img = bytes(zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level=level).to_image(
            scale=1, add_quiet_zones=False))
        n = 17 + 4 * v
        assert len(img) == n * n, (v, level)
        want = [[img[r * n + c] < 128 for c in range(n)] for r in range(n)]
        ours = []
        for mask in range(8):
            _n, _v, _l, rows = qr.make([(False, text)], level, mask)
            ours.append([[bool((rows[r] >> c) & 1) for c in range(n)] for r in range(n)])
        assert want in ours, (v, level)


def penalty(m):
    """ISO/IEC 18004 section 7.8.3, module by module (the encoder works on whole rows at once):
    runs of 5+ (3 + the length past 5), 2 x 2 blocks (3), 1:1:3:1:1 with four light modules on
    either side, beyond the symbol light (40 each side), the share of dark modules (10 a 5 %)."""
    n = len(m)
    p = 0
    lines = [list(r) for r in m] + [[m[r][c] for r in range(n)] for c in range(n)]
    for line in lines:
        run = 1
        for i in range(1, n + 1):
            if i < n and line[i] == line[i - 1]:
                run += 1
            else:
                if run >= 5:
                    p += 3 + run - 5
                run = 1
        pad = [0] * 4 + line + [0] * 4
        for i in range(len(pad) - 6):
            if pad[i:i + 7] == [1, 0, 1, 1, 1, 0, 1]:
                if i >= 4 and pad[i - 4:i] == [0] * 4:
                    p += 40
                if pad[i + 7:i + 11] == [0] * 4:
                    p += 40
    for r in range(n - 1):
        for c in range(n - 1):
            if m[r][c] == m[r][c + 1] == m[r + 1][c] == m[r + 1][c + 1]:
                p += 3
    dark = sum(sum(r) for r in m)
    k = (abs(dark * 20 - n * n * 10) + n * n - 1) // (n * n) - 1
    return p + 10 * k


def test_the_mask_with_the_lowest_penalty_is_chosen():
    rnd = random.Random(3)
    for v, level in ((1, "L"), (3, "M"), (6, "L"), (8, "M")):
        segs = text_for(v, level, rnd)
        scores = []
        for mask in range(8):
            n, _v, _l, rows = qr.make(segs, level, mask)
            scores.append(penalty([[(rows[r] >> c) & 1 for c in range(n)] for r in range(n)]))
        n, _v, _l, rows = qr.make(segs, level)
        assert penalty([[(rows[r] >> c) & 1 for c in range(n)] for r in range(n)]) == min(scores), (v, level)


def _mask_bit(m, r, c):
    """ISO/IEC 18004 table 10: module (row r, column c) is inverted by mask m."""
    return (
        (r + c) % 2 == 0, r % 2 == 0, c % 3 == 0, (r + c) % 3 == 0, (r // 2 + c // 3) % 2 == 0,
        r * c % 2 + r * c % 3 == 0, (r * c % 2 + r * c % 3) % 2 == 0, ((r + c) % 2 + r * c % 3) % 2 == 0,
    )[m]


def test_the_masks_table_is_the_standards():
    """The encoder's table of the eight masks (12 modules along each row and each column,
    the period of every mask) against the formulas of ISO/IEC 18004 table 10, and the window
    the encoder makes of it along 30 modules from module 0 and from module 23."""
    for m in range(8):
        for side in range(2):
            for k in range(12):
                o = 48 * m + 24 * side + 2 * k
                word = qr._MASKS[o] | qr._MASKS[o + 1] << 8
                for t in range(12):
                    want = _mask_bit(m, k, t) if side == 0 else _mask_bit(m, t, k)
                    assert bool(word >> t & 1) == want, (m, side, k, t)
                for start, shift in ((0, 0), (23, 23 % 12)):
                    w = qr._window(word, shift)
                    for t in range(30):
                        r, c = (k, start + t) if side == 0 else (start + t, k)
                        assert bool(w >> t & 1) == _mask_bit(m, r, c), (m, side, k, start, t)


def test_too_long_for_version_9_is_refused():
    with pytest.raises(ValueError):
        qr.make([(True, "A" * 400)], "L")
    assert qr.fits([(True, "A" * 400)], "L") == 0


# -- the compact form --------------------------------------------------------------------------

THOLOS = {"n": 7, "game": "tholos", "variant": "vs device (hard)", "rounds": 31, "minutes": 22, "players": [
    {"name": "Ana", "score": 14, "rank": 2, "winner": False, "start": True, "bot": False, "seat": "White",
     "named": True},
    {"name": "Device", "score": 19, "rank": 1, "winner": True, "start": False, "bot": True, "seat": "Device",
     "named": False}]}


def test_the_documented_example():
    """docs/phone.md, "An example", written out by hand from its rules."""
    got = playcode.encode(THOLOS, "1a2b3c4d")
    body = "2*1A2B3C4D*7*T**22*31*+VS.DEVICE.$28HARD$29**A2*14*A+NA*W+HITE*51*19**D+EVICE*"
    assert got == body + playcode.check(body)
    h = 0
    for ch in body:  # the check as docs/phone.md writes it out
        h = (h * 113 + ord(ch)) % 46649
    b36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert got.endswith(b36[h // 1296] + b36[h // 36 % 36] + b36[h % 36])
    with open(os.path.join(ROOT, "docs", "phone.md")) as f:
        assert got in f.read(), "docs/phone.md shows this play's form"


NODE_READER = r"""
import { createInterface } from "node:readline";
const m = await import(process.argv[2]);
for await (const line of createInterface({ input: process.stdin })) {
  let out;
  try { out = { ok: m.decodePlay(JSON.parse(line)) }; }
  catch (e) { out = { kind: e.kind || "error", error: e.message }; }
  console.log(JSON.stringify(out));
}
"""


class Reader:
    """web/playcode.js's decodePlay under node, one fragment a line."""

    def __init__(self, tmp):
        script = os.path.join(tmp, "reader.mjs")
        with open(script, "w") as f:
            f.write(NODE_READER)
        self.p = subprocess.Popen(["node", "--no-warnings", script, os.path.join(ROOT, "web", "playcode.js")],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def __call__(self, fragment):
        self.p.stdin.write(json.dumps(fragment) + "\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())

    def close(self):
        self.p.stdin.close()
        self.p.wait(10)


@pytest.fixture(scope="module")
def reader(tmp_path_factory):
    if not shutil.which("node"):
        pytest.skip("no node: apt-get install nodejs (the page's reader did not run)")
    r = Reader(str(tmp_path_factory.mktemp("node")))
    yield r
    r.close()


NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -'."  # names_ui.CHARS
names = st.text(NAME_CHARS, min_size=1, max_size=10).filter(lambda s: s.strip())
# any character but the controls and direction marks the page drops (HIDDEN in web/playcode.js), up to
# the 40 the device counts (a character beyond U+FFFF is one of them, as on the device)
HIDDEN = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc"), exclude_characters=HIDDEN),
                max_size=40)
player = st.fixed_dictionaries({
    "name": names, "score": st.one_of(st.none(), st.integers(-999999, 999999)), "rank": st.integers(1, 6),
    "winner": st.booleans(), "start": st.booleans(), "bot": st.booleans(), "seat": st.one_of(names, st.just(""))},
    optional={"named": st.booleans()})
plays = st.fixed_dictionaries({
    "n": st.integers(1, 999999), "game": st.sampled_from(["delfos", "delphi", "tholos", "oracle"]),
    "variant": texts, "players": st.lists(player, min_size=1, max_size=5),
    "rounds": st.integers(0, 999999), "minutes": st.integers(0, 999999)},
    optional={"board": texts.filter(bool)})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(play=plays, dev=st.text("0123456789abcdef", min_size=8, max_size=8), seat_is_name=st.booleans())
def test_random_plays_come_back_unchanged(reader, play, dev, seat_is_name):
    if seat_is_name:  # an unnamed seat: its label is the name (the form writes it once)
        play["players"][0]["seat"] = play["players"][0]["name"]
    frag = playcode.encode(play, dev)
    assert all(c in qr.ALNUM and c != " " for c in frag)
    assert reader("#" + frag) == {"ok": {"dev": dev, "play": play, "date": None}}


def test_a_bad_fragment_is_said_plainly(reader):
    frag = playcode.encode(THOLOS, "1a2b3c4d")
    for cut in (1, 5, 20, len(frag) - 8, len(frag) - 1):
        got = reader(frag[:cut])
        assert got["kind"] in ("truncated", "altered"), (cut, got)
    assert reader(frag[:-4])["kind"] == "truncated"
    i = frag.index("A+NA")
    got = reader(frag[:i] + "E" + frag[i + 1:])  # Ana -> Ena
    assert got["kind"] == "altered" and "check" in got["error"]
    body = "3" + frag[1:frag.rindex("*") + 1]
    got = reader(body + playcode.check(body))
    assert got["kind"] == "newer" and "format 3" in got["error"]
    assert reader(frag + "A" * 2000)["kind"] == "oversized"
    assert reader("hello")["kind"] == "altered"
    assert reader(frag.lower())["ok"]["play"] == THOLOS  # the case changed on the way: the same play


def format1(play, dev):
    """A play's format 1 (docs/phone.md), as firmware before format 2 wrote it: its check
    multiplied by 31."""
    body = "1" + playcode.encode(play, dev)[1:-3]
    h = 0
    for ch in body:
        h = (h * 31 + ord(ch)) % 46649
    b36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return body + b36[h // 1296] + b36[h // 36 % 36] + b36[h % 36]


def test_the_page_still_reads_format_1(reader):
    assert reader(format1(THOLOS, "1a2b3c4d")) == {"ok": {"dev": "1a2b3c4d", "play": THOLOS, "date": None}}


def test_every_change_of_two_neighbours_is_caught():
    """Format 1's check missed a pair of neighbours changed by -1 and +31 (31 * -1 + 31 = 0); format
    2's catches every change of one character or two neighbours among the form's characters."""
    frag = playcode.encode(THOLOS, "1a2b3c4d")
    body, ok = frag[:-3], frag[-3:]
    i = body.index("A+NA") + 2  # "NA": N -1 and A +31 is "M`", outside the form but a hash's test
    old = "1" + body[1:]
    bad = old[:i] + chr(ord(old[i]) - 1) + chr(ord(old[i + 1]) + 31) + old[i + 2:]
    assert format1_check(bad) == format1_check(old)  # the hole format 2 closes
    chars = sorted(set(qr.ALNUM) - {" ", "%"})
    for j in range(len(body) - 1):
        for a in chars:
            for b in chars:
                if (a, b) != (body[j], body[j + 1]):
                    assert playcode.check(body[:j] + a + b + body[j + 2:]) != ok, (j, a, b)


def format1_check(s):
    h = 0
    for ch in s:
        h = (h * 31 + ord(ch)) % 46649
    return h


def with_text(field_text):
    """A format 2 fragment of THOLOS with the variant field written as ``field_text``."""
    frag = playcode.encode(THOLOS, "1a2b3c4d")
    parts = frag.split("*")
    parts[7] = field_text
    body = "*".join(parts[:-1]) + "*"
    return body + playcode.check(body)


def test_impossible_dates_are_refused_and_real_ones_read(reader):
    for date, ok in (("202602291200", False), ("202402291200", True), ("202613011200", False),
                     ("202604311200", False), ("202612312359", True), ("202601012400", False),
                     ("202601011260", False), ("202600101200", False)):
        parts = playcode.encode(THOLOS, "1a2b3c4d").split("*")
        parts[4] = date
        body = "*".join(parts[:-1]) + "*"
        got = reader(body + playcode.check(body))
        assert ("ok" in got) == ok, (date, got)


def test_controls_and_direction_overrides_are_dropped_and_40_characters_count_as_the_device(reader):
    got = reader(with_text("A$$202EB$$2066C$0AD"))  # RLO, LRI, a line feed
    assert got["ok"]["play"]["variant"] == "ABCD"
    emoji = "$$$01F600" * 40  # 40 characters beyond U+FFFF: 40 on the device, 80 UTF-16 units
    assert reader(with_text(emoji))["ok"]["play"]["variant"] == "\U0001F600" * 40
    assert reader(with_text(emoji + "A"))["kind"] == "altered"


NODE_IDS = r"""
import { createInterface } from "node:readline";
const m = await import(process.argv[2]);
for await (const line of createInterface({ input: process.stdin })) {
  console.log(JSON.stringify(m.idKey(JSON.parse(line))));
}
"""


# Cn: characters this Python's Unicode has not assigned (U+16EA0 and others, which the page's newer
# Unicode in Node lower-cases): no name typed on a device or in BG Stats is compared across versions
@settings(max_examples=200, deadline=None)
@given(name=st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cn")), max_size=12)
       | st.sampled_from([" Ana ", "\tÖDÖN\n", "\u0130stanbul", "ΟΔΟΣ", "\u00a0Ana\u2003", "STRASSE", "ǅ"]))
def test_player_ids_are_one_definition_for_the_host_tool_and_the_page(name):
    import host_sim.bgstats as bg

    assert node_id(name) == bg.id_key(name)


_IDS = {}


def node_id(name):
    if "p" not in _IDS:
        if not shutil.which("node"):
            pytest.skip("no node: apt-get install nodejs (the page's ids did not run)")
        import tempfile

        d = tempfile.mkdtemp()
        with open(os.path.join(d, "ids.mjs"), "w") as f:
            f.write(NODE_IDS)
        _IDS["p"] = subprocess.Popen(["node", "--no-warnings", os.path.join(d, "ids.mjs"),
                                      os.path.join(ROOT, "web", "bgstats.js")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p = _IDS["p"]
    p.stdin.write(json.dumps(name) + "\n")
    p.stdin.flush()
    return json.loads(p.stdout.readline())


# -- on the panel --------------------------------------------------------------------------------

def player_of(game, i, n):
    seat = {"delfos": ("Green", "Red", "Blue", "Yellow", "Purple"), "delphi": ("Athens", "Thebes", "Corinth",
            "Sparta", "Argos"), "tholos": ("White", "Black"), "oracle": ("P1", "P2", "P3", "P4", "P5")}[game][i]
    return {"name": "Alexandra%d" % i, "score": None if game == "oracle" else 100 + i, "rank": i + 1,
            "winner": i == 0, "start": i == 1, "bot": False, "seat": seat, "named": True}


def sample_play(game, n):
    play = {"n": 123, "game": game, "variant": "%d players" % n, "players": [player_of(game, i, n) for i in range(n)],
            "rounds": 30, "minutes": 95}
    if game == "delfos":
        play["board"] = "side A, scoring card 3"
    return play


class Bench:
    def __init__(self, url=PAGE):
        self.board = type("B", (), {"page_url": url})()
        self.buf = bytearray(1024)
        self.fb = FrameBuffer(self.buf, 128, 64)
        self.stack = []
        self.job = None
        self.toasts = []

    def push(self, s):
        self.stack.append(s)

    def toast(self, t):
        self.toasts.append(t)


class BufFb(FrameBuffer):
    """A frame that exposes its bytes (``fb.buf``), as the Pico's does."""


def panel(play, url):
    """The frame of ``play``'s code screen, as the device draws it with the address ``url``; the
    same bytes whether the square is drawn module run by module run or copied into a frame that
    exposes its bytes (the Pico's)."""
    from gfx import Gfx

    app = Bench(url)
    phone.show(app, play, "1a2b3c4d")
    assert not app.toasts, app.toasts
    screen = app.stack[-1]
    screen.draw(Gfx(app.fb))
    buf = bytearray(1024)
    fb = BufFb(buf, 128, 64)
    fb.buf = buf
    screen.draw(Gfx(fb))
    assert buf == app.buf, "the copied square differs from the drawn one"
    return bytes(app.buf), screen.code


GAMES = (("delfos", (2, 4)), ("delphi", (3, 4, 5)), ("tholos", (2,)), ("oracle", (2, 4, 5)))


@pytest.mark.parametrize(("game", "sizes"), GAMES)
def test_the_panel_shows_a_code_a_phone_reads(game, sizes):
    for n in sizes:
        play = sample_play(game, n)
        frame, code = panel(play, PAGE)
        size, version, level, scale, _block = code
        got = panel_qr.read(frame)
        assert len(got) == 1, (game, n)
        head, frag = got[0].split("#")
        assert head.lower() == PAGE and frag == playcode.encode(play, "1a2b3c4d")
        assert scale == 1 and level in "LM" and size == 17 + 4 * version and size + 8 <= 64
        # the quiet zone: at least 4 modules lit round the code, within the lit square
        o = (64 - size * scale) // 2
        assert o >= 4 * scale and 64 - o - size * scale >= 4 * scale
        for y in range(64):
            for x in range(64):
                lit = frame[(y // 8) * 128 + x] >> (y % 8) & 1
                if not (o <= x < o + size * scale and o <= y < o + size * scale):
                    assert lit, (x, y)


def test_two_pixels_a_module_where_the_code_fits_them():
    """A version 1 code (with its quiet zone of 4 modules, 29 modules: 58 px) is drawn 2 px a
    module; no play of the plays log is that short with an address (a device id alone is 8
    characters), so the panel's path is tried with a short text."""
    from gfx import Gfx

    segs = [(True, "HTTP://A.IO"), (False, "/#"), (True, "1")]
    assert playcode.choose(segs) == ("M", 2)
    # version 2 (25 modules and the quiet zone: 66 px) no longer fits 2 px a module
    assert playcode.choose([(True, "HTTP://A.IO"), (False, "/#"), (True, "1*2")]) == ("L", 2)
    assert playcode.choose([(True, "HTTP://A.IO"), (False, "/#"), (True, "1*2*3*4*5")]) == ("M", 1)
    # the smallest version first: level L where it saves a version, else M
    assert playcode.choose([(True, "HTTP://A.IO"), (False, "/#"), (True, "X" * 50)]) == ("L", 1)
    assert playcode.choose([(True, "HTTP://A.IO"), (False, "/#"), (True, "X" * 60)]) == ("M", 1)
    app = Bench()
    job = phone_ui._Job(app, THOLOS, "1a2b3c4d", PAGE)
    job.gen = qr.steps(segs, "M")
    job.seg = qr.modules
    job.scale = 2
    job.finish()
    screen = phone_ui.QrScreen(app, job.code, THOLOS)
    screen.draw(Gfx(app.fb))
    assert job.code[:4] == (21, 1, "M", 2)
    assert panel_qr.read(app.buf) == ["HTTP://A.IO/#1"]
    o = (64 - 42) // 2  # the quiet zone: 4 modules of 2 px or more, lit
    assert o >= 8 and all(app.buf[(y // 8) * 128 + x] >> (y % 8) & 1 for y in range(64) for x in range(o))


@pytest.mark.parametrize(("how", "says"), [
    (None, "README"),  # a board that says nothing
    ("python3 -m host_sim --page-url URL (README)", "--page-url"),  # the simulator's (boards/host)
])
def test_without_an_address_history_says_where_to_set_one(how, says):
    app = Bench("")
    if how:
        app.board.page_how = how
    assert phone.page_url is None  # no page_url module beside the sources
    phone.show(app, THOLOS, "1a2b3c4d")
    assert says in app.stack[-1].text and app.stack[-1].text.startswith("No page address set")


def test_each_route_says_its_own_way_to_set_the_address(tmp_path, monkeypatch):
    """make deploy's page_url module, CircuitPython's settings.toml, Blinka's environment and the
    simulator each name their own way (firmware/phone.py ``how``)."""
    import sys

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import build_firmware
    finally:
        sys.path.pop(0)
    build_firmware.page_module(str(tmp_path), "", "deploy")
    text = (tmp_path / "page_url.py").read_text()
    assert "URL = ''" in text and "make deploy PAGE_URL=" in text
    sys.path.insert(0, os.path.join(ROOT, "boards", "circuitpython_ssd1306"))
    try:
        import importlib

        src = open(os.path.join(ROOT, "boards", "circuitpython_ssd1306", "cp_board.py")).read()
        table = src[src.index("PAGE_HOW = {"):src.index("}", src.index("PAGE_HOW = {")) + 1]
    finally:
        sys.path.pop(0)
    how = {}
    exec(table, {}, how)
    assert "settings.toml" in how["PAGE_HOW"]["circuitpython"] and "environment" in how["PAGE_HOW"]["cpython"]
    from boards.host.board import PAGE_URL, HostBoard

    assert PAGE_URL == "http://127.0.0.1:8000/"  # make web-serve's address on this computer
    assert "--page-url" in HostBoard(str(tmp_path / "s")).page_how
    del importlib


def test_make_firmware_page_url_writes_the_module_the_firmware_reads(tmp_path):
    """``make firmware PAGE_URL=...``: tools/build_firmware.py writes ``page_url.py`` (frozen
    by the line it returns) and refuses an address a QR code should not lead to."""
    import importlib.util
    import sys

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import build_firmware
    finally:
        sys.path.pop(0)
    line = build_firmware.page_module(str(tmp_path), PAGE)
    assert line == 'module("page_url.py", base_path=%r)\n' % str(tmp_path)
    spec = importlib.util.spec_from_file_location("page_url", str(tmp_path / "page_url.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.URL == PAGE and "make firmware PAGE_URL=" in mod.HOW
    for bad in ("ftp://x/", "https://x.io/a b", "https://x.io/#frag", "example.github.io", "https://\u00e9.io/"):
        with pytest.raises(SystemExit):
            build_firmware.page_module(str(tmp_path), bad)


def test_a_long_address_cuts_the_names_before_refusing(reader):
    """A 5-player Delfos with 10-character names and an address of 120 characters: the names are
    cut until the code fits (docs/phone.md, "How long an address can be"), the page says so and
    sends no player id for a cut name; an address no cut makes room for is refused."""
    play = sample_play("delfos", 5)
    for q in play["players"]:
        q["name"] = q["name"][:10]
    url = "https://example.github.io/" + "x" * 93 + "/"
    assert len(url) == 120
    assert playcode.choose(playcode.segments(url, playcode.encode(play, "1a2b3c4d"))) is None
    app = Bench(url)
    phone.show(app, play, "1a2b3c4d")
    assert not app.toasts, app.toasts
    screen = app.stack[-1]
    screen.draw(Gfx(app.fb))
    got = panel_qr.read(app.buf)
    assert len(got) == 1 and got[0].lower().startswith(url)
    page = reader(got[0].split("#")[1])["ok"]
    assert page["cut"] is True
    names = [q["name"] for q in page["play"]["players"]]
    assert names != [q["name"] for q in play["players"]]
    before = [q["name"] for q in play["players"]]
    assert all(n0.startswith(n1) and len(n1) >= 3 for n0, n1 in zip(before, names, strict=True))
    app = Bench("https://example.github.io/" + "x" * 200 + "/")
    phone.show(app, play, "1a2b3c4d")
    assert app.toasts == ["Play too long for a QR code"]


def test_the_simulator_offers_the_phone_by_default_and_its_code_leads_to_make_web_serve(tmp_path, reader):
    """A fresh clone's ``python3 -m host_sim``: OK on History's play shows its QR code, which leads
    to the page ``make web-serve`` serves on the same computer, with the play."""
    import device_run

    from host_sim.sim import make_app, run_script

    script, seed = device_run.load_scripts()["names"]
    cut = (script + " ").index(" ", script.index("play_qr:"))
    tokens = [t.split(":")[-1] for t in script[:cut].split()]
    app = make_app(str(tmp_path / "save"), seed)  # the simulator's own board and default address
    run_script(app, tokens[:-2], None)
    assert type(app.top()).__name__ == "PlayScreen"  # History's play: OK is "Phone"
    run_script(app, tokens[-2:-1], None)
    assert type(app.top()).__name__ == "QrScreen"
    got = panel_qr.read(app.board.last_frame)
    assert len(got) == 1
    head, frag = got[0].split("#")
    assert head.lower() == "http://127.0.0.1:8000/"
    page = reader(frag)["ok"]
    assert page["play"]["n"] == 1 and page["play"]["game"] == "tholos"
