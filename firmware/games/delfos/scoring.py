"""End scoring of a Delfos city (Delfos rulebook, Game End And Scoring).

Players are colour indices 0-4 (green, yellow, blue, red, purple).  Every
function reads a ``grid.Grid`` and returns plain lists of ints indexed by
player colour, so a screen can show one breakdown per player.
"""
from games.delfos import COLOURS

# Points per counted goal tile of scoring cards 1-8, in the rulebook's order
# ("The different scoring cards"): 1 upper, 2 lower, 3 largest connected goal
# area, 4 left, 5 right, 6 not adjacent to another goal tile, 7 not on the
# edges, 8 on the edges.
CARD_POINTS = (0, 4, 4, 3, 4, 4, 6, 4, 4)
CARD_NAMES = ("", "upper side", "lower side", "largest goal area", "left side", "right side",
              "isolated goal tiles", "not on the edges", "on the edges")


def place_points(place, values):
    """Points of one player in one area from their place (1, 2, 3, ...) and the values
    of the building tiles carrying their architect tokens there.

    Delfos rulebook, Area Majorities: 1st scores the total value of its
    tiles, 2nd its 2 highest-value tiles (its only tile if it has 1), 3rd its
    highest-value tile, later places nothing.
    """
    if place == 1:
        return sum(values)
    if place > 3 or not values:
        return 0
    v = sorted(values, reverse=True)
    if place == 2:
        return sum(v[:2])
    return v[0]


def area_points(grid, cells):
    """Points per player colour (list of 5) from one area (list of flat cells).

    Places follow the rulebook's tie rules: tied players share a place and the
    places they fill are skipped ("If 2 players tie for 1st place there will be
    no 2nd place ... If 2 players tie for 2nd place there will be no 3rd
    place"), i.e. place = 1 + number of players with strictly more tokens.
    """
    tokens = [0] * 5
    values = [[], [], [], [], []]
    for i in cells:
        o = grid.owner[i]
        if o:
            tokens[o - 1] += 1
            values[o - 1].append(grid.value[i])
    pts = [0] * 5
    for p in range(5):
        if not tokens[p]:
            continue
        place = 1
        for q in range(5):
            if tokens[q] > tokens[p]:
                place += 1
        pts[p] = place_points(place, values[p])
    return pts


def area_majorities(grid):
    """Area-majority points: ``pts[player][colour]`` (5 x 5 lists of ints).

    Only the largest area of each colour scores; areas tied for largest are
    each scored and added (Delfos rulebook, Area Majorities).
    """
    pts = [[0] * 5 for _ in range(5)]
    areas = grid.areas()
    for c in range(5):
        best = 0
        for ac, cells in areas:
            if ac == c and len(cells) > best:
                best = len(cells)
        for ac, cells in areas:
            if ac == c and len(cells) == best:
                a = area_points(grid, cells)
                for p in range(5):
                    pts[p][c] += a[p]
    return pts


def _count_side_a(grid, p):
    n = 0
    for i in range(grid.cols * grid.rows):
        if grid.owner[i] == p + 1 and grid.colour[i] == p + 1:
            n += 1
    return 3 * n


def _line_best(grid, p, by_column):
    # Yellow (columns, 5 VP) and blue (rows, 3 VP) of side B: the line(s) holding the
    # most tiles of the colour; a tie between lines is resolved in the player's favour
    # (the rulebook lets the player choose one of the tied lines).
    cols = grid.cols
    n_lines = cols if by_column else grid.rows
    tiles = [0] * n_lines
    mine = [0] * n_lines
    for i in range(cols * grid.rows):
        if grid.colour[i] == p + 1:
            line = i % cols if by_column else i // cols
            tiles[line] += 1
            if grid.owner[i] == p + 1:
                mine[line] += 1
    most = max(tiles) if tiles else 0
    best = 0
    if most:
        for k in range(n_lines):
            if tiles[k] == most and mine[k] > best:
                best = mine[k]
    return best


def architect_points(grid, p, side):
    """Architect-card points of player colour ``p`` with side "A" or "B".

    Delfos rulebook, Architect Cards.  Side A: 3 per own token on a tile
    of the own colour.  Side B, own tokens on own-colour tiles only:
    green 3 each if diagonally adjacent to another green tile (whoever's token);
    yellow 5 each in the column with most yellow tiles; blue 3 each in the row
    with most blue tiles (ties between lines: the player's best line);
    red 3 each if orthogonally adjacent to a tile of lower value (any colour);
    purple 4 each if orthogonally adjacent to a tile of equal value (any colour).
    """
    if side == "A":
        return _count_side_a(grid, p)
    if p == 1:
        return 5 * _line_best(grid, p, True)
    if p == 2:
        return 3 * _line_best(grid, p, False)
    cols = grid.cols
    rows = grid.rows
    n = 0
    for i in range(cols * rows):
        if grid.owner[i] != p + 1 or grid.colour[i] != p + 1:
            continue
        ok = False
        if p == 0:
            x = i % cols
            y = i // cols
            for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
                nx = x + dx
                ny = y + dy
                if 0 <= nx < cols and 0 <= ny < rows and grid.colour[ny * cols + nx] == 1:
                    ok = True
        else:
            v = grid.value[i]
            for j in grid.neighbours(i):
                if grid.colour[j] and (grid.value[j] < v if p == 3 else grid.value[j] == v):
                    ok = True
        if ok:
            n += 1
    return (3, 0, 0, 3, 4)[p] * n


