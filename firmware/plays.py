"""The plays log: each finished game, kept on the device with ``store.Store``.

Written when a play is recorded or taken back (``closing``), read when the History screen
opens (``history``): never at boot.

Stored under the name ``plays`` (files ``plays.dat`` / ``.bak`` / ``.tmp``, each a
``DTC1 <gen> <len> <adler32>\\n<json>`` document; ``store.decode(data)`` reads one).
The document (shared with the host side: do not change it alone)::

    {"dev": "<8 lowercase hex digits, drawn once from the board's own randomness when the log is
             first written (``board.random_id()``), never from a game's seed>",
     "next": <int, the number the next play gets, starts at 1>,
     "plays": [<play>, ...]}            # oldest first, at most 30 kept (the oldest dropped)

    play = {"n": <int, this device's play number>,
            "game": "delfos" | "delphi" | "tholos" | "oracle",
            "variant": <short text, e.g. "solo vs Khaos, level 2", "2 players", "vs device (hard)">,
            "players": [{"name": <text>, "score": <int or null when the game has no score>,
                         "rank": <int, 1 = best, tied players share a rank>,
                         "winner": <bool>, "start": <bool, the start player>,
                         "bot": <bool, true for Khaos / the device>,
                         "seat": <text, the seat: the Delfos colour, "White" / "Black", the City
                                  State, "P1"-"P5" in the Oracle, "Khaos" / "Device" for the bot>,
                         "named": <bool, a stored player name was picked for the seat (false:
                                   "name" is the seat's label)>}, ...],
            "rounds": <int, rounds (or turns) played>,
            "minutes": <int, minutes the device was on during the game>,
            "board": <short text, Delfos only: "side A, scoring card 3">}

"seat", "named" and "board" are absent from plays logged before they were added; every
other field is always there.  ``check`` enforces this shape (host_sim.bgstats and the web
page check it the same way before using a play).

A play's stable id is ``"<dev>-<n>"``.  Besides the 30 plays, the oldest are also
dropped while the document is over ``MAX_BYTES`` (5-player plays are about 650
bytes), so the file stays well under 8 KB and loads in a small heap.

The log follows the game's save (``App``): the save holds the number ``n`` its end
was given, and the log is brought in line with the save after each save is written
(``add`` when the game is over, ``remove`` after an undo), both idempotent, so a
power cut between the two files is mended at the next save or resume, and a play is
never held twice.  ``reserve`` draws a number before the save names it (a cut there
only leaves a gap in the numbers).

The running totals (the History's statistics)
---------------------------------------------
The log keeps the last 30 plays; the totals cover every play since the first, per game and
per player name.  Stored with ``store.Store`` under the name ``totals`` (``totals.dat`` /
``.bak`` / ``.tmp``)::

    {"counted": [<int>, ...],   # the numbers of the last 40 plays counted, oldest first
     "below": <int>,            # every play numbered up to this one is counted (dropped from "counted")
     "games": {<game>: {"plays": <int>, "minutes": <int>,
                        "names": {<name>: [<competitive plays>, <competitive wins>,
                                           <solo plays>, <solo wins>,
                                           <score sum>, <plays with a score>, <minutes>,
                                           [<best score>, ...]]}}}}   # the 3 best, highest first

A play is solo when a bot (Khaos, the device) plays in it; the bot gets its row as well.
Every tied winner counts the play as a win (the log marks each of them ``winner``).

The totals follow the log as the log follows the game's save (``sync``): a play's
number goes into ``counted`` with its figures, so ``count`` counts a play once, whenever it
runs again; ``uncount`` (an undo of a game's end) takes a counted play's figures out again,
read from the log before the log lets the play go.  The order (log then totals when a game
ends, totals then log when it is undone) means a power cut between the two files leaves
the log holding the play, and the next save or resume mends the totals from it.
At most 24 rows per game (a name beyond them is not counted) keeps the file small.
"""
import gc

from micropython import const  # on CPython: host_sim/shims/micropython.py

import records
import store

NAME = "plays"
KEEP = 30  # plays kept at most
MAX_BYTES = 7000  # the document's JSON at most (under 8 KB)
GAMES = ("delfos", "delphi", "tholos", "oracle")
_PLAYER = ("name", "score", "rank", "winner", "start", "bot")


def _int(v, lo=0):
    return type(v) is int and v >= lo


