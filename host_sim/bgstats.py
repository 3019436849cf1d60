"""Plays from the device's plays log into Board Game Stats ("BG Stats").

    python -m host_sim plays [FOLDER | --device] [--since N] [--date YYYY-MM-DD] [--location TEXT]

BG Stats takes a play pushed from another app as a link (its support page "Push plays
to BG Stats from other apps or websites", bgstatsapp.com/support)::

    https://app.bgstatsapp.com/createPlay.html?data=<URL-encoded JSON>

with the JSON fields that page documents: ``sourceName``, ``sourcePlayId`` (the source's
id of the play: a second import of it is recognised), ``playDate`` ("YYYY-MM-DD HH:MM:SS"),
``durationMin``, ``location``, ``comments`` (the variant), ``board`` (Delfos: the architect
side and the scoring card), ``game`` {``name``, ``bggId``, ``highestWins``, ``noPoints``,
``sourceGameId``} and ``players`` [{``name``, ``score``, ``rank``, ``winner``, ``startPlayer``,
``role``, ``sourcePlayerId``}].  ``play_link`` builds it; web/bgstats.js builds the same link
in the browser page (tests/test_bgstats.py checks that the two agree).  The four booleans are
sent on every play, even at BG Stats' defaults: ``winner`` and ``startPlayer`` on every player,
``highestWins`` and ``noPoints`` on every game (BG Stats' Android app rejects a play that leaves
one out: "Invalid data: org.json.JSONException: No value for startPlayer"), and ``bggId`` as a
JSON number.  Any other field that says nothing is left out to keep the link (and its QR code)
short: ``durationMin`` of 0 or unknown, ``score`` of a game without points, ``bggId`` of a game
without one.

The plays log (``plays.dat``/``.bak``, the project's ``Store`` format, read with
``store.decode``) is the device's, its shape documented in firmware/plays.py:
``{"dev", "next", "plays": [play, ...]}``, a play ``{"n", "game", "variant", "players":
[{"name", "score", "rank", "winner", "start", "bot", "seat", "named"}], "rounds", "minutes",
"board"}``.  Every play is checked against that shape (``check_log``) before any is printed:
a log that is not (or a file over ``MAX_FILE`` bytes, not read) is refused with one line on
stderr naming what is wrong, and exit status 2.  Text from the log (names, variants) is
printed with control characters made visible (``visible``).

A play's id is ``"<dev>-<n>"`` (``dev``: the device id, drawn once from the board's own
randomness).  Players: ``role`` is the seat (the Delfos colour, White or Black, the City
State, the player's colour in the Oracle, "Khaos" / "Device"); ``sourcePlayerId`` is ``"name:" + the name in
lower case`` for a seat with a stored player name, ``"khaos"`` (Delfos) / ``"device"`` for the
bot, and none for a seat without a name (its label is sent as the name shown only), so BG
Stats never files one table's unnamed Green under another's.

Which plays are new: those with ``n`` above ``--since N``, else above the mark kept per
device id in the user's config folder (``mark_path``), which is moved past the plays
printed.  Each play is printed as its link and a QR code (segno on PyPI) in quadrant block
characters: 2 x 2 modules per character, with a quiet zone of 2 (a 2-player play fits an
80-column terminal); a terminal too narrow for it is told so instead.  ``--png FILE`` /
``--svg FILE`` write the QR codes as images (``FILE``, or ``FILE`` with ``-<n>`` before its
extension when several plays are printed).
"""
import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
from urllib.parse import quote

MAX_FILE = 32768  # bytes: restore.MAX_SAVE, far above any plays log the device writes
MAX_TEXT = 40  # characters of a name, variant, seat or board at most (the device writes 10-40)
MAX_PLAYERS = 6
MAX_INT = 10 ** 6  # play numbers, scores, ranks, rounds and minutes stay below

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Delphi table companion"
# Characters left unescaped besides letters, digits and "_.-" (which urllib.parse.quote
# always keeps): encodeURIComponent's "!~*'()" and ":" "," (plain characters of a query,
# RFC 3986 section 3.4), which keeps the link short enough for a small QR code.  The page
# builds the same link (web/bgstats.js).
URI_SAFE = "!~*'():,"

