"""The subset of MicroPython's ``framebuf`` the firmware draws with, for CPython.

Only MONO_VLSB (the SSD1306 layout: byte ``x + (y // 8) * width``, bit
``y % 8``) and only the calls in ``firmware/gfx.py``: fill, pixel, hline,
vline, fill_rect, rect, and blit (with key and palette, for ``gfx.Glyphs``).
Clipping follows MicroPython's framebuf.c; a test draws the same frames on CPython and on the real ``micropython`` and
compares the bytes.
"""

MONO_VLSB = 0


class FrameBuffer:
    """``FrameBuffer(buf, width, height, MONO_VLSB)``; ``buf`` is a bytearray of width*height/8."""

    def __init__(self, buf, width, height, fmt=MONO_VLSB):
        if fmt != MONO_VLSB:
            raise ValueError("only MONO_VLSB")
        self.buf = buf
        self.width = width
        self.height = height

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        buf = self.buf
        width = self.width
        for yy in range(y, yend):
            mask = 1 << (yy & 7)
            base = (yy >> 3) * width
            if c:
                for xx in range(x, xend):
                    buf[base + xx] |= mask
            else:
                inv = 0xFF ^ mask
                for xx in range(x, xend):
                    buf[base + xx] &= inv

    def fill(self, c):
        v = 0xFF if c else 0
        for i in range(len(self.buf)):
            self.buf[i] = v

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        i = (y >> 3) * self.width + x
        if c is None:
            return (self.buf[i] >> (y & 7)) & 1
        if c:
            self.buf[i] |= 1 << (y & 7)
        else:
            self.buf[i] &= 0xFF ^ (1 << (y & 7))
        return None

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def blit(self, src, x, y, key=-1, palette=None):
        """Copy ``src`` (a FrameBuffer) with its top-left at (x, y), as framebuf.c does:
        each source pixel is mapped through ``palette`` (its pixel (colour, 0)) when
        given, then drawn unless it equals ``key``; clipped to both frames."""
        for sy in range(max(0, -y), min(src.height, self.height - y)):
            for sx in range(max(0, -x), min(src.width, self.width - x)):
                col = src.pixel(sx, sy)
                if palette is not None:
                    col = palette.pixel(col, 0)
                if col != key:
                    self.pixel(x + sx, y + sy, col)
