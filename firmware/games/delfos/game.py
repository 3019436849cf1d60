"""``DelfosGame``: turns, city tracking and the Khaos automa under the session protocol.

Setup dict (JSON values; Delfos rulebook, General/Player Set-Up, Solo Mode)::

    {"players": ["green", "red"],    # colours in seat order, 2-5 entries (solo: you + Khaos)
     "khaos": "red" or None,         # solo: Khaos's colour, one of players
     "architect_side": "A" or "B",
     "scoring_card": 1-8 or None,    # None: drawn from the seed
     "goals": {"green": ["blue", "yellow"]},  # optional; also entered later
     "first": seat index or None,    # None: random from the seed; solo: always you
     "difficulty": "normal",         # solo only: easy / normal / hard / complex
     "khaos_deck": "device" or "printed",     # printed: the players draw real cards
     "campaign": None or n,          # solo only: this is game n (0-based) of the stored campaign
     "campaign_id": None or id,      # that campaign's "id" (an abandoned campaign's game is not
                                     # recorded in the next one)
     "ancient": None or {"cols": 9, "rows": 7, "whites": [30, 31, 32], "layout": "device"}}
                                     # solo, device deck: the device keeps the ancient board
                                     # (``ancient.py``) and moves Khaos; layout "device" (drawn
                                     # from the seed) or "entered" (the players' own draw)

Commands (lists; ValueError("reason") when illegal, nothing changed):

- ``["place", colour, value, x, y]``: the active player's building tile (colour name,
  value 1-5) on canvas cell (x, y) of ``city`` (see ``city.py``); the token is theirs.
- ``["khaos_draw"]``: Khaos's turn begins; the top card of our shuffled deck is revealed.
  Printed deck: ``["khaos_draw", arrows, same_colour]`` with the printed card's C (e.g.
  "LUDR") and D (1/0).  Undo puts the card back on top (state = replay).
- ``["khaos", colour, value]``: the tile Khaos took on the ancient board; the device
  places it (``khaos.placement``) with a Khaos token.
- ``["goals", colour, goal1, goal2]``: a player's two goal-tile colours (any time).

With the ancient board (setup "ancient": the game is an ``ancient.BoardGame``, ``board`` its
``ancient.Board``; a ``DelfosGame`` refuses the setup), phase
"layout" comes first, then "place" and "khaos_draw" take these instead of "place",
"khaos_draw" and "khaos":

- ``["lay", n]``: the device's layout: spaces up to ``n`` (laid + 1 .. 60) are laid.
- ``["tiles", codes]``: the players' own layout: the first ``len(codes)`` spaces hold
  these tiles, one letter each, "a" + colour * 5 + value - 1 ("a" green 1 .. "y"
  purple 5); it extends what is laid (the screen replaces its last such command
  with a longer one, so a layout is one command, not 60: RAM).
- ``["take", marker, start, target, x, y]``: the player's turn: marker 0/1 (put on
  ``start`` first when that is not its space) moves to ``target`` and takes its tile,
  which goes on canvas cell (x, y); one of ``board.player_moves``.
- ``["khaos_turn"]``: Khaos's whole turn: the card drawn, its move (A-B-C), its tile
  placed (D, C); ``board.kturn`` = (marker, start, target, colour, value, x, y) for the
  screen.

State a screen reads: ``players`` (names, seat order), ``khaos`` (name or None),
``active`` (seat index), ``active_colour()``, ``round`` (1-based), ``rounds``,
``tokens_left`` (per seat), ``phase()`` ("place", "khaos_draw", "khaos_place",
"over"), ``reminder()``, ``card()``, ``legal_positions()``, ``khaos_preview(c, v)``,
``city`` (``city.City``), ``last`` (last placement), ``recent`` (per seat: the
colour index and value of their last tile, or None), ``scoring_card``,
``architect_side``, ``goals``, ``scores()``, ``solo_result()``, ``campaign`` (game
number in the stored campaign or None), ``campaign_id``, ``solo``, ``kseat``, ``pidx``, ``printed``,
``cards_left()``.
"""
from games.delfos import COLOURS, _int, colour_index, limits, solo_result, tokens_per_player
from games.delfos.city import City
from games.delfos.khaos import DECK, check_arrows, placement, shuffled_deck
from games.delfos.scoring import score_city
from rng import Rng
from session import dispatch

