"""The Delfos final-city document (tests/cases/README.md): checked and parsed.

``parse(doc)`` returns ``(players, khaos, side, card, goals, grid)`` in the
engine's shapes, or raises ``DocError(field, message)`` (a ValueError) for any
malformed input: unknown key, wrong type or size, impossible value, a tile
that is not in the box (per colour: values 1, 4, 5 twice, 2 and 3 three
times; Delfos rulebook, Components), more architect tokens than a
player has, or a city larger than the limit box.  The grid returned is the
city's bounding box: empty margin rows and columns are cropped (the device
scores the city it tracks, which is always its bounding box).  Host side only
(``python -m host_sim score``, through ``host_sim.score_delfos``): the device never reads
a document; it uses the firmware's Delfos engine (``games.delfos``) and runs unchanged
under MicroPython too (the engine tests load it as a plain module there).
"""
from games.delfos import COLOURS, LETTERS, OWNERS, SUPPLY, limits, tokens_per_player
from games.delfos import scoring
from games.delfos.grid import Grid

KEYS = ("game", "players", "khaos", "architect_side", "scoring_card", "goals", "city")


class DocError(ValueError):
    def __init__(self, field, message):
        super().__init__("%s: %s" % (field, message))
        self.field = field
        self.message = message


def _colour(v, field):
    if isinstance(v, str):
        for i in range(5):
            if COLOURS[i] == v:
                return i
    raise DocError(field, "must be one of %s, not %r" % (" ".join(COLOURS), v))


def _parse_cell(cell, field, players):
    if len(cell) != 3:
        raise DocError(field, "cell %r must be colour letter, value 1-5, owner letter, or '.'" % cell)
    c = LETTERS.find(cell[0])
    v = "12345".find(cell[1]) + 1
    o = OWNERS.find(cell[2])
    if c < 0:
        raise DocError(field, "colour letter must be one of %s, not %r" % (LETTERS, cell[0]))
    if v < 1:
        raise DocError(field, "value must be 1-5, not %r" % cell[1])
    if o < 0:
        raise DocError(field, "owner letter must be one of %s, not %r" % (OWNERS, cell[2]))
    if o not in players:
        raise DocError(field, "owner %s is not a player" % COLOURS[o])
    return c, v, o


def parse(doc):
    """Check and parse one document (dict); see the module docstring."""
    if not isinstance(doc, dict):
        raise DocError("document", "must be a JSON object")
    for k in doc:
        if k not in KEYS:
            raise DocError(str(k), "unknown key")
    for k in ("game", "players", "architect_side", "scoring_card", "city"):
        if k not in doc:
            raise DocError(k, "missing")
    if doc["game"] != "delfos":
        raise DocError("game", "must be \"delfos\"")
    pl = doc["players"]
    if not isinstance(pl, list) or not 2 <= len(pl) <= 5:
        raise DocError("players", "must be a list of 2 to 5 colours (solo: the player and Khaos)")
    players = []
    for k in range(len(pl)):
        p = _colour(pl[k], "players[%d]" % k)
        if p in players:
            raise DocError("players[%d]" % k, "repeated colour %s" % pl[k])
        players.append(p)
    khaos = None
    if doc.get("khaos") is not None:
        khaos = _colour(doc["khaos"], "khaos")
        if khaos not in players:
            raise DocError("khaos", "must also be in players")
        if len(players) != 2:
            raise DocError("khaos", "a solo game has exactly 2 players: you and Khaos")
    side = doc["architect_side"]
    if side not in ("A", "B"):
        raise DocError("architect_side", "must be \"A\" or \"B\"")
    card = doc["scoring_card"]
    if not isinstance(card, int) or isinstance(card, bool) or not 1 <= card <= 8:
        raise DocError("scoring_card", "must be an integer 1-8")
    goals = {}
    g = doc.get("goals", {})
    if not isinstance(g, dict):
        raise DocError("goals", "must be an object colour -> [colour, colour]")
    for name in g:
        f = "goals.%s" % name
        p = _colour(name, f)
        if p not in players:
            raise DocError(f, "not a player")
        if p == khaos:
            raise DocError(f, "Khaos has no goal tiles")
        pair = g[name]
        if not isinstance(pair, list) or len(pair) != 2:
            raise DocError(f, "must be a list of 2 colours")
        a = _colour(pair[0], f + "[0]")
        b = _colour(pair[1], f + "[1]")
        if a == p or b == p:
            raise DocError(f, "a goal tile is never the player's own colour")
        if a == b:
            raise DocError(f, "the 2 goal tiles have different colours")
        goals[p] = (a, b)
    rows = doc["city"]
    if not isinstance(rows, list) or not rows:
        raise DocError("city", "must be a non-empty list of rows")
    cells = []
    width = -1
    for y in range(len(rows)):
        r = rows[y]
        if not isinstance(r, str):
            raise DocError("city[%d]" % y, "must be a string of cells")
        row = r.split()
        if width < 0:
            width = len(row)
        if not row or len(row) != width:
            raise DocError("city[%d]" % y, "all rows need the same number of cells (%d)" % width)
        cells.append(row)
    n = len(players)
    max_cols, max_rows = limits(n)
    if width > 2 * max_cols - 1 or len(rows) > 2 * max_rows - 1:
        raise DocError("city", "grid larger than the city can ever be")
    placed = []
    supply = [[0] * 5 for _ in range(5)]
    tokens = [0] * 5
    x0 = y0 = 99
    x1 = y1 = -1
    for y in range(len(rows)):
        for x in range(width):
            cell = cells[y][x]
            if cell == ".":
                continue
            f = "city[%d][%d]" % (y, x)
            c, v, o = _parse_cell(cell, f, players)
            supply[c][v - 1] += 1
            if supply[c][v - 1] > SUPPLY[v - 1]:
                raise DocError(f, "more %s tiles of value %d than the box holds (%d)"
                               % (COLOURS[c], v, SUPPLY[v - 1]))
            tokens[o] += 1
            if tokens[o] > tokens_per_player(n):
                raise DocError(f, "%s has only %d architect tokens" % (COLOURS[o], tokens_per_player(n)))
            placed.append((x, y, c, v, o))
            x0 = min(x0, x)
            x1 = max(x1, x)
            y0 = min(y0, y)
            y1 = max(y1, y)
    if x1 >= 0 and (x1 - x0 + 1 > max_cols or y1 - y0 + 1 > max_rows):
        raise DocError("city", "tiles span more than %d columns x %d rows" % (max_cols, max_rows))
    # The city is its bounding box, as on the device: empty margin rows and
    # columns typed around it must not create edges or a middle column.
    if x1 < 0:
        grid = Grid(width, len(rows))
    else:
        grid = Grid(x1 - x0 + 1, y1 - y0 + 1)
        for x, y, c, v, o in placed:
            grid.put(x - x0, y - y0, c, v, o)
    return players, khaos, side, card, goals, grid


def score_document(doc):
    """Score a document: the result object of tests/cases/README.md (plus each
    player's ``areas`` list by tile colour).  DocError for bad input."""
    players, khaos, side, card, goals, grid = parse(doc)
    return scoring.score_city(grid, players, side, card, goals, khaos)
