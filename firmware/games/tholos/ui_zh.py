"""Tholos's screens in a language with glyphs (``lang.cjk``): what differs from the English layout.

Imported through ``ui_draw.zh()`` only while such a language is in use, and let go with the game's
other modules: in English the device carries none of it.  The title bar is ``gfx.CJK_BAR`` (13 px)
tall and a line of glyphs 12 px, so the panel beside the temple changes: the quarry's counts
unlabelled (no room for a glyph beside them), each workshop's line led by its colour's glyph
(inverted for the player to move), the action bar 12 px with a small up and down triangle at its
ends (no row for the English "1/4"); the device's move one line a command, its columns as their
Greek letters; the end screen's columns in two rows of glyphs (the stones' geometry: ``ui_draw``).
"""
from lang import msg, tr

from games.tholos.rules import BLACK, GREY, LETTERS, MOVE_COLOUR, N_COLUMNS, WHITE, WORKSHOP_SIZE, column_result
from games.tholos.ui_draw import (
    CJK_BAR_Y,
    CJK_TOP_Y,
    GREEK_W,
    NUM_X,
    PANEL_X,
    SHOP_X,
    draw_greek,
    draw_stone,
)

ROW = 12  # a line of glyphs on the panel
SHOP_Y = 29  # the first workshop's line
# What a command did, one word each (``turn_lines``); the action bar's words (``ui_temple``: the
# actions' verbs and ColumnPick's prompts through ``tr``) are the table's too.
WORDS = {"place": msg("place"), "move": msg("move"), "return": msg("return"), "fetch": msg("fetch"),
         "steal": msg("steal"), "extra": msg("extra"), "decline": msg("no bonus"), "pass": msg("pass")}
BAR_WORDS = (msg("decline"), msg("from"), msg("to"))
COLOURS = (msg("W"), msg("B"), msg("G"))  # a stone's colour as one glyph (rules.LETTERS' order)


def draw_counts(g, gm):
    """``ui_draw.draw_counts`` under the taller title bar (module docstring)."""
    fb = g.fb
    for c in range(3):
        draw_stone(fb, NUM_X[c] + 2, CJK_TOP_Y + 1, c, 1, 7, 7)
        g.right("%d" % gm.quarry[c], CJK_TOP_Y + 9, x1=NUM_X[c] + 11)
    for p in range(2):
        y = SHOP_Y + p * ROW
        mover = p == gm.turn and not gm.over
        if mover:
            fb.fill_rect(PANEL_X - 1, y - 1, 13, ROW, 1)
        g.text(tr(COLOURS[p]), PANEL_X, y, 0 if mover else 1)
        shop = gm.workshops[p]
        x = SHOP_X
        for c in (WHITE, BLACK, GREY):
            for _ in range(shop[c]):
                draw_stone(fb, x, y + 1, c)
                x += 11
        while x < SHOP_X + WORKSHOP_SIZE * 11:
            fb.pixel(x + 4, y + 5, 1)
            x += 11


def bar_marks(g):
    """A small up and down triangle at the ends of the inverted action bar: UP/DOWN step through
    the actions."""
    fb = g.fb
    for i in range(3):
        fb.hline(PANEL_X + 2 - i, CJK_BAR_Y + 4 + i, 2 * i + 1, 0)  # pointing up
        fb.hline(125 - i, CJK_BAR_Y + 8 - i, 2 * i + 1, 0)  # pointing down


def turn_lines(turn, took):
    """``ui_device.turn_lines`` in lines of glyphs: ``[(text, stone colour or -1, columns)]``, one
    a command (the panel holds three), and the columns the turn used."""
    out = []
    marks = []
    for cmd in turn:
        v = cmd[0]
        cols = ()
        colour = -1
        if v == "take":
            text = tr("took %d") % took
            colour = LETTERS.index(cmd[1])
        else:
            text = tr(WORDS.get(v, "pass"))
            if v in ("place", "extra"):
                colour = LETTERS.index(cmd[2])
                cols = (cmd[1],)
            elif v == "move":
                colour = MOVE_COLOUR[turn[0][1]]
                cols = (cmd[1], cmd[2])
            elif v == "return":
                cols = (cmd[1],)
            elif v in ("fetch", "steal"):
                colour = LETTERS.index(cmd[1])
        out.append((text, colour, cols))
        marks.extend(cols)
    return out, marks


def draw_turn(g, lines):
    """The lines of ``turn_lines`` on the panel: a stone after the word, then the columns'
    letters (a move's "from > to")."""
    y = CJK_TOP_Y + 1
    for text, colour, cols in lines:
        x = g.text(text, PANEL_X, y)
        if colour >= 0:
            draw_stone(g.fb, x + 1, y + 2, colour, 1, 7, 7)
            x += 9
        for i, col in enumerate(cols):
            if i:
                x = g.text(">", x + 1, y + 3)
            draw_greek(g.fb, col, x + 2, y + 2)
            x += 7
        y += ROW


def draw_end(g, gm, winner, ws, bs):
    """The end screen under its title: the columns' Greek letters, then two rows of glyphs (who
    won each, its points), both scores in the big digits beside each colour's glyph (the columns
    won are read on the winners' row)."""
    g.text(tr("won"), 1, 23)
    g.text(tr("pts"), 1, 35)
    for i in range(N_COLUMNS):
        x0 = 22 + i * 15
        w, wp, bp = column_result(gm.columns[i])
        draw_greek(g.fb, i, x0 + (15 - GREEK_W) // 2, 14)
        g.center("-" if w < 0 else tr(COLOURS[w]), 23, 1, x0=x0, x1=x0 + 15)
        g.center("-" if w < 0 else "%d" % (wp if w == WHITE else bp), 38, 1, x0=x0, x1=x0 + 15)
    for p in range(2):
        x0 = p * 64
        ink = 0 if p == winner else 1
        if p == winner:
            g.fb.fill_rect(x0 + 2, 47, 60, 17, 1)
        g.text(tr(COLOURS[p]), x0 + 6, 50, ink)
        g.big("%d" % (ws if p == WHITE else bs), x0 + 22, 48, 1, ink)