# The keys of TARGETS (the package).
DIFFICULTIES = ("easy", "normal", "hard", "complex")
SETUP_KEYS = ("players", "khaos", "architect_side", "scoring_card", "goals", "first",
              "difficulty", "khaos_deck", "campaign", "campaign_id", "ancient")


def _colour(v):
    if not isinstance(v, str):
        raise ValueError("colour name expected")
    return colour_index(v)


class DelfosGame:
    NAME = "delfos"
    # Class defaults, set on the instance only with the ancient board: a game without it
    # keeps its instance dict as small as before (the Pico's heap).
    board = None  # ancient.Board
    BOARD = False  # True: ``ancient.BoardGame``, the game with the ancient board (setup "ancient")

    def __init__(self, setup, seed):
        for k in setup:
            if k not in SETUP_KEYS:
                raise ValueError("setup: unknown key %s" % k)
        names = setup.get("players")
        if not isinstance(names, list) or not 2 <= len(names) <= 5:
            raise ValueError("setup: 2-5 player colours (solo: you and Khaos)")
        self.pidx = [_colour(n) for n in names]
        for p in self.pidx:
            if self.pidx.count(p) > 1:
                raise ValueError("setup: repeated colour")
        self.players = [COLOURS[p] for p in self.pidx]
        self.khaos = setup.get("khaos")
        self.kseat = -1
        if self.khaos is not None:
            if self.khaos not in self.players or len(self.players) != 2:
                raise ValueError("setup: khaos must be one of exactly 2 players")
            self.kseat = self.players.index(self.khaos)
        self.solo = self.kseat >= 0
        self.architect_side = setup.get("architect_side", "A")
        if self.architect_side not in ("A", "B"):
            raise ValueError("setup: architect side A or B")
        self.difficulty = setup.get("difficulty", "normal")
        if self.difficulty not in DIFFICULTIES:
            raise ValueError("setup: difficulty easy/normal/hard/complex")
        self.printed = setup.get("khaos_deck", "device") == "printed"
        if setup.get("khaos_deck", "device") not in ("device", "printed"):
            raise ValueError("setup: khaos_deck device or printed")
        self.campaign = setup.get("campaign")
        if self.campaign is not None:
            if not self.solo:
                raise ValueError("setup: a campaign game is a solo game")
            _int(self.campaign, 0, 99, "campaign game")
        self.campaign_id = setup.get("campaign_id")
        if self.campaign_id is not None:
            _int(self.campaign_id, 0, 1000000, "campaign id")
        n = len(self.players)
        rng = Rng(seed)
        # Random choices in a fixed order so replays agree: scoring card, first player, deck.
        card = setup.get("scoring_card")
        self.scoring_card = rng.between(1, 8) if card is None else _int(card, 1, 8, "scoring card")
        first = setup.get("first")
        if self.solo:
            first = 1 - self.kseat  # "In each round, you always play first and Khaos next"
        elif first is None:
            first = rng.below(n)
        else:
            first = _int(first, 0, n - 1, "first seat")
        self.first = first
        self.deck = []
        if self.solo and not self.printed:
            self.deck = shuffled_deck(rng)
        self.drawn = 0  # cards drawn from the deck
        self.card_shown = None  # the revealed Khaos card for the current Khaos turn
        cols, rows = limits(1 if self.solo else n)
        self.city = City(cols, rows)
        self.rounds = tokens_per_player(1 if self.solo else n)
        self.tokens_left = [self.rounds] * n
        self.turns_taken = [0] * n
        self.turn = 0  # placements so far
        self.active = first
        self.round = 1
        self.last = None  # (seat, colour name, value, x, y)
        self.recent = [None] * n  # type: list  # per seat: (colour index, value) of their last tile
        self.goals = {}
        if (setup.get("ancient") is not None) != self.BOARD:
            raise ValueError("setup: the ancient board is ancient.BoardGame's" if not self.BOARD else
                             "setup: ancient layout device or entered")
        g = setup.get("goals") or {}
        if not isinstance(g, dict):
            raise ValueError("setup: goals colour -> [colour, colour]")
        for name in g:
            self._set_goals(name, g[name], True)

    # --- reading -----------------------------------------------------------
    def active_colour(self):
        """Colour name of the seat whose turn it is."""
        return self.players[self.active]

    def is_over(self):
        """True when every architect token is placed (the city is full)."""
        return self.turn >= self.rounds * len(self.players)

    def phase(self):
        """"over", "layout" (the ancient board is being laid out), "khaos_draw" (reveal
        Khaos's card), "khaos_place" (enter Khaos's tile) or "place" (the active player
        enters their tile)."""
        if self.is_over():
            return "over"
        if self.board is not None and self.board.phase():
            return self.board.phase()  # "layout"
        if self.active == self.kseat:
            return "khaos_place" if self.card_shown is not None else "khaos_draw"
        return "place"

    def reminder(self):
        """None, "first_marker" or "second_marker": at the beginning of a player's
        first / second turn they place an architect marker on a white-outlined space or
        on an occupied space (Delfos rulebook, Player Turn).  Khaos's markers
        start on the board (Solo Mode, Khaos set-up B)."""
        if self.is_over() or self.active == self.kseat or self.board is not None:
            return None  # with the ancient board the move list offers the placement
        t = self.turns_taken[self.active]
        return ("first_marker", "second_marker", None)[min(t, 2)]

    def cards_left(self):
        """Khaos cards still in the deck (device deck)."""
        return len(self.deck) - self.drawn

    def card(self):
        """The revealed Khaos card as a dict, or None: ``{"colours": "GYBRP" (None for a
        printed card), "ascending": bool or None, "arrows": "DULR", "same_colour": bool}``."""
        c = self.card_shown
        if c is None:
            return None
        return {"colours": c[0], "ascending": c[1], "arrows": c[2], "same_colour": c[3]}

    def legal_positions(self):
        """Legal canvas cells ``(x, y)`` for the next building tile."""
        return self.city.legal_positions()

    def khaos_preview(self, colour, value):
        """Where Khaos's tile of ``colour`` (name) would go with the revealed card:
        ``(x, y)`` or None (no card shown)."""
        if self.card_shown is None:
            return None
        return placement(self.city, colour_index(colour), self.card_shown[2], self.card_shown[3])

    def scores(self, goals=True):
        """Scores of the city so far (final at the end): ``scoring.score_city`` shape,
        per player area_majorities, architect_card, scoring_card, total,
        area_majority_own_colour and ``areas`` (5 ints by tile colour), plus ranking.
        A partial city's edges and halves are those of its bounding box.  ``goals``
        False: scored without the (secret) goal tiles, so no scoring-card points."""
        k = self.pidx[self.kseat] if self.solo else None
        return score_city(self.city.to_grid(), self.pidx, self.architect_side,
                          self.scoring_card, self.goals if goals else {}, k)

    def solo_result(self):
        """Solo only: ``{"score", "target", "beaten"}`` for the difficulty chosen."""
        if not self.solo:
            return None
        me = self.players[1 - self.kseat]
        return solo_result(self.scores()["scores"][me]["total"], self.difficulty)

    # --- commands ----------------------------------------------------------
    def apply(self, cmd):
        """Apply one command (module docstring) through its ``do_`` method (``VERBS``,
        ``session.dispatch``); ValueError with a short reason, nothing changed."""
        if not isinstance(cmd, list):  # a list only, as saved (dispatch also takes a tuple)
            raise ValueError("bad command")
        dispatch(self, self.VERBS, cmd)(cmd)

    def do_goals(self, cmd):
        """``["goals", colour, goal1, goal2]``: a player's two goal-tile colours, any time
        (000, Player Set-Up).  ValueError for Khaos, a colour not playing, or goals that
        are not two other colours than the player's own."""
        if len(cmd) != 4:
            raise ValueError("goals: colour, goal, goal")
        self._set_goals(cmd[1], [cmd[2], cmd[3]], False)

    def do_place(self, cmd):
        """``["place", colour, value, x, y]``: the active player's building tile on canvas
        cell (x, y), their architect token on it (000, Player Turn: Place A Building Tile,
        Placement Rules).  ValueError outside a player's placement or where the city
        refuses it (``city.City.place``)."""
        if self.phase() != "place":
            raise ValueError("not a player's placement now")
        if len(cmd) != 5:
            raise ValueError("place: colour, value, x, y")
        c = _colour(cmd[1])
        v = _int(cmd[2], 1, 5, "value")
        x = _int(cmd[3], 0, 99, "x")
        y = _int(cmd[4], 0, 99, "y")
        self._place(c, v, x, y)

    def do_khaos_draw(self, cmd):
        """``["khaos_draw"]`` (device deck) or ``["khaos_draw", arrows, same_colour]``
        (printed deck): Khaos's turn begins with its card revealed (000, Solo Mode: Khaos
        Turn).  ValueError outside Khaos's draw, for a bad printed card or an empty deck."""
        if self.phase() != "khaos_draw":
            raise ValueError("not Khaos's draw now")
        if self.printed:
            if len(cmd) != 3:
                raise ValueError("khaos_draw: arrows, same colour 0/1")
            check_arrows(cmd[1])
            if cmd[2] not in (0, 1, True, False):
                raise ValueError("same colour: 0 or 1")
            self.card_shown = (None, None, cmd[1], bool(cmd[2]))
        else:
            if len(cmd) != 1:
                raise ValueError("khaos_draw takes no arguments")
            if self.drawn >= len(self.deck):
                raise ValueError("Khaos deck empty")
            self.card_shown = DECK[self.deck[self.drawn]]
            self.drawn += 1

    def do_khaos(self, cmd):
        """``["khaos", colour, value]``: the tile Khaos took; the device places it where the
        revealed card says (000, Solo Mode: Khaos Turn, Place A Building Tile;
        ``khaos.placement``).  ValueError with no card revealed, no such tile left or no
        legal space."""
        if self.phase() != "khaos_place":
            raise ValueError("no Khaos card revealed")
        if len(cmd) != 3:
            raise ValueError("khaos: colour, value")
        c = _colour(cmd[1])
        v = _int(cmd[2], 1, 5, "value")
        if not self.city.left(c, v):
            raise ValueError("no such tile left")
        pos = placement(self.city, c, self.card_shown[2], self.card_shown[3])
        if pos is None:
            raise ValueError("no legal space")
        self._place(c, v, pos[0], pos[1])
        self.card_shown = None

    # the verbs of ``session.dispatch``, a ``do_`` method each (with the ancient board: ``ancient.BoardGame``)
    VERBS = ("goals", "place", "khaos_draw", "khaos")

    def _set_goals(self, name, pair, in_setup):
        p = _colour(name)
        if p not in self.pidx:
            raise ValueError("goals: not a player")
        if self.solo and p == self.pidx[self.kseat]:
            raise ValueError("goals: Khaos has no goal tiles")
        if not isinstance(pair, list) or len(pair) != 2:
            raise ValueError("goals: two colours")
        a = _colour(pair[0])
        b = _colour(pair[1])
        if a == p or b == p or a == b:
            raise ValueError("goals: two different colours, not the player's own")
        self.goals[p] = (a, b)

    def _place(self, c, v, x, y):
        seat = self.active
        self.city.place(c, v, x, y, self.pidx[seat])  # checks first, raises before changing
        self.tokens_left[seat] -= 1
        self.turns_taken[seat] += 1
        self.last = (seat, COLOURS[c], v, x, y)
        self.recent[seat] = (c, v)
        self.turn += 1
        n = len(self.players)
        self.active = (self.first + self.turn) % n
        self.round = min(self.turn // n + 1, self.rounds)
