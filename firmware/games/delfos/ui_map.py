"""The ancient board's map on the screen (``draw_board``): drawn by the layout (``ui_layout``), the
geometry's screen (``ui_geometry``) and the play's screens (``ui_board``).  A module of its own so
the layout does not hold the play's screens.
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

_MW = const(54)  # the board map's box (px)
_MH = const(44)



def draw_board(g, b, x0, y0, hi=-1, src=-1):
    """The ancient board ``b`` in a ``_MW`` x ``_MH`` box at (x0, y0): a tile as a dot,
    a white space as an outline, the player's markers as filled squares, Khaos's as
    hollow ones with a dot; ``hi`` (a space) framed twice, ``src`` (a marker's start)
    framed once."""
    fb = g.fb
    cols = b.cols
    s = min(_MW // cols, _MH // b.rows)
    d = s // 2 - 1
    tcol = b.tcol
    # Every mark is drawn lit, so the order does not change the picture: one pass for the
    # tiles, then the few white spaces, markers and frames (not 4 marker checks a space).
    for p in range(cols * b.rows):
        if tcol[p]:
            fb.fill_rect(x0 + (p % cols) * s + d, y0 + (p // cols) * s + d, 2, 2, 1)
    for p in b.whites:
        if not tcol[p]:
            fb.rect(x0 + (p % cols) * s, y0 + (p // cols) * s, s - 1, s - 1, 1)
    for j in range(4):
        p = b.markers[j]
        if p < cols * b.rows:  # OFF: not on the board
            x = x0 + (p % cols) * s
            y = y0 + (p // cols) * s
            if j < 2:
                fb.fill_rect(x, y, s - 1, s - 1, 1)
            else:
                fb.rect(x, y, s - 1, s - 1, 1)
                fb.fill_rect(x + d, y + d, 2, 2, 1)
    if hi >= 0:
        x = x0 + (hi % cols) * s
        y = y0 + (hi // cols) * s
        fb.rect(x - 2, y - 2, s + 3, s + 3, 1)
        fb.rect(x - 1, y - 1, s + 1, s + 1, 1)
    if src >= 0 and src != hi:
        fb.rect(x0 + (src % cols) * s - 2, y0 + (src // cols) * s - 2, s + 3, s + 3, 1)
    fb.rect(x0 - 3, y0 - 3, s * cols + 5, s * b.rows + 5, 1)
