"""Drawing for the 128x64 screen: text in two bitmap fonts, scaled, on any framebuf.

A font (``fonts.py``) is a tuple: glyph width and height (px), first and last character code,
bytes per column, the glyphs' column bytes; and, for a font of scattered code points (a language's
glyphs, ``lang_text``), a seventh field: its code points, sorted, as little-endian 16-bit words
(``find``), glyph i being the i-th's.

``Gfx(fb)`` draws on an object with framebuf's ``fill``, ``fill_rect``,
``hline``, ``vline`` and ``rect`` (the SSD1306 driver on the Pico, a
``framebuf.FrameBuffer`` under micropython, ``host_sim.framebuf`` on
CPython).  Coordinates are pixels, (0, 0) top left; colour 1 is lit.

Text hook: when the fb has a ``draw_text`` attribute, text at scale 1 is drawn by
``fb.draw_text(font, s, x, y, c)`` (returning the x after the last glyph) and nothing else
here runs per character: the Pico's frame draws strings in machine code (its board's
``ink.py``, pixel for pixel what this module draws).

Scaled text hook: when the fb has a ``draw_scaled`` attribute, text at any other scale is drawn
by ``fb.draw_scaled(font, s, x, y, c, sx, sy, gap)`` (the same pixels as the bit runs here).

Mixed text hook: when the fb has a ``draw_mixed`` attribute, a line of ASCII and a language's
glyphs at scale 1 is drawn by ``fb.draw_mixed(font, glyphs, s, x, y, c, dy)`` in one call
(``lang_text.mixed``, whose runs it draws pixel for pixel).

Glyph hook: otherwise, when the fb has a ``glyph`` attribute, text at scale 1 calls
``fb.glyph(font, index, x, y, c)`` per character instead of drawing its
bit runs here; ``Glyphs`` is that hook for any framebuf with ``blit`` (the
glyph is copied in C, about 20x fewer Python steps per character).
"""
from fonts import BIG, SMALL

W = 128
H = 64
LINE = 8  # small-font line pitch: 8 lines of text on the screen
# Table text: the small font 2 px wide and 3 px tall a pixel with no added gap (the font's own
# blank column keeps 2 px between glyphs), ``g.text(s, x, y, c, SMALL, 2, 3, 0)``: capitals and
# digits 18 px tall, read across a table (60-80 cm); 10 px a character, 12 to a line, 21 px a line.
TALL_W = 10
TALL_CHARS = 12
# Lines with glyphs beyond ASCII (``lang``: Traditional Chinese, Cubic 11's 11x11 glyphs): 12 px a
# glyph across, 12 px a line; the small font's ASCII in such a line ``ASCII_DY`` lower, its capitals
# (6 px) on the glyphs' middle.  A title bar or menu line holding such text is ``CJK_BAR`` tall.
CJK_ADV = 12
CJK_LINE = 12
ASCII_DY = 3
CJK_BAR = 13
intl = None  # the module ``lang_text`` while a language with glyphs is in use (set by ``lang.use``)


try:  # MicroPython: a str's UTF-8 seen in place
    memoryview("")  # pyright: ignore[reportArgumentType]
    _VIEW = True
except TypeError:  # CPython
    _VIEW = False


def utf8(s):
    """The UTF-8 bytes of str ``s``, to loop over: on MicroPython a view of them, nothing copied.
    A loop over ``s`` itself makes each character a string and interns it (a search of every
    interned name a character, and the characters of a language kept in the heap for good)."""
    return memoryview(s) if _VIEW else s.encode()


def plain(s):
    """True when ``s`` is drawn by the fonts alone (no glyph of ``lang`` needed): always in
    English, where nothing here is looked at."""
    if intl is None:
        return True
    # every byte below 127: as many bytes as characters (UTF-8), and no DEL; both counted in C, where a
    # loop over the bytes in Python cost each line of text on the Pico
    return len(utf8(s)) == len(s) and "\x7f" not in s


