"""The strings and glyphs of a language other than English (``lang``): loaded only while one is in
use, so that in English the device carries none of this.

``load(module, here)`` finds the language's block (the layout is in ``lang``'s docstring);
``tr(s)`` looks a string up; the rest draws text that holds the language's glyphs on a
``gfx.Gfx``: 11x11 glyphs ``gfx.CJK_ADV`` px apart, lines ``gfx.CJK_LINE`` px apart, the small
font's ASCII ``gfx.ASCII_DY`` px lower in such a line (its capitals on the glyphs' middle).
"""
import games
from fonts import SMALL
from gfx import ASCII_DY, CJK_ADV, CJK_BAR, CJK_LINE, H, W, Gfx

_data = None  # the block, from a frozen or imported module (bytes)
_path = None  # or its file, on the make deploy route
_nstr = 0
_nglyph = 0
_gsize = 0  # bytes per glyph
_text = 0  # where the text starts


def load(module, here):
    """Find the block of ``module`` (a name of ``lang.MODULES``): its file beside ``here`` (the
    path of ``lang``'s ``.mpy``, the make deploy route), else the module (frozen on the image: its
    bytes stay in flash).  False when there is neither, or it is not such a block."""
    global _data, _path, _nstr, _nglyph, _gsize, _text
    _data = _path = None
    head = None
    if here.endswith(".mpy"):
        path = here[:here.rfind("/") + 1] + module + ".bin"
        try:
            with open(path, "rb") as f:
                head = f.read(16)
            _path = path
        except OSError:
            pass
    if head is None:  # the module: frozen on the image (its bytes stay in flash), else imported
        try:
            _data = games.import_module(module).DATA
        except ImportError:
            return False
        head = _data[:16]
    if head[:3] != b"DL\x01":
        _data = _path = None
        return False
    _gsize = head[3] * head[5]
    _nstr = head[6] | head[7] << 8
    _nglyph = head[8] | head[9] << 8
    _text = head[10] | head[11] << 8 | head[12] << 16 | head[13] << 24
    return True


def key(s):
    """The table's key of English string ``s``: 24 bits, kept below 2**30 on the way (small
    integers on MicroPython: no allocation)."""
    h = 5381
    for ch in s:
        h = (h * 33 + ord(ch)) & 0xFFFFFF
    return h


class Block:
    """The block open for a few look-ups: ``with Block() as b: b.read(offset, n)``; on the make
    deploy route its file, opened once for them and closed after (its glyphs' code points read
    once, at the first glyph, not a few bytes a step of each search)."""

    def __enter__(self):
        self.f = open(_path, "rb") if _path is not None else None
        self.codes = None
        return self

    def __exit__(self, *a):
        if self.f is not None:
            self.f.close()

    def read(self, o, n):
        f = self.f
        if f is None:
            return _data[o:o + n]
        f.seek(o)
        return f.read(n)

    def glyph(self, code):
        """The glyph of code point ``code`` (``_gsize`` bytes, fonts.py's column order), or None."""
        base = 16 + 8 * _nstr
        d = _data  # the frozen or imported block: read in place, nothing allocated
        o = base
        if d is None:
            d = self.codes
            if d is None:
                d = self.codes = self.read(base, 2 * _nglyph)
            o = 0
        lo = 0
        hi = _nglyph
        while lo < hi:
            mid = (lo + hi) >> 1
            c = d[o + 2 * mid] | d[o + 2 * mid + 1] << 8
            if c == code:
                return self.read(base + 2 * _nglyph + _gsize * mid, _gsize)
            if c < code:
                lo = mid + 1
            else:
                hi = mid
        return None


def tr(s):
    """``s`` in the language (``lang.tr``); ``s`` itself when the table has no such string."""
    k = key(s)
    with Block() as b:
        lo = 0
        hi = _nstr
        while lo < hi:
            mid = (lo + hi) >> 1
            e = b.read(16 + 8 * mid, 8)
            h = e[0] | e[1] << 8 | e[2] << 16
            if h == k:
                return b.read(_text + (e[4] | e[5] << 8), e[6] | e[7] << 8).decode()
            if h < k:
                lo = mid + 1
            else:
                hi = mid
    return s


