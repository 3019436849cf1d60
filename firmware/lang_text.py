"""The strings and glyphs of a language other than English (``lang``): loaded only while one is in
use, so that in English the device carries none of this.

``load(module, here)`` finds the language's block (the layout is in ``lang``'s docstring);
``tr(s)`` looks a string up; the rest draws text that holds the language's glyphs on a
``gfx.Gfx``: 11x11 glyphs ``gfx.CJK_ADV`` px apart, lines ``gfx.CJK_LINE`` px apart, the small
font's ASCII ``gfx.ASCII_DY`` px lower in such a line (its capitals on the glyphs' middle).
"""
import loader
from micropython import const
from fonts import SMALL
from gfx import ASCII_DY, CJK_ADV, CJK_BAR, CJK_LINE, TALL_W, H, W, Gfx, plain, utf8

_data = None  # the block, from a frozen or imported module (bytes)
_path = None  # or its file, on the make deploy route
_f = None  # that file, open while the language is in use: opening it took 1.4 ms of each look-up on the Pico
_nstr = 0
_nglyph = 0
_gsize = 0  # bytes per glyph
_text = 0  # where the text starts
_buf = bytearray(32)  # what a look-up in the file reads (a glyph: _gsize bytes, at most 32)
# The block's glyphs as one font of code points (``gfx.find``), when the block is in memory (frozen
# in flash on the image): a run of glyphs is one call of the board's text hook (machine code on the
# Pico), no look-up a glyph in Python.  None on the make deploy route (the glyphs stay in the file).
_font = None
# The strings looked up lately, {English: translation}: a frame asks for the same few dozen again at
# every key, and each look-up hashes the English and searches the block in Python (20 ms of a key
# on the Pico before this).  Emptied when full: at most ``_room`` entries of at most ``_LONG`` bytes
# (a page of the rules help is not kept), about 12 KB: a whole Oracle game looks up 136 strings (64
# entries missed 202 look-ups in it, 128 missed 144).  Only with the block in memory (the image): on
# the make deploy route the heap is what is scarce (0 entries).
_cache = {}
_room = 0
_LONG = const(96)


def load(module, here):
    """Find the block of ``module`` (a name of ``lang.MODULES``): its file beside ``here`` (the
    path of ``lang``'s ``.mpy``, the make deploy route), else the module (frozen on the image: its
    bytes stay in flash).  False when there is neither, or it is not such a block."""
    global _data, _path, _nstr, _nglyph, _gsize, _text, _f
    close()
    head = None
    if here.endswith(".mpy"):
        path = here[:here.rfind("/") + 1] + module + ".bin"
        try:
            _f = open(path, "rb")
            head = _f.read(16)
            _path = path
        except OSError:
            close()
    if head is None:  # the module: frozen on the image (its bytes stay in flash), else imported
        try:
            _data = loader.import_module(module).DATA
        except ImportError:
            return False
        head = _data[:16]
    if head[:3] != b"DL\x01":
        close()
        return False
    _gsize = head[3] * head[5]
    if _gsize > len(_buf):
        close()
        return False
    _nstr = head[6] | head[7] << 8
    _nglyph = head[8] | head[9] << 8
    _text = head[10] | head[11] << 8 | head[12] << 16 | head[13] << 24
    global _room
    _room = 0 if _data is None else 128
    if _data is not None and _nglyph:
        global _font
        m = memoryview(_data)  # views of the block in place: nothing copied
        c = 16 + 8 * _nstr
        g = c + 2 * _nglyph
        _font = (head[3], head[4], _data[c] | _data[c + 1] << 8, _data[g - 2] | _data[g - 1] << 8, head[5],
                 m[g:g + _gsize * _nglyph], m[c:g])
    return True


def close():
    """Let the block go (its file closed): English again, or another block."""
    global _data, _path, _f, _font
    if _f is not None:
        _f.close()
    _data = _path = _f = _font = None
    _cache.clear()


def key(s):
    """The table's key of English string ``s``: 24 bits, kept below 2**30 on the way (small
    integers on MicroPython: no allocation), over its UTF-8 bytes."""
    h = 5381
    for b in utf8(s):
        h = (h * 33 + b) & 0xFFFFFF
    return h


def _num(o, n):
    """The little-endian number of ``n`` (2 or 3) bytes at offset ``o`` of the block."""
    d = _data
    if d is None:  # its file (the make deploy route): read into one buffer, nothing allocated
        _f.seek(o)
        _f.readinto(_buf, n)
        d = _buf
        o = 0
    v = d[o] | d[o + 1] << 8
    if n == 3:
        v |= d[o + 2] << 16
    return v