def check(doc):
    """ValueError unless ``doc`` is a plays log (module docstring)."""
    if not isinstance(doc, dict):
        raise ValueError("not a dict")
    dev = doc.get("dev")
    if not isinstance(dev, str) or len(dev) != 8:
        raise ValueError("dev")
    for c in dev:
        if c not in "0123456789abcdef":
            raise ValueError("dev")
    plays = doc.get("plays")
    if not _int(doc.get("next"), 1) or not isinstance(plays, list):
        raise ValueError("next")
    for p in plays:
        if not isinstance(p, dict) or not _int(p.get("n"), 1) or p.get("game") not in GAMES:
            raise ValueError("play")
        if not isinstance(p.get("variant"), str) or not isinstance(p.get("players"), list):
            raise ValueError("play")
        if not _int(p.get("rounds")) or not _int(p.get("minutes")):
            raise ValueError("play")
        for q in p["players"]:
            if not isinstance(q, dict) or not isinstance(q.get("name"), str) or not _int(q.get("rank"), 1):
                raise ValueError("player")
            s = q.get("score")
            if not (s is None or type(s) is int):
                raise ValueError("score")
            for k in ("winner", "start", "bot"):
                if type(q.get(k)) is not bool:
                    raise ValueError(k)
            if not isinstance(q.get("seat", ""), str) or type(q.get("named", False)) is not bool:
                raise ValueError("seat")
        if not isinstance(p.get("board", ""), str):
            raise ValueError("board")


def load(st):
    """The log on store ``st`` (a ``store.Store``), or None when there is none (or no
    copy of it is readable).  MemoryError when it does not fit the free RAM now."""
    doc, _w = st.load(NAME, check)
    if doc is None and st.short:
        raise MemoryError("plays log")
    return doc


def _open(st, seed):
    doc = load(st)
    if doc is None:
        doc = {"dev": "%08x" % (seed & 0xFFFFFFFF), "next": 1, "plays": []}
    return doc


def reserve(st, seed):
    """Draw the next play number and write the log with ``next`` past it; returns it.
    ``seed``: a random int from the board's own randomness (``board.random_id()``), the
    device id if the log is new."""
    doc = _open(st, seed)
    n = doc["next"]
    doc["next"] = n + 1
    st.save(NAME, doc)
    return n


def find(doc, n):
    """Index of play ``n`` in ``doc["plays"]``, or -1."""
    plays = doc["plays"]
    for i in range(len(plays)):
        if plays[i]["n"] == n:
            return i
    return -1


def add(st, play, seed, log=None):
    """Put ``play`` (a dict as in the module docstring, ``"n"`` set) into the log, in
    number order, unless a play with its number is there already; drop the oldest
    beyond ``KEEP`` plays or ``MAX_BYTES``.  ``log``: the log as ``load`` just gave it
    (None: read here).  Returns True if the log was written."""
    doc = log if log is not None else _open(st, seed)
    n = play["n"]
    if find(doc, n) >= 0:
        return False
    plays = doc["plays"]
    i = len(plays)
    while i > 0 and plays[i - 1]["n"] > n:
        i -= 1
    plays.insert(i, play)
    if doc["next"] <= n:
        doc["next"] = n + 1
    while len(plays) > KEEP or (len(plays) > 1 and size(doc) > MAX_BYTES):
        plays.pop(0)
    st.save(NAME, doc)
    return True


def size(doc):
    """Bytes of ``doc`` as the store writes it (its JSON body)."""
    n = 0
    for part in store.encode_parts(doc, 0)[1:]:
        n += len(part)
    return n


def remove(st, n):
    """Take play ``n`` out of the totals (``uncount``) and then out of the log (an
    undo after the end); True if it was in the log."""
    doc = load(st)
    if doc is None:
        return False
    i = find(doc, n)
    if i < 0:
        return False
    uncount(st, doc["plays"][i])  # first: the log still holds the play for a mend
    doc["plays"].pop(i)
    st.save(NAME, doc)
    return True


def sync(app, over):
    """``App._sync_play``'s work: the log, then the running totals (``count``), in line
    with the save of ``app.session`` just written; ``over``: the game is finished.  Sets
    ``app._logged`` when done; short of RAM or flash the log is left as it is (tried again
    at the next save or resume)."""
    s = app.session
    st = app.store
    try:
        if over:
            if not s.play:
                s.play = reserve(st, app.board.random_id())
                doc = s.to_doc()
                doc["screen"] = app.saved_screen
                st.save(app.game_name, doc)  # the save names its play before the log has it
            log = load(st)
            i = find(log, s.play) if log is not None else -1
            if i < 0:
                rec = {"n": s.play}
                rec.update(getattr(records, app.game_name)(app))
                rec["minutes"] = (s.ms + 30000) // 60000
                add(st, rec, app.board.random_id(), log)  # (into ``log`` when there was one)
            else:  # logged already (the usual resume): the totals may still lack it (a cut)
                rec = log["plays"][i]
            gc.collect()
            count(st, rec, log)
        else:
            remove(st, s.play)
        app._logged = over
    except MemoryError:
        gc.collect()
    except OSError:
        app.toast("Flash full: play not logged")


