"""Text and blanking for the Pico's frame in machine code (MicroPython's viper emitter).

On the Pico a glyph drawn by bytecode costs about 160 us (a 20-character line: 3 ms, a menu
frame: 16 ms); here a character costs a few microseconds.  Used by the Pico board file only
(``board.Screen``): ``Gfx`` calls ``fb.draw_text`` when the frame has it and its own bit runs
(or the ``glyph`` hook) otherwise, so every other target draws exactly what this draws (the
test ``tests/test_micropython.py::test_ink_draws_what_gfx_draws`` compares them pixel for pixel).

The frame is the SSD1306's own layout, MONO_VLSB 128x64: byte ``page * 128 + x`` holds rows
``8 * page`` to ``8 * page + 7`` of column ``x``, bit 0 on top.  Needs a port with the viper
emitter (the rp2 port has it; mpy-cross builds it for ``-march=armv6m``).
"""
import micropython


@micropython.viper
def _text(buf: ptr8, data: ptr8, s: ptr8, n: int, x: int, y: int, spec: int, codes: ptr8, nc: int) -> int:
    # spec: ink (bit 0), bytes per column (bits 1-2), width (bits 3-7), first code (8-15), last code (16-23);
    # nc > 0: a font of code points (gfx.find), its nc sorted 16-bit codes at codes
    c = spec & 1
    nb = (spec >> 1) & 3
    w = (spec >> 3) & 31
    first = (spec >> 8) & 255
    last = (spec >> 16) & 255
    drop = 0  # rows above the frame's top edge
    if y < 0:
        drop = 0 - y
        y = 0
    page = y >> 3
    sh = y & 7
    i = 0  # byte index into the UTF-8 of s
    k = 0  # characters drawn: n of them, each with one lead byte
    while k < n:
        code = s[i]
        i += 1
        if code >= 0x80:
            if code < 0xC0:
                continue  # a stray UTF-8 continuation byte
            if code < 0xE0:
                code = (code & 0x1F) << 6 | (s[i] & 0x3F)
                i += 1
            elif code < 0xF0:
                code = (code & 0x0F) << 12 | (s[i] & 0x3F) << 6 | (s[i + 1] & 0x3F)
                i += 2
            else:
                code = 0x10000  # beyond every font
                i += 3
        k += 1
        if nc:
            lo = 0
            hi = nc
            g = -1
            while lo < hi:
                mid = (lo + hi) >> 1
                v = int(codes[2 * mid]) | int(codes[2 * mid + 1]) << 8
                if v == code:
                    g = mid
                    break
                if v < code:
                    lo = mid + 1
                else:
                    hi = mid
            if g < 0:
                x += w + 1  # not in the font: left blank, as Gfx.text
                continue
            o = g * w * nb
        else:
            if code < first or code > last:
                code = 63  # '?', as Gfx.text
            o = (code - first) * w * nb
        col = 0
        while col < w:
            cx = x + col
            v = int(data[o])
            if nb == 2:
                v |= int(data[o + 1]) << 8
            o += nb
            col += 1
            if cx < 0 or cx >= 128:
                continue
            v = (v >> drop) << sh
            p = page
            while v != 0 and p < 8:
                b = v & 255
                if b:
                    a = p * 128 + cx
                    if c:
                        buf[a] = buf[a] | b
                    else:
                        buf[a] = buf[a] & (255 ^ b)
                v = v >> 8
                p += 1
        x += w + 1
    return x


