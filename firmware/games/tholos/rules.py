"""Tholos rules: state, whole turns, column scoring (pure, no screens).

Source: Tholos rules ("Turn", "Column Bonus Actions", "Game End
and Scoring"); set-up and the validity rule as Board Game Arena's implementation plays them.

Colours are ints: WHITE 0, BLACK 1, GREY 2 (letters "W", "B", "G").  Players
are WHITE (0) and BLACK (1); a player's own colour is its index.

A *turn* (used by the opponent and by the bench players) is a 5-tuple of ints
``(col, colour, bonus, a, b)``:

- take:  ``(TAKE, colour, 0, 0, 0)`` -- take from the quarry (count is forced)
- pass:  ``(PASS, 0, 0, 0, 0)``      -- only when nothing else is legal
- place: ``(col, colour, bonus, a, b)`` with ``col`` 0..6 and ``bonus``:
  ``NO_BONUS`` (none on offer, or declined), ``B_MOVE`` (move top stone of
  column ``a`` to column ``b``), ``B_RETURN`` (top stone of column ``a`` back
  to the quarry), ``B_FETCH`` (stone of colour ``a`` from the quarry to the
  workshop), ``B_STEAL`` (stone of colour ``a`` from the rival's workshop),
  ``B_EXTRA`` (workshop stone of colour ``b`` onto column ``a``).

Readings chosen where the rules text is open (each one is tested):

1. Take count.  "Take 1-3 stones (either 3 of your own colour, 2 of the
   neutral grey or 1 of your opponent's colour)" -- the player picks the
   colour and takes as many as the limit allows: min(limit, workshop room,
   stones of that colour in the quarry); fewer than the limit only when room
   or quarry runs short, never by choice.  Taking is illegal when that is 0.
2. "Move the top Gray/White/Black color stone of the column at a different
   temple location": the *top* stone of the source column must be of that
   colour (stones are stacked; a stone under others is not taken out).  The
   source may be a full column; it must not be the column just played.
3. The bonus is resolved before the end of the game is checked: the game
   ends at the end of a turn that leaves all seven columns full (so gamma
   may reopen a column filled by the same placement).
4. A player with no legal take and no legal placement passes.  With the
   real box (40 stones, 35 places) this cannot happen -- the quarry and the
   workshops always hold 5 or more -- so it only guards hand-made positions.
"""
from games.tholos import BLACK, GREY, WHITE  # noqa: F401  (the rules' names for them too)

LETTERS = "WBG"
COLOUR_NAMES = ("white", "black", "grey")

N_COLUMNS = 7
HEIGHT = 5  # stones in a finished column (rulebook, Overview)
WORKSHOP_SIZE = 3  # rulebook, Turn 1
QUARRY_START = (13, 13, 10)  # type: tuple  # W, B, G (Board Game Arena's implementation)
WORKSHOP_START = 2  # stones of the owner's colour (Board Game Arena's implementation)
# Stones in the box: quarry plus both starting workshops (15 W, 15 B, 10 G).
BOX = (QUARRY_START[0] + WORKSHOP_START, QUARRY_START[1] + WORKSHOP_START, QUARRY_START[2])

# Column locations in order (the Tholos rules); ASCII names for the small screen font.
COLUMN_NAMES = ("alpha", "beta", "gamma", "delta", "pi", "sigma", "omega")
COLUMN_SHORT = ("a", "b", "g", "d", "p", "S", "O")

TAKE = -1
PASS = -2

NO_BONUS = 0
B_MOVE = 1
B_RETURN = 2
B_FETCH = 3
B_STEAL = 4
B_EXTRA = 5

# Bonus of each location (Tholos rules, Column Bonus Actions).
COLUMN_BONUS = (B_MOVE, B_MOVE, B_RETURN, B_FETCH, B_STEAL, B_EXTRA, B_MOVE)
# Colour moved by the alpha / beta / omega bonus (grey, white, black); -1 elsewhere.
MOVE_COLOUR = (GREY, WHITE, -1, -1, -1, -1, BLACK)
BONUS_NAMES = ("none", "move", "return", "fetch", "steal", "extra")
# What each location's bonus does, short enough for one line of the screen.
COLUMN_BONUS_TEXT = ("move a grey top", "move a white top", "top to quarry", "quarry to workshop",
                     "rival's workshop", "place another", "move a black top")


def take_limit(player, colour):
    """Most stones of ``colour`` one take may bring (Turn 1): own 3, grey 2, rival's 1."""
    if colour == GREY:
        return 2
    return 3 if colour == player else 1