def in_region(card, x, y, cols, rows):
    """True when cell (x, y) of a ``cols`` x ``rows`` city lies in the dark area of
    scoring card 1, 2, 4, 5, 7 or 8 (True for every cell on cards 3 and 6).

    Upper/lower include the middle row; left/right include the middle column of a
    9-column city (Delfos rulebook, "The different scoring cards").
    With an even count (8 columns) there is no middle column: left is columns 0-3
    and right 4-7.  Edges are the first and last rows and columns of the grid.
    """
    if card == 1:
        return 2 * y <= rows - 1
    if card == 2:
        return 2 * y >= rows - 1
    if card == 4:
        return 2 * x <= cols - 1
    if card == 5:
        return 2 * x >= cols - 1
    edge = x == 0 or y == 0 or x == cols - 1 or y == rows - 1
    if card == 7:
        return not edge
    if card == 8:
        return edge
    return True


def scoring_card_points(grid, p, card, goals):
    """Scoring-card points of player colour ``p``; ``goals``: its two goal-tile colour
    indices (or None: 0 points).

    A counted tile carries one of ``p``'s architect tokens and has one of the two goal
    colours (Delfos rulebook, Scoring Card).  Readings chosen where the text
    is open:

    - card 3 "your largest area of connected goal tiles, include both goal tiles":
      the largest orthogonally connected group of counted tiles (both goal colours
      may join one group); 3 points per tile of that group.
    - card 6 "not orthogonally adjacent to any other goal tile, regardless of who
      placed the building tile": a counted tile none of whose orthogonal neighbours
      has either of the player's goal colours, whoever's token is on it.
    """
    if not goals:
        return 0
    g1 = goals[0] + 1
    g2 = goals[1] + 1
    cols = grid.cols
    rows = grid.rows
    col = grid.colour
    own = grid.owner

    def counted(i):
        return own[i] == p + 1 and (col[i] == g1 or col[i] == g2)

    n = 0
    if card == 3:
        for g in grid.components(counted):
            if len(g) > n:
                n = len(g)
    else:
        for i in range(cols * rows):
            if not counted(i):
                continue
            if card == 6:
                ok = True
                for j in grid.neighbours(i):
                    if col[j] == g1 or col[j] == g2:
                        ok = False
            else:
                ok = in_region(card, i % cols, i // cols, cols, rows)
            if ok:
                n += 1
    return CARD_POINTS[card] * n


def rank(entries):
    """Ranking groups from ``entries``: list of (name, total, scoring_card, own_area).

    Delfos rulebook, Winner: most points; a tie goes to more scoring-card
    points, then more area-majority points in the player's own colour; still tied
    players share the place.  Returns ``[[name, ...], ...]`` best first; names keep
    the input order inside a group.
    """
    keyed = []
    for k in range(len(entries)):
        e = entries[k]
        keyed.append((-e[1], -e[2], -e[3], k))
    keyed.sort()
    groups = []
    last = None
    for key in keyed:
        if last is not None and key[:3] == last:
            groups[-1].append(entries[key[3]][0])
        else:
            groups.append([entries[key[3]][0]])
        last = key[:3]
    return groups


def score_city(grid, players, side, card, goals, khaos=None):
    """Full end scoring.

    ``players``: colour indices in seat order; ``side``: "A"/"B"; ``card``: 1-8;
    ``goals``: dict colour index -> (goal colour, goal colour) (missing: 0 on the
    scoring card); ``khaos``: colour index of Khaos in a solo game or None.
    Khaos's tokens count in the area majorities (the final-city document, tests/cases/README.md); Khaos has no
    architect card and no goal tiles, so it scores area majorities only and is left
    out of the ranking (the solo player plays against a target score, not Khaos).

    Returns ``{"scores": {name: {"area_majorities", "architect_card", "scoring_card",
    "total", "area_majority_own_colour", "areas": [5 ints by tile colour]}},
    "ranking": [[name, ...], ...]}``.
    """
    am = area_majorities(grid)
    scores = {}
    entries = []
    for p in players:
        areas = am[p]
        a = sum(areas)
        if p == khaos:
            b = 0
            s = 0
        else:
            b = architect_points(grid, p, side)
            s = scoring_card_points(grid, p, card, goals.get(p))
        t = a + b + s
        scores[COLOURS[p]] = {"area_majorities": a, "architect_card": b, "scoring_card": s,
                              "total": t, "area_majority_own_colour": areas[p], "areas": areas}
        if p != khaos:
            entries.append((COLOURS[p], t, s, areas[p]))
    return {"scores": scores, "ranking": rank(entries)}


def score_pad(sheet):
    """Manual score pad: totals and ranking from points typed in per category.

    ``sheet``: list in seat order of ``(colour_name, areas, architect_card,
    scoring_card)`` where ``areas`` is a list of 5 area-majority points by tile
    colour (green, yellow, blue, red, purple) as on the score pad.  ValueError for a
    negative or non-int entry.  Returns the same shape as ``score_city``.
    """
    scores = {}
    entries = []
    for row in sheet:
        name, areas, arch, card = row
        p = None
        for k in range(5):
            if COLOURS[k] == name:
                p = k
        if p is None or name in scores:
            raise ValueError("score pad: bad or repeated colour %r" % (name,))
        if len(areas) != 5:
            raise ValueError("score pad: 5 area entries needed")
        for v in list(areas) + [arch, card]:
            if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 999:
                raise ValueError("score pad: points must be whole numbers 0-999")
        a = sum(areas)
        t = a + arch + card
        scores[name] = {"area_majorities": a, "architect_card": arch, "scoring_card": card,
                        "total": t, "area_majority_own_colour": areas[p], "areas": list(areas)}
        entries.append((name, t, card, areas[p]))
    return {"scores": scores, "ranking": rank(entries)}
