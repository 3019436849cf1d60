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
                                  State, the player's colour in the Oracle (older logs: "P1"-"P4"),
                                  "Khaos" / "Device" for the bot>,
                         "named": <bool, a stored player name was picked for the seat (false:
                                   "name" is the seat's label)>,
                         "think": <int, seconds of the player's own turns on the table's clock>,
                         "turns": <int, the player's turns the clock counted>}, ...],
            "rounds": <int, rounds (or turns) played>,
            "minutes": <int, minutes the device was on during the game>,
            "board": <short text, Delfos only: "side A, scoring card 3">}

"seat", "named" and "board" are absent from plays logged before they were added; "think" and
"turns" are there only for a game played with the table's clock (``games.clock``), and never
for a bot: a play without them (every play logged before the clock, and any played without
one) has no thinking time, is left out of the statistics' time figures, and reads as before
everywhere (BG Stats has no per-player time: the play's "minutes" is its duration).  Every
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
                                           [<best score>, ...]]},   # the 3 best, highest first
                        "time": {<name>: [<seconds thinking>, <turns>, <plays timed>]}}}}

"time" (the table's clock: a person's thinking time over the plays that have it) is absent
from totals written before it and from games never played with the clock.
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
import lang
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
            if not (_int(q.get("think", 0)) and _int(q.get("turns", 0))):
                raise ValueError("think")
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


def check_play(p):
    """ValueError unless ``p`` is a play of the log's shape (module docstring)."""
    check({"dev": "00000000", "next": 1, "plays": [p]})


def remove(st, n, rec=None):
    """Take play ``n`` out of the totals (``uncount``) and then out of the log (an
    undo after the end).  ``rec``: the play as the game's save keeps it (``Session.rec``),
    for a play the log has let go (older than its last 30): the totals take it back all the
    same.  True if it was in the log."""
    doc = load(st)
    i = find(doc, n) if doc is not None else -1
    play = doc["plays"][i] if i >= 0 else None
    if play is None and isinstance(rec, dict) and rec.get("n") == n:
        try:
            check_play(rec)  # from a file: never trusted
            play = rec
        except ValueError:
            pass
    if play is not None:
        uncount(st, play)  # first: the log still holds the play for a mend
    if i < 0:
        return False
    doc["plays"].pop(i)
    st.save(NAME, doc)
    return True


REBUILT = lang.msg("Statistics damaged: rebuilt from the log")  # said once, when damaged totals are started again


def _record(app):
    """The plays log's entry of the open, finished game (``records``), numbered ``session.play``."""
    s = app.session
    rec = {"n": s.play}
    rec.update(getattr(records, app.game_name)(app))
    rec["minutes"] = (s.ms + 30000) // 60000
    c = s.clock
    if c is not None:  # the table's clock: each player's thinking time (index = seat, as the clock's)
        qs = rec["players"]
        for i in range(min(len(qs), c.n)):
            if not qs[i]["bot"]:
                qs[i]["think"] = c.total(i) // 1000
                qs[i]["turns"] = c.turns[i] + (1 if i == c.cur else 0)
    return rec


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
                s.rec = _record(app)
                doc = s.to_doc()
                doc["screen"] = app.saved_screen
                st.save(app.game_name, doc)  # the save names its play (and keeps it) before the log has it
            log = load(st)
            i = find(log, s.play) if log is not None else -1
            if i < 0:
                rec = s.rec if s.rec is not None and s.rec.get("n") == s.play else _record(app)
                add(st, rec, app.board.random_id(), log)  # (into ``log`` when there was one)
            else:  # logged already (the usual resume): the totals may still lack it (a cut)
                rec = log["plays"][i]
            s.rec = rec  # what an undo after the end takes back out of the totals, however old
            gc.collect()
            if count(st, rec, log) == "rebuilt":
                app.toast(lang.tr(REBUILT))
        else:
            remove(st, s.play, s.rec)
            # finished again, the game is a new play: numbered anew, so it is logged (not
            # dropped as the oldest) and offered to BG Stats as any new play
            s.play = 0
            s.rec = None
        app._logged = over
    except MemoryError:
        gc.collect()
    except OSError:
        app.toast(lang.tr("Flash full: play not logged"))