def draw_text(buf, font, s, x, y, c):
    """Draw ``s`` (str) in ``font`` (a ``fonts`` tuple: width, height, first, last, bytes per
    column, data) on the 128x64 MONO_VLSB ``buf`` (bytearray, 1024) with its top-left at
    (``x``, ``y``) px, in ink ``c`` (1 lit, 0 unlit: unlit glyph pixels are left alone);
    characters outside the font are drawn as '?' (left blank in a font of code points, whose
    seventh field the search reads: ``gfx.find``).  Returns the x after the last glyph (width + 1
    px per character), as ``gfx.Gfx.text``."""
    w = font[0]
    if y >= 64 or y <= -16:  # no row of a glyph (16 at most) on the frame; and a shift by 256 or
        return x + len(s) * (w + 1)  # more in machine code is a shift by its low byte only
    spec = (1 if c else 0) | font[4] << 1 | w << 3
    if len(font) > 6:  # a font of code points (gfx.find): the machine code searches them
        codes = font[6]
        return _text(buf, font[5], s, len(s), x, y, spec, codes, len(codes) >> 1)
    # no codes: nc 0 (the font's own buffer stands in)
    return _text(buf, font[5], s, len(s), x, y, spec | font[2] << 8 | font[3] << 16, font[5], 0)


@micropython.viper
def _mixed(buf: ptr8, s: ptr8, n: int, x: int, y: int, spec: int, adata: ptr8, gspec: int, gdata: ptr8,
           codes: ptr8, nc: int) -> int:
    # spec: _text's for the ASCII's font (ink, bytes per column, width, first and last code); gspec:
    # the glyphs' width (bits 0-4), bytes per column (5-6), the ASCII's drop below y (8-11); the
    # glyphs' nc sorted 16-bit codes at codes.  A code above 126 is a glyph, the rest ASCII
    c = spec & 1
    anb = (spec >> 1) & 3
    aw = (spec >> 3) & 31
    first = (spec >> 8) & 255
    last = (spec >> 16) & 255
    gw = gspec & 31
    gnb = (gspec >> 5) & 3
    ay = y + ((gspec >> 8) & 15)
    i = 0
    k = 0
    while k < n:
        code = s[i]
        i += 1
        if code >= 0x80:
            if code < 0xC0:
                continue  # a stray UTF-8 continuation byte
            if code < 0xE0:
                code = (code & 0x1F) << 6 | (s[i] & 0x3F)
                i += 1
            elif code < 0xF0:
                code = (code & 0x0F) << 12 | (s[i] & 0x3F) << 6 | (s[i + 1] & 0x3F)
                i += 2
            else:
                code = 0x10000  # beyond every font
                i += 3
        k += 1
        data = gdata
        if code > 126:
            w = gw
            nb = gnb
            yy = y
            lo = 0
            hi = nc
            g = -1
            while lo < hi:
                mid = (lo + hi) >> 1
                v = int(codes[2 * mid]) | int(codes[2 * mid + 1]) << 8
                if v == code:
                    g = mid
                    break
                if v < code:
                    lo = mid + 1
                else:
                    hi = mid
            if g < 0:
                x += w + 1  # not in the font: left blank, as Gfx.draw
                continue
            o = g * w * nb
        else:
            data = adata
            w = aw
            nb = anb
            yy = ay
            if code < first or code > last:
                code = 63  # '?', as Gfx.text
            o = (code - first) * w * nb
        if yy >= 64 or yy <= -16:
            x += w + 1
            continue
        drop = 0  # rows above the frame's top edge
        if yy < 0:
            drop = 0 - yy
            yy = 0
        page = yy >> 3
        sh = yy & 7
        col = 0
        while col < w:
            cx = x + col
            v = int(data[o])
            if nb == 2:
                v |= int(data[o + 1]) << 8
            o += nb
            col += 1
            if cx < 0 or cx >= 128:
                continue
            v = (v >> drop) << sh
            p = page
            while v != 0 and p < 8:
                b = v & 255
                if b:
                    a = p * 128 + cx
                    if c:
                        buf[a] = buf[a] | b
                    else:
                        buf[a] = buf[a] & (255 ^ b)
                v = v >> 8
                p += 1
        x += w + 1
    return x


