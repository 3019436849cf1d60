"""Plays from the device's plays log into Board Game Stats ("BG Stats").

    python -m host_sim plays [FOLDER | --device] [--since N] [--date YYYY-MM-DD] [--location TEXT]

BG Stats takes a play pushed from another app as a link (its support page "Push plays
to BG Stats from other apps or websites", bgstatsapp.com/support)::

    https://app.bgstatsapp.com/createPlay.html?data=<URL-encoded JSON>

with the JSON fields that page documents: ``sourceName``, ``sourcePlayId`` (the source's
id of the play: a second import of it is recognised), ``playDate`` ("YYYY-MM-DD HH:MM:SS"),
``durationMin``, ``location``, ``comments`` (the variant), ``game`` {``name``, ``bggId``, ``highestWins``,
``noPoints``, ``sourceGameId``} and ``players`` [{``name``, ``score``, ``rank``, ``winner``,
``startPlayer``, ``sourcePlayerId``}].  ``play_link`` builds it; web/bgstats.js builds the
same link in the browser page (tests/test_bgstats.py checks that the two agree).

The plays log (``plays.dat``/``.bak``, the project's ``Store`` format, read with
``store.decode``) is the shared format of issue 26: ``{"dev", "next", "plays": [play, ...]}``,
a play ``{"n", "game", "variant", "players": [{"name", "score", "rank", "winner", "start",
"bot"}], "rounds", "minutes"}``.  A play's id is ``"<dev>-<n>"``; a player's id is
``"name:" + the name in lower case``, or ``"khaos"`` (Delfos) / ``"device"`` for the bot.

Which plays are new: those with ``n`` above ``--since N``, else above the mark kept per
device id in the user's config folder (``mark_path``), which is moved past the plays
printed.  Each play is printed as its link and a QR code (segno on PyPI) in half-block
characters: one column per module, two module rows per line, with a quiet zone of 2.
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


def player_id(game, player):
    """The stable ``sourcePlayerId`` of a player of the plays log (module docstring)."""
    if player.get("bot"):
        return BOT_ID.get(game, "device")
    return "name:" + str(player.get("name", "")).strip().lower()


def play_data(play, dev, play_date, location=None):
    """The BG Stats JSON document (a dict, keys in the order sent) of one play.

    ``play``: a play of the plays log; ``dev``: the log's device id; ``play_date``: the
    text "YYYY-MM-DD HH:MM:SS"; ``location``: text, or None to send none.  KeyError for a
    game BG Stats is not told about (the dice roller, the calculator)."""
    game = play["game"]
    name, bgg_id, highest_wins, no_points = GAMES[game]
    data = {"sourceName": SOURCE_NAME, "sourcePlayId": "%s-%d" % (dev, play["n"]), "playDate": play_date}
    if play.get("minutes") is not None:
        data["durationMin"] = play["minutes"]
    if location:
        data["location"] = location
    if play.get("variant"):
        data["comments"] = play["variant"]
    g = {"name": name}
    if bgg_id is not None:
        g["bggId"] = bgg_id
    g["highestWins"] = highest_wins
    g["noPoints"] = no_points
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
        q["sourcePlayerId"] = player_id(game, p)
        players.append(q)
    data["players"] = players
    return data


def play_link(play, dev, play_date, location=None):
    """The BG Stats link of one play: ``LINK`` + the JSON (no spaces) percent-encoded as UTF-8,
    every character escaped but letters, digits and ``-_.!~*'():,`` (``URI_SAFE``)."""
    text = json.dumps(play_data(play, dev, play_date, location), separators=(",", ":"), ensure_ascii=False)
    return LINK + quote(text, safe=URI_SAFE)


