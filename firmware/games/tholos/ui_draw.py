"""Drawing shared by the Tholos screens: the temple, the counts, the action bar.

The temple: left, the seven columns alpha .. Omega (labelled with the Greek
letters, drawn from the small bitmaps ``GREEK``: the small font is ASCII
only) of up to five stones each: white = hollow box, black = filled box,
grey = hollow box with a bold bar across (a minus: grey scores -2); right,
the quarry counts under a stone of each colour, both workshops as their
stones (a dot per free place, ``>`` marks the player to move) and the
action bar (or, while the device thinks, the progress bar).
"""
import lang
import names
from gfx import bit_column
from lang import msg, tr

from games.tholos import zh
from games.tholos.rules import BLACK, GREY, HEIGHT, LETTERS, N_COLUMNS, WHITE, WORKSHOP_SIZE

PLAYER_NAMES = (msg("White"), msg("Black"))  # the seats' default names (shown through ``tr``)
# Title bar while a column's bonus is open (Tholos rules, Column Bonus Actions).
BONUS_TITLES = (msg("Bonus: move grey top"), msg("Bonus: move white top"), msg("Bonus: top to quarry"),
                msg("Bonus: quarry stone"), msg("Bonus: rival's stone"), msg("Bonus: place another"),
                msg("Bonus: move black top"))

# Geometry (pixels).  Temple: column i in cells x = i * CELL .. + CELL - 1;
# a stone is STONE_W x STONE_H, rows ROW_PITCH apart, bottom row at BASE_Y.
CELL = 11
STONE_W = 9
STONE_H = 8
ROW_PITCH = 9
TOP_Y = 9  # first pixel row under the title bar
BASE_Y = 46  # top of the bottom stone
FLOOR_Y = 54  # the temple floor line
LABEL_Y = 56
TEMPLE_W = N_COLUMNS * CELL
PANEL_X = 79
BAR_Y = 54  # action bar: y 54 .. 63 of the right panel
NUM_X = (87, 101, 115)  # quarry count columns (W, B, G), 11 px wide each
SHOP_X = 92  # first workshop stone
TOTAL = N_COLUMNS * HEIGHT
# In a language with glyphs (``lang.cjk``) the title bar is ``gfx.CJK_BAR`` (13 px) tall: the stones
# 7 px tall, 8 apart, the top row at 14; the action bar 12 px (the rest: ``ui_zh``).
CJK_TOP_Y = 13
CJK_PITCH = 8
CJK_STONE_H = 7
CJK_BAR_Y = 52

# Column names alpha beta gamma delta pi Sigma Omega as 5 x 8 bitmaps: 5
# bytes per letter, one per pixel column, bit 0 = top row, baseline on row 6
# (beta and gamma go below it).  Drawn with vline only (every target has it).
GREEK = bytes((
    56, 68, 68, 56, 68,  # alpha
    254, 73, 73, 54, 0,  # beta
    4, 24, 224, 24, 4,  # gamma
    58, 69, 69, 57, 0,  # delta
    4, 124, 4, 124, 4,  # pi
    99, 85, 73, 65, 65,  # Sigma
    78, 113, 1, 113, 78,  # Omega
))
GREEK_W = 5
GREEK_H = 8


def game_of(app):
    return app.session.game


def stones_placed(gm):
    n = 0
    for col in gm.columns:
        n += len(col)
    return n


def draw_greek(fb, col, x, y, c=1):
    """Column ``col``'s Greek letter (0 alpha .. 6 Omega), ``GREEK_W`` x
    ``GREEK_H`` px with its top left at (x, y), in ink ``c``: one vline per
    run of set bits."""
    base = col * GREEK_W
    for i in range(GREEK_W):
        bit_column(fb, GREEK[base + i], x + i, y, c)