def _find(base, count, step, n, want):
    """The index of the entry whose key (its first ``n`` bytes, little-endian) is ``want``, among
    ``count`` entries ``step`` bytes apart from ``base``, sorted by key; -1 if there is none.  In
    the block in place (frozen on the image) the keys are read without a call a step."""
    lo = 0
    hi = count
    d = _data
    while lo < hi:
        mid = (lo + hi) >> 1
        o = base + step * mid
        if d is None:
            v = _num(o, n)
        else:
            v = d[o] | d[o + 1] << 8
            if n == 3:
                v |= d[o + 2] << 16
        if v == want:
            return mid
        if v < want:
            lo = mid + 1
        else:
            hi = mid
    return -1


def glyph(code):
    """The glyph of code point ``code``: a buffer holding its ``_gsize`` bytes from offset 0
    (fonts.py's column order), or None when the block has no such glyph."""
    base = 16 + 8 * _nstr
    i = _find(base, _nglyph, 2, 2, code)
    if i < 0:
        return None
    o = base + 2 * _nglyph + _gsize * i
    if _data is not None:
        return _data[o:o + _gsize]
    _f.seek(o)
    _f.readinto(_buf, _gsize)
    return _buf


def tr(s):
    """``s`` in the language (``lang.tr``); ``s`` itself when the table has no such string."""
    t = _cache.get(s)
    if t is not None:
        return t
    i = _find(16, _nstr, 8, 3, key(s))
    if i < 0:
        t = s
        n = 0
    else:
        e = 16 + 8 * i
        o = _text + _num(e + 4, 2)
        n = _num(e + 6, 2)
        if _data is None:
            _f.seek(o)
            return _f.read(n).decode()
        t = str(_data[o:o + n], "utf-8")
    if n <= _LONG and _room:
        if len(_cache) >= _room:
            _cache.clear()
        _cache[s] = t
    return t


def mixed(g, s, x, y, c=1, font=SMALL, scale=1, sy=0, gap=1):
    """``s`` on ``g`` (a ``gfx.Gfx``) in a line of glyphs, its top at y (``gfx.Gfx.text``'s
    arguments): each glyph ``CJK_ADV`` px across (times ``scale``), the ASCII in ``font``
    ``ASCII_DY`` lower (times ``sy``); a character with no glyph drawn as '?' (left blank when
    the glyphs are in memory).  Returns the x after the last glyph."""
    sy = sy or scale
    if _font is not None and scale == 1 and sy == 1 and gap == 1 and g.draw_mixed is not None:
        return g.draw_mixed(font, _font, s, x, y, c, ASCII_DY)  # the board's, in one call (the Pico's ink)
    start = n = 0  # characters
    wide = False
    for b in utf8(s):  # runs of glyphs and of ASCII, each drawn by one call
        if 0x80 <= b < 0xC0:
            continue  # a character's later bytes
        w = b > 126
        if w != wide:
            if n:
                x = _run(g, s[start:n], wide, x, y, c, font, scale, sy, gap)
            start = n
            wide = w
        n += 1
    if n:
        x = _run(g, s[start:] if start else s, wide, x, y, c, font, scale, sy, gap)
    return x


def _run(g, run, wide, x, y, c, font, scale, sy, gap):
    """A run of ``mixed``: ASCII in ``font``, else glyphs."""
    if not wide:
        return g.draw(run, x, y + ASCII_DY * sy, c, font, scale, sy, gap)
    if _font is not None:
        return g.draw(run, x, y, c, _font, scale, sy, gap)
    code = left = 0
    for b in utf8(run):  # the make deploy route: each glyph read from the file, drawn as a one-character font
        if b >= 0xC0:  # a lead byte: 1-3 bytes to come
            left = 1 if b < 0xE0 else 2 if b < 0xF0 else 3
            code = b & (0x3F >> left)
            continue
        if b >= 0x80:
            code = code << 6 | b & 0x3F
            left -= 1
            if left:
                continue
        gl = glyph(code) if b >= 0x80 else None
        if gl is None:
            x = g.draw("?", x, y + ASCII_DY * sy, c, font, scale, sy, gap)
        else:  # fonts.py's shape: 11 columns of 2 bytes, " " its one character
            x = g.draw(" ", x, y, c, (CJK_ADV - 1, 11, 32, 32, 2, gl), scale, sy, gap)
    return x


