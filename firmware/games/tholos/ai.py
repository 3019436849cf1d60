"""The device's Tholos opponent: alpha-beta over whole turns, in slices.

A *node* is one whole turn played on the search board (``rules.do_turn``);
listing the turns of an inner position is charged a quarter node per turn
listed, which keeps time per node even (without it the slowest moves took
3x the median).  Budgets are node counts, so a move is the same on every
machine; the chosen turn is stored as ordinary commands, so a replay never
searches.

The search is iterative (an explicit stack of move lists, one per ply, no
recursion) and resumable: ``Search.step(nodes)`` searches about ``nodes``
more nodes and returns, so the device's screen can read the keys, draw a
progress bar and stop the search (``halt``: the best move of the last
finished depth is played) between slices.  Slicing never changes the
result: the same budget gives the same move whatever the slice size.

Levels (stored in the set-up, so a replay is identical): easy / normal /
hard = ``LEVELS``; per level a node budget, the deepest search in whole
turns, a time cap for boards with a clock (``LEVEL_CAP_MS``, only a safety
net: the tests and the simulator have no clock and are deterministic) and a
share of greedy turns (``LEVEL_GREEDY``: Easy plays a third of its turns as
the one-ply greedy player, chosen from the seed: its human mistakes).
Normal looks one turn ahead with the evaluation below; Hard searches 1, 3
and 5 turns deep on 3300 nodes; Easy is Normal with its greedy turns.  The
strength table (bench/bench_tholos.py, docs/measured.md, "The Tholos
opponent") has each level beat the one below it.

Budgets, calibrated on the emulated RP2040 (MicroPython v1.28.0 at 125 MHz,
the project's HIL harness, tools/hil): the search in slices, the progress
frames included, does about 700-800 nodes per second of the move, and the
move adds ~0.3 s of saves and frames around the search, so Hard's 3300
nodes take under 5 s from the key to its move on the panel; Normal and Easy
(one turn deep: a node per turn listed) a fraction of a second.

The search: iterative deepening over odd depths, alpha-beta; inner
positions more than a turn above the leaves are kept in a transposition
table of 256 entries (``TABLE_BYTES``, made per search: the best turn found
there, tried first next time, and its value with its bound) and their turns
are ordered: that turn, the ply's killer, then by history (cut-offs a kind
of turn made).

Evaluation (in quarter points, from the side to move): each column's points
as it stands (Tholos rules, Game End and Scoring) for the player leading
it, weighted by how sure the lead is, plus a value for the stones waiting
in each workshop; a finished game is scored exactly, with the columns won as
tie-break (Board Game Arena's implementation).
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

from rng import Rng
from games.tholos import rules
from games.tholos.rules import BLACK, GREY, HEIGHT, WHITE, do_turn, gen_turns, undo_turn

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = 1  # normal
LEVEL_BUDGET = (400, 400, 3300)  # nodes per move (one turn deep needs one per turn: at most ~60)
LEVEL_DEPTH = (1, 1, 5)  # deepest search, whole turns
# Turns in GREEDY_OF the level plays as the one-ply greedy player (greedy_turn): Easy's mistakes.
LEVEL_GREEDY = (2, 0, 0)
GREEDY_OF = 6
# Time cap on a board with a clock (ticks_ms from the start of the search), a
# safety net for a chip slower than the emulated one: 2 s (Hard: 5 s) for the
# move less ~0.3 s for the saves and frames around the search.
LEVEL_CAP_MS = (1700, 1700, 4700)
DEFAULT_BUDGET = LEVEL_BUDGET[DEFAULT_LEVEL]
# Nodes per slice: 4 nodes ~ 40 us on the unix micropython here (98 000
# nodes/s), 3 ms on a chip 75x slower, 9 ms at 230x.  A screen step runs
# slices for STEP_MS on a board with a clock, one slice without.
SLICE_NODES = 4
STEP_MS = 8

_WIN = const(100000)  # a finished game dominates any position value (small ints on the Pico)
# Value of a workshop stone (quarter points): own colour, rival's colour, grey.
_SHOP_OWN = const(5)
_SHOP_RIVAL = const(6)
_SHOP_GREY = const(2)
_INF = const(1000000)
_GEN_SHIFT = const(2)  # listing charge: len(turns) >> 2 nodes
# Weight (quarter points a point) of a column's points by how sure its lead is (evaluate):
# tuned by self-play (docs/measured.md, The Tholos opponent).
_K_FULL = const(6)
_K_SAFE = const(5)
_K_OPEN = const(3)
_K_OPEN1 = const(2)
# The search's per-ply slots (Search._search).
_IDX = const(0)
_ALPHA = const(1)
_BETA = const(2)
_BEST = const(3)
_TOK = const(4)
_A0 = const(5)  # alpha on entry: the table's bound
_HASH = const(6)
_BI = const(7)  # index of the best move so far
_FR = const(8)
_HIST = const(162)  # history slots: 9 columns or take / pass, x 3 colours x 6 bonus kinds
# Transposition table: _TT_SIZE entries of 8 bytes (2 KB, made per search and dropped with it);
# a position's entry is its key's low _TT_BITS bits, the next 16 check it.
_TT_BITS = const(8)
_TT_SIZE = const(1 << 8)
_TT_MASK = const((1 << 8) - 1)
_VBIAS = const(1 << 23)  # values stored as 3 unsigned bytes
TABLE_BYTES = _TT_SIZE * 8 + _HIST  # the two bytearrays a search makes (the heap test allows them)
_EXACT = const(1)
_LOWER = const(2)
_UPPER = const(3)


def _zkeys():
    # Zobrist keys, 30 bits (small ints on the Pico): a stone of each colour at each place of
    # each column (7 x 5 x 3), each workshop's count (0-3) of each colour (2 x 3 x 4), the turn.
    r = Rng(0x7401)
    return tuple(r.next32() >> 2 for _ in range(7 * 5 * 3 + 2 * 3 * 4 + 1))


_ZKEYS = _zkeys()
_ZTURN = const(7 * 5 * 3 + 2 * 3 * 4)


def evaluate(st, player):
    """Position value for ``player`` (int, quarter points; exact ``_WIN`` scale at the end).

    Each column's points as it stands (Tholos rules, Game End and Scoring) for the player
    leading it, weighted by how sure the lead is: a full column ``_K_FULL`` a point, a lead
    no placement can catch up (more than the room left) ``_K_SAFE``, a lead of 2 or more
    ``_K_OPEN``, a lead of 1 ``_K_OPEN1``; plus the stones in each workshop.
    """
    diff = 0
    full = True
    for col in st.cols:
        # rules.column_result inlined: this runs at every search leaf, and a
        # tuple per column would cost the Pico time and garbage.
        w = 0
        b = 0
        g = 0
        for s in col:
            if s == WHITE:
                w += 1
            elif s == BLACK:
                b += 1
            else:
                g += 1
        n = w + b + g
        if n < HEIGHT:
            full = False
        if w == b:
            continue
        if n == HEIGHT:
            k = _K_FULL
        else:
            lead = w - b if w > b else b - w
            if lead > HEIGHT - n:
                k = _K_SAFE
            elif lead > 1:
                k = _K_OPEN
            else:
                k = _K_OPEN1
        if w > b:
            diff += k * (w + 3 * b - 2 * g)
        else:
            diff -= k * (b + 3 * w - 2 * g)
    if full:
        ws, bs, ww, bw, _ = rules.score_columns(st.cols)
        v = (ws - bs) * 100 + (ww - bw)
        if v > 0:
            v += _WIN
        elif v < 0:
            v -= _WIN
        return v if player == WHITE else -v
    sw = st.shops[WHITE]
    sb = st.shops[BLACK]
    diff += _SHOP_OWN * (sw[WHITE] - sb[BLACK]) + _SHOP_RIVAL * (sw[BLACK] - sb[WHITE])
    diff += _SHOP_GREY * (sw[GREY] - sb[GREY])
    return diff if player == WHITE else -diff


class Search:
    """One search, run in slices.

    ``budget``: most nodes; ``rng``: an ``Rng`` for tie-breaks (and Easy's
    greedy turns); ``max_depth``: deepest search in whole turns; ``greedy``:
    turns in ``GREEDY_OF`` played as ``greedy_turn`` (0: always searched).  ``start(st, roots)``, then
    ``step(nodes)`` until it returns False; ``best`` is the move to play
    (also while unfinished: the best found so far); ``halt()`` makes the
    next ``step`` finish at once.
    """

    def __init__(self, budget, rng, max_depth=6, greedy=0):
        self.budget = budget
        self.rng = rng
        self.greedy = greedy
        self.nodes = 0
        self.halted = False
        self.depth_done = 0
        self.best = None
        self.killers = [None] * (max_depth + 1)  # one per ply: its length gives the depth
        self._slice_end = 0
        self._it = None

    def start(self, st, roots=None):
        """Begin searching ``st`` (changed during the search, restored at its end)."""
        moves = list(roots) if roots is not None else gen_turns(st)
        if len(moves) <= 1:
            self.best = moves[0] if moves else None
            return
        if self.greedy and self.rng.below(GREEDY_OF) < self.greedy:
            self.best = greedy_turn(st, self.rng, moves)  # a turn of Easy's: no search
            return
        self.rng.shuffle(moves)  # tie-break: equal moves keep this seeded order
        self.best = moves[0]
        self._it = self._search(st, moves)

    def step(self, nodes):
        """Search about ``nodes`` more nodes (a turn listing may overrun a
        little); True while the search is unfinished."""
        it = self._it
        if it is None:
            return False
        self._slice_end = self.nodes + nodes
        try:
            next(it)
        except StopIteration:
            self._it = None
            return False
        return True

    def halt(self):
        """Stop at the next node: ``best`` is then final."""
        self.halted = True

    def run(self, st, roots=None):
        """Best whole turn for ``st.turn`` in one go (``roots``: restrict to these turns)."""
        self.start(st, roots)
        self.step(1 << 30)
        return self.best

    def _search(self, st, moves):
        # Iterative deepening 1, 3, 5 ... max_depth turns until the budget is
        # spent; an unfinished depth does not count.
        # Negamax alpha-beta on an explicit stack: per ply its move list and
        # its slots in ``fr``.  Yields between nodes when the slice is spent.
        # Inner positions are looked up in a small transposition table (the
        # best turn found there, tried first, and a value with its bound);
        # their turns are ordered: that turn, the ply's killer, then by
        # history (cut-offs a kind of turn made, deeper ones weigh more).
        n = len(moves)
        scores = [0] * n
        md = len(self.killers) - 1
        stop = False
        lists = [moves] * (md + 1)  # per ply; the root list stands for "none"
        # Per ply, _FR ints from f = _FR * ply (one list: less heap than several).
        fr = [0] * (_FR * (md + 1))
        killers = self.killers
        hist = bytearray(_HIST)  # saturating counts (bytes: the same heap on every port)
        tt = bytearray(_TT_SIZE * 8)  # per entry: check (2 bytes), depth and bound, value (3), turn (2)
        depth = 1
        while depth <= md:
            lists[0] = moves
            fr[_IDX] = 0
            fr[_ALPHA] = -_INF
            fr[_BETA] = _INF
            fr[_BEST] = -_INF
            cur_best = None
            ply = 0
            f = 0
            while True:
                if self.nodes >= self._slice_end:
                    yield
                ms = lists[ply]
                j = fr[f + _IDX]
                if j < len(ms):
                    if self.nodes >= self.budget or self.halted:
                        stop = True
                        while ply > 0:  # take back the moves on the stack
                            ply -= 1
                            f -= _FR
                            undo_turn(st, lists[ply][fr[f + _IDX]], fr[f + _TOK])
                        break
                    self.nodes += 1
                    mv = ms[j]
                    tok = do_turn(st, mv)
                    child = None
                    hit = False
                    d = depth - ply - 1  # whole turns the child's position is searched
                    hm = -1
                    h = -1
                    if d > 0:
                        if d > 1:
                            h = zhash(st)
                            e = (h & _TT_MASK) << 3
                            k = tt[e + 2]
                            if k and tt[e] | (tt[e + 1] << 8) == (h >> _TT_BITS) & 0xFFFF:
                                hm = tt[e + 6] | (tt[e + 7] << 8)
                                if (k >> 2) >= d:
                                    v = (tt[e + 3] | (tt[e + 4] << 8) | (tt[e + 5] << 16)) - _VBIAS
                                    k &= 3
                                    # the child's window is (-beta, -alpha) of this ply's
                                    if k == _EXACT or (k == _LOWER and v >= -fr[f + _ALPHA]) or (
                                            k == _UPPER and v <= -fr[f + _BETA]):
                                        undo_turn(st, mv, tok)
                                        v = -v
                                        hit = True
                        if not hit:
                            child = gen_turns(st)
                    if hit:
                        pass
                    elif not child:  # a leaf, or the game is over
                        v = -evaluate(st, st.turn)
                        undo_turn(st, mv, tok)
                    else:
                        fr[f + _TOK] = tok
                        ply += 1
                        f += _FR
                        # Listing the turns costs about a quarter node each
                        # (measured), so it is charged: the budget then
                        # tracks time closely.
                        self.nodes += len(child) >> _GEN_SHIFT
                        k = killers[ply]
                        if d > 1:
                            child = _order(child, hm, k, hist)
                        elif k is not None and k in child:
                            # the last ply before the leaves: the killer first, nothing more (an
                            # order costs more there than it saves)
                            child.remove(k)
                            child.insert(0, k)
                        lists[ply] = child
                        fr[f + _IDX] = 0
                        fr[f + _ALPHA] = fr[f + _A0] = -fr[f - _FR + _BETA]
                        fr[f + _BETA] = -fr[f - _FR + _ALPHA]
                        fr[f + _BEST] = -_INF
                        fr[f + _HASH] = h
                        fr[f + _BI] = 0
                        continue
                else:  # every move of this ply searched (or cut off)
                    if ply == 0:
                        break
                    v = fr[f + _BEST]
                    h = fr[f + _HASH]
                    if h >= 0:
                        e = (h & _TT_MASK) << 3
                        k = _EXACT
                        if v <= fr[f + _A0]:
                            k = _UPPER
                        elif v >= fr[f + _BETA]:
                            k = _LOWER
                        h >>= _TT_BITS
                        tt[e] = h & 0xFF
                        tt[e + 1] = (h >> 8) & 0xFF
                        tt[e + 2] = ((depth - ply) << 2) | k
                        k = v + _VBIAS
                        tt[e + 3] = k & 0xFF
                        tt[e + 4] = (k >> 8) & 0xFF
                        tt[e + 5] = k >> 16
                        k = _code(ms[fr[f + _BI]])
                        tt[e + 6] = k & 0xFF
                        tt[e + 7] = k >> 8
                    v = -v
                    lists[ply] = moves  # drop the child's list
                    ply -= 1
                    f -= _FR
                    j = fr[f + _IDX]
                    undo_turn(st, lists[ply][j], fr[f + _TOK])
                # v: value of move j at this ply, for the side to move here.
                if ply == 0:
                    scores[j] = v
                if v > fr[f + _BEST]:
                    fr[f + _BEST] = v
                    fr[f + _BI] = j
                    if ply == 0:
                        cur_best = moves[j]
                    if v > fr[f + _ALPHA]:
                        fr[f + _ALPHA] = v
                        if v >= fr[f + _BETA]:
                            mv = lists[ply][j]
                            killers[ply] = mv
                            k = _hcode(mv)
                            h = hist[k] + (depth - ply) * (depth - ply)
                            hist[k] = h if h < 256 else 255
                            fr[f + _IDX] = len(lists[ply])
                            continue
                fr[f + _IDX] = j + 1
            if cur_best is not None and not stop:
                # Only a finished depth chooses: taking a root move that beat the
                # earlier ones in an unfinished depth lost 79 % of its games against
                # a third of the budget (docs/measured.md, The Tholos opponent).
                self.best = cur_best
            if stop:
                break
            self.depth_done = depth
            # Reorder: best first (stable insertion sort keeps ties in seeded order).
            order = list(range(n))
            j = 1
            while j < n:
                x = order[j]
                m = j - 1
                while m >= 0 and scores[order[m]] < scores[x]:
                    order[m + 1] = order[m]
                    m -= 1
                order[m + 1] = x
                j += 1
            moves = [moves[t] for t in order]
            scores = [scores[t] for t in order]
            if abs(scores[0]) >= _WIN // 2:
                break  # the end is seen exactly
            # Odd depths only (1, 3, 5 turns: each ends on the side to move's own
            # turn): with this evaluation a search 2 turns deep lost 73 % of its
            # games to one 1 turn deep, 3 turns deep won 85 % against 2 (measured).
            depth += 2


def _hcode(mv):
    """History slot of a turn: its column (or take / pass), colour and bonus kind."""
    return ((mv[0] + 2) * 3 + mv[1]) * 6 + mv[2]


def _code(mv):
    """A turn as one small int (< 7938), for the transposition table."""
    return (_hcode(mv) * 7 + mv[3]) * 7 + mv[4]


def _order(child, hm, killer, hist):
    """``child`` (a fresh turn list) in search order: the table's turn (code ``hm``, -1: none),
    the killer, then the rest by history, ties in listing order (the same on every port:
    the sort keys are distinct)."""
    n = len(child)
    keys = [0] * n
    i = 0
    while i < n:
        mv = child[i]
        k = hist[_hcode(mv)]
        if mv == killer:
            k = 256
        if hm >= 0 and _code(mv) == hm:
            k = 257
        keys[i] = (k << 6) | (63 - i)
        i += 1
    keys.sort(reverse=True)
    i = 0
    while i < n:
        keys[i] = child[63 - (keys[i] & 63)]
        i += 1
    return keys


def zhash(st):
    """A 30-bit key of the position (columns, workshops, player to move: the quarry follows)."""
    z = _ZKEYS
    h = z[_ZTURN] if st.turn else 0
    base = 0
    for col in st.cols:
        i = base
        for s in col:
            h ^= z[i + s]
            i += 3
        base += 15
    i = base
    for sh in st.shops:
        for c in (0, 1, 2):
            h ^= z[i + sh[c]]
            i += 4
    return h


def best_turn(st, budget, seed, level=DEFAULT_LEVEL):
    """The opponent's whole turn for ``st.turn``: ``(turn, nodes_used)``.

    ``st`` is left unchanged.  ``budget``: node budget; ``seed``: int for the
    tie-break order; ``level``: index in ``LEVELS`` (depth and greedy turns).
    """
    s = Search(budget, Rng(seed), LEVEL_DEPTH[level], LEVEL_GREEDY[level])
    mv = s.run(st.copy())
    return mv, s.nodes


def greedy_turn(st, rng, moves=None):
    """One-ply greedy player: the turn with the best immediate change of
    (own score - rival's score) on the temple as it stands; ties at random.
    ``st`` is never changed, even by a MemoryError half-way: the turns are tried on a
    copy (it is the fallback when RAM is short, and ``st`` may be the live game's)."""
    st = st.copy()
    p = st.turn
    best = None
    best_v = 0
    ties = 0
    for mv in moves if moves is not None else gen_turns(st):
        tok = do_turn(st, mv)
        ws, bs, _, _, _ = rules.score_columns(st.cols)
        undo_turn(st, mv, tok)
        v = ws - bs if p == WHITE else bs - ws
        if best is None or v > best_v:
            best = mv
            best_v = v
            ties = 1
        elif v == best_v:
            ties += 1
            if rng.below(ties) == 0:  # reservoir choice: uniform among equals
                best = mv
    return best


class DeviceMove:
    """The device's move in ``TholosGame`` ``game``, searched in slices.

    ``search``: the ``Search``, started (``step``, ``halt``, ``nodes``,
    ``budget``); ``commands()`` = the commands to play (list of lists),
    valid at any time (the best found so far).  A whole turn (a
    placement and its bonus are searched together).  When a placement was
    already recorded and its bonus is open (resume after a power cut), only
    the bonus command.  Deterministic: the tie-break seed is the game's seed
    mixed with the number of commands played; depth and greedy turns come from the
    game's level, the node budget from the game.
    """

    def __init__(self, game):
        st = game.st
        lv = game.level
        self.search = Search(game.budget, Rng((game.seed * 31 + game.moves_played) & 0xFFFFFFFF),
                             LEVEL_DEPTH[lv], LEVEL_GREEDY[lv])
        self.bonus_only = game.pending >= 0
        if not self.bonus_only:
            # The live state, not a copy (the search's peak heap): ``rules.turn_commands``
            # puts back what it tries, even on a MemoryError.
            self.before = st
            self.search.start(st.copy())
            return
        # Rebuild the position before the placement and search only its turns.
        col = game.pending
        p = st.turn
        c = st.cols[col][-1]
        before = st.copy()
        before.cols[col].pop()
        before.shops[p][c] += 1
        self.before = before
        roots = [m for m in gen_turns(before) if m[0] == col and m[1] == c]
        self.search.start(before.copy(), roots)

    def commands(self):
        cmds = rules.turn_commands(self.before, self.search.best)
        if not self.bonus_only:
            return cmds
        return cmds[1:] if len(cmds) > 1 else [["decline"]]


def choose_commands(game):
    """Commands for the device's move in ``TholosGame`` ``game`` (list of
    lists), searched in one go (``DeviceMove`` without slices)."""
    d = DeviceMove(game)
    d.search.step(1 << 30)
    return d.commands()
