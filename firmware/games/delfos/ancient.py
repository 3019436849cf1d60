"""The Ancient Delfos Game Board, for solo games where the device moves Khaos: ``Board``
(its layout and play) and ``BoardGame``, the Delfos game that keeps it, with its commands.

Rules: Delfos rulebook, General Set-Up (the 60 building tiles drawn from
the bag, laid row by row from the top on the brown-outlined spaces; none on the 3
white-outlined spaces of the middle row), Player Turn (first / second turn marker
placement), Movement Rules A-D, Solo Mode (Khaos set-up B; Khaos Turn).

The board's size is not in the rulebook: the geometry is a
stored setting the player confirms (``DEFAULT``, assumed, until then; the setting is the
screens', ``ui_ancient.stored``) and is copied into each game's setup, so a replay never
depends on the setting.  Geometry dict (JSON)::

    {"cols": 9, "rows": 7, "whites": [30, 31, 32]}   # flat positions y * cols + x

State: flat bytearrays ``tcol`` (colour index + 1, 0 = no tile) and ``tval``
(value 1-5) of ``cols * rows`` bytes, ``markers`` (4 bytes: the player's markers 0
and 1, Khaos's markers 2 and 3; ``OFF`` = not on the board), ``order`` (the 60
tiles in layout order as codes ``colour * 5 + value - 1``) and ``laid`` (spaces laid
so far).  About 200 bytes.  Khaos's move itself is ``khaos_move.choose_move``.
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

from games.delfos import SUPPLY, _int
from games.delfos.game import DelfosGame
from games.delfos.khaos import DECK, placement
from games.delfos.khaos_move import choose_move, reach, rule_d
from rng import Rng
from session import dispatch

OFF = const(255)
TILES = const(60)  # the building tiles: 5 colours of SUPPLY
DEFAULT = {"cols": 9, "rows": 7, "whites": [30, 31, 32]}  # ASSUMED: the rulebook gives no size


class Board:
    """The ancient board of one game: ``Board(geometry, seed, entered)``.

    ``entered`` False: the device draws the layout from ``seed`` (``lay``); True:
    the players drew it from the bag and enter it space by space (``put``)."""

    def __init__(self, geo, seed, entered=False):
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
            self._deal(seed)
        # Khaos set-up B: Khaos's markers on the left and right white spaces
        ws = sorted(self.whites, key=lambda p: (p % self.cols) * 64 + p // self.cols)
        self.markers = bytearray((OFF, OFF, ws[0], ws[2]))
        self.kturn = None  # type: tuple | None  # the last Khaos turn: (marker, start, target, colour, value, x, y)

    # --- the layout -----------------------------------------------------------
    def _deal(self, seed):
        # The device's layout order: the 60 tiles shuffled from ``seed`` ("Randomly draw
        # tiles": a Fisher-Yates shuffle), as codes ``colour * 5 + value - 1``.
        order = self.order
        k = 0
        for c in range(5):
            for v in range(5):
                for _ in range(SUPPLY[v]):
                    order[k] = c * 5 + v
                    k += 1
        rng = Rng(seed ^ 0x0A4C1E47)
        i = TILES - 1
        while i > 0:
            j = rng.below(i + 1)
            order[i], order[j] = order[j], order[i]
            i -= 1

    def phase(self):
        """"layout" while tiles are still to be laid, else None (``game.phase``)."""
        return "layout" if self.laid < TILES else None

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
        """Device layout: spaces up to ``n`` (laid + 1 .. 60) now hold their tiles;
        ValueError for another ``n`` or an entered layout."""
        if self.entered or not self.laid < n <= TILES:
            raise ValueError("lay: %d-%d" % (self.laid + 1, TILES))
        while self.laid < n:
            self._put_code(self.space(self.laid), self.order[self.laid])
            self.laid += 1

    def put(self, c, v):
        """Entered layout: the next space holds a tile of colour ``c`` (index), value ``v``;
        ValueError when the bag holds no more such tiles (12 per colour: SUPPLY)."""
        if not self.entered or self.laid >= TILES:
            raise ValueError("no space left to enter")
        if self.left_in_bag(c, v) <= 0:
            raise ValueError("no such tile left in the bag")
        code = c * 5 + v - 1
        self.order[self.laid] = code
        self._put_code(self.space(self.laid), code)
        self.laid += 1

    def left_in_bag(self, c, v):
        """Tiles of colour ``c``, value ``v`` not yet laid (entered layout)."""
        used = 0
        code = c * 5 + v - 1
        for i in range(self.laid):
            if self.order[i] == code:
                used += 1
        return SUPPLY[v - 1] - used

    def _put_code(self, p, code):
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
        space, or, when neither reaches a tile, Movement Rule D (``khaos_move.rule_d``:
        a white or occupied space, or any space without a tile when none of those
        reaches one).  [] only when no tile is left."""
        if turns < 2:
            return self._from(turns, self.relocations(turns))
        out = self._from(0, (self.markers[0],)) + self._from(1, (self.markers[1],))
        if out:
            return out
        for m, s in rule_d(self, (0, 1)):
            out += self._from(m, (s,))
        return out

    def _from(self, m, starts):
        out = []
        for s in starts:
            for t in self.reach(s):
                out.append((m, s, t))
        return out

    def khaos_move(self, card):
        """Khaos's ``(marker 2/3, start, target)`` for a Khaos ``card`` (``khaos.DECK``
        entry): A-B-C over both markers' reachable tiles (``khaos_move.choose_move``);
        when neither reaches a tile, Movement Rule D (``khaos_move.rule_d``): every
        start space it allows, for either marker, competes under the same priorities.
        None: no tile left."""
        ms = self.markers
        mv = choose_move(self.cols, self.rows, self.tcol, self.tval, [(2, ms[2]), (3, ms[3])], card)
        if mv is None:
            mv = choose_move(self.cols, self.rows, self.tcol, self.tval, rule_d(self, (2, 3)), card)
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