def draw_mixed(buf, font, glyphs, s, x, y, c, dy):
    """``s`` (str) as ``lang_text.mixed`` draws it at scale 1, in one call: its ASCII (codes up to
    126) in ``font`` (a ``fonts`` tuple) ``dy`` px below ``y``, every other character in
    ``glyphs`` (a font of code points, ``gfx.find``: one it lacks left blank), each advancing its
    font's width + 1 px; ``buf``, ``x``, ``y`` and ``c`` as ``draw_text``'s.  Returns the x after
    the last glyph.  A line of a language's glyphs drawn run by run in Python cost the Pico about
    5 ms a screen (``lang_text``)."""
    codes = glyphs[6]
    return _mixed(buf, s, len(s), x, y, (1 if c else 0) | font[4] << 1 | font[0] << 3 | font[2] << 8 | font[3] << 16,
                  font[5], glyphs[0] | glyphs[4] << 5 | dy << 8, glyphs[5], codes, len(codes) >> 1)


@micropython.viper
def _scaled(buf: ptr8, data: ptr8, s: ptr8, n: int, x: int, y: int, spec: int, codes: ptr8, nc: int) -> int:
    # spec, codes and nc as _text's, and the scales: across (bits 24-26), down (bits 27-29); bit 30: no gap
    # column between glyphs.  A lit glyph pixel
    # is a block of sx x sy pixels, each set alone: any scale, any y, nothing to overflow.
    c = spec & 1
    nb = (spec >> 1) & 3
    w = (spec >> 3) & 31
    first = (spec >> 8) & 255
    last = (spec >> 16) & 255
    sx = (spec >> 24) & 7
    sy = (spec >> 27) & 7
    adv = (w + 1 - ((spec >> 30) & 1)) * sx
    i = 0
    k = 0
    while k < n:
        code = s[i]
        i += 1
        if code >= 0x80:
            if code < 0xC0:
                continue  # a stray UTF-8 continuation byte
            if code < 0xE0:
                code = (code & 0x1F) << 6 | (s[i] & 0x3F)
                i += 1
            elif code < 0xF0:
                code = (code & 0x0F) << 12 | (s[i] & 0x3F) << 6 | (s[i + 1] & 0x3F)
                i += 2
            else:
                code = 0x10000  # beyond every font
                i += 3
        k += 1
        if nc:
            lo = 0
            hi = nc
            g = -1
            while lo < hi:
                mid = (lo + hi) >> 1
                v = int(codes[2 * mid]) | int(codes[2 * mid + 1]) << 8
                if v == code:
                    g = mid
                    break
                if v < code:
                    lo = mid + 1
                else:
                    hi = mid
            if g < 0:
                x += adv
                continue
            o = g * w * nb
        else:
            if code < first or code > last:
                code = 63  # '?', as Gfx.text
            o = (code - first) * w * nb
        col = 0
        while col < w:
            v = int(data[o])
            if nb == 2:
                v |= int(data[o + 1]) << 8
            o += nb
            x0 = x + col * sx
            col += 1
            r = 0
            while v != 0:
                if v & 1:
                    py = y + r * sy
                    dy = 0
                    while dy < sy:
                        if py >= 0 and py < 64:
                            bit = 1 << (py & 7)
                            row = (py >> 3) * 128
                            dx = 0
                            while dx < sx:
                                px = x0 + dx
                                if px >= 0 and px < 128:
                                    if c:
                                        buf[row + px] = buf[row + px] | bit
                                    else:
                                        buf[row + px] = buf[row + px] & (255 ^ bit)
                                dx += 1
                        py += 1
                        dy += 1
                v = v >> 1
                r += 1
        x += adv
    return x