def draw_stone(fb, x, y, colour, c=1, w=STONE_W, h=STONE_H):
    """One stone: white = hollow box, black = filled box, grey = hollow box
    with a bold bar across its middle (a minus sign: grey scores -2).

    The three differ in how much is lit (outline, all, outline and a bar),
    so they stay apart at arm's length where a checker pattern looked black.
    ``c`` is the ink (0 inside an inverted cursor or bar: the looks stay apart).
    """
    if colour == BLACK:
        fb.fill_rect(x, y, w, h, c)
        return
    fb.rect(x, y, w, h, c)
    if colour == GREY:
        bh = 2 if h >= 8 else 1  # 2 px clear above and below the bar
        fb.fill_rect(x + 2, y + (h - bh) // 2, w - 4, bh, c)


def draw_temple(g, gm, cursor=-1, marks=()):
    """The seven columns, the floor and the labels.

    ``cursor``: column drawn inverted from top to bottom (the column cursor);
    ``marks``: columns whose label is drawn inverted (the bonus column, a
    move's source, the columns the device used).
    """
    fb = g.fb
    cjk = lang.cjk
    top = CJK_TOP_Y if cjk else TOP_Y
    pitch = CJK_PITCH if cjk else ROW_PITCH
    sh = CJK_STONE_H if cjk else STONE_H
    for i in range(N_COLUMNS):
        x0 = i * CELL
        ink = 1
        if i == cursor:
            fb.fill_rect(x0, top, CELL, 64 - top, 1)
            ink = 0
        elif i in marks:
            fb.fill_rect(x0, LABEL_Y - 1, CELL, 9, 1)
        col = gm.columns[i]
        for r in range(HEIGHT):
            y = BASE_Y - r * pitch
            if r < len(col):
                draw_stone(fb, x0 + 1, y, col[r], ink, STONE_W, sh)
            else:  # an empty place: one dot, so the five places show
                fb.pixel(x0 + 5, y + sh // 2, ink)
        lab_ink = 0 if (i == cursor or i in marks) else 1
        draw_greek(fb, i, x0 + 3, LABEL_Y, lab_ink)
    # The floor (stylobate), broken where the cursor column is inverted.
    for i in range(N_COLUMNS):
        fb.hline(i * CELL, FLOOR_Y, CELL, 0 if i == cursor else 1)


def draw_counts(g, gm):
    """Quarry counts under a stone of each colour, then both workshops."""
    fb = g.fb
    if lang.cjk:
        zh().draw_counts(g, gm)
        return
    for c in range(3):
        draw_stone(fb, NUM_X[c] + 2, TOP_Y + 1, c, 1, 7, 7)
    g.text("Q", PANEL_X, 19)
    for c in range(3):
        g.right("%d" % gm.quarry[c], 19, x1=NUM_X[c] + 11)
    for p in range(2):
        y = 28 + p * 10
        if p == gm.turn and not gm.over:
            g.text(">", PANEL_X, y + 1)
        g.text(LETTERS[p], PANEL_X + 6, y + 1)
        shop = gm.workshops[p]
        x = SHOP_X
        for c in (WHITE, BLACK, GREY):
            for _ in range(shop[c]):
                draw_stone(fb, x, y, c)
                x += 11
        while x < SHOP_X + WORKSHOP_SIZE * 11:
            fb.pixel(x + 4, y + 4, 1)
            x += 11


def bar(g, text, colour=-1, inverted=True):
    """The action bar at the bottom of the panel: text and an optional stone (12 px tall with
    the language's glyphs, ``lang.cjk``)."""
    fb = g.fb
    if lang.cjk:
        y0 = CJK_BAR_Y
        ty = y0 + 1
    else:
        y0 = BAR_Y
        ty = BAR_Y + 2
    w = 128 - PANEL_X + 1
    x0 = PANEL_X - 1
    if inverted:
        fb.fill_rect(x0, y0, w, 64 - y0, 1)
    else:
        fb.rect(x0, y0, w, 64 - y0, 1)
    ink = 0 if inverted else 1
    tw = g.width(text) + (9 if colour >= 0 else 0)
    x = x0 + (w - tw) // 2
    x = g.text(text, x, ty, ink)
    if colour >= 0:
        draw_stone(fb, x + 1, ty + (2 if y0 != BAR_Y else 0), colour, ink, 7, 7)


def who(gm, p, width=10):
    """The player of colour ``p``: the name picked at set-up (cut to ``width``) or the colour
    (in the language in use)."""
    colour = tr(PLAYER_NAMES[p])
    return colour if p == gm.device else names.label(p, colour, width)


def player_label(gm, p):
    if gm.device < 0:
        return tr("%s to play") % who(gm, p)
    return (tr("%s (device)") if p == gm.device else tr("%s (you)")) % who(gm, p, 8)


def progress_bar(g, part):
    """The action bar as a progress bar: ``part`` of 1000 filled."""
    fb = g.fb
    x0 = PANEL_X - 1
    w = 128 - x0
    y0 = CJK_BAR_Y if lang.cjk else BAR_Y
    fb.rect(x0, y0, w, 64 - y0, 1)
    fill = (w - 4) * part // 1000
    if fill > 0:
        fb.fill_rect(x0 + 2, y0 + 2, fill, 64 - y0 - 4, 1)
