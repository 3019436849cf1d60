"""Fame points of a Delphi March, and the Parade card settings table.

Rules: Delphi rulebook, "Play of the Game" ("Important: ...") and
"The Pass (Passe) card".  Each Parade card gives, for each of its three
Marches, three values: for the first out (negative), the next to last out
(the lower positive) and the last survivor (the higher positive).  Only
Parade 1, March 1 is in the text: -1, +2, +3.  The rest are unknown
(unknown: only Parade 1, March 1 is printed in the rules): the owner enters them once from the printed Parade
cards; None means unset.

Settings table (``normalise_table``): a list of 3 Parades, each a list of 3
Marches, each None (all three unset) or a list of three entries
[first_out, next_to_last, last_survivor], each an int or None.  The
normalised form is a flat list of 9 triples (index (parade-1)*3 +
(march-1)), each a tuple of 3 ints or None.
"""
from games import msg


# The only values printed in the rulebook text: Parade 1, March 1.
PARADE_1_MARCH_1 = (-1, 2, 3)

ROLES = ("first out", "next to last", "last survivor")

# Largest value accepted for one entry (any Parade card value fits).
LIMIT = 99


def _check_value(role, v):
    """ValueError unless ``v`` is None or an int valid for ``role`` (0-2)."""
    if v is None:
        return
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError("%s: not an integer" % ROLES[role])
    if role == 0:
        if v > 0 or v < -LIMIT:
            raise ValueError("first out: must be 0 to -%d" % LIMIT)
    elif v < 0 or v > LIMIT:
        raise ValueError("%s: must be 0 to %d" % (ROLES[role], LIMIT))


def check_triple(triple):
    """Validate one March entry; returns a tuple of 3 (int or None).

    ``triple``: None or a list/tuple (first_out, next_to_last,
    last_survivor).  ValueError("short reason") if the shape or a value is
    wrong: first out must be <= 0, the others >= 0, and next to last no
    more than last survivor ("the lower" / "the higher of the positive Fame
    points").
    """
    if triple is None:
        return (None, None, None)
    if not isinstance(triple, (list, tuple)) or len(triple) != 3:
        raise ValueError("a March needs 3 values")
    for r in range(3):
        _check_value(r, triple[r])
    a, b, c = triple[0], triple[1], triple[2]
    if b is not None and c is not None and b > c:
        raise ValueError("next to last above last survivor")
    return (a, b, c)


def normalise_table(table):
    """Validate and normalise a settings table: list of 9 tuples of 3.

    ``table``: None (all unset), the nested 3 x 3 list described in the
    module docstring, or an already normalised flat list of 9 (as stored,
    JSON turns its tuples into lists).  Parade 1, March 1 is always the rulebook's
    (-1, 2, 3); a table giving other values there raises ValueError.
    Raises ValueError("short reason") for any wrong shape or value.
    """
    out = []
    if table is None:
        for _ in range(9):
            out.append((None, None, None))
    elif isinstance(table, (list, tuple)) and len(table) == 9:
        # Already flat (a normalised table read back from storage).
        for k in range(9):
            try:
                out.append(check_triple(table[k]))
            except ValueError as e:
                raise ValueError("Parade %d March %d: %s" % (k // 3 + 1, k % 3 + 1, e)) from None
    else:
        if not isinstance(table, (list, tuple)) or len(table) != 3:
            raise ValueError("fame table needs 3 Parades")
        for p in range(3):
            parade = table[p]
            if parade is None:
                parade = (None, None, None)
            if not isinstance(parade, (list, tuple)) or len(parade) != 3:
                raise ValueError("Parade %d needs 3 Marches" % (p + 1))
            for m in range(3):
                try:
                    out.append(check_triple(parade[m]))
                except ValueError as e:
                    raise ValueError("Parade %d March %d: %s" % (p + 1, m + 1, e)) from None
    t = out[0]
    for r in range(3):
        if t[r] is not None and t[r] != PARADE_1_MARCH_1[r]:
            raise ValueError(msg("Parade 1 March 1 is fixed by the rulebook"))
    out[0] = PARADE_1_MARCH_1
    return out


def missing(table, parade, march):
    """Unset values of one March: list of role names (empty when complete).

    ``table``: normalised table; ``parade``, ``march``: 1-3.
    """
    t = table[(parade - 1) * 3 + (march - 1)]
    out = []
    for r in range(3):
        if t[r] is None:
            out.append(ROLES[r])
    return out


def all_missing(table):
    """Every unset entry of a normalised table: list of (parade, march, role)."""
    out = []
    for k in range(9):
        for r in range(3):
            if table[k][r] is None:
                out.append((k // 3 + 1, k % 3 + 1, ROLES[r]))
    return out


def position_values(values, players):
    """Fame for each elimination position 1..players (list of ints).

    ``values``: (first_out, next_to_last, last_survivor), all ints;
    ``players``: 3 or 4.  In a 4-player game the second out scores 0.
    """
    if players == 4:
        return [values[0], 0, values[1], values[2]]
    if players == 3:
        return [values[0], values[1], values[2]]
    raise ValueError("3 or 4 players")


def march_fame(groups, values, players):
    """Fame each player earns in one March: list of (player, points).

    ``groups``: the order of elimination, a list of lists of players
    (anything hashable, e.g. city indexes); each inner list is the players
    who went out together (simultaneous Pass cards), and the last survivor,
    if any, is the last group on its own.  All ``players`` (3 or 4) appear
    exactly once.  ``values``: the March's (first_out, next_to_last,
    last_survivor) ints.

    Reading chosen: a group that goes out together holds the elimination
    positions it covers.  The first group out takes the negative value in
    full, each of them ("all passing players get the full negative score").
    Any later group pools the positive points of the positions it covers
    and splits them evenly, rounding down ("any positive points to be
    awarded are divided evenly (rounding down) amongst the passing
    players"); so when the last two players pass together in a 3-player
    game each gets (next_to_last + last_survivor) // 2.
    """
    pos = position_values(values, players)
    out = []
    start = 0
    for g in groups:
        k = len(g)
        if start == 0:
            pts = pos[0]
        else:
            s = 0
            for p in range(start, start + k):
                s += pos[p]
            pts = s // k
        for player in g:
            out.append((player, pts))
        start += k
    if start != players:
        raise ValueError("elimination order does not cover every player")
    return out
