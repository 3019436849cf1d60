"""Tholos as a command game for ``session.Session`` (two players or solo).

Source: Tholos rules (Turn, Column Bonus Actions, Game End and
Scoring); set-up as Board Game Arena's implementation plays it.  Rule readings: see ``rules``.

Commands (JSON-able lists; colours are the letters "W", "B", "G"; columns
are 0..6 for alpha beta gamma delta pi Sigma Omega):

- ``["take", colour]``        take from the quarry (count forced, rules reading 1)
- ``["place", col, colour]``  a workshop stone onto a column that is not full;
  own colour with a legal bonus option opens the bonus (``pending``)
- bonus, only while ``pending`` is that column's location:
  ``["move", src, dst]`` (alpha, beta, Omega), ``["return", src]`` (gamma),
  ``["fetch", colour]`` (delta), ``["steal", colour]`` (pi),
  ``["extra", col, colour]`` (Sigma), ``["decline"]`` (any)
- ``["pass"]``                only when no take or placement is legal

``apply`` raises ValueError("reason") and leaves the game unchanged when a
command is not legal.
"""
from session import dispatch
from games.tholos import rules
from games.tholos.ai import DEFAULT_LEVEL, LEVEL_BUDGET, LEVELS
from games.tholos.rules import (
    B_EXTRA,
    B_FETCH,
    B_MOVE,
    B_RETURN,
    B_STEAL,
    COLUMN_BONUS,
    COLUMN_NAMES,
    COLOUR_NAMES,
    HEIGHT,
    LETTERS,
    N_COLUMNS,
)

_VERB_OF_BONUS = (None, "move", "return", "fetch", "steal", "extra")


def _colour(x):
    if not isinstance(x, str) or len(x) != 1 or x not in LETTERS:
        raise ValueError("bad colour")
    return LETTERS.index(x)


def _column(x):
    if not isinstance(x, int) or isinstance(x, bool) or x < 0 or x >= N_COLUMNS:
        raise ValueError("bad column")
    return x