# game -> (BG Stats name, BGG id or None, highestWins, noPoints).
#   The Oracle of Delphi: BGG 193558, at https://boardgamegeek.com/boardgame/193558/oracle-delphi,
#     the address The Oracle of Delphi rules walkthrough gives (its last lines, "BGG頁面"); a race
#     with no score (its "遊戲結束": the first back at Zeus wins,
#     ties by oracle cards then favor): noPoints true, no score sent, rank and winner only;
#     highestWins true (BG Stats' default; there are no points to compare).
#   Tholos: BGG 341753 (the game's Dice Tower entry, dicetower.com/board-game/341753, numbered by
#     BGG id, and a rules page that gives "Boardgamegeek 341753"); most points wins
#     (Tholos rules, "Game End and Scoring").
#   Delfos: no BGG id found (searched; left out, BG Stats then matches by name); most victory
#     points wins (Delfos rulebook, "Winner"; solo: "Single Game", highest score).
#   Delphi (Günter Burkhardt's card game, 2002): no BGG id found (searched); most Fame points
#     wins (Delphi rulebook, "End of the Game").
GAMES = {
    "delfos": ("Delfos", None, True, False),
    "delphi": ("Delphi", None, True, False),
    "tholos": ("Tholos", 341753, True, False),
    "oracle": ("The Oracle of Delphi", 193558, True, True),
}
BOT_ID = {"delfos": "khaos"}  # a bot's sourcePlayerId; any other game's bot is "device"
BOT_ROLE = {"delfos": "Khaos"}  # a bot's role; any other game's bot is "Device"
# The seats' own labels, for plays logged before "named" was kept: a player named so is taken
# for an unnamed seat.
LABELS = frozenset(("Green", "Red", "Blue", "Yellow", "Purple", "White", "Black", "You", "Athens", "Thebes",
                    "Corinth", "Sparta", "Argos", "P1", "P2", "P3", "P4", "P5", "P6"))


def named(player):
    """True when a stored player name was picked for the seat (the log's ``named``; older
    logs: a name that is not a seat's own label)."""
    if player.get("bot"):
        return False
    got = player.get("named")
    if got is None:
        return player["name"] not in LABELS
    return bool(got)


def player_id(game, player):
    """The ``sourcePlayerId`` of a player of the plays log, or None for a seat without a
    stored name (module docstring)."""
    if player.get("bot"):
        return BOT_ID.get(game, "device")
    if not named(player):
        return None
    return "name:" + id_key(str(player.get("name", "")))


def id_key(name):
    """A stored name as its player id carries it, one definition with the page (web/bgstats.js
    ``idKey``): without the ASCII spaces, tabs and line ends at its ends, each character in small
    letters where that is one character ("Ana " -> "ana"; "\u0130" stays, its small form being two)."""
    out = []
    for c in name.strip(" \t\n\r\v\f"):
        low = c.lower()
        out.append(low if len(low) == 1 else c)
    return "".join(out)


def role(game, player):
    """The seat a player had (``role``): the log's ``seat``, else the bot's name, else an
    unnamed seat's label; None when the log does not say."""
    if player.get("bot"):
        return player.get("seat") or BOT_ROLE.get(game, "Device")
    if player.get("seat"):
        return player["seat"]
    return None if named(player) else player["name"]


