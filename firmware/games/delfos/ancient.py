"""The Ancient Delfos Game Board, for solo games where the device moves Khaos.

Rules: 000_fef439a868e6782a.txt, General Set-Up (the 60 building tiles drawn from
the bag, laid row by row from the top on the brown-outlined spaces; none on the 3
white-outlined spaces of the middle row), Player Turn (first / second turn marker
placement), Movement Rules A-D, Solo Mode (Khaos set-up B; Khaos Turn).

The board's size is not in the rulebook (../shared/facts.md): the geometry is a
stored setting the player confirms (``DEFAULT`` until then) and is copied into each
game's setup, so a replay never depends on the setting.  Geometry dict (JSON)::

    {"cols": 9, "rows": 7, "whites": [30, 31, 32]}   # flat positions y * cols + x

State: flat bytearrays ``tcol`` (colour index + 1, 0 = no tile) and ``tval``
(value 1-5) of ``cols * rows`` bytes, ``markers`` (4 bytes: the player's markers 0
and 1, Khaos's markers 2 and 3; ``OFF`` = not on the board), ``order`` (the 60
tiles in layout order as codes ``colour * 5 + value - 1``) and ``laid`` (spaces laid
so far).  About 200 bytes.  Khaos's move itself is ``khaos_move.choose_move``.
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

from games.delfos import SUPPLY
from games.delfos.khaos_move import choose_move, reach
from rng import Rng

OFF = const(255)
TILES = const(60)
DEFAULT = {"cols": 9, "rows": 7, "whites": [30, 31, 32]}  # ASSUMED (../shared/facts.md)


def check_geometry(doc):
    """ValueError unless ``doc`` is a geometry dict (module docstring): 3-15 columns
    and rows with ``cols * rows - 3 == 60`` spaces for tiles, three distinct white
    spaces on the board.  Extra keys (the setting's "confirmed") are allowed."""
    if not isinstance(doc, dict):
        raise ValueError("geometry: a dict")
    cols = doc.get("cols")
    rows = doc.get("rows")
    if not isinstance(cols, int) or not isinstance(rows, int) or isinstance(cols, bool) or \
            isinstance(rows, bool) or not 3 <= cols <= 21 or not 3 <= rows <= 21:
        raise ValueError("geometry: cols, rows 3-21")
    if cols * rows - 3 != TILES:
        raise ValueError("geometry: cols x rows must be 63 (60 tiles + 3 white spaces)")
    w = doc.get("whites")
    if not isinstance(w, list) or len(w) != 3:
        raise ValueError("geometry: three white spaces")
    for p in w:
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < cols * rows or w.count(p) > 1:
            raise ValueError("geometry: white spaces on the board, distinct")


def middle_whites(cols, rows):
    """The middle three spaces of the middle row (the assumed white spaces)."""
    p = (rows // 2) * cols + (cols - 3) // 2
    return [p, p + 1, p + 2]


class Board:
    """The ancient board of one game: ``Board(geometry, seed, entered)``.

    ``entered`` False: the device draws the layout from ``seed`` (``lay``); True:
    the players drew it from the bag and enter it space by space (``put``)."""

    def __init__(self, geo, seed, entered=False):
        check_geometry(geo)
        self.cols = geo["cols"]
        self.rows = geo["rows"]
        self.whites = list(geo["whites"])
        n = self.cols * self.rows
        self.tcol = bytearray(n)
        self.tval = bytearray(n)
        self.entered = entered
        self.laid = 0
        self.order = bytearray(TILES)
        if not entered:
            k = 0
            for c in range(5):
                for v in range(5):
                    for _ in range(SUPPLY[v]):
                        self.order[k] = c * 5 + v
                        k += 1
            # "Randomly draw tiles" (General Set-Up): a Fisher-Yates shuffle from the seed
            rng = Rng(seed ^ 0x0A4C1E47)
            i = TILES - 1
            while i > 0:
                j = rng.below(i + 1)
                self.order[i], self.order[j] = self.order[j], self.order[i]
                i -= 1
        # Khaos set-up B: Khaos's markers on the left and right white spaces
        ws = sorted(self.whites, key=lambda p: (p % self.cols) * 64 + p // self.cols)
        self.markers = bytearray((OFF, OFF, ws[0], ws[2]))

    # --- the layout -----------------------------------------------------------
    def space(self, k):
        """Flat position of the ``k``-th brown-outlined space (0-59), reading order
        from the top row (General Set-Up: "filling rows from top to bottom")."""
        for p in range(self.cols * self.rows):
            if p not in self.whites:
                if k == 0:
                    return p
                k -= 1
        raise ValueError("space: 0-59")

    def next_tile(self):
        """(colour index, value) of the next tile to lay (device layout), or None."""
        if self.laid >= TILES:
            return None
        t = self.order[self.laid]
        return t // 5, t % 5 + 1

    def lay(self, n):
        """Device layout: spaces up to ``n`` (laid + 1 .. 60) now hold their tiles."""
        if self.entered or not self.laid < n <= TILES:
            raise ValueError("lay: %d-%d" % (self.laid + 1, TILES))
        while self.laid < n:
            self._set(self.space(self.laid), self.order[self.laid])
            self.laid += 1

    def put(self, c, v):
        """Entered layout: the next space holds a tile of colour ``c`` (index), value ``v``;
        ValueError when the bag holds no more such tiles (12 per colour: SUPPLY)."""
        if not self.entered or self.laid >= TILES:
            raise ValueError("no space left to enter")
        code = c * 5 + v - 1
        used = 0
        for i in range(self.laid):
            if self.order[i] == code:
                used += 1
        if used >= SUPPLY[v - 1]:
            raise ValueError("no such tile left in the bag")
        self.order[self.laid] = code
        self._set(self.space(self.laid), code)
        self.laid += 1

    def left_in_bag(self, c, v):
        """Tiles of colour ``c``, value ``v`` not yet laid (entered layout)."""
        used = 0
        code = c * 5 + v - 1
        for i in range(self.laid):
            if self.order[i] == code:
                used += 1
        return SUPPLY[v - 1] - used

    def _set(self, p, code):
        self.tcol[p] = code // 5 + 1
        self.tval[p] = code % 5 + 1

    # --- play -----------------------------------------------------------------
    def tile(self, p):
        """(colour index, value) of the tile on ``p``, or None."""
        if not self.tcol[p]:
            return None
        return self.tcol[p] - 1, self.tval[p]

    def tiles_left(self):
        n = 0
        for c in self.tcol:
            if c:
                n += 1
        return n

    def reach(self, p):
        """Tile spaces a marker on ``p`` reaches (Movement Rules A-C): down, up, left, right."""
        return reach(self.cols, self.rows, self.tcol, p)

    def relocations(self, m):
        """Spaces marker ``m`` may be put on: a white-outlined space or a space holding
        another architect marker (Player Turn; Movement Rule D), in board order."""
        out = list(self.whites)
        for j in range(4):
            p = self.markers[j]
            if j != m and p != OFF and p not in out:
                out.append(p)
        out.sort()
        return out

    def player_moves(self, turns):
        """The player's legal ``(marker, start, target)`` moves in their turn number
        ``turns`` (0-based).  Turn 0: marker 0 is put on a white or occupied space,
        then moves; turn 1: marker 1 likewise ("That second Architect is the one you
        must move during your second turn"); later turns: either marker from its
        space, or, when neither reaches a tile, Movement Rule D (put one on a white
        or occupied space, then move).  Reading: a start space from which nothing is
        reachable gives no move."""
        if turns < 2:
            return self._from(turns, self.relocations(turns))
        out = self._from(0, (self.markers[0],)) + self._from(1, (self.markers[1],))
        if out:
            return out
        return self._from(0, self.relocations(0)) + self._from(1, self.relocations(1))

    def _from(self, m, starts):
        out = []
        for s in starts:
            for t in self.reach(s):
                out.append((m, s, t))
        return out

    def khaos_move(self, card):
        """Khaos's ``(marker 2/3, start, target)`` for a Khaos ``card`` (``khaos.DECK``
        entry): A-B-C over both markers' reachable tiles (``khaos_move.choose_move``);
        when neither reaches a tile, Movement Rule D: every white or occupied space
        for either marker competes under the same priorities.  None: no tile left."""
        ms = self.markers
        mv = choose_move(self.cols, self.rows, self.tcol, self.tval, [(2, ms[2]), (3, ms[3])], card)
        if mv is None:
            starts = []
            for m in (2, 3):
                for s in self.relocations(m):
                    starts.append((m, s))
            mv = choose_move(self.cols, self.rows, self.tcol, self.tval, starts, card)
        return mv

    def take(self, m, target):
        """Marker ``m`` onto ``target``; its tile leaves the board: (colour, value)."""
        t = self.tile(target)
        if t is None:
            raise ValueError("no tile there")
        self.tcol[target] = 0
        self.tval[target] = 0
        self.markers[m] = target
        return t
