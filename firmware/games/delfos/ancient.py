"""The Ancient Delfos Game Board, for solo games where the device moves Khaos.

Rules: 000_fef439a868e6782a.txt, General Set-Up (the 60 building tiles drawn from
the bag, laid row by row from the top on the brown-outlined spaces; none on the 3
white-outlined spaces of the middle row), Player Turn (first / second turn marker
placement), Movement Rules A-D, Solo Mode (Khaos set-up B; Khaos Turn).

The board's size is not in the rulebook (../shared/facts.md): the geometry is a
stored setting the player confirms (``ancient_set.DEFAULT`` until then) and is copied into each
game's setup, so a replay never depends on the setting.  Geometry dict (JSON)::

    {"cols": 9, "rows": 7, "whites": [30, 31, 32]}   # flat positions y * cols + x

State: flat bytearrays ``tcol`` (colour index + 1, 0 = no tile) and ``tval``
(value 1-5) of ``cols * rows`` bytes, ``markers`` (4 bytes: the player's markers 0
and 1, Khaos's markers 2 and 3; ``OFF`` = not on the board), ``order`` (the 60
tiles in layout order as codes ``colour * 5 + value - 1``) and ``laid`` (spaces laid
so far).  About 200 bytes.  Khaos's move itself is ``khaos_move.choose_move``.
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

from games.delfos import _int, load


OFF = const(255)
TILES = const(60)


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
            ancient_set = load("ancient_set")
            ancient_set.deal(self, seed)
        # Khaos set-up B: Khaos's markers on the left and right white spaces
        ws = sorted(self.whites, key=lambda p: (p % self.cols) * 64 + p // self.cols)
        self.markers = bytearray((OFF, OFF, ws[0], ws[2]))
        self.kturn = None  # the last Khaos turn: (marker, start, target, colour, value, x, y)

    # --- the layout -----------------------------------------------------------
    def phase(self):
        """"layout" while tiles are still to be laid, else None (``game.phase``)."""
        return "layout" if self.laid < TILES else None

    def space(self, k):
        """Flat position of the ``k``-th brown-outlined space (``ancient_set.space``)."""
        ancient_set = load("ancient_set")
        return ancient_set.space(self, k)

    def next_tile(self):
        """(colour, value) of the next tile to lay, or None (``ancient_set.next_tile``)."""
        ancient_set = load("ancient_set")
        return ancient_set.next_tile(self)

    def lay(self, n):
        """The device's layout up to ``n`` spaces (``ancient_set.lay``)."""
        ancient_set = load("ancient_set")
        ancient_set.lay(self, n)

    def put(self, c, v):
        """The entered layout's next tile (``ancient_set.put``)."""
        ancient_set = load("ancient_set")
        ancient_set.put(self, c, v)

    def left_in_bag(self, c, v):
        """Tiles of colour ``c``, value ``v`` not yet laid (``ancient_set.left_in_bag``)."""
        ancient_set = load("ancient_set")
        return ancient_set.left_in_bag(self, c, v)

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
        reach = load("khaos_move").reach  # not while setting up (RAM)
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
        rule_d = load("khaos_move").rule_d
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
        km = load("khaos_move")
        choose_move, rule_d = km.choose_move, km.rule_d
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


# --- entry points for the screens ------------------------------------------------
# The screens (ui_setup, ui_layout) name only this module, whose name is a qstr already
# (game.py): each new name is a qstr kept for ever, and one more qstr pool (several KB)
# split the heap of the other Delfos screens on the Pico.

def ask(wiz, take, s):
    """``ancient_set.ask``: the set-up questions of "Device moves Khaos" (see above)."""
    ancient_set = load("ancient_set")
    return ancient_set.ask(wiz, take, s)


def start(app, setup, after):
    """``ancient_set.start``: a new game with the board once the set-up is let go; ``after(app)``
    (the screens' ``ui_base.after_move``) then builds its screens."""
    ancient_set = load("ancient_set")
    ancient_set.start(app, setup, after)