def play_data(play, dev, play_date, location=None):
    """The BG Stats JSON document (a dict, keys in the order sent) of one play.

    ``play``: a play of the plays log; ``dev``: the log's device id; ``play_date``: the
    text "YYYY-MM-DD HH:MM:SS"; ``location``: text, or None to send none.  KeyError for a
    game BG Stats is not told about (the dice roller, the calculator)."""
    game = play["game"]
    name, bgg_id, highest_wins, no_points = GAMES[game]
    data = {"sourceName": SOURCE_NAME, "sourcePlayId": "%s-%d" % (dev, play["n"]), "playDate": play_date}
    if play.get("minutes"):
        data["durationMin"] = play["minutes"]
    if location:
        data["location"] = location
    if play.get("variant"):
        data["comments"] = play["variant"]
    if play.get("board"):
        data["board"] = play["board"]
    g = {"name": name}
    if bgg_id is not None:
        g["bggId"] = int(bgg_id)
    # sent even at BG Stats' defaults: its Android app rejects a play that leaves a boolean out
    g["highestWins"] = bool(highest_wins)
    g["noPoints"] = bool(no_points)
    g["sourceGameId"] = game
    data["game"] = g
    players = []
    for p in play["players"]:
        q = {"name": p["name"]}
        if not no_points and p.get("score") is not None:
            q["score"] = p["score"]
        q["rank"] = p["rank"]
        q["winner"] = bool(p.get("winner"))
        q["startPlayer"] = bool(p.get("start"))
        r = role(game, p)
        if r:
            q["role"] = r
        pid = player_id(game, p)
        if pid is not None:
            q["sourcePlayerId"] = pid
        players.append(q)
    data["players"] = players
    return data


def play_link(play, dev, play_date, location=None):
    """The BG Stats link of one play: ``LINK`` + the JSON (no spaces) percent-encoded as UTF-8,
    every character escaped but letters, digits and ``-_.!~*'():,`` (``URI_SAFE``)."""
    text = json.dumps(play_data(play, dev, play_date, location), separators=(",", ":"), ensure_ascii=False)
    return LINK + quote(text, safe=URI_SAFE)


# Quadrant blocks: bit 8 the top left module drawn, 4 top right, 2 bottom left, 1 bottom right.
QUADRANTS = " \u2597\u2596\u2584\u259d\u2590\u259e\u259f\u2598\u259a\u258c\u2599\u2580\u259c\u259b\u2588"


def has_segno():
    """True if segno (on PyPI; the QR codes) can be imported."""
    try:
        import segno  # noqa: F401
    except ImportError:
        return False
    return True


def qr_code(link):
    """The segno QR code of ``link`` (error level L, the smallest version); ValueError when
    the link is too long for any QR code."""
    import segno

    try:
        return segno.make(link, error="L", boost_error=False)
    except Exception as e:  # segno.DataOverflowError: more than version 40 holds
        raise ValueError("the link is too long for a QR code (%d characters)" % len(link)) from e


def qr_lines(link, invert=False):
    """The QR code of ``link`` as text lines of quadrant blocks (2 x 2 modules a character,
    quiet zone 2), for a terminal with light text on a dark background: the light modules and
    the quiet zone are the blocks drawn, the dark modules the blanks (``invert``: the other way
    round, for dark text on light)."""
    qr = qr_code(link)
    rows = [[bool(v) for v in row] for row in qr.matrix_iter(scale=1, border=2)]
    w = len(rows[0])
    if w % 2:
        for row in rows:
            row.append(False)  # a light column beyond the quiet zone
        w += 1
    if len(rows) % 2:
        rows.append([False] * w)
    out = []
    for y in range(0, len(rows), 2):
        top, bottom = rows[y], rows[y + 1]
        line = []
        for x in range(0, w, 2):
            dark = (top[x], top[x + 1], bottom[x], bottom[x + 1])
            bits = 0
            for d in dark:
                bits = (bits << 1) | (d if invert else not d)
            line.append(QUADRANTS[bits])
        out.append("".join(line))
    return out


def qr_version(link):
    """The QR version segno picks for ``link`` (1-40; a version-v code is 17 + 4v modules wide)."""
    return qr_code(link).version


