"""Drawing for the 128x64 screen: text in two bitmap fonts, scaled, on any framebuf.

``Gfx(fb)`` draws on an object with framebuf's ``fill``, ``fill_rect``,
``hline``, ``vline`` and ``rect`` (the SSD1306 driver on the Pico, a
``framebuf.FrameBuffer`` under micropython, ``host_sim.framebuf`` on
CPython).  Coordinates are pixels, (0, 0) top left; colour 1 is lit.
"""
from fonts import BIG, SMALL

W = 128
H = 64
LINE = 8  # small-font line pitch: 8 lines of text on the screen


class Gfx:
    def __init__(self, fb):
        self.fb = fb

    def clear(self):
        self.fb.fill(0)

    def text(self, s, x, y, c=1, font=SMALL, scale=1):
        """Draw ``s`` with its top-left at (x, y); returns the x after the last glyph.

        Characters outside the font are drawn as '?'.  Glyph advance is the
        font width plus one pixel column, times ``scale``.
        """
        w, h, first, last, nb, data = font
        fb = self.fb
        adv = (w + 1) * scale
        glyph = getattr(self.fb, "glyph", None)
        for ch in s:
            code = ord(ch)
            if code < first or code > last:
                code = 63  # '?'
                if code < first or code > last:
                    code = first
            if glyph is not None and scale == 1:
                glyph(font, code - first, x, y, c)
                x += adv
                continue
            o = (code - first) * w * nb
            for cx in range(w):
                bits = data[o]
                if nb == 2:
                    bits |= data[o + 1] << 8
                o += nb
                yy = 0
                while bits:
                    if bits & 1:
                        run = 0
                        while bits & 1:
                            bits >>= 1
                            run += 1
                        if scale == 1:
                            fb.vline(x + cx, y + yy, run, c)
                        else:
                            fb.fill_rect(x + cx * scale, y + yy * scale, scale, run * scale, c)
                        yy += run
                    else:
                        bits >>= 1
                        yy += 1
            x += adv
        return x

    @staticmethod
    def width(s, font=SMALL, scale=1):
        """Pixel width of ``s`` (no trailing gap)."""
        if not s:
            return 0
        return len(s) * (font[0] + 1) * scale - scale

    def center(self, s, y, c=1, font=SMALL, scale=1, x0=0, x1=W):
        """Draw ``s`` centred between x0 and x1."""
        x = x0 + (x1 - x0 - self.width(s, font, scale)) // 2
        return self.text(s, x, y, c, font, scale)

    def right(self, s, y, c=1, font=SMALL, scale=1, x1=W):
        return self.text(s, x1 - self.width(s, font, scale), y, c, font, scale)

    def title(self, left, right=""):
        """Inverted title bar (line 0) with text left and, optionally, right."""
        self.fb.fill_rect(0, 0, W, 9, 1)
        self.text(left, 1, 1, 0)
        if right:
            self.right(right, 1, 0, x1=W - 1)

    def footer(self, s):
        """Key hint on the last line, under a rule."""
        self.fb.hline(0, H - 9, W, 1)
        self.text(s, 1, H - 7)

    def action_bar(self, label, arrows=True):
        """The inverted action line at the bottom (y 54-63); ``< >`` when UP/DOWN
        step through more than one action."""
        self.fb.fill_rect(0, 54, W, 10, 1)
        self.center(label, 55, 0)
        if arrows:
            self.text("<", 2, 55, 0)
            self.text(">", W - 7, 55, 0)

    def item(self, s, y, selected, x=0, w=W):
        """One menu line at y; the selected one is inverted so the cursor is obvious."""
        if selected:
            self.fb.fill_rect(x, y - 1, w, 9, 1)
            self.text(s, x + 2, y, 0)
        else:
            self.text(s, x + 2, y, 1)

    def big(self, s, x, y, scale=1, c=1):
        """Key numbers in the big (9x15 bold) font; scale 2 gives 30 px digits."""
        return self.text(s, x, y, c, BIG, scale)

    def big_center(self, s, y, scale=1, x0=0, x1=W):
        return self.center(s, y, 1, BIG, scale, x0, x1)

    def wrap(self, s, y, max_lines=6, x=1):
        """Word-wrapped small text from y; returns the y after the last line."""
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
