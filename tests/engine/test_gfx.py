"""Text through the glyph hook (gfx.Glyphs: fb.blit) draws exactly what Gfx's own bit runs draw."""
from fonts import BIG, SMALL
from gfx import Gfx, Glyphs

try:
    import framebuf  # MicroPython's, in C
except ImportError:
    from host_sim import framebuf

ALL = "".join(chr(i) for i in range(32, 127)) + "\u00e9\x7f"  # and two drawn as '?'


class Fb(framebuf.FrameBuffer):
    pass


def frame(hook, s, x, y, c, font):
    buf = bytearray(1024)
    fb = Fb(buf, 128, 64, framebuf.MONO_VLSB)
    if hook:
        fb.glyph = Glyphs(fb, framebuf).glyph
    fb.fill(1 - c)
    fb.fill_rect(10, 20, 30, 9, c)  # something under the text that unlit glyph pixels must keep
    end = Gfx(fb).text(s, x, y, c, font)
    return buf, end


def check(font, positions):
    for c in (0, 1):
        for x, y in positions:
            for start in range(0, len(ALL), 20):  # 20 characters a line: each one on the screen
                s = ALL[start:start + 20]
                assert frame(True, s, x, y, c, font) == frame(False, s, x, y, c, font), (s, x, y, c)


def test_small_glyphs_blit_the_same_pixels():
    check(SMALL, ((0, 0), (-3, -2), (7, 19), (1, 58), (5, 63)))


def test_big_glyphs_blit_the_same_pixels():
    check(BIG, ((0, 0), (-4, -9), (3, 21), (2, 52)))


def test_scaled_text_keeps_drawing_itself():
    assert frame(True, "12", 3, 4, 1, BIG)[0] == frame(False, "12", 3, 4, 1, BIG)[0]
    buf = bytearray(1024)
    fb = Fb(buf, 128, 64, framebuf.MONO_VLSB)
    fb.glyph = lambda *a: 1 / 0
    Gfx(fb).text("7", 0, 0, 1, BIG, 2)
    assert any(buf)