# -- the running totals (module docstring) ----------------------------------------
# (const and "_": no name kept on the device; the firmware's names fill MicroPython's qstr pools)
TOTALS = "totals"
_COUNTED = const(40)  # play numbers remembered one by one (older ones: ``below``)
_OUT = const(10)  # numbers up to ``below`` taken back by an undo, remembered
_NAMES = const(24)  # rows of stored names per game at most (besides "You" and the unnamed line)
_BEST = const(3)  # best scores kept per row (one may be taken out again by an undo)
_FIELDS = const(7)  # ints before the best scores
_MAX = const(1000000)  # play numbers, plays and minutes stay below (the plays log's own bound)
_VERSION = const(2)  # 2: rows of people (stored names, "You", the unnamed line); 1: a row per seat
UNNAMED = ""  # the key of the unnamed seats' one line (no stored name is empty)
YOU = "You"  # a solo game's unnamed player: the device's owner
_BOTS = ("Khaos", "Device")  # the solo opponents' names: never a row (a person so named: unnamed)
# The largest totals file the device can write: 4 games of 26 rows (24 names, "You", the unnamed
# line; a version-1 file 28) of at most 170 bytes each (a 40-character name, 7 figures below a
# billion, 3 best scores), the play numbers and the header: about 15 KB.  A bigger file is damaged
# and never read: parsing it could need more RAM than any true one (a 29 KB file of 5,000 play
# numbers said "Low memory" every time on MicroPython and was never rebuilt).
TOTALS_BYTES = 20480


def _labels():
    """The seats' own labels, for plays logged before "named" was kept (a player so named is
    taken for an unnamed seat; host_sim.bgstats LABELS).  Bytes: no qstrs."""
    return b"Green Red Blue Yellow Purple White Black You Athens Thebes Corinth Sparta Argos P1 P2 P3 P4 P5 P6 " \
        b"Khaos Device".decode().split()


def person(play, q):
    """The key of player ``q`` of ``play`` in the totals: the stored name of a named seat,
    ``YOU`` for a solo game's unnamed player, ``UNNAMED`` for another unnamed seat (and for a
    stored name that is a bot's, "Khaos" or "Device"), None for a bot (Khaos, the device: the
    solo player's opponent, never a row of its own)."""
    if q["bot"]:
        return None
    nm = q.get("named")
    if nm is None:  # logged before "named" was kept
        nm = q["name"] not in _labels()
    if nm and q["name"] not in _BOTS:
        return q["name"]
    return YOU if solo(play) else UNNAMED


def _check_row(row, plays_, mins):
    if not isinstance(row, list) or len(row) != _FIELDS + 1 or not isinstance(row[_FIELDS], list):
        raise ValueError(TOTALS)
    for i in range(_FIELDS):
        v = row[i]
        if type(v) is not int or (i != 4 and v < 0) or not -_MAX * 1000 < v < _MAX * 1000:
            raise ValueError(TOTALS)
    # wins within plays; every figure within what the game's plays can hold (6 seats a play)
    if row[1] > row[0] or row[3] > row[2] or row[0] + row[2] > 6 * plays_ or row[5] > row[0] + row[2]:
        raise ValueError(TOTALS)
    if row[6] > 6 * mins:
        raise ValueError(TOTALS)
    top = row[_FIELDS]
    if len(top) > _BEST or len(top) > row[5]:
        raise ValueError(TOTALS)
    for i in range(len(top)):
        if type(top[i]) is not int or not -_MAX < top[i] < _MAX or (i and top[i] > top[i - 1]):
            raise ValueError(TOTALS)
    # the average within the best: every score counted is at most the best kept (an undo takes
    # a best out with its play; a score pushed off the list was below all of those kept)
    if top and row[4] > top[0] * row[5]:
        raise ValueError(TOTALS)


