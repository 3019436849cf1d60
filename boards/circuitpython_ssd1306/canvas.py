"""The firmware's framebuf primitives on a ``displayio.Bitmap`` turned a quarter, drawn by
``bitmaptools``; and what changed, as the panel's pages.

CircuitPython has no ``framebuf``.  ``Canvas(bitmap)`` gives ``gfx.Gfx`` exactly the calls it draws
with (``fill``, ``fill_rect``, ``hline``, ``vline``, ``rect``, ``pixel``) and the text hook
``draw_text(font, s, x, y, c)``, with MicroPython's framebuf.c clipping, so a frame is the same
pixels as on the Pico.  Coordinates are the frame's, 128 x 64; value 1 is a lit pixel.

The bitmap (``new_bitmap()``) is the frame turned a quarter: 64 wide, 128 tall, its pixel (i, x)
the frame's (x, 63 - i).  A 1-bit Bitmap keeps 8 pixels a byte from the high bit, so each of its
rows, 8 bytes, is a column of the frame in the panel's own bytes: byte j is page 7 - j
(MONO_VLSB: bit 0 the page's top row).  ``Pages`` reads the frame's pages out of those bytes with
no bit moved (one ulab copy in C on CircuitPython) and finds what changed: the MicroPython route's
runs of columns (boards/pico_ssd1306/display.py), which the board sends below displayio's refresh.

Every fill is one ``bitmaptools.fill_region`` (C on the device); text is written into the
bitmap's bytes (``Canvas.text``, gfx.Gfx's text hook), a glyph column a byte or two.
"""
import sys

import bitmaptools
import displayio
from gfx import find

try:  # ulab: numpy's core in C, part of CircuitPython on the Pico (not on Blinka)
    from ulab import numpy as np
except ImportError:
    np = None

WIDTH = 128
HEIGHT = 64
PAGES = 8
# Bytes a run costs on I2C beyond its data (boards/pico_ssd1306/display.py's _RUN): an unchanged
# gap wider than this splits a page's changes into two runs.
RUN = 7


def new_bitmap():
    """The frame's bitmap for ``Canvas`` and ``Pages``: 64 x 128, 2 values (see the module docstring)."""
    return displayio.Bitmap(HEIGHT, WIDTH, 2)


class Canvas:
    def __init__(self, bitmap):
        self.bitmap = bitmap
        self.width = WIDTH
        self.height = HEIGHT
        self.mv = _bytes(bitmap)
        self.draw_text = self.text  # gfx.Gfx's text hook

    def text(self, font, s, x, y, c):
        """gfx.Gfx's text hook at scale 1: ``s`` in ``font`` with its top left at (x, y), each
        glyph's set bits in colour ``c`` (the rest left as it was), the glyph advance the font's
        width plus one; returns the x after the last glyph.  Characters outside the font are
        '?' (left blank in a font of code points).  Each glyph column is the font's own column
        byte(s) shifted to the row and OR-ed into (colour 0: cleared from) the bitmap's bytes of
        that column, which are the panel's
        pages (see the module docstring): one or two byte writes a column, no pixel loop."""
        w = font[0]
        first = font[2]
        last = font[3]
        nb = font[4]
        data = font[5]
        codes = font[6] if len(font) > 6 else None  # a font of code points (gfx.find)
        adv = w + 1
        end = x + len(s) * adv
        if y >= HEIGHT or y <= -8 * nb or x >= WIDTH or end <= 0:
            return end
        mv = self.mv
        if y >= 0:
            sh = y & 7
            cut = 0
            top = 7 - (y >> 3)  # the byte of the first page in a column's 8 (byte j: page 7 - j)
        else:
            sh = 0
            cut = -y
            top = 7
        q = 63 if first <= 63 <= last else first  # '?'
        fast = nb == 1 and x >= 0 and y >= 0 and end - 1 <= WIDTH
        for ch in s:
            code = ord(ch)
            if codes is not None:
                o = find(codes, code)
                if o < 0:  # not in the font: left blank
                    x += adv
                    continue
                o *= w * nb
            else:
                if code < first or code > last:
                    code = q
                o = (code - first) * w * nb
            a = x * 8 + top
            if fast:  # one byte a column, every column on the frame
                for k in range(o, o + w):
                    v = data[k] << sh
                    if v:
                        if c:
                            mv[a] |= v & 255
                            if v > 255 and top:
                                mv[a - 1] |= v >> 8
                        else:
                            mv[a] &= ~v & 255
                            if v > 255 and top:
                                mv[a - 1] &= ~(v >> 8) & 255
                    a += 8
            else:
                for cx in range(x, x + w):
                    v = data[o]
                    if nb == 2:
                        v |= data[o + 1] << 8
                    o += nb
                    v = (v >> cut) << sh
                    if v and 0 <= cx < WIDTH:
                        b = a
                        for _ in range(top + 1):  # this page and those below it
                            if c:
                                mv[b] |= v & 255
                            else:
                                mv[b] &= ~v & 255
                            v >>= 8
                            if not v:
                                break
                            b -= 1
                    a += 8
            x += adv
        return x

    def fill(self, c):
        self.bitmap.fill(c)

    def fill_rect(self, x, y, w, h, c):
        """Clip as framebuf.c does, then one fill_region (end exclusive), turned."""
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= HEIGHT or x >= WIDTH:
            return
        x2 = x + w
        y2 = y + h
        if x2 > WIDTH:
            x2 = WIDTH
        if y2 > HEIGHT:
            y2 = HEIGHT
        if x < 0:
            x = 0
        if y < 0:
            y = 0
        bitmaptools.fill_region(self.bitmap, HEIGHT - y2, x, HEIGHT - y, x2, c)

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
        if x < 0 or y < 0 or x >= WIDTH or y >= HEIGHT:
            return None
        if c is None:
            return self.bitmap[HEIGHT - 1 - y, x]
        self.bitmap[HEIGHT - 1 - y, x] = c
        return None