def width(s, font=SMALL, scale=1, gap=1):
    """Pixel width of ``s`` drawn by ``mixed`` (no trailing gap)."""
    if plain(s):  # counted in C (``gfx.plain``), no loop over its bytes
        return (len(s) * (font[0] + gap) - gap) * scale
    n = 0
    for b in utf8(s):
        if b < 0x80:
            n += (CJK_ADV - 1 + gap) if b > 126 else font[0] + gap
        elif b >= 0xC0:
            n += CJK_ADV - 1 + gap
    return (n - gap) * scale


def split(s, px, font=SMALL):
    """``s`` in lines of at most ``px`` px: broken at spaces and between any two glyphs
    (Chinese has no spaces); a longer word stays whole.  The lines are slices of ``s`` (by
    character: ``i``), the word being measured ``s[ws:i]``."""
    out = []
    ls = ws = i = 0  # where the line and the word start, the character at hand
    sp = False  # the word starts with a space
    lw = ww = 0  # the advances of line and word (``width`` + 1): no re-measuring of the line per character
    asc = font[0] + 1
    n = 0  # the characters in s
    for b in utf8(s):
        if not 0x80 <= b < 0xC0:
            n += 1
    it = utf8(s)
    k = 0  # the byte at hand
    while i <= n:
        if i < n:
            b = it[k]
            k += 1
            while k < len(it) and 0x80 <= it[k] < 0xC0:
                k += 1
        else:
            b = 32  # a space after the last character ends the last word
        if b == 32 or b > 126:
            if b != 32:
                ww += CJK_ADV
            if lw and lw + ww - 1 > px:
                out.append(s[ls:ws].rstrip())
                ls = ws + 1 if sp else ws
                lw = ww - asc if sp else ww
            else:
                lw += ww
            ws = i if b == 32 else i + 1
            sp = b == 32
            ww = asc if sp else 0
        else:
            ww += asc
        i += 1
    line = s[ls:].rstrip()
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


def table_lines(g, lines, ink, room=H):
    """The table view's lines (``ui.TableView``) when some hold glyphs: each in table text
    (``table_line``: 22 px with glyphs, else 21), as many as the top ``room`` px of the panel hold,
    spread over them."""
    n = 0
    used = 0
    for s in lines:
        h = 21 if plain(s) else 22
        if used + h > room:
            break
        used += h
        n += 1
    gap = (room - used) // (n + 1)
    y = gap
    for s in lines[:n]:
        table_line(g, s, y, ink)
        y += (21 if plain(s) else 22) + gap


def table_line(g, s, y, ink=1):
    """``s`` centred with its top at y in table text: its glyphs doubled (22 px), its ASCII in
    the small font 2 px wide and 3 px tall a pixel (18 px capitals) 1 px below the glyphs' top (at
    y itself in a line without glyphs)."""
    if plain(s):
        g.text(s, (W + 2 - len(s) * TALL_W) // 2, y, ink, SMALL, 2, 3, 0)
        return
    w = 0  # the width drawn: 24 px a glyph (22 and its gap), 10 a character of ASCII
    t = 0  # glyphs after ASCII: 2 px apart where the line has room (the ASCII's cells end on ink)
    wide = False
    n = 0  # characters
    for b in utf8(s):
        if 0x80 <= b < 0xC0:
            continue
        prev = wide
        wide = b > 126
        w += 2 * CJK_ADV if wide else TALL_W
        if wide and n and not prev:
            t += 1
        n += 1
    if wide:
        w -= 2  # no gap after the last glyph
    pad = 2 if w + 2 * t <= W else 0
    x = (W - w - pad * t) // 2
    start = i = 0
    wide = False
    for b in utf8(s):  # runs of glyphs and of ASCII, each drawn at its size
        if 0x80 <= b < 0xC0:
            continue
        k = b > 126
        if k != wide and i:
            x = _table_run(g, s[start:i], wide, start, x, y, ink, pad)
            start = i
        wide = k
        i += 1
    _table_run(g, s[start:] if start else s, wide, start, x, y, ink, pad)


def _table_run(g, run, wide, start, x, y, ink, pad):
    """A run of ``table_line``'s glyphs (doubled) or ASCII (table text); the x after it."""
    if wide:
        return g.text(run, x + pad if start else x, y, ink, SMALL, 2)
    return g.text(run, x, y + 1, ink, SMALL, 2, 3, 0)
