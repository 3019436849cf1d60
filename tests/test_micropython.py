"""The engine tests under the real MicroPython interpreter, with a Pico-sized heap.

Each test module runs in its own interpreter, against the cross-compiled
firmware, as one game at a time runs on the device.
"""
import ast
import os

import pytest
from helpers import ROOT, run_mp_fw

ENGINE = os.path.join(ROOT, "tests", "engine")
MODULES = sorted(f[:-3] for f in os.listdir(ENGINE) if f.startswith("test_") and f.endswith(".py"))


def count_tests(module):
    with open(os.path.join(ENGINE, module + ".py")) as fh:
        tree = ast.parse(fh.read())
    return sum(1 for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))


@pytest.mark.parametrize("module", MODULES)
def test_engine_module_under_micropython(module):
    r = run_mp_fw("tests/support/mp_run.py", [module])
    out = r.stdout + r.stderr
    assert "MemoryError" not in out, out[-3000:]
    assert r.returncode == 0, out[-3000:]
    last = [ln for ln in r.stdout.splitlines() if ln.startswith("engine:")][-1]
    # every test of the module ran (none skipped or lost), none failed
    assert last == "engine: %d passed, 0 failed" % count_tests(module), last


FULL = r"""
import sys
sys.path.insert(0, sys.argv.pop(1)[5:])
from session import Session
from games.dice.roller import DiceRoller


def main():
    s = Session(DiceRoller, {}, 1)
    s.names = ["Ann", "Bo"]  # as a resumed save sets them (restore._check)
    s.ms = 1
    s.play = 1
    hog = [None] * 6000
    i = 0
    for size in (256, 16, 1):  # the heap filled to the last block
        try:
            while i < 6000:
                hog[i] = bytearray(size)
                i += 1
        except MemoryError:
            pass
    try:
        s.stale = True  # as loop.handle's MemoryError handler does (App._suspect)
        print("set", s.stale)
    except MemoryError:
        print("MemoryError")


main()
"""


def test_a_session_is_marked_stale_with_the_heap_full(tmp_path):
    # Bug (make soak): the "Out of memory" handler raised MemoryError itself: marking a resumed
    # game's session stale grew the instance's dict, on a heap with no block left for it
    script = tmp_path / "full.py"
    script.write_text(FULL)
    r = run_mp_fw(str(script), [])
    assert r.stdout.strip() == "set True", r.stdout + r.stderr


THRESHOLD = r"""
import gc, sys
sys.path.insert(0, sys.argv.pop(1)[5:])
import restore
from games.dice.roller import DiceRoller

doc = {"game": "dice", "seed": 1, "setup": {}, "cmds": [["roll"]] * 30}
s = restore._check("dice", doc, DiceRoller)
print(len(s.cmds), gc.threshold())
try:
    restore._check("dice", dict(doc, cmds=[["no such verb"]]), DiceRoller)
except ValueError as e:
    print(e, gc.threshold())
"""


def test_a_resume_leaves_the_collector_as_it_was(tmp_path):
    # restore._check collects the replay's garbage as it goes (gc.threshold): afterwards, and after
    # a save that does not replay, no collection may be left to run every few KB of the game
    script = tmp_path / "threshold.py"
    script.write_text(THRESHOLD)
    r = run_mp_fw(str(script), [])
    assert r.stdout.split("\n")[:2] == ["30 -1", "does not replay -1"], r.stdout + r.stderr