def draw_scaled(buf, font, s, x, y, c, sx, sy, gap=1):
    """``draw_text`` at ``sx`` x ``sy`` (1-7 each): each glyph pixel a block ``sx`` px wide and
    ``sy`` px tall, as ``gfx.Gfx.text(s, x, y, c, font, sx, sy, gap)`` draws it.  Returns the x
    after the last glyph ((width + ``gap``) * ``sx`` px per character, ``gap`` 1 or 0)."""
    w = font[0]
    if y >= 64 or y <= -16 * sy:
        return x + len(s) * (w + gap) * sx
    spec = (1 if c else 0) | font[4] << 1 | w << 3 | sx << 24 | sy << 27
    if not gap:
        spec |= 1 << 30
    if len(font) > 6:
        codes = font[6]
        return _scaled(buf, font[5], s, len(s), x, y, spec, codes, len(codes) >> 1)
    return _scaled(buf, font[5], s, len(s), x, y, spec | font[2] << 8 | font[3] << 16, font[5], 0)


@micropython.viper
def _pattern(buf: ptr8, x: int, y: int, w: int, h: int, c: int):
    # the pixels lit (the frame clipped first): 0 green, (column - row) mod 4 below 2; 1 yellow,
    # column and row multiples of 3; 2 blue, row bit 1; 3 red, all; 4 purple, column bit 1
    x1 = x + w
    y1 = y + h
    if x < 0:
        x = 0
    if y < 0:
        y = 0
    if x1 > 128:
        x1 = 128
    if y1 > 64:
        y1 = 64
    x3 = x  # x mod 3, without a division (none in armv6m's machine code)
    while x3 >= 3:
        x3 -= 3
    ym = y
    while ym >= 3:
        ym -= 3
    yy = y
    while yy < y1:
        row = (yy >> 3) * 128
        bit = 1 << (yy & 7)
        xm = x3
        xx = x
        while xx < x1:
            on = 0
            if c == 3:
                on = 1
            elif c == 2:
                on = yy & 2
            elif c == 4:
                on = xx & 2
            elif c == 0:
                if ((xx - yy) & 3) < 2:
                    on = 1
            elif ym == 0 and xm == 0:
                on = 1
            if on:
                buf[row + xx] = buf[row + xx] | bit
            xm += 1
            if xm == 3:
                xm = 0
            xx += 1
        ym += 1
        if ym == 3:
            ym = 0
        yy += 1


def pattern(buf, x, y, w, h, c):
    """The building-tile colour pattern ``c`` (0-4) lit over the rectangle (``x``, ``y``, ``w``,
    ``h``) px of ``buf`` (the frame, clipped at its edges): what
    ``games.delfos.ui_base.pattern`` draws with framebuf calls (green diagonal stripes,
    yellow sparse dots, blue horizontal and purple vertical stripes, red solid), the phase
    following the screen."""
    if w > 0 and h > 0:
        _pattern(buf, x, y, w, h, c)


@micropython.viper
def _blank(buf: ptr32, words: int, v: int):
    i = 0
    while i < words:
        buf[i] = v
        i += 1


def blank(buf, c=0):
    """Every pixel of ``buf`` (a bytearray whose length is a multiple of 4) set to ``c``."""
    _blank(buf, len(buf) >> 2, -1 if c else 0)


@micropython.viper
def runs(buf: ptr8, shadow: ptr8, base: int, out: ptr8) -> int:
    """``display.runs`` in machine code: the changed runs of the page at ``base`` (128 columns,
    a page that differs) into ``out``, split at unchanged gaps wider than 7 columns; returns how
    many."""
    c0 = 0
    while buf[base + c0] == shadow[base + c0]:
        c0 += 1
    c1 = 127
    while buf[base + c1] == shadow[base + c1]:
        c1 -= 1
    n = 0
    gap = 0
    if c1 - c0 > 8:
        x = c0
        while x <= c1:
            if buf[base + x] == shadow[base + x]:
                gap += 1
            else:
                if gap > 7:
                    out[n] = c0
                    out[n + 1] = x - gap - 1
                    n += 2
                    c0 = x
                gap = 0
            x += 1
    out[n] = c0
    out[n + 1] = c1
    return (n >> 1) + 1
