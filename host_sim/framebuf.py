"""The subset of MicroPython's ``framebuf`` the firmware draws with, for CPython.

Only MONO_VLSB (the SSD1306 layout: byte ``x + (y // 8) * width``, bit
``y % 8``) and only the calls in ``firmware/gfx.py``: fill, pixel, hline,
vline, fill_rect, rect, and blit (with key and palette, for ``gfx.Glyphs``).
Clipping follows MicroPython's framebuf.c; a test draws the same frames on CPython and on the real ``micropython`` and
compares the bytes.  Rectangles and blits work a byte (8 rows of a column) at a time, not a
pixel at a time: every frame of the tests and the simulator is drawn here.
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
        for page in range(y >> 3, ((yend - 1) >> 3) + 1):
            lo = max(y, page << 3)
            hi = min(yend, (page << 3) + 8)
            mask = ((1 << (hi - lo)) - 1) << (lo & 7)  # the rows of this page inside the rectangle
            base = page * width
            if c:
                for i in range(base + x, base + xend):
                    buf[i] |= mask
            else:
                inv = 0xFF ^ mask
                for i in range(base + x, base + xend):
                    buf[i] &= inv

    def fill(self, c):
        self.buf[:] = (b"\xff" if c else b"\x00") * len(self.buf)

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
        given, then drawn unless it equals ``key``; clipped to both frames.

        A column at a time: the source column's bits, the rows drawn as 1 and as 0 worked
        out as masks (a source value maps to one colour), then or-ed and and-ed into the
        destination's bytes."""
        sx0 = max(0, -x)
        sx1 = min(src.width, self.width - x)
        sy0 = max(0, -y)
        sy1 = min(src.height, self.height - y)
        if sx0 >= sx1 or sy0 >= sy1:
            return
        cols = (0, 1) if palette is None else (palette.pixel(0, 0), palette.pixel(1, 0))
        window = ((1 << sy1) - 1) ^ ((1 << sy0) - 1)  # the source rows inside both frames
        # per source value (0, 1), the rows it draws as 1 and as 0: all of the window, or none
        # (the key is not drawn, nor None: a palette too narrow, its pixel() writes nothing)
        c0, c1 = cols
        d0 = c0 != key and c0 is not None
        d1 = c1 != key and c1 is not None
        set0 = window if d0 and c0 else 0
        clr0 = window if d0 and not c0 else 0
        set1 = window if d1 and c1 else 0
        clr1 = window if d1 and not c1 else 0
        if not (set1 | set0 | clr1 | clr0):
            return
        spages = (src.height + 7) >> 3
        sw = src.width
        sbuf = src.buf
        dbuf = self.buf
        dw = self.width
        p0 = (y + sy0) >> 3
        p1 = (y + sy1 - 1) >> 3
        for sx in range(sx0, sx1):
            bits = sbuf[sx]
            for p in range(1, spages):
                bits |= sbuf[p * sw + sx] << (p << 3)
            inv = ~bits
            set_m = (bits & set1) | (inv & set0)
            clr_m = (bits & clr1) | (inv & clr0)
            if y >= 0:
                set_m <<= y
                clr_m <<= y
            else:
                set_m >>= -y
                clr_m >>= -y
            i = p0 * dw + x + sx
            for p in range(p0, p1 + 1):
                sh = p << 3
                dbuf[i] = (dbuf[i] | ((set_m >> sh) & 0xFF)) & (0xFF ^ ((clr_m >> sh) & 0xFF))
                i += dw