INK = r"""
import sys
sys.path.insert(0, sys.argv.pop(1)[5:])
import framebuf, random
import display, ink
from fonts import BIG, SMALL
from gfx import Gfx

random.seed(3)
same = differ = inked = 0
for t in range(1500):
    a = bytearray(1024)
    fa = framebuf.FrameBuffer(a, 128, 64, framebuf.MONO_VLSB)
    if t % 3:  # lit pixels under the text: unlit glyph pixels must keep them, ink 0 clears
        fa.fill_rect(random.randint(-5, 120), random.randint(-5, 60), 40, 12, 1)
    b = bytearray(a)
    font = BIG if t % 4 == 0 else SMALL
    s = "".join(chr(random.choice((random.randint(32, 126), random.randint(0, 300), 0x2026)))
                for _ in range(random.randint(0, 12)))
    x = random.randint(-20, 130)
    y = random.randint(-20, 70) if t % 10 else random.choice((-300, -256, -64, -17, -16, -15, 63, 64, 300))
    c = t & 1
    ra = Gfx(fa).text(s, x, y, c, font)
    rb = ink.draw_text(b, font, s, x, y, c)
    if a == b and ra == rb:
        same += 1
    else:
        differ += 1
    inked += b != bytearray(1024) and c
print("text", same, differ, inked > 300)
same = differ = inked = 0
for t in range(600):  # scaled text (the table text is 2 x 3): ink.draw_scaled
    a = bytearray(1024)
    fa = framebuf.FrameBuffer(a, 128, 64, framebuf.MONO_VLSB)
    if t % 3:
        fa.fill_rect(random.randint(-5, 120), random.randint(-5, 60), 40, 30, 1)
    b = bytearray(a)
    font = BIG if t % 4 == 0 else SMALL
    sx = random.randint(1, 3)
    sy = random.randint(2, 4) if sx == 1 else random.randint(1, 4)
    s = "".join(chr(random.choice((random.randint(32, 126), random.randint(0, 300), 0x2026)))
                for _ in range(random.randint(0, 8)))
    x = random.randint(-40, 130)
    y = random.randint(-70, 70) if t % 10 else random.choice((-300, -64, -48, -47, 63, 64, 300))
    c = t & 1
    gap = t >> 1 & 1
    ra = Gfx(fa).text(s, x, y, c, font, sx, sy, gap)
    rb = ink.draw_scaled(b, font, s, x, y, c, sx, sy, gap)
    if a == b and ra == rb:
        same += 1
    else:
        differ += 1
    inked += b != bytearray(1024) and c
print("scaled", same, differ, inked > 100)
same = differ = 0
o1 = bytearray(24)
o2 = bytearray(24)
for t in range(1500):
    a = bytearray(random.getrandbits(8) for _ in range(1024))
    b = bytearray(a)
    base = random.randint(0, 7) * 128
    for j in range(random.randint(1, 1 + t % 30)):
        b[base + random.randint(0, 127)] ^= 1 << random.randint(0, 7)
    if a == b:
        continue
    n1 = display.runs(a, b, base, o1)
    n2 = ink.runs(a, b, base, o2)
    if n1 == n2 and o1[:2 * n1] == o2[:2 * n2]:
        same += 1
    else:
        differ += 1
print("runs", same > 1400, differ)
z = bytearray(b"\x55" * 1024)
ink.blank(z)
dark = z == bytearray(1024)
ink.blank(z, 1)
print("blank", dark, z == bytearray(b"\xff" * 1024))
from games.delfos.ui_base import pattern
same = differ = inked = 0
for t in range(1000):  # the Delfos tiles' colour patterns: ink.pattern
    a = bytearray(1024)
    fa = framebuf.FrameBuffer(a, 128, 64, framebuf.MONO_VLSB)
    if t % 3:
        fa.fill_rect(random.randint(-5, 120), random.randint(-5, 60), 30, 12, 1)
    b = bytearray(a)
    before = bytearray(a)
    x, y, c = random.randint(-20, 130), random.randint(-20, 70), t % 5
    w, h = random.randint(0, 30), random.randint(0, 25)
    pattern(fa, x, y, w, h, c)
    ink.pattern(b, x, y, w, h, c)
    if a == b:
        same += 1
    else:
        differ += 1
    inked += b != before
print("pattern", same, differ, inked > 300)
# a font of code points (gfx.find: a language's glyphs, 11 columns of 2 bytes): the machine code
# decodes the UTF-8 and searches the codes; a character the font lacks is left blank
pts = sorted(set([random.randint(0x4E00, 0x9FFF) for _ in range(60)] + [0x300C, 0xFF1A, 0xE9]))
codes = bytearray()
for p in pts:
    codes += bytes((p & 255, p >> 8))
gly = bytearray(random.getrandbits(8) for _ in range(22 * len(pts)))
for k in range(0, len(gly), 2):
    gly[k + 1] &= 7  # 11 rows: bits 0-10
cjk = (11, 11, pts[0], pts[-1], 2, memoryview(gly), memoryview(codes))
same = differ = inked = 0
for t in range(600):
    a = bytearray(1024)
    fa = framebuf.FrameBuffer(a, 128, 64, framebuf.MONO_VLSB)
    if t % 3:
        fa.fill_rect(random.randint(-5, 120), random.randint(-5, 60), 40, 24, 1)
    b = bytearray(a)
    s = "".join(chr(random.choice(pts) if random.randint(0, 5) else random.choice((65, 0x4E00, 0x1F600, 0xE9)))
                for _ in range(random.randint(0, 10)))
    x = random.randint(-30, 130)
    y = random.randint(-40, 70)
    c = t & 1
    sc = 1 + (t >> 1) % 3
    sy = sc + (t >> 3) % 2 if sc > 1 else 1
    gap = 1 if sc == 1 else t >> 4 & 1
    ra = Gfx(fa).draw(s, x, y, c, cjk, sc, sy, gap)
    if sc == 1:
        rb = ink.draw_text(b, cjk, s, x, y, c)
    else:
        rb = ink.draw_scaled(b, cjk, s, x, y, c, sc, sy, gap)
    if a == b and ra == rb:
        same += 1
    else:
        differ += 1
    inked += b != bytearray(1024) and c
print("glyphs", same, differ, inked > 100)
# a line of ASCII and glyphs in one call (ink.draw_mixed) against lang_text.mixed's runs
import lang_text
from gfx import ASCII_DY
lang_text._font = cjk
same = differ = inked = 0
for t in range(600):
    a = bytearray(1024)
    fa = framebuf.FrameBuffer(a, 128, 64, framebuf.MONO_VLSB)
    if t % 3:
        fa.fill_rect(random.randint(-5, 120), random.randint(-5, 60), 40, 24, 1)
    b = bytearray(a)
    s = "".join(chr(random.choice(pts) if random.randint(0, 2) else random.choice(
        (random.randint(32, 126), random.randint(0, 31), 127, 0x4E00, 0x1F600, 0xE9)))
        for _ in range(random.randint(0, 12)))
    x = random.randint(-30, 130)
    y = random.randint(-40, 70) if t % 10 else random.choice((-19, -18, -16, -15, 60, 61, 63, 64))
    c = t & 1
    ra = lang_text.mixed(Gfx(fa), s, x, y, c)
    rb = ink.draw_mixed(b, SMALL, cjk, s, x, y, c, ASCII_DY)
    if a == b and ra == rb:
        same += 1
    else:
        differ += 1
    inked += b != bytearray(1024) and c
print("mixed", same, differ, inked > 100)
"""


def test_ink_draws_what_gfx_draws(tmp_path):
    # The Pico's text, frame fill and changed-run search in machine code (boards/pico_ssd1306/ink.py,
    # viper) against gfx.Gfx's own bit runs and display.runs: random strings (outside the font too,
    # UTF-8), places (off every edge), inks and backgrounds, pixel for pixel
    script = tmp_path / "ink.py"
    script.write_text(INK)
    r = run_mp_fw(str(script), [])
    assert r.stdout.split("\n")[:7] == ["text 1500 0 True", "scaled 600 0 True", "runs True 0",
                                         "blank True True", "pattern 1000 0 True",
                                         "glyphs 600 0 True", "mixed 600 0 True"], r.stdout + r.stderr
