"""The firmware's framebuf primitives on a ``displayio.Bitmap``, drawn by ``bitmaptools``.

CircuitPython has no ``framebuf``.  ``Canvas(bitmap)`` gives ``gfx.Gfx``
exactly the calls it draws with (``fill``, ``fill_rect``, ``hline``,
``vline``, ``rect``, ``pixel``) and the glyph hook ``glyph(font, index, x,
y, c)``, with MicroPython's framebuf.c clipping, so a frame is the same
pixels as on the Pico.  ``bitmap``: 128 x 64 (any size), 2 values; value 1
is a lit pixel.

Every fill is one ``bitmaptools.fill_region`` (C on the device); a glyph
is one ``bitmaptools.blit`` from a sheet of the whole font, built once per
font and colour (colour 0 text uses an inverted sheet, skipping its 1s).
Only a glyph that would cross the bitmap's edge is drawn column by column,
because ``blit`` refuses a target position outside the bitmap.
"""
import bitmaptools
import displayio
from gfx import bit_column


class Canvas:
    def __init__(self, bitmap):
        self.bitmap = bitmap
        self.width = bitmap.width
        self.height = bitmap.height
        self.sheets = {}  # (font id, colour) -> (sheet Bitmap, rows)

    def fill(self, c):
        self.bitmap.fill(c)

    def fill_rect(self, x, y, w, h, c):
        """Clip as framebuf.c does, then one fill_region (end exclusive)."""
        width = self.width
        height = self.height
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= height or x >= width:
            return
        x2 = x + w
        y2 = y + h
        if x2 > width:
            x2 = width
        if y2 > height:
            y2 = height
        if x < 0:
            x = 0
        if y < 0:
            y = 0
        bitmaptools.fill_region(self.bitmap, x, y, x2, y2, c)

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

    def pixel(self, x, y, c=None):
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return None
        if c is None:
            return self.bitmap[x, y]
        self.bitmap[x, y] = c
        return None

    def glyph(self, font, index, x, y, c):
        """Draw glyph ``index`` of ``font`` (fonts.py tuple) with its top left at
        (x, y): its set bits in colour ``c``, the rest left as it was."""
        sheet, rows = self.sheet(font, c)
        w = font[0]
        if x >= 0 and y >= 0 and x + w <= self.width and y + rows <= self.height:
            sx = index * w
            bitmaptools.blit(self.bitmap, sheet, x, y, x1=sx, y1=0, x2=sx + w, y2=rows,
                             skip_source_index=0 if c else 1)
            return
        self._glyph_runs(font, index, x, y, c)

    def _glyph_runs(self, font, index, x, y, c):
        # Gfx.text's own loop at scale 1: vertical runs of set bits, clipped by vline.
        w, _h, _first, _last, nb, data = font
        o = index * w * nb
        for cx in range(w):
            bits = data[o]
            if nb == 2:
                bits |= data[o + 1] << 8
            o += nb
            bit_column(self, bits, x + cx, y, c)

    def sheet(self, font, c):
        """(Bitmap, rows): every glyph of ``font`` side by side, glyph i at x = i * w.

        Lit bits are 1 for colour 1 and 0 (on 1s) for colour 0; ``rows`` is the
        lowest lit row of the font plus one, so a glyph near the bottom edge still blits."""
        key = (id(font), 1 if c else 0)
        got = self.sheets.get(key)
        if got is not None:
            return got
        w, _h, first, last, nb, data = font
        n = last - first + 1
        rows = 1
        for i in range(0, len(data), nb):
            bits = data[i] | (data[i + 1] << 8 if nb == 2 else 0)
            while bits >> rows:
                rows += 1
        sheet = displayio.Bitmap(n * w, rows, 2)
        ink = 1 if c else 0
        if not c:
            sheet.fill(1)
        o = 0
        for col in range(n * w):
            bits = data[o]
            if nb == 2:
                bits |= data[o + 1] << 8
            o += nb
            yy = 0
            while bits:
                if bits & 1:
                    sheet[col, yy] = ink
                bits >>= 1
                yy += 1
        got = (sheet, rows)
        self.sheets[key] = got
        return got


def bitmap_bytes(bitmap):
    """The bytes of ``bitmap``, rows one after the other, as a memoryview.

    CircuitPython's Bitmap is a buffer itself; Blinka's (CPython) keeps its
    words in an ``array`` named ``_data`` (8-byte words on 64-bit Linux, of
    which 32 bits are used).  Either way a row of a 1-bit bitmap is a whole
    number of words and each word holds 32 neighbouring pixels."""
    try:
        return memoryview(bitmap)
    except TypeError:
        return memoryview(bitmap._data).cast("B")  # pyright: ignore[reportAttributeAccessIssue]


def changed_area(new, old, width, height):
    """(x0, y0, x1, y1), end exclusive: the smallest box of whole 32-pixel words
    holding every difference between ``new`` and ``old`` (``bitmap_bytes`` of two
    1-bit bitmaps of ``width`` x ``height``); None if they are equal."""
    row = len(new) // height
    y0 = 0
    while y0 < height:
        a = y0 * row
        if new[a:a + row] != old[a:a + row]:
            break
        y0 += 1
    if y0 == height:
        return None
    y1 = height
    while True:
        a = (y1 - 1) * row
        if new[a:a + row] != old[a:a + row]:
            break
        y1 -= 1
    words = (width + 31) // 32
    size = row // words  # bytes of one word
    w0 = words
    w1 = 0
    for y in range(y0, y1):
        base = y * row
        w = 0
        while w < w0:
            a = base + w * size
            if new[a:a + size] != old[a:a + size]:
                w0 = w
                break
            w += 1
        w = words
        while w > w1:
            a = base + w * size - size
            if new[a:a + size] != old[a:a + size]:
                w1 = w
                break
            w -= 1
    return w0 * 32, y0, min(w1 * 32, width), y1
