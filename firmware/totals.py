"""Running totals of every play, beside the plays log (``plays``): the History's statistics.

The log keeps the last 30 plays; the totals cover every play since the first, per game and
per player name.  Stored with ``store.Store`` under the name ``totals`` (``totals.dat`` /
``.bak`` / ``.tmp``)::

    {"counted": [<int>, ...],   # the numbers of the last COUNTED plays counted, oldest first
     "below": <int>,            # every play numbered up to this one is counted (dropped from "counted")
     "games": {<game>: {"plays": <int>, "minutes": <int>,
                        "names": {<name>: [<competitive plays>, <competitive wins>,
                                           <solo plays>, <solo wins>,
                                           <score sum>, <plays with a score>, <minutes>,
                                           [<best score>, ...]]}}}}   # the 3 best, highest first

A play is solo when a bot (Khaos, the device) plays in it; the bot gets its row as well.
Every tied winner counts the play as a win (the log marks each of them ``winner``).

The totals follow the log as the log follows the game's save (``plays.sync``): a play's
number goes into ``counted`` with its figures, so ``add`` counts a play once, whenever it
runs again; ``remove`` (an undo of a game's end) takes a counted play's figures out again,
read from the log before the log lets the play go.  The order (log then totals when a game
ends, totals then log when it is undone) means a power cut between the two files leaves
the log holding the play, and the next save or resume mends the totals from it.
At most ``NAMES`` rows per game (a name beyond them is not counted) keeps the file small.
"""
NAME = "totals"
COUNTED = 40  # play numbers remembered (an undo reaches back this far)
NAMES = 24  # rows per game at most
BEST = 3  # best scores kept per row (one may be taken out again by an undo)
FIELDS = 7  # ints before the best scores


def _int(v):
    return type(v) is int and v >= 0


def check(doc):
    """ValueError unless ``doc`` is a totals document (module docstring)."""
    if not isinstance(doc, dict) or not _int(doc.get("below")) or not isinstance(doc.get("counted"), list):
        raise ValueError("totals")
    for n in doc["counted"]:
        if not _int(n):
            raise ValueError("counted")
    games = doc.get("games")
    if not isinstance(games, dict):
        raise ValueError("games")
    for g in games:
        t = games[g]
        if not isinstance(t, dict) or not _int(t.get("plays")) or not _int(t.get("minutes")):
            raise ValueError("game")
        rows = t.get("names")
        if not isinstance(rows, dict):
            raise ValueError("names")
        for nm in rows:
            row = rows[nm]
            if not isinstance(row, list) or len(row) != FIELDS + 1 or not isinstance(row[FIELDS], list):
                raise ValueError("row")
            for i in range(FIELDS):
                if type(row[i]) is not int:
                    raise ValueError("row")
            for v in row[FIELDS]:
                if type(v) is not int:
                    raise ValueError("best")


def load(st):
    """The totals on store ``st``, or None when there are none (or no copy is readable).
    MemoryError when they do not fit the free RAM now."""
    doc, _w = st.load(NAME, check)
    if doc is None and st.short:
        raise MemoryError("totals")
    return doc


def counted(doc, n):
    """True when play ``n`` is in the totals ``doc``."""
    return n <= doc["below"] or n in doc["counted"]


def solo(play):
    """True when a bot plays in ``play`` (Delfos against Khaos, Tholos against the device)."""
    for q in play["players"]:
        if q["bot"]:
            return True
    return False


def _apply(doc, play, sign):
    """Add (``sign`` 1) or take out (-1) the figures of ``play`` (a play of the log)."""
    games = doc["games"]
    g = play["game"]
    t = games.get(g)
    if t is None:
        t = games[g] = {"plays": 0, "minutes": 0, "names": {}}
    mins = play["minutes"]
    t["plays"] = max(0, t["plays"] + sign)
    t["minutes"] = max(0, t["minutes"] + sign * mins)
    off = 2 if solo(play) else 0
    rows = t["names"]
    for q in play["players"]:
        nm = q["name"]
        row = rows.get(nm)
        if row is None:
            if sign < 0 or len(rows) >= NAMES:
                continue
            row = rows[nm] = [0, 0, 0, 0, 0, 0, 0, []]
        row[off] = max(0, row[off] + sign)
        if q["winner"]:
            row[off + 1] = max(0, row[off + 1] + sign)
        s = q["score"]
        if s is not None:
            row[4] += sign * s
            row[5] = max(0, row[5] + sign)
            best = row[FIELDS]
            if sign > 0:
                i = 0
                while i < len(best) and best[i] >= s:
                    i += 1
                best.insert(i, s)
                if len(best) > BEST:
                    best.pop()
            elif s in best:
                best.remove(s)
        row[6] = max(0, row[6] + sign * mins)
        if sign < 0 and row[0] == 0 and row[2] == 0:
            del rows[nm]


def add(st, play, log=None):
    """Count ``play`` (a play of the log, ``"n"`` set) unless it is counted already.
    Totals made new (none yet, or none readable) start from every play of ``log`` (the
    plays log, when given), so the figures begin with the plays the log still holds.
    True if written."""
    doc = load(st)
    fresh = doc is None
    if fresh:
        doc = {"counted": [], "below": 0, "games": {}}
        if log is not None:
            for p in log["plays"]:
                _apply(doc, p, 1)
                doc["counted"].append(p["n"])
    c = doc["counted"]
    n = play["n"]
    if not counted(doc, n):
        _apply(doc, play, 1)
        c.append(n)
    elif not fresh:
        return False
    c.sort()
    while len(c) > COUNTED:
        doc["below"] = max(doc["below"], c.pop(0))
    st.save(NAME, doc)
    return True


def remove(st, play):
    """Take ``play`` (as the log holds it) out of the totals if it is counted there and
    still remembered (``COUNTED``).  True if written."""
    doc = load(st)
    if doc is None or play["n"] not in doc["counted"]:
        return False
    doc["counted"].remove(play["n"])
    _apply(doc, play, -1)
    st.save(NAME, doc)
    return True


def rows(doc, game):
    """The rows of ``game`` in ``doc``: a list of (name, row) by plays, most first, then name."""
    t = doc["games"].get(game) if doc else None
    if not t:
        return []
    out = [(nm, t["names"][nm]) for nm in t["names"]]
    out.sort(key=lambda r: (-(r[1][0] + r[1][2]), r[0]))
    return out


def rate(wins, played):
    """Win rate in whole percent, or None with no play."""
    return (wins * 100 + played // 2) // played if played else None


def average(row):
    """Average score of a row over its plays with a score (rounded), or None."""
    n = row[5]
    return None if not n else (2 * row[4] + n) // (2 * n)


def hours(minutes):
    """Time played as "2h05" (or "45m" under an hour)."""
    if minutes < 60:
        return "%dm" % minutes
    return "%dh%02d" % (minutes // 60, minutes % 60)