def visible(text):
    """``text`` with control characters (C0, DEL, C1) shown as ``\\xNN`` escapes, and the
    backslash doubled: what a log says reaches the terminal as text, never as a command."""
    out = []
    for ch in str(text):
        o = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif o < 32 or 127 <= o < 160 or o in (0x2028, 0x2029) or 0x202A <= o <= 0x202E or 0x2066 <= o <= 0x2069:
            out.append("\\x%02x" % o if o < 256 else "\\u%04x" % o)
        else:
            out.append(ch)
    return "".join(out)


def check_log(doc):
    """ValueError naming the first thing in ``doc`` that is not the plays log's documented
    shape (firmware/plays.py), with the bounds the device keeps (``MAX_TEXT``, ``MAX_PLAYERS``,
    ``MAX_INT``), so every play can be sent and drawn."""
    def fail(where, what):
        raise ValueError("%s: %s" % (where, what))

    def integer(v, where, lo):
        if type(v) is not int or not lo <= v < MAX_INT:
            fail(where, "not a whole number from %d to %d" % (lo, MAX_INT - 1))

    def text(v, where, empty=True):
        if not isinstance(v, str) or len(v) > MAX_TEXT or (not empty and not v.strip()):
            fail(where, "not a text of %s to %d characters" % ("0" if empty else "1", MAX_TEXT))
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            fail(where, "not text (a lone surrogate)")

    if not isinstance(doc, dict):
        fail("the log", "not a JSON object")
    dev = doc.get("dev")
    if not isinstance(dev, str) or len(dev) != 8 or any(c not in "0123456789abcdef" for c in dev):
        fail("dev", "not 8 lowercase hex digits")
    integer(doc.get("next"), "next", 1)
    plays = doc.get("plays")
    if not isinstance(plays, list):
        fail("plays", "not a list")
    for i, p in enumerate(plays):
        where = "plays[%d]" % i
        if not isinstance(p, dict):
            fail(where, "not an object")
        integer(p.get("n"), where + ".n", 1)
        where = "play %d" % p["n"]
        g = p.get("game")
        if not isinstance(g, str) or g not in GAMES:  # (a list or an object is no key of GAMES)
            fail(where + ".game", "not one of " + ", ".join(sorted(GAMES)))
        text(p.get("variant"), where + ".variant")
        integer(p.get("rounds"), where + ".rounds", 0)
        integer(p.get("minutes"), where + ".minutes", 0)
        if "board" in p:
            text(p["board"], where + ".board")
        players = p.get("players")
        if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
            fail(where + ".players", "not a list of 1 to %d players" % MAX_PLAYERS)
        for j, q in enumerate(players):
            w = "%s.players[%d]" % (where, j)
            if not isinstance(q, dict):
                fail(w, "not an object")
            text(q.get("name"), w + ".name", False)
            s = q.get("score")
            if s is not None:
                if type(s) is not int or not -MAX_INT < s < MAX_INT:
                    fail(w + ".score", "not a whole number or null")
            integer(q.get("rank"), w + ".rank", 1)
            for k in ("winner", "start", "bot"):
                if type(q.get(k)) is not bool:
                    fail(w + "." + k, "not true or false")
            if "seat" in q:
                text(q["seat"], w + ".seat")
            if "named" in q and type(q["named"]) is not bool:
                fail(w + ".named", "not true or false")


# -- reading the log ------------------------------------------------------------------------