def setup(gm, anc, seed):
    """A game's set-up "ancient" (``game.py``): ``gm.board`` laid out from it; ValueError
    unless ``gm`` is a solo game with the device deck and ``anc`` a geometry dict with
    "layout" "device" or "entered"."""
    if not gm.solo or gm.printed:
        raise ValueError("setup: the ancient board needs a solo game with the device deck")
    if not isinstance(anc, dict) or anc.get("layout") not in ("device", "entered"):
        raise ValueError("setup: ancient layout device or entered")
    ancient_set = load("ancient_set")
    ancient_set.check_geometry(anc)
    gm.board = Board(anc, seed, anc["layout"] == "entered")


# The commands of a game ``gm`` (``game.DelfosGame``) that keeps the ancient board: "lay",
# "tiles", "take", "khaos_turn" (see ``game.py``; "goals" stays the game's), each ValueError
# when not legal now.  Kept here, not in ``game.py``: only games with the board load them (RAM).

def do_lay(gm, cmd):
    """``["lay", n]``: ``ancient_set.do_lay``."""
    ancient_set = load("ancient_set")
    ancient_set.do_lay(gm, cmd)


def do_tiles(gm, cmd):
    """``["tiles", codes]``: ``ancient_set.do_tiles``."""
    ancient_set = load("ancient_set")
    ancient_set.do_tiles(gm, cmd)


def do_take(gm, cmd):
    """``["take", marker, start, target, x, y]``: the player's turn (000, Player Turn: Move
    Architect, Movement Rules, Place A Building Tile): one of ``Board.player_moves``, the
    tile taken going on canvas cell (x, y).  ValueError outside the player's turn, for a
    move not legal or a cell the city refuses."""

    if gm.phase() != "place":
        raise ValueError("not a player's turn now")
    if len(cmd) != 6:
        raise ValueError("take: marker, start, target, x, y")
    for v in cmd[1:]:
        _int(v, 0, 999, "take")
    b = gm.board
    mv = (cmd[1], cmd[2], cmd[3])
    if mv not in b.player_moves(gm.turns_taken[gm.active]):
        raise ValueError("not a legal move on the ancient board")
    c, v = b.tile(mv[2]) or (0, 0)
    gm._place(c, v, cmd[4], cmd[5])  # raises before changing anything
    b.take(mv[0], mv[2])


def do_khaos_turn(gm, cmd):
    """``["khaos_turn"]``: Khaos's whole turn (000, Solo Mode: Khaos Turn): the card drawn,
    its move (A-B-C, ``Board.khaos_move``), its tile placed (D, C); ``board.kturn`` =
    (marker, start, target, colour, value, x, y) for the screen.  ValueError outside
    Khaos's turn, with the deck empty, no tile reached or no legal space."""
    kh = load("khaos")
    if gm.phase() != "khaos_draw":
        raise ValueError("not Khaos's turn now")
    if len(cmd) != 1:
        raise ValueError("khaos_turn takes no arguments")
    if gm.drawn >= len(gm.deck):
        raise ValueError("Khaos deck empty")
    b = gm.board
    card = kh.DECK[gm.deck[gm.drawn]]
    mv = b.khaos_move(card)
    if mv is None:
        raise ValueError("Khaos reaches no tile")
    c, v = b.tile(mv[2]) or (0, 0)
    pos = kh.placement(gm.city, c, card[2], card[3])
    if pos is None:
        raise ValueError("no legal space")
    gm._place(c, v, pos[0], pos[1])
    b.take(mv[0], mv[2])
    gm.drawn += 1
    b.kturn = (mv[0], mv[1], mv[2], c, v, pos[0], pos[1])


# the verbs of ``session.dispatch`` (``game.DelfosGame.apply``), a ``do_`` function each
VERBS = ("lay", "tiles", "take", "khaos_turn")