def column_result(col):
    """Score one column (list of colour ints, bottom to top).

    Returns ``(winner, white_points, black_points)`` with ``winner`` WHITE,
    BLACK or -1 for a tie.  The player with more stones of their colour wins
    it and scores +1 per own stone, +3 per rival stone, -2 per grey stone; a
    tie scores for nobody (Tholos rules, Game End and Scoring;
    the tie as Board Game Arena's implementation scores it).  Works on partial columns too.
    """
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
    if w > b:
        return WHITE, w + 3 * b - 2 * g, 0
    if b > w:
        return BLACK, 0, b + 3 * w - 2 * g
    return -1, 0, 0


def score_columns(cols):
    """Score a temple: ``cols`` is 7 lists of colour ints.

    Returns ``(white_score, black_score, white_won, black_won, results)``
    where ``results`` is the list of ``column_result`` tuples.
    """
    ws = 0
    bs = 0
    ww = 0
    bw = 0
    res = []
    for col in cols:
        r = column_result(col)
        res.append(r)
        ws += r[1]
        bs += r[2]
        if r[0] == WHITE:
            ww += 1
        elif r[0] == BLACK:
            bw += 1
    return ws, bs, ww, bw, res


def winner_of(ws, bs, ww, bw):
    """WHITE, BLACK or -1 (draw): more points wins, then more columns won (Board Game Arena's implementation)."""
    if ws != bs:
        return WHITE if ws > bs else BLACK
    if ww != bw:
        return WHITE if ww > bw else BLACK
    return -1


class State:
    """The whole position.

    ``cols``: 7 lists of colour ints, bottom to top (alpha .. omega);
    ``quarry``: [white, black, grey] counts; ``shops``: the two workshops,
    each [white, black, grey] counts (index = player); ``turn``: player to move.
    """

    def __init__(self):
        self.cols = [[] for _ in range(N_COLUMNS)]
        self.quarry = list(QUARRY_START)
        self.shops = [[WORKSHOP_START, 0, 0], [0, WORKSHOP_START, 0]]
        self.turn = WHITE

    def copy(self):
        s = State()
        s.cols = [list(c) for c in self.cols]
        s.quarry = list(self.quarry)
        s.shops = [list(self.shops[0]), list(self.shops[1])]
        s.turn = self.turn
        return s

    def full(self):
        """True when all seven columns hold 5 stones (the game is over)."""
        for c in self.cols:
            if len(c) < HEIGHT:
                return False
        return True


def take_count(st, player, colour):
    """Stones a take of ``colour`` gives ``player`` now (reading 1); 0 = not legal."""
    shop = st.shops[player]
    n = take_limit(player, colour)
    room = WORKSHOP_SIZE - shop[0] - shop[1] - shop[2]
    if room < n:
        n = room
    if st.quarry[colour] < n:
        n = st.quarry[colour]
    return n


def take_order(player):
    """Colours in the stable listing order: own, grey, rival's."""
    return (player, GREY, 1 - player)


def bonus_options(st, player, col, out):
    """Append to ``out`` the bonus options ``(bonus, a, b)`` of ``col``.

    Call with the stone already on ``col`` and out of the workshop.  Only
    legal options are listed (Tholos rules, Column Bonus Actions;
    valid target = not full, not ``col``, not the source -- Board Game Arena's implementation).
    """
    cols = st.cols
    kind = COLUMN_BONUS[col]
    if kind == B_MOVE:
        want = MOVE_COLOUR[col]
        for src in range(N_COLUMNS):
            if src == col:
                continue
            sc = cols[src]
            if not sc or sc[-1] != want:
                continue
            for dst in range(N_COLUMNS):
                if dst != col and dst != src and len(cols[dst]) < HEIGHT:
                    out.append((B_MOVE, src, dst))
    elif kind == B_RETURN:
        for src in range(N_COLUMNS):
            if src != col and cols[src]:
                out.append((B_RETURN, src, 0))
    elif kind == B_FETCH:
        shop = st.shops[player]
        if shop[0] + shop[1] + shop[2] < WORKSHOP_SIZE:
            for c in take_order(player):
                if st.quarry[c] > 0:
                    out.append((B_FETCH, c, 0))
    elif kind == B_STEAL:
        shop = st.shops[player]
        rival = st.shops[1 - player]
        if shop[0] + shop[1] + shop[2] < WORKSHOP_SIZE:
            for c in take_order(player):
                if rival[c] > 0:
                    out.append((B_STEAL, c, 0))
    else:  # B_EXTRA
        shop = st.shops[player]
        for dst in range(N_COLUMNS):
            if dst != col and len(cols[dst]) < HEIGHT:
                for c in take_order(player):
                    if shop[c] > 0:
                        out.append((B_EXTRA, dst, c))
    return out