class Glyphs:
    """``fb.glyph`` for a framebuf target with ``blit``: ``Glyphs(fb, framebuf).glyph``.

    ``framebuf``: the module (MicroPython's, or ``host_sim.framebuf``).  A
    glyph's column bytes are copied into a small MONO_VLSB stencil (page p of
    column x at p * w + x) and the stencil is copied in C by ``fb.blit`` with
    key 0, so unlit pixels are left alone; colour 0 goes through a two-entry
    palette (lit -> 0, key 1).  The pixels drawn are exactly those of
    ``Gfx.text``'s own bit runs (every bit of every column byte).  RAM: one
    stencil per font shape, made on first use (fonts with 1 or 2 bytes per
    column, as in fonts.py); no glyph is kept, so nothing grows.
    """

    def __init__(self, fb, framebuf):
        self.blit = fb.blit
        self.framebuf = framebuf
        self.stencils = {}  # (w, nb) -> (bytearray, FrameBuffer)
        self.palette = framebuf.FrameBuffer(bytearray(b"\x01\x00"), 2, 1, framebuf.MONO_VLSB)
        self.last = None  # the font of the previous character, and its stencil
        self.st = None
        self.fb = None

    def _stencil(self, font):
        w = font[0]
        nb = font[4]
        made = self.stencils.get((w, nb))
        if made is None:
            fbm = self.framebuf
            buf = bytearray(w * nb)
            made = self.stencils[(w, nb)] = (buf, fbm.FrameBuffer(buf, w, 8 * nb, fbm.MONO_VLSB))
        self.last = font
        self.st, self.fb = made

    def glyph(self, font, index, x, y, c):
        if font is not self.last:
            self._stencil(font)
        st = self.st
        w = font[0]
        data = font[5]
        if w == 5 and font[4] == 1:  # SMALL, most of every frame: unrolled
            o = index * 5
            st[0] = data[o]
            st[1] = data[o + 1]
            st[2] = data[o + 2]
            st[3] = data[o + 3]
            st[4] = data[o + 4]
        elif font[4] == 1:
            o = index * w
            for i in range(w):
                st[i] = data[o + i]
        else:  # two bytes per column: rows 0-7 to page 0, rows 8-15 to page 1
            o = index * w * 2
            for i in range(w):
                st[i] = data[o]
                st[w + i] = data[o + 1]
                o += 2
        if c:
            self.blit(self.fb, x, y, 0)
        else:
            self.blit(self.fb, x, y, 1, self.palette)


def find(codes, code):
    """The index of ``code`` in ``codes`` (a buffer of sorted little-endian 16-bit code points:
    a font's seventh field, its glyph i the character of the i-th), -1 when it has none."""
    lo = 0
    hi = len(codes) >> 1
    while lo < hi:
        mid = (lo + hi) >> 1
        v = codes[2 * mid] | codes[2 * mid + 1] << 8
        if v == code:
            return mid
        if v < code:
            lo = mid + 1
        else:
            hi = mid
    return -1


def bit_column(fb, bits, x, y, c, w=1, h=1):
    """One column of a bitmap on ``fb``: bit 0 at (x, y), bit n at y + n * h; each run
    of set bits is one rectangle ``w`` px wide (a ``vline`` when w = h = 1), in ink ``c``.
    The fonts' column bytes and the games' small bitmaps are drawn this way."""
    yy = 0
    while bits:
        if bits & 1:
            run = 0
            while bits & 1:
                bits >>= 1
                run += 1
            if w == 1 and h == 1:
                fb.vline(x, y + yy, run, c)
            else:
                fb.fill_rect(x, y + yy * h, w, run * h, c)
            yy += run
        else:
            bits >>= 1
            yy += 1