def mixed(g, s, x, y, c=1, font=SMALL, scale=1, sy=0, gap=1):
    """``s`` on ``g`` (a ``gfx.Gfx``) in a line of glyphs, its top at y (``gfx.Gfx.text``'s
    arguments): each glyph ``CJK_ADV`` px across (times ``scale``), the ASCII in ``font``
    ``ASCII_DY`` lower (times ``sy``); a character with no glyph drawn as '?'.  Returns the x
    after the last glyph."""
    sy = sy or scale
    dy = y + ASCII_DY * sy
    with Block() as b:
        for ch in s:
            code = ord(ch)
            gl = b.glyph(code) if code > 126 else None
            if gl is None:
                x = g.text(ch if code <= 126 else "?", x, dy, c, font, scale, sy, gap)
                continue
            # the glyph as a one-character font (fonts.py's shape: its 11 columns of 2 bytes, " "
            # its one character): ``Gfx.text`` draws it through the board's hooks (the Pico's in
            # machine code), else by the same bit runs
            x = g.text(" ", x, y, c, (CJK_ADV - 1, 11, 32, 32, 2, gl), scale, sy, gap)
    return x


def width(s, font=SMALL, scale=1, gap=1):
    """Pixel width of ``s`` drawn by ``mixed`` (no trailing gap)."""
    n = 0
    for ch in s:
        n += (CJK_ADV - 1 + gap) if ord(ch) > 126 else font[0] + gap
    return (n - gap) * scale


def split(s, px, font=SMALL):
    """``s`` in lines of at most ``px`` px: broken at spaces and between any two glyphs
    (Chinese has no spaces); a longer word stays whole."""
    out = []
    line = ""
    wd = ""
    for ch in s + " ":
        if ch == " " or ord(ch) > 126:
            if ch != " ":
                wd += ch
            if line and Gfx.width(line + wd, font) > px:
                out.append(line.rstrip())
                line = wd.lstrip()
            else:
                line += wd
            wd = " " if ch == " " else ""
        else:
            wd += ch
    line = line.rstrip()
    if line:
        out.append(line)
    return out


def title(g, left, right):
    """``gfx.Gfx.title`` with the glyphs: a bar ``CJK_BAR`` tall; returns its height."""
    g.fb.fill_rect(0, 0, W, CJK_BAR, 1)
    mixed(g, left, 1, 1, 0)
    if right:
        mixed(g, right, W - 1 - Gfx.width(right), 1, 0)
    return CJK_BAR


def action_bar(g, label, arrows):
    """``gfx.Gfx.action_bar`` with the glyphs: the bar ``CJK_BAR`` tall at the bottom."""
    g.fb.fill_rect(0, H - CJK_BAR, W, CJK_BAR, 1)
    mixed(g, label, (W - Gfx.width(label)) // 2, H - CJK_BAR + 1, 0)
    if arrows:
        g.step_marks(H - CJK_BAR + 5)


def item(g, s, y, selected, x, w):
    """``gfx.Gfx.item`` in a line of glyphs: its bar ``CJK_BAR`` tall."""
    if selected:
        g.fb.fill_rect(x, y - 1, min(w, Gfx.width(s) + 4), CJK_BAR, 1)
    mixed(g, s, x + 2, y, 0 if selected else 1)


def wrap(g, s, y, max_lines, x):
    """``gfx.Gfx.wrap`` with the glyphs: lines ``CJK_LINE`` apart, as many as the panel holds."""
    for t in split(s, W - x)[:min(max_lines, (H - y + 1) // CJK_LINE)]:
        mixed(g, t, x, y)
        y += CJK_LINE
    return y


def toast(g, text):
    """A toast's text (``screens._draw_toast``) with the glyphs: at most 3 lines in its box (rows
    8-55, inside its double frame 10-53)."""
    lines = split(text, W - 14)[:3]
    y = 10 + (44 - CJK_LINE * len(lines)) // 2 + 1
    for t in lines:
        mixed(g, t, (W - Gfx.width(t)) // 2, y)
        y += CJK_LINE