def read_log(folder):
    """The plays log document in ``folder`` (the newest good copy of plays.dat/.bak/.tmp), or
    None if there is none.  ValueError (one line) if every copy there is damaged, a copy is
    no plain file or larger than ``MAX_FILE`` (not read), or the log is not of the documented
    shape (``check_log``)."""
    import store

    best = None
    found = False
    reasons = []
    for ext in (".dat", ".bak", ".tmp"):
        path = os.path.join(folder, "plays" + ext)
        if not os.path.lexists(path):
            continue
        found = True
        name = os.path.basename(path)
        try:
            if not os.path.isfile(path):
                raise ValueError("not a plain file")
            size = os.path.getsize(path)
            if size > MAX_FILE:
                raise ValueError("%d bytes, more than any plays log (%d), not read" % (size, MAX_FILE))
            with open(path, "rb") as f:
                data = f.read(MAX_FILE + 1)
            if len(data) > MAX_FILE:
                raise ValueError("more than %d bytes, not read" % MAX_FILE)
            gen, doc = store.decode(data)
        except (ValueError, OSError, RecursionError, MemoryError) as e:
            reasons.append("%s: %s" % (name, str(e) or type(e).__name__))
            continue
        if best is None or gen > best[0]:
            best = (gen, doc)
    if best is None:
        if found:
            raise ValueError("no good copy of the plays log: " + "; ".join(reasons))
        return None
    try:
        check_log(best[1])
    except RecursionError as e:
        raise ValueError("the plays log is nested too deep") from e
    except (TypeError, KeyError, AttributeError) as e:  # a shape check_log did not foresee: still one line
        raise ValueError("the plays log is not of the documented shape (%s)" % type(e).__name__) from e
    return best[1]


DEVICE_DIR = "/saves"  # where the Pico's board file keeps the saves and the plays log


TIMEOUT = 15  # seconds an mpremote copy may take (a few hundred ms from a Pico that answers)


def mpremote_path():
    """mpremote on the path, else beside this Python (a venv's), else the bare name."""
    return shutil.which("mpremote") or os.path.join(os.path.dirname(sys.executable), "mpremote")


def has_mpremote():
    """True if mpremote (on PyPI; ``--device``) is installed where ``copy_from_device`` looks."""
    p = mpremote_path()
    return os.path.isfile(p) and os.access(p, os.X_OK)