def check_geometry(doc):
    """ValueError unless ``doc`` is a geometry dict (module docstring): 3-21 columns
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
    """The middle three spaces of the middle row (the assumed white spaces) of a ``cols`` x
    ``rows`` board, as flat positions."""
    p = (rows // 2) * cols + (cols - 3) // 2
    return [p, p + 1, p + 2]


class BoardGame(DelfosGame):
    """A solo ``DelfosGame`` whose ancient board the device keeps (setup "ancient", see
    ``game.py``): ``board`` is its ``Board``; phase "layout" comes first, then the commands
    "lay", "tiles", "take" and "khaos_turn" take the place of "place", "khaos_draw" and
    "khaos" ("goals" stays).  ValueError (``BoardGame(setup, seed)``) unless the setup is a
    solo game with the device deck and "ancient" a geometry dict with "layout" "device" or
    "entered"."""

    BOARD = True
    VERBS = ("goals", "lay", "tiles", "take", "khaos_turn")  # ``session.dispatch``, a ``do_`` method each

    def __init__(self, setup, seed):
        DelfosGame.__init__(self, setup, seed)
        anc = setup.get("ancient")
        if not self.solo or self.printed:
            raise ValueError("setup: the ancient board needs a solo game with the device deck")
        if not isinstance(anc, dict) or anc.get("layout") not in ("device", "entered"):
            raise ValueError("setup: ancient layout device or entered")
        check_geometry(anc)
        self.board = Board(anc, seed, anc["layout"] == "entered")

    def apply(self, cmd):
        """One command (``game.py``) through its ``do_`` method; "place", "khaos_draw" and
        "khaos" are refused ("not with the ancient board"); ValueError, nothing changed."""
        if not isinstance(cmd, list):  # a list only, as saved (dispatch also takes a tuple)
            raise ValueError("bad command")
        dispatch(self, self.VERBS, cmd, "not with the ancient board")(cmd)

    def do_lay(self, cmd):
        """``["lay", n]``: the device's layout (000, General Set-Up), spaces up to ``n`` laid.
        ValueError once the board is laid or for ``n`` out of 1-60."""
        if self.phase() != "layout":
            raise ValueError("the ancient board is laid out")
        if len(cmd) != 2:
            raise ValueError("lay: spaces laid")
        self.board.lay(_int(cmd[1], 1, 60, "spaces"))

    def do_tiles(self, cmd):
        """``["tiles", codes]``: the players' own layout (000, General Set-Up), one letter a-y
        per space, extending what is laid.  ValueError once the board is laid, for codes that
        change the spaces laid, a bad code or a tile not left in the bag."""
        if self.phase() != "layout":
            raise ValueError("the ancient board is laid out")
        b = self.board
        codes = cmd[1] if len(cmd) == 2 else None
        if not isinstance(codes, str) or not b.laid < len(codes) <= 60:
            raise ValueError("tiles: codes a-y, more than laid")
        for i in range(b.laid):
            if ord(codes[i]) - 97 != b.order[i]:
                raise ValueError("tiles: the spaces laid differ")
        for i in range(b.laid, len(codes)):  # every code checked before the first is put
            k = ord(codes[i]) - 97
            if not 0 <= k < 25:
                raise ValueError("tiles: codes a-y")
            if codes.count(codes[i], 0, i + 1) > SUPPLY[k % 5]:  # as ``put`` counts (the laid part is ``order``)
                raise ValueError("no such tile left in the bag")
        for i in range(b.laid, len(codes)):
            k = ord(codes[i]) - 97
            b.put(k // 5, k % 5 + 1)

    def do_take(self, cmd):
        """``["take", marker, start, target, x, y]``: the player's turn (000, Player Turn: Move
        Architect, Movement Rules, Place A Building Tile): one of ``Board.player_moves``, the
        tile taken going on canvas cell (x, y).  ValueError outside the player's turn, for a
        move not legal or a cell the city refuses."""
        if self.phase() != "place":
            raise ValueError("not a player's turn now")
        if len(cmd) != 6:
            raise ValueError("take: marker, start, target, x, y")
        for v in cmd[1:]:
            _int(v, 0, 999, "take")
        b = self.board
        mv = (cmd[1], cmd[2], cmd[3])
        if mv not in b.player_moves(self.turns_taken[self.active]):
            raise ValueError("not a legal move on the ancient board")
        c, v = b.tile(mv[2]) or (0, 0)
        self._place(c, v, cmd[4], cmd[5])  # raises before changing anything
        b.take(mv[0], mv[2])

    def do_khaos_turn(self, cmd):
        """``["khaos_turn"]``: Khaos's whole turn (000, Solo Mode: Khaos Turn): the card drawn,
        its move (A-B-C, ``Board.khaos_move``), its tile placed (D, C); ``board.kturn`` =
        (marker, start, target, colour, value, x, y) for the screen.  ValueError outside
        Khaos's turn, with the deck empty, no tile reached or no legal space."""
        if self.phase() != "khaos_draw":
            raise ValueError("not Khaos's turn now")
        if len(cmd) != 1:
            raise ValueError("khaos_turn takes no arguments")
        if self.drawn >= len(self.deck):
            raise ValueError("Khaos deck empty")
        b = self.board
        card = DECK[self.deck[self.drawn]]
        mv = b.khaos_move(card)
        if mv is None:
            raise ValueError("Khaos reaches no tile")
        c, v = b.tile(mv[2]) or (0, 0)
        pos = placement(self.city, c, card[2], card[3])
        if pos is None:
            raise ValueError("no legal space")
        self._place(c, v, pos[0], pos[1])
        b.take(mv[0], mv[2])
        self.drawn += 1
        b.kturn = (mv[0], mv[1], mv[2], c, v, pos[0], pos[1])