class _Words:
    """Blinka's Bitmap as CircuitPython's bytes: it keeps a row in 32-pixel words of an array,
    the first pixel in the high bit, so byte k is bits 31-24, 23-16... of word k // 4."""

    def __init__(self, words):
        self.words = words

    def __len__(self):
        return 4 * len(self.words)

    def __getitem__(self, k):
        return (self.words[k >> 2] >> (24 - 8 * (k & 3))) & 255

    def __setitem__(self, k, v):
        s = 24 - 8 * (k & 3)
        w = self.words
        w[k >> 2] = (w[k >> 2] & ~(255 << s)) | (v << s)


def _bytes(bitmap):
    """The bitmap's rows, 8 bytes each, 8 pixels a byte from the high bit: CircuitPython's Bitmap
    is that buffer; Blinka's (adafruit-blinka-displayio) through ``_Words``."""
    try:
        return memoryview(bitmap)
    except TypeError:
        return _Words(bitmap._data)  # pyright: ignore[reportAttributeAccessIssue]


class Pages:
    """``Pages(bitmap)``: the frame on ``bitmap`` (a ``Canvas``'s) as the panel's pages, and what
    changed since the frame taken before.

    ``take(full)`` reads the frame into ``buf`` (1,024 bytes, page by page: MONO_VLSB, as
    framebuf's) and returns its changed runs, [(page, first column, last column)], each page's
    changed columns split where an unchanged gap is wider than ``RUN`` (as the MicroPython route
    splits them); ``full``: every page whole.  On CircuitPython the pages are one ulab copy of a
    view of the bitmap's own bytes (no bit moves: see the module docstring) and the changed bytes
    are found by ulab (C); elsewhere (Blinka) by Python."""

    def __init__(self, bitmap):
        self.bitmap = bitmap
        self.old = None  # the pages taken before (what the panel shows): bytes, or ulab's array
        self.ulab_old = None
        self.buf = None
        self.fast = np is not None and sys.implementation.name == "circuitpython"
        if self.fast:
            self.view = np.frombuffer(  # pyright: ignore[reportOptionalMemberAccess,reportAttributeAccessIssue]
                bitmap, dtype=np.uint8).reshape((WIDTH, PAGES)).transpose()[::-1, :]  # pyright: ignore

    def take(self, full=False):
        if self.fast:
            return self._take_ulab(full)
        return self._take_py(full)

    def _take_ulab(self, full):
        new = self.view.copy()  # (8, 128), dense: the pages in order
        old = self.ulab_old
        self.ulab_old = new
        buf = self.buf = new.tobytes()  # new's own bytes, not copied
        if full or old is None:
            return [(p, 0, WIDTH - 1) for p in range(PAGES)]
        if buf == old.tobytes():
            return []
        # the changed bytes' places, page * 128 + column, in order
        at = np.nonzero((new != old).reshape((PAGES * WIDTH,)))[0]  # pyright: ignore[reportOptionalMemberAccess]
        cuts = np.nonzero(np.diff(at) > RUN + 1)[0].tolist()  # pyright: ignore[reportOptionalMemberAccess]
        was = old.tobytes()
        out = []
        s = int(at[0])
        for k in cuts:
            _runs(out, s, int(at[k]), buf, was)
            s = int(at[k + 1])
        _runs(out, s, int(at[-1]), buf, was)
        return out

    def _take_py(self, full):
        src = _bytes(self.bitmap)
        new = bytearray(PAGES * WIDTH)
        for p in range(PAGES):
            j = PAGES - 1 - p
            o = p * WIDTH
            for x in range(WIDTH):
                new[o + x] = src[x * PAGES + j]
        old = self.old
        self.old = self.buf = new
        if full or old is None:
            return [(p, 0, WIDTH - 1) for p in range(PAGES)]
        out = []
        s = e = -1
        for i in range(PAGES * WIDTH):
            if new[i] != old[i]:
                if s < 0:
                    s = i
                elif i - e > RUN + 1:
                    _runs(out, s, e, new, old)
                    s = i
                e = i
        if s >= 0:
            _runs(out, s, e, new, old)
        return out


def _runs(out, s, e, new, old):
    """Bytes ``s``-``e`` (page * 128 + column) of a changed run into ``out`` as (page, c0, c1):
    a run that crosses a page's end is cut there, each part from and to a changed byte."""
    while (s >> 7) != (e >> 7):
        end = (s | (WIDTH - 1))
        while new[end] == old[end]:
            end -= 1
        out.append((s >> 7, s & (WIDTH - 1), end & (WIDTH - 1)))
        s = end + 1
        while new[s] == old[s]:
            s += 1
    out.append((s >> 7, s & (WIDTH - 1), e & (WIDTH - 1)))
