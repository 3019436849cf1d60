"""The device's Tholos opponent: alpha-beta over whole turns with a node budget.

A *node* is one whole turn played on the search board (``rules.do_turn``);
listing the turns of an inner position is charged a quarter node per turn
listed, which keeps time per node even (without it the slowest moves took
3x the median).  The budget is a node count, never a clock, so a move is the
same on every machine and a replay never needs to search again (the chosen
turn is stored as ordinary commands).

Budget: micropython 1.29 (unix port, -X heapsize=128K) on the x86
development machine runs this search at about HOST_NODES_PER_S nodes/s
(bench/bench_tholos.py measured 81 000 - 107 000).  We assume the RP2040 at
125 MHz is RP2040_SLOWDOWN = 50 times slower (inside the 30-60x range,
towards the slow end), so a ~2 s move is HOST_NODES_PER_S * 2 / 50 nodes:
DEFAULT_BUDGET = 3600.  The search itself recurses at most ``max_depth``
(6) turns deep, never along game data.

Evaluation (in quarter points, from the side to move): the temple scored as
it stands (002_0d97cd214fe6bffb.txt, Game End and Scoring) plus a value for
the stones waiting in each workshop; a finished game is scored exactly, with
the columns won as tie-break (facts.md).
"""
from rng import Rng
from games.tholos import rules
from games.tholos.rules import BLACK, GREY, HEIGHT, WHITE, do_turn, gen_turns, undo_turn

HOST_NODES_PER_S = 90000  # micropython unix on the x86 dev machine (bench_tholos.py)
RP2040_SLOWDOWN = 50  # assumed: RP2040 @125 MHz vs that machine, same interpreter
DEFAULT_BUDGET = HOST_NODES_PER_S * 2 // RP2040_SLOWDOWN

_WIN = 100000  # a finished game dominates any position value (small ints on the Pico)
# Value of a workshop stone (quarter points): own colour, rival's colour, grey.
SHOP_OWN = 5
SHOP_RIVAL = 6
SHOP_GREY = 2
_INF = 1000000
_GEN_SHIFT = 2  # listing charge: len(turns) >> 2 nodes
_LOCK = 2  # extra weight (quarter points per point) of a finished column


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
    diff += SHOP_OWN * (sw[WHITE] - sb[BLACK]) + SHOP_RIVAL * (sw[BLACK] - sb[WHITE])
    diff += SHOP_GREY * (sw[GREY] - sb[GREY])
    return diff if player == WHITE else -diff


class Search:
    """One search.  ``budget``: most nodes; ``rng``: an ``Rng`` for tie-breaks."""

    def __init__(self, budget, rng):
        self.budget = budget
        self.rng = rng
        self.nodes = 0
        self.stop = False
        self.depth_done = 0
        self.killers = [None] * 8

    def _negamax(self, st, depth, alpha, beta, ply):
        moves = gen_turns(st)
        if not moves:
            return evaluate(st, st.turn)
        # Listing the turns costs about a quarter node each (measured), so it
        # is charged: the budget then tracks time closely.
        self.nodes += len(moves) >> _GEN_SHIFT
        k = self.killers[ply]
        if k is not None and k in moves:
            moves.remove(k)
            moves.insert(0, k)
        best = -_INF
        for mv in moves:
            if self.nodes >= self.budget:
                self.stop = True
                return best
            self.nodes += 1
            tok = do_turn(st, mv)
            if depth <= 1:
                v = -evaluate(st, st.turn)
            else:
                v = -self._negamax(st, depth - 1, -beta, -alpha, ply + 1)
            undo_turn(st, mv, tok)
            if self.stop:
                return best
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.killers[ply] = mv
                        return best
        return best

    def run(self, st, roots=None, max_depth=6):
        """Best whole turn for ``st.turn`` (``roots``: restrict to these turns).

        Iterative deepening 1, 2, ... ``max_depth`` turns until the budget is
        spent; an unfinished depth counts only for root moves it finished.
        """
        moves = list(roots) if roots is not None else gen_turns(st)
        if len(moves) == 1:
            return moves[0]
        self.rng.shuffle(moves)  # tie-break: equal moves keep this seeded order
        scores = [0] * len(moves)
        best_mv = moves[0]
        depth = 1
        while depth <= max_depth and not self.stop:
            alpha = -_INF
            cur_best = None
            cur_val = alpha
            i = 0
            n = len(moves)
            while i < n:
                mv = moves[i]
                if self.nodes >= self.budget:
                    self.stop = True
                    break
                self.nodes += 1
                tok = do_turn(st, mv)
                if depth == 1:
                    v = -evaluate(st, st.turn)
                else:
                    # Recursion depth is bounded by max_depth (a few turns), not by game data.
                    v = -self._negamax(st, depth - 1, -_INF, -alpha, 1)
                undo_turn(st, mv, tok)
                if self.stop:
                    break
                scores[i] = v
                if v > cur_val:
                    cur_val = v
                    cur_best = mv
                    alpha = v
                i += 1
            if cur_best is not None:
                # Root moves are searched best-first, so a finished one that
                # beats the earlier ones is a real improvement even when the
                # depth is unfinished.
                best_mv = cur_best
            if self.stop:
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
        return best_mv


def best_turn(st, budget, seed):
    """The opponent's whole turn for ``st.turn``: ``(turn, nodes_used)``.

    ``st`` is left unchanged.  ``budget``: node budget; ``seed``: int for the
    tie-break order.
    """
    s = Search(budget, Rng(seed))
    mv = s.run(st.copy())
    return mv, s.nodes


def greedy_turn(st, rng):
    """One-ply greedy player: the turn with the best immediate change of
    (own score - rival's score) on the temple as it stands; ties at random."""
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


def choose_commands(game):
    """Commands for the device's move in ``TholosGame`` ``game`` (list of lists).

    A whole turn (a placement and its bonus are searched together).  When a
    placement was already recorded and its bonus is open (resume after a power
    cut), only the bonus command is returned.  Deterministic: the tie-break
    seed is the game's seed mixed with the number of commands played.
    """
    st = game.st
    seed = (game.seed * 31 + game.moves_played) & 0xFFFFFFFF
    if game.pending < 0:
        mv, _ = best_turn(st, game.budget, seed)
        return rules.turn_commands(st, mv)
    # Rebuild the position before the placement and search only its turns.
    col = game.pending
    p = st.turn
    c = st.cols[col][-1]
    before = st.copy()
    before.cols[col].pop()
    before.shops[p][c] += 1
    roots = [m for m in gen_turns(before) if m[0] == col and m[1] == c]
    s = Search(game.budget, Rng(seed))
    mv = s.run(before.copy(), roots)
    cmds = rules.turn_commands(before, mv)
    return cmds[1:] if len(cmds) > 1 else [["decline"]]
