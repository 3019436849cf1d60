"""Khaos's move on the ancient board (Delfos rulebook, Solo Mode, Khaos Turn,
Move Architect; Movement Rules A-D), for ``ancient.Board`` (the "device moves Khaos" solo
mode).  A module of its own above ``khaos`` (whose arrow tie-break ``narrow`` it shares):
the board's moves and Khaos's placement in the city are different rules."""
from games.delfos.khaos import narrow


def reach(cols, rows, tiles, pos):
    """Spaces of building tiles an architect marker on ``pos`` can reach on an ancient
    board of ``cols`` x ``rows`` (flat ``tiles``: non-zero = a tile lies there).

    Delfos rulebook, Movement Rules A-C: straight orthogonal lines to the first
    tile; markers are ignored; leaving one edge re-enters at the opposite edge.
    Returns distinct positions (at most 4), in the order down, up, left, right.
    """
    x = pos % cols
    y = pos // cols
    out = []
    for dx, dy, n in ((0, 1, rows), (0, -1, rows), (-1, 0, cols), (1, 0, cols)):
        for k in range(1, n):
            nx = (x + dx * k) % cols
            ny = (y + dy * k) % rows
            q = ny * cols + nx
            if tiles[q]:
                if q not in out:
                    out.append(q)
                break
    return out


def rule_d(board, markers):
    """Movement Rule D: ``(marker, space)`` starts for ``markers`` (the player's 0, 1 or
    Khaos's 2, 3) on ``board`` (an ``ancient.Board``) when neither marker reaches a tile.

    Delfos rulebook, Movement Rules D: "the player must instead place 1 of
    their Architect Markers on 1 of the 3 white-outlined spaces, or on a space that
    already contains another Architect Marker. Then proceed with the usual Move
    Architect action."  Those spaces first.  With a few tiles left, none in those
    spaces' rows or columns, the text gives no move and the game would stop.  The
    reading kept closest to it: the marker is still placed, then moved as usual, on
    any space without a building tile (what the white-outlined and the occupied
    spaces have in common).  One of them always reaches a tile while one is left:
    the space in a tile's column and in a row without tiles.
    """
    out = []
    for m in markers:
        for p in board.relocations(m):
            if reach(board.cols, board.rows, board.tcol, p):
                out.append((m, p))
    if out:
        return out
    for m in markers:
        for p in range(board.cols * board.rows):
            if not board.tcol[p]:
                out.append((m, p))
    return out


def choose_move(cols, rows, tcol, tval, starts, card):
    """Khaos's Move Architect on an ancient board model.

    ``tcol``/``tval``: flat board arrays (colour index + 1, 0 = no tile; value);
    ``starts``: list of ``(marker, position)`` Khaos may move from (its two markers'
    spaces, or, when neither reaches a tile, every relocation allowed by Movement Rule
    D); ``card``: a ``DECK`` entry.  Returns ``(marker, start, target)`` or None when
    nothing is reachable.

    Delfos rulebook, Khaos Turn, Move Architect: colour priority (A) leftmost
    colour that some marker reaches; then value (B) lowest or highest reachable; then
    the arrows (C) pick the lowest/highest/leftmost/rightmost of the tied tiles on the
    board; if both markers reach that tile, the arrows pick the marker by its board
    position.  Reading chosen: arrow positions are plain board rows/columns (the
    wrap-around does not change "leftmost").
    """
    opts = []
    for m, s in starts:
        for t in reach(cols, rows, tcol, s):
            opts.append((m, s, t))
    if not opts:
        return None
    for letter in card[0]:
        c = "GYBRP".find(letter) + 1
        sel = [o for o in opts if tcol[o[2]] == c]
        if sel:
            break
    vals = [tval[o[2]] for o in sel]
    v = min(vals) if card[1] else max(vals)
    sel = [o for o in sel if tval[o[2]] == v]
    tx, ty = narrow(_cells(sel, 2, cols), card[2])[0]
    t = ty * cols + tx
    sel = [o for o in sel if o[2] == t]
    fx, fy = narrow(_cells(sel, 1, cols), card[2])[0]
    f = fy * cols + fx
    for o in sel:
        if o[1] == f:
            return o
    return None


def _cells(options, i, cols):
    """The distinct (x, y) board cells at index ``i`` of ``options``, first seen first."""
    out = []
    for o in options:
        p = (o[i] % cols, o[i] // cols)
        if p not in out:
            out.append(p)
    return out