class TholosGame:
    """One game of Tholos.

    ``setup``: dict with optional ``"device"``: ``None`` (two players) or
    ``"white"`` / ``"black"`` (the colour the device's opponent plays) and
    optional ``"level"``: ``"easy"``, ``"normal"`` (default) or ``"hard"``
    (the opponent's strength, ``ai.LEVELS``) and optional ``"budget"``: node
    budget per device move (int >= 1; default: the level's).  ``seed``: int,
    used for the opponent's tie-breaks.

    Attributes a screen reads: ``columns`` (7 lists of colour ints bottom to
    top), ``quarry`` ([white, black, grey]), ``workshops`` (two such lists,
    index = player), ``turn`` (0 white, 1 black), ``pending`` (column whose
    bonus is on offer, or -1), ``over`` (bool), ``device`` (player index the
    device plays, or -1), ``level`` (index in ``ai.LEVELS``), ``budget``; methods ``legal_moves``,
    ``bonus_on_offer``, ``scores``, ``result``.
    """

    NAME = "tholos"

    def __init__(self, setup, seed):
        if setup is None:
            setup = {}
        if not isinstance(setup, dict):
            raise ValueError("setup must be a dict")
        for k in setup:
            if k not in ("device", "budget", "level"):
                raise ValueError("unknown setup key")
        dev = setup.get("device")
        if dev is None:
            self.device = -1
        elif dev in ("white", "black"):
            self.device = COLOUR_NAMES.index(dev)
        else:
            raise ValueError("device must be white, black or null")
        level = setup.get("level", LEVELS[DEFAULT_LEVEL])
        if level not in LEVELS:
            raise ValueError("level must be easy, normal or hard")
        self.level = LEVELS.index(level)
        budget = setup.get("budget", LEVEL_BUDGET[self.level])
        if not isinstance(budget, int) or budget < 1:
            raise ValueError("bad budget")
        self.budget = budget
        self.seed = seed
        self.st = rules.State()
        self.pending = -1
        self.over = False
        self.moves_played = 0  # commands applied; varies the opponent's tie-breaks

    # -- what a screen reads -------------------------------------------------
    @property
    def columns(self):
        return self.st.cols

    @property
    def quarry(self):
        return self.st.quarry

    @property
    def workshops(self):
        return self.st.shops

    @property
    def turn(self):
        return self.st.turn

    def device_to_move(self):
        """True when the device's opponent should play now (solo game, its turn)."""
        return not self.over and self.device == self.st.turn

    def bonus_on_offer(self):
        """``None`` or ``(column, column_name, bonus_name)`` of the open bonus."""
        if self.pending < 0:
            return None
        return (self.pending, COLUMN_NAMES[self.pending], rules.BONUS_NAMES[COLUMN_BONUS[self.pending]])

    def scores(self):
        """``(white_score, black_score, white_won, black_won)`` of the temple as it stands."""
        r = rules.score_columns(self.st.cols)
        return r[0], r[1], r[2], r[3]

    def result(self):
        """``None`` while playing; else ``(winner, white_score, black_score)``,
        winner 0 white, 1 black, -1 draw (tie-break: columns won)."""
        if not self.over:
            return None
        ws, bs, ww, bw = self.scores()
        return rules.winner_of(ws, bs, ww, bw), ws, bs

    def legal_moves(self):
        """Every legal command now with a short label (<= 21 chars), stable order.

        List of ``(cmd, label)``.  Outside a bonus: takes (own, grey, rival's),
        then placements by column then colour (own, grey, rival's), or only
        ``["pass"]``.  During a bonus: ``["decline"]`` first, then the options.
        """
        out = []
        if self.over:
            return out
        st = self.st
        p = st.turn
        if self.pending >= 0:
            out.append((["decline"], "decline bonus"))
            for o in rules.bonus_options(st, p, self.pending, []):
                out.append(self._bonus_cmd(o))
            return out
        for c in rules.take_order(p):
            n = rules.take_count(st, p, c)
            if n:
                out.append((["take", LETTERS[c]], "take %d %s" % (n, COLOUR_NAMES[c])))
        shop = st.shops[p]
        for col in range(N_COLUMNS):
            if len(st.cols[col]) >= HEIGHT:
                continue
            for c in rules.take_order(p):
                if shop[c]:
                    out.append((["place", col, LETTERS[c]], "%s to %s" % (COLOUR_NAMES[c], COLUMN_NAMES[col])))
        if not out:
            out.append((["pass"], "pass"))
        return out

    def _bonus_cmd(self, o):
        kind, a, b = o
        if kind == B_MOVE:
            return ["move", a, b], "move %s>%s" % (COLUMN_NAMES[a], COLUMN_NAMES[b])
        if kind == B_RETURN:
            return ["return", a], "return top of %s" % COLUMN_NAMES[a]
        if kind == B_FETCH:
            return ["fetch", LETTERS[a]], "fetch %s" % COLOUR_NAMES[a]
        if kind == B_STEAL:
            return ["steal", LETTERS[a]], "steal %s" % COLOUR_NAMES[a]
        return ["extra", a, LETTERS[b]], "extra %s>%s" % (COLOUR_NAMES[b], COLUMN_NAMES[a])

    # -- the protocol --------------------------------------------------------
    def apply(self, cmd):
        """Validate ``cmd`` completely, then play it (ValueError if illegal): its ``do_``
        method (``VERBS``, ``session.dispatch``)."""
        if not isinstance(cmd, (list, tuple)) or not cmd:
            raise ValueError("command must be a non-empty list")
        if self.over:
            raise ValueError("game over")
        dispatch(self, self.VERBS, cmd)(cmd)
        self.moves_played += 1

    def _no_bonus(self):
        """ValueError while a bonus is on offer: it is taken or declined first (002, Column
        Bonus Actions)."""
        if self.pending >= 0:
            raise ValueError("bonus here is %s" % _VERB_OF_BONUS[COLUMN_BONUS[self.pending]])

    def do_take(self, cmd):
        """``["take", colour]``: the player to move takes stones of ``colour`` from the quarry
        into their workshop (002, Turn; the count is forced, rules reading 1).  ValueError
        for a bad colour, an empty quarry or a full workshop."""
        self._no_bonus()
        st = self.st
        p = st.turn
        if len(cmd) != 2:
            raise ValueError("take needs a colour")
        c = _colour(cmd[1])
        n = rules.take_count(st, p, c)
        if n == 0:
            if st.quarry[c] == 0:
                raise ValueError("quarry has no such stone")
            raise ValueError("workshop full")
        st.quarry[c] -= n
        st.shops[p][c] += n
        self._end_turn()

    def do_place(self, cmd):
        """``["place", col, colour]``: a workshop stone onto column ``col`` (002, Turn); a
        stone of the player's own colour with a legal option opens the column's bonus
        (``pending``).  ValueError for a stone not in the workshop or a full column."""
        self._no_bonus()
        st = self.st
        p = st.turn
        if len(cmd) != 3:
            raise ValueError("place needs column and colour")
        col = _column(cmd[1])
        c = _colour(cmd[2])
        if st.shops[p][c] == 0:
            raise ValueError("no such stone in workshop")
        if len(st.cols[col]) >= HEIGHT:
            raise ValueError("column full")
        st.shops[p][c] -= 1
        st.cols[col].append(c)
        # Bonus only for a stone of the player's own colour, and only
        # when some option is legal (rules text: only legal options).
        if c == p and rules.bonus_options(st, p, col, []):
            self.pending = col
        else:
            self._end_turn()

    def do_pass(self, cmd):
        """``["pass"]``: only when no take or placement is legal.  ValueError otherwise."""
        self._no_bonus()
        if len(cmd) != 1:
            raise ValueError("pass takes nothing")
        if rules.gen_turns(self.st)[0][0] != rules.PASS:
            raise ValueError("a move is possible")
        self._end_turn()

    def do_decline(self, cmd):
        """``["decline"]``: the bonus on offer is not taken; the turn ends.  ValueError with
        no bonus on offer."""
        if self.pending < 0:
            raise ValueError("no bonus on offer")
        if len(cmd) != 1:
            raise ValueError("decline takes nothing")
        self.pending = -1
        self._end_turn()

    def _bonus(self, cmd):
        """The bonus of the column just built on (002, Column Bonus Actions):
        ``["move", src, dst]`` (alpha, beta, Omega), ``["return", src]`` (gamma),
        ``["fetch", colour]`` (delta), ``["steal", colour]`` (pi), ``["extra", col,
        colour]`` (Sigma).  ValueError with no bonus on offer, for another column's bonus
        or an option that is not legal (``rules.bonus_options``)."""
        if self.pending < 0:
            raise ValueError("no bonus on offer")
        st = self.st
        p = st.turn
        col = self.pending
        verb = cmd[0]
        kind = COLUMN_BONUS[col]
        if verb != _VERB_OF_BONUS[kind]:
            raise ValueError("bonus here is %s" % _VERB_OF_BONUS[kind])
        if kind == B_MOVE or kind == B_EXTRA:
            if len(cmd) != 3:
                raise ValueError("%s needs 2 values" % verb)
            a = _column(cmd[1])
            b = _column(cmd[2]) if kind == B_MOVE else _colour(cmd[2])
        else:
            if len(cmd) != 2:
                raise ValueError("%s needs 1 value" % verb)
            a = _column(cmd[1]) if kind == B_RETURN else _colour(cmd[1])
            b = 0
        opt = (kind, a, b)
        if opt not in rules.bonus_options(st, p, col, []):
            raise ValueError("not a valid %s" % verb)
        rules.apply_bonus(st, p, kind, a, b)
        self.pending = -1
        self._end_turn()

    do_move = do_return = do_fetch = do_steal = do_extra = _bonus
    # the verbs of ``session.dispatch``, a ``do_`` method each
    VERBS = ("take", "place", "pass", "decline", "move", "return", "fetch", "steal", "extra")

    def _end_turn(self):
        self.st.turn = 1 - self.st.turn
        # The end is checked after the bonus (rules reading 3).
        if self.st.full():
            self.over = True