def copy_from_device(folder, port="auto", run=subprocess.run, mpremote=None, timeout=TIMEOUT):
    """Copy plays.dat and plays.bak from a connected device's ``/saves`` into ``folder`` with
    mpremote (``mpremote connect PORT cp :/saves/plays.dat FOLDER/``); a file the device lacks
    is skipped.
    ``run``: subprocess.run (tests give a fake).  Returns the names copied.  ValueError (one
    line) when mpremote is not installed, finds no Pico ("no device found"), or does not
    answer within ``timeout`` seconds."""
    exe = mpremote or mpremote_path()
    copied = []
    for name in ("plays.dat", "plays.bak"):
        try:
            r = run([exe, "connect", port, "cp", ":%s/%s" % (DEVICE_DIR, name), os.path.join(folder, name)],
                    capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise ValueError("no Pico found: mpremote did not answer within %d s (port %s)" % (timeout, port)) from None
        except OSError as e:  # FileNotFoundError: no mpremote on the path nor beside this Python
            raise ValueError("mpremote is missing (%s): install it, pip install mpremote"
                             % (e.strerror or type(e).__name__)) from None
        said = ((r.stderr or "") + (r.stdout or "")).lower()
        if r.returncode != 0 and ("no device found" in said or "could not enter raw repl" in said):
            raise ValueError("no Pico found (mpremote connect %s): plug it in, or give --port" % port)
        if r.returncode == 0 and os.path.exists(os.path.join(folder, name)):
            copied.append(name)
    return copied


def mark_path():
    """The file that remembers, per device id, the last play printed:
    ``$XDG_CONFIG_HOME/delphi-companion/bgstats.json`` (default ~/.config)."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "delphi-companion", "bgstats.json")


def load_marks(path):
    """{device id: last play printed} from ``path``; entries of any other shape are dropped."""
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(doc, dict):
        return {}
    return {k: v for k, v in doc.items() if isinstance(k, str) and type(v) is int and v >= 0}


def save_marks(path, marks):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(marks, f, indent=1, sort_keys=True)
    os.replace(tmp, path)


def parse_date(text, now=None):
    """``--date``: "YYYY-MM-DD" (at 12:00) or "YYYY-MM-DD HH:MM"; None: now, to the minute.
    Returns "YYYY-MM-DD HH:MM:SS"; ValueError for anything else."""
    if text is None:
        now = now or datetime.datetime.now()
        return now.strftime("%Y-%m-%d %H:%M:00")
    for fmt, out in (("%Y-%m-%d", "%Y-%m-%d 12:00:00"), ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:00")):
        try:
            return datetime.datetime.strptime(text.strip(), fmt).strftime(out)
        except ValueError:
            pass
    raise ValueError("--date: %r is not YYYY-MM-DD or YYYY-MM-DD HH:MM" % text)


def place(play, player):
    """" 1st", " 2nd", ... for a player of a game without points (the Oracle), else ""; as the
    page's summary (web/bgstats.js ``who``)."""
    if not GAMES.get(play["game"], (None, None, None, False))[3]:
        return ""
    r = player.get("rank", 0)
    return " " + (("1st", "2nd", "3rd")[r - 1] if 1 <= r <= 3 else "%dth" % r)


def describe(play):
    """One line about a play: number, game, variant, players with scores (text from the log
    with its control characters made visible)."""
    who = ", ".join("%s%s%s" % (visible(p["name"]), place(play, p) if p.get("score") is None else " %d" % p["score"],
                                " (won)" if p.get("winner") else "") for p in play["players"])
    name = GAMES.get(play["game"], (play["game"],))[0]
    return "Play %d: %s, %s: %s" % (play["n"], name, visible(play.get("variant", "")), who)


def image_path(base, play, several):
    """``--png``/``--svg`` FILE for ``play``: FILE itself, or FILE with ``-<n>`` before its
    extension when several plays are printed."""
    if not several:
        return base
    root, ext = os.path.splitext(base)
    return "%s-%d%s" % (root, play["n"], ext)


def fail(message):
    """Bad input: one line on stderr (control characters made visible), exit status 2."""
    print("plays: %s" % visible(message), file=sys.stderr)
    return 2


def main(argv, out=None, run=subprocess.run, columns=None):
    """``python -m host_sim plays``: exit status 0, 1 (no plays log) or 2 (bad input: a
    log not of the documented shape, a file too large, an image or the marks file that cannot be
    written, no mpremote, no Pico found or one that does not answer): one line on stderr, never a
    traceback.
    ``columns``: the terminal's width (None: asked of the terminal, 80 if none)."""
    out = out or sys.stdout
    ap = argparse.ArgumentParser(
        prog="python -m host_sim plays",
        description="Print a Board Game Stats link and QR code for each new play of the device's plays log.",
        epilog="Scan a QR code with the phone that has BG Stats (or open the link there): the app opens "
               "its import dialog.  A play imported twice is recognised by its id.")
    src = ap.add_mutually_exclusive_group()
    src.add_argument("folder", nargs="?", help="folder with plays.dat/.bak (the device's files, or the simulator's "
                                               "--save folder, default .sim_save)")
    src.add_argument("--device", action="store_true", help="copy plays.dat/.bak from the connected device (mpremote)")
    ap.add_argument("--port", default="auto", help="mpremote's device (default auto)")
    ap.add_argument("--since", type=int, help="print the plays numbered above N (the remembered mark is neither "
                                              "used nor moved)")
    ap.add_argument("--date", help="play date, YYYY-MM-DD (at 12:00) or 'YYYY-MM-DD HH:MM' (default now)")
    ap.add_argument("--location", help="location sent to BG Stats, e.g. Home (default none: BG Stats fills it)")
    ap.add_argument("--mark-file", help="the remembered marks (default %s)" % mark_path())
    ap.add_argument("--no-qr", action="store_true", help="links only")
    ap.add_argument("--invert", action="store_true", help="QR codes for dark text on a light background")
    ap.add_argument("--png", metavar="FILE", help="also write each QR code as a PNG image (FILE, or FILE-<n>.png "
                                                  "for several plays)")
    ap.add_argument("--svg", metavar="FILE", help="also write each QR code as an SVG image (as --png)")
    args = ap.parse_args(argv)
    try:
        play_date = parse_date(args.date)
    except ValueError as e:
        ap.error(str(e))
    if args.folder is None and not args.device:
        args.folder = ".sim_save"  # the simulator's own save folder, as --help says
    need_qr = not args.no_qr or args.png or args.svg
    if need_qr and not has_segno():
        if args.device and not has_mpremote():  # both missing: both named in the one line
            print("plays: the QR codes need segno and --device needs mpremote: pip install segno mpremote "
                  "(or --no-qr for the links only)", file=sys.stderr)
        else:
            print("plays: the QR codes need segno: pip install segno (or --no-qr for the links only)", file=sys.stderr)
        return 2
    try:
        if args.device:
            with tempfile.TemporaryDirectory() as tmp:
                try:
                    copied = copy_from_device(tmp, args.port, run)
                except FileNotFoundError:
                    print("plays: --device needs mpremote: pip install mpremote", file=sys.stderr)
                    return 2
                if not copied:
                    print("plays: no plays.dat on the device (mpremote connect %s)" % args.port, file=sys.stderr)
                    return 1
                doc = read_log(tmp)
        else:
            if not os.path.isdir(args.folder):
                return fail("%s is not a folder" % args.folder)
            doc = read_log(args.folder)
            if doc is None:
                print("plays: no plays log (plays.dat) in %s" % visible(args.folder), file=sys.stderr)
                return 1
    except ValueError as e:
        return fail(str(e))
    marks_file = args.mark_file or mark_path()
    if os.path.isdir(marks_file):
        return fail("--mark-file %s is a folder, not a file" % marks_file)
    marks = load_marks(marks_file)
    dev = doc["dev"]
    since = args.since if args.since is not None else marks.get(dev, 0)
    new = [p for p in doc["plays"] if p["n"] > since]
    if not new:
        print("No new plays on device %s (after play %d; --since 0 prints them all)." % (dev, since), file=out)
        return 0
    # everything worked out before anything is printed: a bad play stops the run with nothing half printed
    width = columns if columns is not None else shutil.get_terminal_size((80, 24)).columns
    blocks = []
    for play in new:
        link = play_link(play, dev, play_date, args.location or None)
        try:
            qr = qr_code(link) if need_qr else None
            lines = [] if args.no_qr else qr_lines(link, args.invert)
        except ValueError as e:
            return fail("play %d: %s" % (play["n"], e))
        blocks.append((play, link, qr, lines))
    several = len(blocks) > 1
    for play, _link, qr, _lines in blocks:
        for base, kind in ((args.png, "png"), (args.svg, "svg")):
            if base and qr is not None:
                try:
                    qr.save(image_path(base, play, several), kind=kind, scale=8 if kind == "png" else 4, border=4)
                except OSError as e:
                    return fail("%s: %s" % (image_path(base, play, several), e.strerror or e))
    for play, link, _qr, lines in blocks:
        print(describe(play), file=out)
        print(link, file=out)
        if lines and len(lines[0]) > width:
            print("(The QR code needs %d columns and this terminal has %d: widen it, or use --png FILE.)"
                  % (len(lines[0]), width), file=out)
        elif lines:
            print("\n".join(lines), file=out)
        for base, kind in ((args.png, "PNG"), (args.svg, "SVG")):
            if base:
                print("QR code (%s): %s" % (kind, visible(image_path(base, play, several))), file=out)
        print(file=out)
    if args.since is not None:
        return 0  # plays asked for by number: the mark stays where the plays printed before left it
    marks[dev] = max(marks.get(dev, 0), max(p["n"] for p in new))
    try:
        save_marks(marks_file, marks)
    except OSError as e:  # a read-only place, a folder in the way: the links are out, the mark is not
        return fail("the plays printed are not remembered (%s: %s); --since %d prints the next ones"
                    % (marks_file, e.strerror or type(e).__name__, marks[dev]))
    return 0
