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
progress bar and stop the search (``halt``: the best move found so far is
played) between slices.  Slicing never changes the result: the same budget
gives the same move whatever the slice size.

Levels (stored in the set-up, so a replay is identical): easy / normal /
hard = ``LEVELS``; per level a node budget, the deepest search in whole
turns, a time cap for boards with a clock (``LEVEL_CAP_MS``, only a safety
net: the tests and the simulator have no clock and are deterministic) and a
slack (easy: any root move within ``LEVEL_SLACK`` quarter points of the best
is chosen at random from the seed, so it makes human mistakes).

Budgets, calibrated on the emulated RP2040 (MicroPython 1.26.1 at 125 MHz,
the project's HIL harness): the search in slices, with the App's 10 ms
sleep between passes and the progress frames, does ~700 nodes per second
of the move (1177 and 1214 nodes in 1718 ms, two moves), and the move adds
~0.3 s of saves and frames around the search.  Normal = 1000 nodes: ~1.45 s
of search, 1.66-1.68 s measured from the key to the device's move on the
panel; it plays as well as the former (only) level's 3600 nodes (both win
95 % against the greedy player, and 49 % of their games against each
other).  Hard = 10000 nodes: ~14 s there (BACK plays at once), wins 57 %
of 100 games against normal.  Easy: one turn deep.  All are 6 turns deep
at most, so the search never holds more move lists than the former one.

Evaluation (in quarter points, from the side to move): the temple scored as
it stands (Tholos rules, Game End and Scoring) plus a value for
the stones waiting in each workshop; a finished game is scored exactly, with
the columns won as tie-break (Board Game Arena's implementation).
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

from rng import Rng
from games.tholos import rules
from games.tholos.rules import BLACK, GREY, HEIGHT, WHITE, do_turn, gen_turns, undo_turn

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = 1  # normal
LEVEL_BUDGET = (400, 1000, 10000)  # nodes per move
LEVEL_DEPTH = (1, 6, 6)  # deepest search, whole turns
LEVEL_SLACK = (12, 0, 0)  # quarter points: easy plays any move this close to its best
# Time cap on a board with a clock (ticks_ms from the start of the search), a
# safety net for a chip slower than the emulated one: 2 s for the move less
# ~0.3 s for the saves and frames around the search, and a margin.
LEVEL_CAP_MS = (1550, 1550, 16000)
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
_LOCK = const(2)  # extra weight (quarter points per point) of a finished column
# The search's per-ply slots (Search._search).
_IDX = const(0)
_ALPHA = const(1)
_BETA = const(2)
_BEST = const(3)
_TOK = const(4)
_FR = const(5)


def evaluate(st, player):
    """Position value for ``player`` (int, quarter points; exact ``_WIN`` scale at the end)."""
    diff = 0
    full = True
    won = 0
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
        k = 4 + _LOCK if n == HEIGHT else 4
        if w > b:
            diff += k * (w + 3 * b - 2 * g)
            won += 1
        elif b > w:
            diff -= k * (b + 3 * w - 2 * g)
            won -= 1
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

    ``budget``: most nodes; ``rng``: an ``Rng`` for tie-breaks (and easy's
    slack); ``max_depth``: deepest search in whole turns; ``slack``: quarter
    points (0: always the best move).  ``start(st, roots)``, then
    ``step(nodes)`` until it returns False; ``best`` is the move to play
    (also while unfinished: the best found so far); ``halt()`` makes the
    next ``step`` finish at once.
    """

    def __init__(self, budget, rng, max_depth=6, slack=0):
        self.budget = budget
        self.rng = rng
        self.slack = slack
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
        # Iterative deepening 1, 2, ... max_depth turns until the budget is
        # spent; an unfinished depth counts only for root moves it finished.
        # Negamax alpha-beta on an explicit stack: per ply its move list and
        # its slots in ``fr``.  Yields between nodes when the slice is spent.
        n = len(moves)
        scores = [0] * n
        md = len(self.killers) - 1
        stop = False
        lists = [moves] * (md + 1)  # per ply; the root list stands for "none"
        # Per ply, _FR ints from f = _FR * ply: the index of the move being
        # searched, alpha, beta, the best value so far, the move's undo token
        # (one list: less heap than five).
        fr = [0] * (_FR * (md + 1))
        killers = self.killers
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
                    if depth - ply > 1:
                        child = gen_turns(st)
                    if not child:  # a leaf, or the game is over
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
                        if k is not None and k in child:
                            child.remove(k)
                            child.insert(0, k)
                        lists[ply] = child
                        fr[f + _IDX] = 0
                        fr[f + _ALPHA] = -fr[f - _FR + _BETA]
                        fr[f + _BETA] = -fr[f - _FR + _ALPHA]
                        fr[f + _BEST] = -_INF
                        continue
                else:  # every move of this ply searched (or cut off)
                    if ply == 0:
                        break
                    v = -fr[f + _BEST]
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
                    if ply == 0:
                        cur_best = moves[j]
                    if v > fr[f + _ALPHA]:
                        fr[f + _ALPHA] = v
                        if v >= fr[f + _BETA]:
                            killers[ply] = lists[ply][j]
                            fr[f + _IDX] = len(lists[ply])
                            continue
                fr[f + _IDX] = j + 1
            if cur_best is not None:
                # Root moves are searched best-first, so a finished one that
                # beats the earlier ones is a real improvement even when the
                # depth is unfinished.
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
            depth += 1
        if self.slack and self.depth_done:
            # Easy: any move of the last finished depth close to the best.
            m = 1
            while m < n and scores[m] >= scores[0] - self.slack:
                m += 1
            self.best = moves[self.rng.below(m)]


def best_turn(st, budget, seed, level=DEFAULT_LEVEL):
    """The opponent's whole turn for ``st.turn``: ``(turn, nodes_used)``.

    ``st`` is left unchanged.  ``budget``: node budget; ``seed``: int for the
    tie-break order; ``level``: index in ``LEVELS`` (depth and slack).
    """
    s = Search(budget, Rng(seed), LEVEL_DEPTH[level], LEVEL_SLACK[level])
    mv = s.run(st.copy())
    return mv, s.nodes


def greedy_turn(st, rng):
    """One-ply greedy player: the turn with the best immediate change of
    (own score - rival's score) on the temple as it stands; ties at random.
    ``st`` is never changed, even by a MemoryError half-way: the turns are tried on a
    copy (it is the fallback when RAM is short, and ``st`` may be the live game's)."""
    st = st.copy()
    p = st.turn
    best = None
    best_v = 0
    ties = 0
    for mv in gen_turns(st):
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
    mixed with the number of commands played; depth and slack come from the
    game's level, the node budget from the game.
    """

    def __init__(self, game):
        st = game.st
        lv = game.level
        self.search = Search(game.budget, Rng((game.seed * 31 + game.moves_played) & 0xFFFFFFFF),
                             LEVEL_DEPTH[lv], LEVEL_SLACK[lv])
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