def check_totals(doc):
    """ValueError unless ``doc`` is a totals document (module docstring) whose figures can be
    true: no negative count, wins within plays, at most ``_NAMES`` rows of stored names a game
    (+ "You" and the unnamed line; no row for Khaos or the device; a version-1 file: + the
    bots), 40 numbers in ``counted``, numbers, plays and best scores below a million, best
    scores highest first, the average score within the best.  A file that breaks one is
    damaged (as is one over ``TOTALS_BYTES``, never read: ``load_totals``)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("counted"), list):
        raise ValueError(TOTALS)
    below = doc.get("below")
    if type(below) is not int or not 0 <= below < _MAX or doc.get("v", 1) not in (1, _VERSION):
        raise ValueError(TOTALS)
    v2 = doc.get("v", 1) == _VERSION
    c = doc["counted"]
    out = doc.get("out", [] if not v2 else None)
    if len(c) > _COUNTED or not isinstance(out, list) or len(out) > _OUT:
        raise ValueError(TOTALS)
    for n in c + out:
        if type(n) is not int or not 0 < n < _MAX:
            raise ValueError(TOTALS)
    games = doc.get("games")
    if not isinstance(games, dict):
        raise ValueError(TOTALS)
    for g in games:
        t = games[g]
        if g not in GAMES or not isinstance(t, dict):
            raise ValueError(TOTALS)
        n = t.get("plays")
        mins = t.get("minutes")
        if type(n) is not int or type(mins) is not int or not 0 <= n < _MAX or not 0 <= mins < _MAX * 100:
            raise ValueError(TOTALS)
        rows_ = t.get("names")
        if not isinstance(rows_, dict) or len(rows_) > _NAMES + 4:
            raise ValueError(TOTALS)
        people = 0  # version 2: stored names, besides "You" and the unnamed line; no bot
        for nm in rows_:
            if not isinstance(nm, str) or len(nm) > 40:
                raise ValueError(TOTALS)
            if v2 and nm != YOU and nm != UNNAMED:
                people += 1
                if people > _NAMES or nm in _BOTS:
                    raise ValueError(TOTALS)
            _check_row(rows_[nm], n, mins)
        tt = t.get("time", {})
        if not isinstance(tt, dict) or len(tt) > _NAMES + 4:
            raise ValueError(TOTALS)
        for nm in tt:
            r = tt[nm]
            if not isinstance(r, list) or len(r) != 3 or nm not in rows_:
                raise ValueError(TOTALS)
            for v in r:
                if type(v) is not int or not 0 <= v < _MAX * 1000:
                    raise ValueError(TOTALS)
            if r[2] > 6 * n or r[0] > 6 * 60 * mins + 60 * r[2]:  # timed plays within plays, time within time played
                raise ValueError(TOTALS)


def _merge(rows_, key, row):
    """Add ``row``'s figures to ``rows_[key]`` (made when missing)."""
    got = rows_.get(key)
    if got is None:
        rows_[key] = row
        return
    for i in range(_FIELDS):
        got[i] += row[i]
    top = got[_FIELDS] + row[_FIELDS]
    top.sort(reverse=True)
    got[_FIELDS] = top[:_BEST]


