"""host_sim.framebuf draws a byte at a time: the same bytes as the pixel-by-pixel definition
(MicroPython's framebuf.c: fill_rect and blit with its key and palette, clipped to both
frames), for rectangles and blits in and across every edge of the frame."""
import random

from host_sim.framebuf import FrameBuffer


def pixel(buf, w, h, x, y, c=None):
    """framebuf.c's MONO_VLSB pixel: byte x + (y // 8) * w, bit y % 8; None reads."""
    if not (0 <= x < w and 0 <= y < h):
        return None
    i = (y >> 3) * w + x
    if c is None:
        return (buf[i] >> (y & 7)) & 1
    if c:
        buf[i] |= 1 << (y & 7)
    else:
        buf[i] &= 0xFF ^ (1 << (y & 7))
    return None


def fill_rect(buf, w, h, x, y, rw, rh, c):
    for yy in range(y, y + rh):
        for xx in range(x, x + rw):
            pixel(buf, w, h, xx, yy, c)


def blit(buf, w, h, src, sw, sh, x, y, key, pal, pw):
    for sy in range(sh):
        for sx in range(sw):
            if not (0 <= x + sx < w and 0 <= y + sy < h):
                continue
            col = pixel(src, sw, sh, sx, sy)
            if pal is not None:
                col = pixel(pal, pw, 1, col, 0)
            if col != key:
                pixel(buf, w, h, x + sx, y + sy, col)


def test_rectangles_and_blits_draw_the_pixels_of_the_definition():
    rnd = random.Random(22)
    for _ in range(600):
        w, h = rnd.choice([(128, 64), (16, 16), (9, 13)])
        data = bytearray(rnd.randrange(256) for _ in range(w * ((h + 7) // 8)))
        want = bytearray(data)
        fb = FrameBuffer(data, w, h)
        x, y = rnd.randrange(-20, w + 5), rnd.randrange(-20, h + 5)
        if rnd.randrange(2):
            rw, rh, c = rnd.randrange(-3, 40), rnd.randrange(-3, 40), rnd.randrange(2)
            fb.fill_rect(x, y, rw, rh, c)
            fill_rect(want, w, h, x, y, rw, rh, c)
        else:
            sw, sh = rnd.choice([(5, 8), (7, 16), (3, 5), (12, 11)])
            src = bytearray(rnd.randrange(256) for _ in range(sw * ((sh + 7) // 8)))
            key = rnd.choice([-1, 0, 1, 2])
            pw = rnd.choice([0, 1, 2, 2])  # 0: no palette; 1: a palette too narrow for colour 1
            pal = bytearray(rnd.randrange(4) for _ in range(pw)) if pw else None
            fb.blit(FrameBuffer(bytearray(src), sw, sh), x, y, key, FrameBuffer(bytearray(pal), pw, 1) if pw else None)
            blit(want, w, h, src, sw, sh, x, y, key, pal, pw)
        assert data == want