def qr_lines(link, invert=False):
    """The QR code of ``link`` as text lines of half blocks, for a terminal with light text
    on a dark background: the light modules and the quiet zone are the blocks drawn, the
    dark modules the blanks (``invert``: the other way round, for dark text on light)."""
    import segno

    qr = segno.make(link, error="L", boost_error=False)
    rows = [[bool(v) for v in row] for row in qr.matrix_iter(scale=1, border=2)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    chars = {(False, False): "\u2588", (True, False): "\u2584", (False, True): "\u2580", (True, True): " "}
    if invert:
        chars = {(not a, not b): c for (a, b), c in chars.items()}
    return ["".join(chars[(top[x], bottom[x])] for x in range(len(top)))
            for top, bottom in zip(rows[0::2], rows[1::2], strict=True)]


def qr_version(link):
    """The QR version segno picks for ``link`` (1-40; a version-v code is 17 + 4v modules wide)."""
    import segno

    return segno.make(link, error="L", boost_error=False).version


# -- reading the log ------------------------------------------------------------------------

def read_log(folder):
    """The plays log document in ``folder`` (the newest good copy of plays.dat/.bak/.tmp), or
    None if there is none.  ValueError if every copy there is damaged."""
    import store

    best = None
    found = False
    reasons = []
    for ext in (".dat", ".bak", ".tmp"):
        path = os.path.join(folder, "plays" + ext)
        if not os.path.exists(path):
            continue
        found = True
        with open(path, "rb") as f:
            data = f.read()
        try:
            gen, doc = store.decode(data)
        except ValueError as e:
            reasons.append("%s: %s" % (os.path.basename(path), e))
            continue
        if best is None or gen > best[0]:
            best = (gen, doc)
    if best is None:
        if found:
            raise ValueError("no good copy of the plays log: " + "; ".join(reasons))
        return None
    doc = best[1]
    if not isinstance(doc, dict) or not isinstance(doc.get("plays"), list) or not isinstance(doc.get("dev"), str):
        raise ValueError("the plays log has no dev id or plays list")
    return doc


def copy_from_device(folder, port="auto", run=subprocess.run, mpremote=None):
    """Copy plays.dat and plays.bak from a connected device into ``folder`` with mpremote
    (``mpremote connect PORT cp :plays.dat FOLDER/``); a file the device lacks is skipped.
    ``run``: subprocess.run (tests give a fake).  Returns the names copied."""
    exe = mpremote or shutil.which("mpremote") or os.path.join(os.path.dirname(sys.executable), "mpremote")
    copied = []
    for name in ("plays.dat", "plays.bak"):
        r = run([exe, "connect", port, "cp", ":" + name, os.path.join(folder, name)],
                capture_output=True, text=True, timeout=60)
        if r.returncode == 0 and os.path.exists(os.path.join(folder, name)):
            copied.append(name)
    return copied


def mark_path():
    """The file that remembers, per device id, the last play printed:
    ``$XDG_CONFIG_HOME/delphi-companion/bgstats.json`` (default ~/.config)."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "delphi-companion", "bgstats.json")


def load_marks(path):
    try:
        with open(path) as f:
            doc = json.load(f)
        return doc if isinstance(doc, dict) else {}
    except (OSError, ValueError):
        return {}


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


def describe(play):
    """One line about a play: number, game, variant, players with scores."""
    who = ", ".join("%s%s%s" % (p["name"], "" if p.get("score") is None else " %d" % p["score"],
                                " (won)" if p.get("winner") else "") for p in play["players"])
    name = GAMES.get(play["game"], (play["game"],))[0]
    return "Play %d: %s, %s: %s" % (play["n"], name, play.get("variant", ""), who)


def main(argv, out=None, run=subprocess.run):
    out = out or sys.stdout
    ap = argparse.ArgumentParser(
        prog="python -m host_sim plays",
        description="Print a Board Game Stats link and QR code for each new play of the device's plays log.",
        epilog="Scan a QR code with the phone that has BG Stats (or open the link there): the app opens "
               "its import dialog.  A play imported twice is recognised by its id.")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("folder", nargs="?", help="folder with plays.dat/.bak (the device's files, or the simulator's "
                                               "--save folder, default .sim_save)")
    src.add_argument("--device", action="store_true", help="copy plays.dat/.bak from the connected device (mpremote)")
    ap.add_argument("--port", default="auto", help="mpremote's device (default auto)")
    ap.add_argument("--since", type=int, help="print the plays numbered above N (the remembered mark is not used)")
    ap.add_argument("--date", help="play date, YYYY-MM-DD (at 12:00) or 'YYYY-MM-DD HH:MM' (default now)")
    ap.add_argument("--location", help="location sent to BG Stats, e.g. Home (default none: BG Stats fills it)")
    ap.add_argument("--mark-file", help="the remembered marks (default %s)" % mark_path())
    ap.add_argument("--no-qr", action="store_true", help="links only")
    ap.add_argument("--invert", action="store_true", help="QR codes for dark text on a light background")
    args = ap.parse_args(argv)
    try:
        play_date = parse_date(args.date)
    except ValueError as e:
        ap.error(str(e))
    if args.device:
        with tempfile.TemporaryDirectory() as tmp:
            copied = copy_from_device(tmp, args.port, run)
            if not copied:
                print("plays: no plays.dat on the device (mpremote connect %s)" % args.port, file=sys.stderr)
                return 1
            doc = read_log(tmp)
    else:
        try:
            doc = read_log(args.folder)
        except ValueError as e:
            print("plays: %s" % e, file=sys.stderr)
            return 1
        if doc is None:
            print("plays: no plays log (plays.dat) in %s" % args.folder, file=sys.stderr)
            return 1
    marks_file = args.mark_file or mark_path()
    marks = load_marks(marks_file)
    dev = doc["dev"]
    since = args.since if args.since is not None else int(marks.get(dev, 0))
    new = [p for p in doc["plays"] if isinstance(p, dict) and p.get("n", 0) > since and p.get("game") in GAMES]
    if not new:
        print("No new plays on device %s (after play %d; --since 0 prints them all)." % (dev, since), file=out)
        return 0
    for play in new:
        link = play_link(play, dev, play_date, args.location or None)
        print(describe(play), file=out)
        print(link, file=out)
        if not args.no_qr:
            print("\n".join(qr_lines(link, args.invert)), file=out)
        print(file=out)
    marks[dev] = max(int(marks.get(dev, 0)), max(p["n"] for p in new))
    save_marks(marks_file, marks)
    return 0