def _split(row, solo_part):
    """The solo (``solo_part``) or competitive part of a version-1 row: its plays and wins,
    and its share of the score, scored plays and minutes (by plays; the rest to the
    competitive part); the best scores go with the larger part."""
    n = row[0] + row[2]
    k = row[2] if solo_part else row[0]
    if not k:
        return None
    share = [row[4] * row[2] // n, row[5] * row[2] // n, row[6] * row[2] // n]
    if not solo_part:
        share = [row[4] - share[0], row[5] - share[1], row[6] - share[2]]
    first = 2 if solo_part else 0
    part = [0, 0, 0, 0] + share + [list(row[_FIELDS][:share[1]]) if (row[2] > row[0]) == solo_part else []]
    part[first] = row[first]
    part[first + 1] = row[first + 1]
    return part


def migrate(doc):
    """A version-1 totals ``doc`` (a row per seat label, the bots' rows) as version 2, in
    place: a stored name keeps its row, a seat's own label ("P1", "Green", "You", ...) goes
    into the unnamed line (its competitive plays) and "You" (its solo plays), the bots' rows
    go (their plays are the solo player's).  The games' plays and minutes, ``counted`` and
    ``below`` stay: no play is lost.  Returns ``doc``."""
    if doc.get("v", 1) == _VERSION:
        return doc
    bots = ("Khaos", "Device")
    labels = _labels()
    for g in doc["games"]:
        old = doc["games"][g]["names"]
        new = {}
        for nm in old:
            row = old[nm]
            if nm in bots:
                continue
            if nm not in labels:
                _merge(new, nm, row)
                continue
            for solo_part, key in ((False, UNNAMED), (True, YOU)):
                part = _split(row, solo_part)
                if part is not None:
                    _merge(new, key, part)
        doc["games"][g]["names"] = new
    doc["v"] = _VERSION
    doc["out"] = []
    return doc


def load_totals(st, log=None):
    """The totals on store ``st`` (version 2: a version-1 file is migrated as read), or None
    when there are none or none is readable.  ``log``: the plays log when at hand, to catch
    a ``below`` or a counted number above any play the device gave (damage too: None).
    MemoryError when they do not fit the free RAM now."""
    doc, _w = st.load(TOTALS, check_totals, TOTALS_BYTES)
    if doc is None and st.short:
        raise MemoryError("totals")
    if doc is not None and log is not None:
        top = log["next"]
        if doc["below"] >= top:
            return None
        for n in doc["counted"]:
            if n >= top:
                return None
    return migrate(doc) if doc is not None else None


def damaged(st):
    """True when a totals file is on ``st`` but no copy of it is readable (or its figures
    cannot be true): ``count``/``rebuild`` start them again from the log."""
    for ext in (".dat", ".bak", ".tmp"):
        if st.fs.exists(TOTALS + ext):
            return True
    return False


def rebuild(st, log):
    """New totals from every play of ``log`` (or none), written; the totals document."""
    doc = {"v": _VERSION, "counted": [], "below": 0, "out": [], "games": {}}
    if log is not None:
        for p in log["plays"]:
            _apply(doc, p, 1)
            doc["counted"].append(p["n"])
    c = doc["counted"]
    c.sort()
    while len(c) > _COUNTED:
        doc["below"] = max(doc["below"], c.pop(0))
    st.save(TOTALS, doc)
    return doc


def counted(doc, n):
    """True when play ``n`` is in the totals ``doc``."""
    return n in doc["counted"] or (n <= doc["below"] and n not in doc.get("out", ()))


def solo(play):
    """True when a bot plays in ``play`` (Delfos against Khaos, Tholos against the device)."""
    for q in play["players"]:
        if q["bot"]:
            return True
    return False


def _apply(doc, play, d):
    """Add (``d`` 1) or take out (-1) the figures of ``play`` (a play of the log): the game's
    plays and minutes, and a row per person (``person``; a bot has none)."""
    games = doc["games"]
    g = play["game"]
    t = games.get(g)
    if t is None:
        t = games[g] = {"plays": 0, "minutes": 0, "names": {}}
    mins = play["minutes"]
    t["plays"] = max(0, t["plays"] + d)
    t["minutes"] = max(0, t["minutes"] + d * mins)
    off = 2 if solo(play) else 0
    rows_ = t["names"]
    for q in play["players"]:
        nm = person(play, q)
        if nm is None:
            continue
        row = rows_.get(nm)
        if row is None:
            named_rows = len(rows_) - (UNNAMED in rows_) - (YOU in rows_)
            if d < 0 or (nm != UNNAMED and nm != YOU and named_rows >= _NAMES):
                continue
            row = rows_[nm] = [0, 0, 0, 0, 0, 0, 0, []]
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
        if "think" in q:
            _time(t, nm, q, d)
        if row[1] > row[0]:  # wins within plays also after an undo of a play counted before a fix
            row[1] = row[0]
        if row[3] > row[2]:
            row[3] = row[2]
        if d < 0 and row[0] == 0 and row[2] == 0:
            del rows_[nm]


def _time(t, nm, q, d):
    """Add (``d`` 1) or take out (-1) player ``q``'s thinking time (the table's clock) in the
    game's totals ``t``, person ``nm``."""
    tt = t.get("time")
    if tt is None:
        tt = t["time"] = {}
    r = tt.get(nm)
    if r is None:
        if d < 0:
            return
        r = tt[nm] = [0, 0, 0]
    r[0] = max(0, r[0] + d * q["think"])
    r[1] = max(0, r[1] + d * q.get("turns", 0))
    r[2] = max(0, r[2] + d)
    if not r[2]:
        del tt[nm]


def count(st, play, log=None):
    """Count ``play`` (a play of the log, ``"n"`` set) unless it is counted already.
    Totals made new (none yet, or damaged: ``rebuild``) start from every play of ``log``
    (the plays log, when given), so the figures begin with the plays the log still holds.
    Returns True if written, "rebuilt" when damaged totals were started again (the caller
    says so once)."""
    doc = load_totals(st, log)
    fresh = doc is None
    told = fresh and damaged(st)
    if fresh:
        doc = rebuild(st, log) if log is not None else {"v": _VERSION, "counted": [], "below": 0, "out": [],
                                                          "games": {}}
    c = doc["counted"]
    n = play["n"]
    if not counted(doc, n):
        _apply(doc, play, 1)
        if n in doc["out"]:
            doc["out"].remove(n)
        else:
            c.append(n)
    else:  # counted already (fresh totals: written by ``rebuild``)
        return "rebuilt" if told else False
    c.sort()
    while len(c) > _COUNTED:
        doc["below"] = max(doc["below"], c.pop(0))
    st.save(TOTALS, doc)
    return "rebuilt" if told else True


def uncount(st, play):
    """Take ``play`` (as the log or the game's save holds it) out of the totals if it is
    counted there, however old: a number up to ``below`` is remembered in ``out`` (the
    last 10) so it is not taken out twice.  True if written."""
    doc = load_totals(st)
    if doc is None:
        return False
    n = play["n"]
    if n in doc["counted"]:
        doc["counted"].remove(n)
    elif counted(doc, n):
        out = doc["out"]
        out.append(n)
        while len(out) > _OUT:
            out.pop(0)
    else:
        return False
    _apply(doc, play, -1)
    st.save(TOTALS, doc)
    return True


def rows(doc, game):
    """The rows of ``game`` in ``doc``: a list of (name, row) by plays, most first, then name;
    the unnamed seats' line last, named "unnamed"."""
    t = doc["games"].get(game) if doc else None
    if not t:
        return []
    out = [(nm, t["names"][nm]) for nm in t["names"] if nm != UNNAMED]
    out.sort(key=lambda r: (-(r[1][0] + r[1][2]), r[0]))
    if UNNAMED in t["names"]:
        out.append((b"unnamed".decode(), t["names"][UNNAMED]))
    return out