def gen_turns(st):
    """All whole turns for the player to move, in a stable order.

    Order: takes (own, grey, rival's), then for each column alpha..omega and
    each workshop colour (own, grey, rival's): the plain placement (no bonus
    or bonus declined) followed by its bonus options.  ``[]`` when the game is
    over; ``[(PASS, 0, 0, 0, 0)]`` when nothing else is legal (reading 4).
    """
    if st.full():
        return []
    p = st.turn
    out = []
    order = take_order(p)
    for c in order:
        if take_count(st, p, c) > 0:
            out.append((TAKE, c, 0, 0, 0))
    shop = st.shops[p]
    cols = st.cols
    opts = []
    for col in range(N_COLUMNS):
        if len(cols[col]) >= HEIGHT:
            continue
        for c in order:
            if shop[c] == 0:
                continue
            out.append((col, c, NO_BONUS, 0, 0))
            if c != p:
                continue
            shop[c] -= 1
            cols[col].append(c)
            del opts[:]
            try:
                bonus_options(st, p, col, opts)
            finally:  # a MemoryError must leave ``st`` as it was (it may be a live game's)
                cols[col].pop()
                shop[c] += 1
            for o in opts:
                out.append((col, c, o[0], o[1], o[2]))
    if not out:
        out.append((PASS, 0, 0, 0, 0))
    return out


def do_turn(st, mv):
    """Play whole turn ``mv`` (not checked: it must come from ``gen_turns``).

    Returns an int the matching ``undo_turn`` needs.
    """
    col, c, bk, a, b = mv
    p = st.turn
    shop = st.shops[p]
    tok = 0
    if col == TAKE:
        tok = take_count(st, p, c)
        st.quarry[c] -= tok
        shop[c] += tok
    elif col >= 0:
        shop[c] -= 1
        st.cols[col].append(c)
        tok = apply_bonus(st, p, bk, a, b)
    st.turn = 1 - p
    return tok


def apply_bonus(st, p, kind, a, b):
    """Carry out bonus ``(kind, a, b)`` for player ``p`` (not checked: it must
    come from ``bonus_options``); ``kind`` 0 or -1 does nothing.

    Returns the colour of the stone a γ bonus sent to the quarry (0 otherwise),
    which ``undo_turn`` needs to put it back.
    """
    cols = st.cols
    shop = st.shops[p]
    tok = 0
    if kind == B_MOVE:
        cols[b].append(cols[a].pop())
    elif kind == B_RETURN:
        tok = cols[a].pop()
        st.quarry[tok] += 1
    elif kind == B_FETCH:
        st.quarry[a] -= 1
        shop[a] += 1
    elif kind == B_STEAL:
        st.shops[1 - p][a] -= 1
        shop[a] += 1
    elif kind == B_EXTRA:
        shop[b] -= 1
        cols[a].append(b)
    return tok


def undo_turn(st, mv, tok):
    """Take back ``mv`` played by ``do_turn`` (which returned ``tok``)."""
    col, c, bk, a, b = mv
    p = 1 - st.turn
    st.turn = p
    shop = st.shops[p]
    if col == TAKE:
        st.quarry[c] += tok
        shop[c] -= tok
    elif col >= 0:
        cols = st.cols
        if bk == B_MOVE:
            cols[a].append(cols[b].pop())
        elif bk == B_RETURN:
            st.quarry[tok] -= 1
            cols[a].append(tok)
        elif bk == B_FETCH:
            st.quarry[a] += 1
            shop[a] -= 1
        elif bk == B_STEAL:
            st.shops[1 - p][a] += 1
            shop[a] -= 1
        elif bk == B_EXTRA:
            shop[b] += 1
            cols[a].pop()
        cols[col].pop()
        shop[c] += 1


def turn_commands(st, mv):
    """The game commands (list of lists) that play whole turn ``mv`` from ``st``.

    A plain placement of the player's own colour ends with ``["decline"]``
    when the column has a bonus on offer.
    """
    col, c, bk, a, b = mv
    if col == TAKE:
        return [["take", LETTERS[c]]]
    if col == PASS:
        return [["pass"]]
    cmds = [["place", col, LETTERS[c]]]
    if bk == B_MOVE:
        cmds.append(["move", a, b])
    elif bk == B_RETURN:
        cmds.append(["return", a])
    elif bk == B_FETCH:
        cmds.append(["fetch", LETTERS[a]])
    elif bk == B_STEAL:
        cmds.append(["steal", LETTERS[a]])
    elif bk == B_EXTRA:
        cmds.append(["extra", a, LETTERS[b]])
    elif c == st.turn:
        st.shops[c][c] -= 1
        st.cols[col].append(c)
        try:
            opts = bonus_options(st, c, col, [])
        finally:  # ``st`` may be a live game's: a MemoryError here must not leave the stone placed
            st.cols[col].pop()
            st.shops[c][c] += 1
        if opts:
            cmds.append(["decline"])
    return cmds