# -- the running totals (module docstring) ----------------------------------------
# (const and "_": no name kept on the device; the firmware's names fill MicroPython's qstr pools)
TOTALS = "totals"
_COUNTED = const(40)  # play numbers remembered (an undo reaches back this far)
_NAMES = const(24)  # rows per game at most
_BEST = const(3)  # best scores kept per row (one may be taken out again by an undo)
_FIELDS = const(7)  # ints before the best scores


def check_totals(doc):
    """ValueError unless ``doc`` is a totals document (module docstring)."""
    if not isinstance(doc, dict) or not _int(doc.get("below")) or not isinstance(doc.get("counted"), list):
        raise ValueError(TOTALS)
    for n in doc["counted"]:
        if not _int(n):
            raise ValueError(TOTALS)
    games = doc.get("games")
    if not isinstance(games, dict):
        raise ValueError(TOTALS)
    for g in games:
        t = games[g]
        if not isinstance(t, dict) or not _int(t.get("plays")) or not _int(t.get("minutes")):
            raise ValueError(TOTALS)
        rows = t.get("names")
        if not isinstance(rows, dict):
            raise ValueError(TOTALS)
        for nm in rows:
            row = rows[nm]
            if not isinstance(row, list) or len(row) != _FIELDS + 1 or not isinstance(row[_FIELDS], list):
                raise ValueError(TOTALS)
            for i in range(_FIELDS):
                if type(row[i]) is not int:
                    raise ValueError(TOTALS)
            for v in row[_FIELDS]:
                if type(v) is not int:
                    raise ValueError(TOTALS)


def load_totals(st):
    """The totals on store ``st``, or None when there are none (or no copy is readable).
    MemoryError when they do not fit the free RAM now."""
    doc, _w = st.load(TOTALS, check_totals)
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


def _apply(doc, play, d):
    """Add (``d`` 1) or take out (-1) the figures of ``play`` (a play of the log)."""
    games = doc["games"]
    g = play["game"]
    t = games.get(g)
    if t is None:
        t = games[g] = {"plays": 0, "minutes": 0, "names": {}}
    mins = play["minutes"]
    t["plays"] = max(0, t["plays"] + d)
    t["minutes"] = max(0, t["minutes"] + d * mins)
    off = 2 if solo(play) else 0
    rows = t["names"]
    for q in play["players"]:
        nm = q["name"]
        row = rows.get(nm)
        if row is None:
            if d < 0 or len(rows) >= _NAMES:
                continue
            row = rows[nm] = [0, 0, 0, 0, 0, 0, 0, []]
        row[off] = max(0, row[off] + d)
        if q["winner"]:
            row[off + 1] = max(0, row[off + 1] + d)
        s = q["score"]
        if s is not None:
            row[4] += d * s
            row[5] = max(0, row[5] + d)
            top = row[_FIELDS]
            if d > 0:
                i = 0
                while i < len(top) and top[i] >= s:
                    i += 1
                top.insert(i, s)
                if len(top) > _BEST:
                    top.pop()
            elif s in top:
                top.remove(s)
        row[6] = max(0, row[6] + d * mins)
        if d < 0 and row[0] == 0 and row[2] == 0:
            del rows[nm]


def count(st, play, log=None):
    """Count ``play`` (a play of the log, ``"n"`` set) unless it is counted already.
    Totals made new (none yet, or none readable) start from every play of ``log`` (the
    plays log, when given), so the figures begin with the plays the log still holds.
    True if written."""
    doc = load_totals(st)
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
    while len(c) > _COUNTED:
        doc["below"] = max(doc["below"], c.pop(0))
    st.save(TOTALS, doc)
    return True


def uncount(st, play):
    """Take ``play`` (as the log holds it) out of the totals if it is counted there and
    still remembered (the last 40).  True if written."""
    doc = load_totals(st)
    if doc is None or play["n"] not in doc["counted"]:
        return False
    doc["counted"].remove(play["n"])
    _apply(doc, play, -1)
    st.save(TOTALS, doc)
    return True


def rows(doc, game):
    """The rows of ``game`` in ``doc``: a list of (name, row) by plays, most first, then name."""
    t = doc["games"].get(game) if doc else None
    if not t:
        return []
    out = [(nm, t["names"][nm]) for nm in t["names"]]
    out.sort(key=lambda r: (-(r[1][0] + r[1][2]), r[0]))
    return out
