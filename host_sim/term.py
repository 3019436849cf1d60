"""Drawing the 128x64 frame in a text terminal, in the size the terminal has.

Three layouts, the largest that fits (``choose_layout``):

- ``"half"``: half-block characters, 1 pixel wide and 2 pixel rows per cell:
  128 x 32 characters, in a frame, with a status line: 130 x 35 cells.
- ``"braille"``: Braille cells, 2 x 4 pixels each: 64 x 16 characters, in a
  frame, with a status line: 66 x 19 cells (fits a standard 80 x 24 terminal);
  lit areas (title bars, the selected line) in reverse video (``braille_lines``).
- ``"small"``: one line saying the terminal is too small and what it needs.

Frames are MONO_VLSB bytes (bit 0 of byte ``(y // 8) * 128 + x`` is the top
pixel of its page), as the device's display memory.
"""
WIDTH = 128
HEIGHT = 64

# (name, picture columns, picture rows): picture plus a 1-cell frame and 1 status line
LAYOUTS = (("half", WIDTH, HEIGHT // 2), ("braille", WIDTH // 2, HEIGHT // 4))
HELP = "arrows: move  Enter/space: OK  Bksp/Esc: BACK  h: HOME  q: quit"  # within the 66 columns of Braille


def needs(name):
    """(columns, rows) the terminal needs for layout ``name``."""
    for n, w, h in LAYOUTS:
        if n == name:
            return w + 2, h + 3
    raise KeyError(name)


def choose_layout(cols, rows):
    """The largest layout that fits a ``cols`` x ``rows`` terminal: "half", "braille" or "small"."""
    for name, _w, _h in LAYOUTS:
        need_c, need_r = needs(name)
        if cols >= need_c and rows >= need_r:
            return name
    return "small"


def _px(frame, x, y):
    return (frame[(y >> 3) * WIDTH + x] >> (y & 7)) & 1


def half_lines(frame):
    """The frame as 32 lines of 128 half-block characters (upper pixel, lower pixel)."""
    out = []
    for y in range(0, HEIGHT, 2):
        out.append("".join(" ▀▄█"[_px(frame, x, y) | (_px(frame, x, y + 1) << 1)] for x in range(WIDTH)))
    return out


# Braille dot bits by (dx, dy) in a 2 x 4 cell (Unicode Braille Patterns, U+2800).
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


REV = "\x1b[7m"  # reverse video on
NOREV = "\x1b[27m"  # reverse video off
_WIN = 3  # cells each side in the window that decides whether a cell lies in a lit area


def braille_cells(frame):
    """The frame as 16 rows of 64 Braille dot bit sets (0-255), 2 x 4 pixels each."""
    out = []
    for y in range(0, HEIGHT, 4):
        row = []
        for x in range(0, WIDTH, 2):
            bits = 0
            for dy in range(4):
                for dx in range(2):
                    if _px(frame, x + dx, y + dy):
                        bits |= _DOTS[dy][dx]
            row.append(bits)
        out.append(row)
    return out


def braille_lines(frame, reverse=True):
    """The frame as 16 lines of 64 Braille characters, 2 x 4 pixels each.

    Braille dots leave gaps, so a lit area (an inverted title bar, the selected menu line)
    is a grid of dots in which dark text is a few missing dots: unreadable.  With
    ``reverse`` a cell in a mostly lit area (more than half of the pixels of its 4 pixel
    rows, ``_WIN`` cells either side) is drawn in reverse video with its dots inverted:
    the same pixels, lit ones as the light background, dark ones (the text) as dots, as
    readable as text on the dark screen.  The ANSI codes take no columns (``visible``).
    """
    out = []
    for row in braille_cells(frame):
        lit = [bin(b).count("1") for b in row]
        n = len(row)
        line = []
        inv = False
        for i in range(n):
            lo = max(0, i - _WIN)
            hi = min(n, i + _WIN + 1)
            want = reverse and sum(lit[lo:hi]) * 2 > 8 * (hi - lo)
            if want != inv:
                line.append(REV if want else NOREV)
                inv = want
            line.append(chr(0x2800 + (row[i] ^ 0xFF if want else row[i])))
        if inv:
            line.append(NOREV)
        out.append("".join(line))
    return out


def visible(s):
    """``s`` without its reverse-video codes: what takes columns on the terminal."""
    return s.replace(REV, "").replace(NOREV, "")


def screen_lines(frame, cols, rows, status=HELP):
    """What to show in a ``cols`` x ``rows`` terminal: a list of lines, none wider than
    ``cols`` (``visible``), at most ``rows`` of them (the picture in a frame and a status line, or one
    line saying the terminal is too small)."""
    layout = choose_layout(cols, rows)
    if layout == "small":
        c, r = needs("braille")
        for msg in ("Terminal %dx%d is too small: the simulator needs %dx%d (resize it, or q to quit)",
                    "Terminal %dx%d too small: need %dx%d",
                    "%dx%d: need %dx%d"):
            msg = msg % (cols, rows, c, r)
            if len(msg) <= cols:
                break
        return [msg[:max(cols, 1)]]
    pic = half_lines(frame) if layout == "half" else braille_lines(frame)
    w = len(visible(pic[0]))
    out = ["┌" + "─" * w + "┐"]
    for line in pic:
        out.append("│" + line + "│")
    out.append("└" + "─" * w + "┘")
    out.append(status[:cols])
    return out