class Gfx:
    def __init__(self, fb):
        self.fb = fb
        self.draw_text = getattr(fb, "draw_text", None)  # the hooks (module docstring)
        self.glyph = getattr(fb, "glyph", None)
        self.draw_scaled = getattr(fb, "draw_scaled", None)
        self.draw_mixed = getattr(fb, "draw_mixed", None)  # a line of ASCII and glyphs (lang_text.mixed)

    def clear(self):
        self.fb.fill(0)

    def text(self, s, x, y, c=1, font=SMALL, scale=1, sy=0, gap=1):
        """Draw ``s`` with its top-left at (x, y); returns the x after the last glyph.

        Characters outside the font are drawn as '?'.  Glyph advance is the
        font width plus ``gap`` pixel columns (1 or 0), times ``scale``; ``sy``
        (when not 0) is the vertical scale, else ``scale`` too.
        """
        sy = sy or scale
        if intl is not None and not plain(s):
            return intl.mixed(self, s, x, y, c, font, scale, sy, gap)
        return self.draw(s, x, y, c, font, scale, sy, gap)

    def draw(self, s, x, y, c=1, font=SMALL, scale=1, sy=0, gap=1):
        """``text`` in ``font`` alone, nothing looked up in a language (``lang_text`` draws its
        runs of glyphs and of ASCII with it).  ``font`` may be a font of code points
        (``find``): a character it lacks is left blank, its advance kept."""
        sy = sy or scale
        if scale == 1 and sy == 1 and gap == 1:
            if self.draw_text is not None:
                return self.draw_text(font, s, x, y, c)
        elif self.draw_scaled is not None:
            return self.draw_scaled(font, s, x, y, c, scale, sy, gap)
        w = font[0]
        first = font[2]
        last = font[3]
        nb = font[4]
        data = font[5]
        codes = font[6] if len(font) > 6 else None
        fb = self.fb
        adv = (w + gap) * scale
        glyph = self.glyph if scale == 1 and sy == 1 and gap == 1 else None
        for ch in s:
            code = ord(ch)
            if codes is not None:
                i = find(codes, code)
                if i < 0:
                    x += adv
                    continue
            else:
                if code < first or code > last:
                    code = 63  # '?'
                    if code < first or code > last:
                        code = first
                i = code - first
            if glyph is not None:
                glyph(font, i, x, y, c)
                x += adv
                continue
            o = i * w * nb
            for cx in range(w):
                bits = data[o]
                if nb == 2:
                    bits |= data[o + 1] << 8
                o += nb
                bit_column(fb, bits, x + cx * scale, y, c, scale, sy)
            x += adv
        return x

    def line(self, s, x, y, c=1):
        """``s`` in the language's line at y: as ``text`` in English; with the glyphs (``lang``)
        a line ``CJK_LINE`` tall, its ASCII ``ASCII_DY`` lower whether or not it has glyphs."""
        if intl is not None:
            return intl.mixed(self, s, x, y, c)
        return self.text(s, x, y, c)

    @staticmethod
    def width(s, font=SMALL, scale=1, gap=1):
        """Pixel width of ``s`` (no trailing gap)."""
        if not s:
            return 0
        if intl is not None:  # one pass over s: a line without glyphs measures the same there
            return intl.width(s, font, scale, gap)
        return len(s) * (font[0] + gap) * scale - gap * scale

    def center(self, s, y, c=1, font=SMALL, scale=1, x0=0, x1=W):
        """Draw ``s`` centred between x0 and x1."""
        x = x0 + (x1 - x0 - self.width(s, font, scale)) // 2
        return self.text(s, x, y, c, font, scale)

    def right(self, s, y, c=1, font=SMALL, scale=1, x1=W):
        return self.text(s, x1 - self.width(s, font, scale), y, c, font, scale)

    def title(self, left, right=""):
        """Inverted title bar (line 0) with text left and, optionally, right; returns its height
        in px (9; ``CJK_BAR`` when its text has the language's glyphs, ``lang``)."""
        if plain(left) and plain(right):
            self.fb.fill_rect(0, 0, W, 9, 1)
            self.text(left, 1, 1, 0)
            if right:
                self.right(right, 1, 0, x1=W - 1)
            return 9
        return intl.title(self, left, right)  # pyright: ignore[reportAttributeAccessIssue]

    def footer(self, s):
        """Key hint on the last line, under a rule."""
        self.fb.hline(0, H - 9, W, 1)
        self.text(s, 1, H - 7)

    def action_bar(self, label, arrows=True):
        """The inverted action line at the bottom (y 54-63); an up and a down triangle
        (``step_marks``) when UP/DOWN step through more than one action."""
        if plain(label):
            self.fb.fill_rect(0, 54, W, 10, 1)
            self.center(label, 55, 0)
            if arrows:
                self.step_marks(57)
            return
        intl.action_bar(self, label, arrows)  # pyright: ignore[reportAttributeAccessIssue]

    def step_marks(self, top, c=0):
        """UP's triangle at the left end of a bar, DOWN's at the right (rows ``top`` to
        ``top`` + 3, 7 px wide): UP and DOWN step through the bar's choices, whatever LEFT and
        RIGHT do on that screen."""
        for i in range(4):
            self.fb.hline(5 - i, top + i, 2 * i + 1, c)  # pointing up
            self.fb.hline(W - 6 - i, top + 3 - i, 2 * i + 1, c)  # pointing down

    def item(self, s, y, selected, x=0, w=W, tall=False):
        """One menu line at y; the selected one is inverted so the cursor is obvious.  The bar is
        as wide as its text (2 px either side, at most ``w``): a cursor step resends the two
        bars, not two whole rows (I2C at 400 kHz: 22.5 us a byte).  ``tall``: a line of the
        language's glyphs (``line``), its bar ``CJK_BAR`` tall."""
        if tall:
            return intl.item(self, s, y, selected, x, w)  # pyright: ignore[reportAttributeAccessIssue]
        if selected:
            self.fb.fill_rect(x, y - 1, min(w, self.width(s) + 4), 9, 1)
            self.text(s, x + 2, y, 0)
        else:
            self.text(s, x + 2, y, 1)

    def big(self, s, x, y, scale=1, c=1):
        """Key numbers in the big (9x15 bold) font; scale 2 gives 30 px digits."""
        return self.text(s, x, y, c, BIG, scale)

    def big_center(self, s, y, scale=1, x0=0, x1=W):
        return self.center(s, y, 1, BIG, scale, x0, x1)

    def wrap(self, s, y, max_lines=6, x=1):
        """Word-wrapped small text from y; returns the y after the last line.  Text with the
        language's glyphs (``lang``) in its lines (``split``, ``CJK_LINE`` apart), as many as the
        panel holds."""
        if not plain(s):
            return intl.wrap(self, s, y, max_lines, x)  # pyright: ignore[reportAttributeAccessIssue]
        cols = (W - x) // 6
        words = s.split()
        line = ""
        n = 0
        for wd in words:
            if line and len(line) + 1 + len(wd) > cols:
                self.text(line, x, y)
                y += LINE
                n += 1
                line = wd
                if n >= max_lines:
                    return y
            else:
                line = line + " " + wd if line else wd
        if line and n < max_lines:
            self.text(line, x, y)
            y += LINE
        return y
