"""Board Game Stats links of the plays log (host_sim/bgstats.py, ``python -m host_sim plays``).

The expected documents are written out by hand from the fields BG Stats documents on its
support page "Push plays to BG Stats from other apps or websites" (sourceName, sourcePlayId,
playDate, durationMin, location, comments, game {name, bggId, highestWins, noPoints,
sourceGameId}, players [{name, score, rank, winner, startPlayer, sourcePlayerId}]), not
computed by the builder.  The plays logs are made here with ``store.encode`` in the shared
format of issue 26 (the device side writes them on the device).  The QR codes are decoded
with zxing-cpp (PyPI) and must give the same link.
"""
import io
import json
import os
import subprocess
from urllib.parse import unquote

import pytest
import store
from PIL import Image

from host_sim import bgstats

DATE = "2025-06-01 12:00:00"
DEV = "1a2b3c4d"

DELFOS_SOLO = {"n": 1, "game": "delfos", "variant": "solo vs Khaos, easy", "rounds": 20, "minutes": 41,
               "board": "side B, scoring card 3", "players": [
                   {"name": "Ana", "score": 87, "rank": 1, "winner": True, "start": True, "bot": False,
                    "seat": "Green", "named": True},
                   {"name": "Khaos", "score": None, "rank": 2, "winner": False, "start": False, "bot": True,
                    "seat": "Khaos", "named": False}]}
# Two players tie for second place: they share rank 2, the next is 4th.  A log written before
# "seat" and "named" were kept: Bruno and the others are names, "P4" a seat's own label.
ORACLE_TIES = {"n": 2, "game": "oracle", "variant": "4 players", "rounds": 18, "minutes": 97, "players": [
    {"name": "Ana", "score": None, "rank": 1, "winner": True, "start": False, "bot": False},
    {"name": "Bruno", "score": None, "rank": 2, "winner": False, "start": True, "bot": False},
    {"name": "Carla", "score": None, "rank": 2, "winner": False, "start": False, "bot": False},
    {"name": "P4", "score": None, "rank": 4, "winner": False, "start": False, "bot": False}]}
THOLOS_DEVICE = {"n": 3, "game": "tholos", "variant": "vs device (hard)", "rounds": 31, "minutes": 22, "players": [
    {"name": "Ana", "score": 14, "rank": 2, "winner": False, "start": True, "bot": False, "seat": "White",
     "named": True},
    {"name": "Device", "score": 19, "rank": 1, "winner": True, "start": False, "bot": True, "seat": "Device",
     "named": False}]}
# Unnamed seats (no stored name picked), a game whose time was not counted (0 minutes).
DELPHI_UNNAMED = {"n": 4, "game": "delphi", "variant": "3 players", "rounds": 9, "minutes": 0, "players": [
    {"name": "Athens", "score": 31, "rank": 1, "winner": True, "start": False, "bot": False, "seat": "Athens",
     "named": False},
    {"name": "Ana", "score": 25, "rank": 2, "winner": False, "start": False, "bot": False, "seat": "Thebes",
     "named": True},
    {"name": "Corinth", "score": 12, "rank": 3, "winner": False, "start": False, "bot": False, "seat": "Corinth",
     "named": False}]}

# The four booleans go on every play, BG Stats' defaults too (winner and startPlayer on every
# player, highestWins and noPoints on every game: BG Stats' Android app rejects a play without
# one, "No value for startPlayer"), bggId a JSON number; an unnamed seat has no
# sourcePlayerId; role: the seat.
WANT_DELFOS = {
    "sourceName": "Delphi table companion", "sourcePlayId": "1a2b3c4d-1", "playDate": "2025-06-01 12:00:00",
    "durationMin": 41, "comments": "solo vs Khaos, easy", "board": "side B, scoring card 3",
    "game": {"name": "Delfos", "highestWins": True, "noPoints": False, "sourceGameId": "delfos"},
    "players": [
        {"name": "Ana", "score": 87, "rank": 1, "winner": True, "startPlayer": True, "role": "Green",
         "sourcePlayerId": "name:ana"},
        {"name": "Khaos", "rank": 2, "winner": False, "startPlayer": False, "role": "Khaos",
         "sourcePlayerId": "khaos"}]}
WANT_ORACLE = {
    "sourceName": "Delphi table companion", "sourcePlayId": "1a2b3c4d-2", "playDate": "2025-06-01 12:00:00",
    "durationMin": 97, "location": "Home", "comments": "4 players",
    "game": {"name": "The Oracle of Delphi", "bggId": 193558, "highestWins": True, "noPoints": True,
             "sourceGameId": "oracle"},
    "players": [
        {"name": "Ana", "rank": 1, "winner": True, "startPlayer": False, "sourcePlayerId": "name:ana"},
        {"name": "Bruno", "rank": 2, "winner": False, "startPlayer": True, "sourcePlayerId": "name:bruno"},
        {"name": "Carla", "rank": 2, "winner": False, "startPlayer": False, "sourcePlayerId": "name:carla"},
        {"name": "P4", "rank": 4, "winner": False, "startPlayer": False, "role": "P4"}]}
WANT_THOLOS = {
    "sourceName": "Delphi table companion", "sourcePlayId": "1a2b3c4d-3", "playDate": "2025-06-01 12:00:00",
    "durationMin": 22, "comments": "vs device (hard)",
    "game": {"name": "Tholos", "bggId": 341753, "highestWins": True, "noPoints": False, "sourceGameId": "tholos"},
    "players": [
        {"name": "Ana", "score": 14, "rank": 2, "winner": False, "startPlayer": True, "role": "White",
         "sourcePlayerId": "name:ana"},
        {"name": "Device", "score": 19, "rank": 1, "winner": True, "startPlayer": False, "role": "Device",
         "sourcePlayerId": "device"}]}
WANT_DELPHI = {
    "sourceName": "Delphi table companion", "sourcePlayId": "1a2b3c4d-4", "playDate": "2025-06-01 12:00:00",
    "comments": "3 players",
    "game": {"name": "Delphi", "highestWins": True, "noPoints": False, "sourceGameId": "delphi"},
    "players": [
        {"name": "Athens", "score": 31, "rank": 1, "winner": True, "startPlayer": False, "role": "Athens"},
        {"name": "Ana", "score": 25, "rank": 2, "winner": False, "startPlayer": False, "role": "Thebes",
         "sourcePlayerId": "name:ana"},
        {"name": "Corinth", "score": 12, "rank": 3, "winner": False, "startPlayer": False, "role": "Corinth"}]}

CASES = [(DELFOS_SOLO, None, WANT_DELFOS), (ORACLE_TIES, "Home", WANT_ORACLE), (THOLOS_DEVICE, None, WANT_THOLOS),
         (DELPHI_UNNAMED, None, WANT_DELPHI)]
IDS = ["delfos-solo", "oracle-ties", "tholos-device", "delphi-unnamed"]


def log(*plays):
    return {"dev": DEV, "next": max(p["n"] for p in plays) + 1, "plays": list(plays)}


def write_log(folder, doc, gen=1, name="plays.dat"):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(store.encode(doc, gen))


def data_of(link):
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    return json.loads(unquote(link.split("?data=", 1)[1]))


@pytest.mark.parametrize(("play", "location", "want"), CASES, ids=IDS)
def test_the_link_carries_the_documented_fields(play, location, want):
    link = bgstats.play_link(play, DEV, DATE, location)
    got = data_of(link)
    assert got == want
    assert list(got) == list(want), "the order sent"
    # only characters that need no escaping in a query are left plain (RFC 3986 section 3.4)
    rest = link.split("?data=", 1)[1]
    assert not set(rest) - set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'():,%")


def decode_qr(lines, dark_is_blank=True):
    """The text of the QR code printed as quadrant-block lines (zxing-cpp on a Pillow image):
    each character 2 x 2 modules, its quarters drawn as Unicode's block elements name them."""
    quarters = {" ": "", "\u2598": "a", "\u259d": "b", "\u2596": "c", "\u2597": "d", "\u2580": "ab",
                "\u2584": "cd", "\u258c": "ac", "\u2590": "bd", "\u259a": "ad", "\u259e": "bc",
                "\u259b": "abc", "\u259c": "abd", "\u2599": "acd", "\u259f": "bcd", "\u2588": "abcd"}
    w = len(lines[0])
    img = Image.new("L", (2 * w, 2 * len(lines)), 255)
    px = img.load()
    for y, line in enumerate(lines):
        assert len(line) == w
        for x, ch in enumerate(line):
            drawn = quarters[ch]
            for q, (dx, dy) in zip("abcd", ((0, 0), (1, 0), (0, 1), (1, 1)), strict=True):
                lit = q in drawn
                dark = not lit if dark_is_blank else lit
                px[2 * x + dx, 2 * y + dy] = 0 if dark else 255
    img = img.resize((img.width * 6, img.height * 6), Image.NEAREST)
    import zxingcpp

    found = zxingcpp.read_barcodes(img)
    assert len(found) == 1, "one QR code found"
    return found[0].text


@pytest.mark.parametrize(("play", "location", "want"), CASES, ids=IDS)
def test_every_player_and_game_carries_the_four_booleans(play, location, want):
    """BG Stats' Android app rejects a play that leaves out a boolean ("Invalid data:
    org.json.JSONException: No value for startPlayer"); bggId must be a JSON number."""
    got = data_of(bgstats.play_link(play, DEV, DATE, location))
    for k in ("highestWins", "noPoints"):
        assert type(got["game"][k]) is bool
    if "bggId" in got["game"]:
        assert type(got["game"]["bggId"]) is int
    for q in got["players"]:
        assert type(q["winner"]) is bool and type(q["startPlayer"]) is bool


@pytest.mark.parametrize(("play", "location", "want"), CASES, ids=IDS)
def test_the_qr_codes_decode_to_the_same_link(play, location, want):
    link = bgstats.play_link(play, DEV, DATE, location)
    assert decode_qr(bgstats.qr_lines(link)) == link
    assert decode_qr(bgstats.qr_lines(link, invert=True), dark_is_blank=False) == link


def run_tool(args, cfg, columns=80):
    out = io.StringIO()
    code = bgstats.main(args + ["--mark-file", str(cfg / "marks.json")], out=out, columns=columns)
    return code, out.getvalue()


def links_in(text):
    return [ln for ln in text.splitlines() if ln.startswith("https://")]


def test_the_folder_tool_prints_each_new_play_once(tmp_path):
    folder = tmp_path / "save"
    write_log(str(folder), log(DELFOS_SOLO, ORACLE_TIES), gen=2)
    code, text = run_tool([str(folder), "--date", "2025-06-01"], tmp_path)
    assert code == 0
    assert [data_of(x)["sourcePlayId"] for x in links_in(text)] == ["1a2b3c4d-1", "1a2b3c4d-2"]
    assert "Play 2: The Oracle of Delphi, 4 players" in text
    lines = text.splitlines()
    first = links_in(text)[0]
    qr = []
    for ln in lines[lines.index(first) + 1:]:  # the QR code printed under its link, up to a blank line
        if not ln:
            break
        qr.append(ln)
    assert decode_qr(qr) == first
    # again: nothing new (the mark remembers play 2 of this device)
    code, text = run_tool([str(folder)], tmp_path)
    assert code == 0 and not links_in(text) and "No new plays" in text
    # the device adds play 3: only it is printed
    write_log(str(folder), log(DELFOS_SOLO, ORACLE_TIES, THOLOS_DEVICE), gen=3)
    code, text = run_tool([str(folder), "--no-qr", "--date", "2025-06-01 20:15", "--location", "Club"], tmp_path)
    got = [data_of(x) for x in links_in(text)]
    assert [d["sourcePlayId"] for d in got] == ["1a2b3c4d-3"]
    assert got[0]["playDate"] == "2025-06-01 20:15:00" and got[0]["location"] == "Club"
    # --since: printed again whatever the mark says
    code, text = run_tool([str(folder), "--no-qr", "--since", "1"], tmp_path)
    assert [data_of(x)["sourcePlayId"] for x in links_in(text)] == ["1a2b3c4d-2", "1a2b3c4d-3"]


def test_a_damaged_newest_copy_falls_back_to_the_backup(tmp_path):
    folder = tmp_path / "save"
    write_log(str(folder), log(DELFOS_SOLO), gen=1, name="plays.bak")
    with open(str(folder / "plays.dat"), "wb") as f:
        f.write(store.encode(log(DELFOS_SOLO, ORACLE_TIES), 2)[:-5])  # cut short by a power cut
    code, text = run_tool([str(folder), "--no-qr"], tmp_path)
    assert code == 0
    assert [data_of(x)["sourcePlayId"] for x in links_in(text)] == ["1a2b3c4d-1"]


def test_no_log_is_said_plainly(tmp_path, capsys):
    code, _text = run_tool([str(tmp_path)], tmp_path)
    assert code == 1
    assert "no plays log" in capsys.readouterr().err


def test_from_the_device_through_mpremote_with_a_fake_runner(tmp_path):
    device = tmp_path / "device"  # what the device's flash holds: the log in /saves
    write_log(str(device / "saves"), log(THOLOS_DEVICE), gen=5)
    calls = []

    def fake_run(cmd, **kw):
        calls.append(cmd)
        assert cmd[1:4] == ["connect", "/dev/ttyACM0", "cp"]
        src, dst = cmd[4], cmd[5]
        assert src.startswith(":")
        path = device / src[1:].lstrip("/")
        if not path.exists():
            return subprocess.CompletedProcess(cmd, 1, "", "cp: No such file")
        with open(dst, "wb") as f:
            f.write(path.read_bytes())
        return subprocess.CompletedProcess(cmd, 0, "", "")

    out = io.StringIO()
    code = bgstats.main(["--device", "--port", "/dev/ttyACM0", "--no-qr", "--date", "2025-06-01",
                         "--mark-file", str(tmp_path / "marks.json")], out=out, run=fake_run)
    assert code == 0
    assert [c[4] for c in calls] == [":/saves/plays.dat", ":/saves/plays.bak"]  # the Pico board's SAVE_DIR
    assert [data_of(x) for x in links_in(out.getvalue())] == [WANT_THOLOS]


def test_a_device_without_a_log(tmp_path, capsys):
    def fake_run(cmd, **kw):
        return subprocess.CompletedProcess(cmd, 1, "", "cp: No such file")

    code = bgstats.main(["--device", "--mark-file", str(tmp_path / "m.json")], out=io.StringIO(), run=fake_run)
    assert code == 1
    assert "no plays.dat on the device" in capsys.readouterr().err


def test_python_m_host_sim_plays_runs(tmp_path):
    import sys

    from helpers import ROOT

    folder = tmp_path / "save"
    write_log(str(folder), log(DELFOS_SOLO))
    r = subprocess.run([sys.executable, "-m", "host_sim", "plays", str(folder), "--date", "2025-06-01"],
                       cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "cfg")))
    assert r.returncode == 0, r.stderr
    assert data_of(links_in(r.stdout)[0]) == WANT_DELFOS
    assert os.path.exists(tmp_path / "cfg" / "delphi-companion" / "bgstats.json")


def finished_tholos(path, seed):
    """A 2-player Tholos game with unnamed seats played to its end on the simulator's board
    (``HostBoard`` with ``--seed``), through the App: its save folder."""
    from helpers import boot, press
    from keys import DOWN, OK

    app = boot(path, seed=seed)
    press(app, [DOWN, DOWN, DOWN, DOWN, OK, OK])  # Tholos, two players (no names stored: none asked)
    gm = app.session.game
    while not gm.over:
        app.do(gm.legal_moves()[0][0])
        app.render()
        gm = app.session.game
    return path


def test_the_same_seed_in_two_folders_gives_two_plays_and_no_shared_seat(tmp_path):
    datas = []
    for i in (1, 2):
        folder = finished_tholos(tmp_path / ("save%d" % i), 42)
        code, text = run_tool([str(folder), "--date", "2025-06-01"], tmp_path / ("cfg%d" % i))
        assert code == 0
        (link,) = links_in(text)
        datas.append(data_of(link))
        lines = text.splitlines()
        qr = lines[lines.index(link) + 1:]
        qr = qr[:qr.index("")]
        assert qr and max(len(ln) for ln in qr) <= 80, "the QR code of a 2-player play fits 80 columns"
        assert decode_qr(qr) == link
    a, b = datas
    assert a["sourcePlayId"] != b["sourcePlayId"], "two devices, two plays"
    for d in datas:
        assert "durationMin" not in d  # no clock in this run: 0 minutes, not sent
        assert [p["role"] for p in d["players"]] == ["White", "Black"]
        assert [p["name"] for p in d["players"]] == ["White", "Black"]
        assert all("sourcePlayerId" not in p for p in d["players"]), "an unnamed seat has no id"


def test_a_narrow_terminal_is_told_and_the_images_are_written(tmp_path):
    folder = tmp_path / "save"
    write_log(str(folder), log(DELFOS_SOLO, ORACLE_TIES))
    code, text = run_tool([str(folder), "--since", "1", "--png", str(tmp_path / "q.png"), "--svg",
                           str(tmp_path / "q.svg")], tmp_path, columns=30)
    assert code == 0
    (link,) = links_in(text)
    assert "The QR code needs" in text and "this terminal has 30" in text
    assert not any("\u2588" in ln for ln in text.splitlines())  # no QR code wrapped into noise
    import zxingcpp

    img = Image.open(str(tmp_path / "q.png"))
    assert [f.text for f in zxingcpp.read_barcodes(img)] == [link]
    assert (tmp_path / "q.svg").read_text().lstrip().startswith(("<?xml", "<svg"))
    # two plays: one image each, numbered
    code, text = run_tool([str(folder), "--since", "0", "--no-qr", "--png", str(tmp_path / "p.png")], tmp_path)
    assert code == 0 and (tmp_path / "p-1.png").exists() and (tmp_path / "p-2.png").exists()


def crafted(folder, doc=None, raw=None):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "plays.dat"), "wb") as f:
        f.write(raw if raw is not None else store.encode(doc, 1))


def bad_play(**change):
    play = json.loads(json.dumps(THOLOS_DEVICE))
    for k, v in change.items():
        if v is KeyError:
            del play[k]
        else:
            play[k] = v
    return {"dev": DEV, "next": 9, "plays": [play]}


def bad_player(**change):
    doc = bad_play()
    q = doc["plays"][0]["players"][0]
    for k, v in change.items():
        if v is KeyError:
            del q[k]
        else:
            q[k] = v
    return doc


def nested(depth):
    text = "[" * depth + "]" * depth
    body = ('{"dev": "1a2b3c4d", "next": 2, "plays": %s}' % text).encode()
    return b"DTC1 1 %d %d\n" % (len(body), store.adler32(body)) + body


BAD = {
    "not-an-object": dict(raw=b"DTC1 1 2 %d\n[]" % store.adler32(b"[]")),
    "no-dev": dict(doc={"next": 2, "plays": []}),
    "dev-not-hex": dict(doc={"dev": "1A2B\x1b[2J", "next": 2, "plays": []}),
    "plays-not-list": dict(doc={"dev": DEV, "next": 2, "plays": {"n": 1}}),
    "play-null": dict(doc={"dev": DEV, "next": 2, "plays": [None]}),
    "no-players": dict(doc=bad_play(players=KeyError)),
    "players-empty": dict(doc=bad_play(players=[])),
    "player-null": dict(doc=bad_play(players=[None])),
    "game-constructor": dict(doc=bad_play(game="constructor")),
    "game-proto": dict(doc=bad_play(game="__proto__")),
    "n-text": dict(doc=bad_play(n="3")),
    "n-bool": dict(doc=bad_play(n=True)),
    "minutes-negative": dict(doc=bad_play(minutes=-5)),
    "variant-list": dict(doc=bad_play(variant=["x"])),
    "name-number": dict(doc=bad_player(name=7)),
    "name-too-long": dict(doc=bad_player(name="A" * 3000)),
    "score-text": dict(doc=bad_player(score="12")),
    "rank-zero": dict(doc=bad_player(rank=0)),
    "winner-missing": dict(doc=bad_player(winner=KeyError)),
    "seat-number": dict(doc=bad_player(seat=1)),
    "name-lone-surrogate": dict(doc=bad_player(name="Ann\ud800")),
    "deep-nesting": dict(raw=nested(100000)),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_crafted_log_gives_one_line_and_status_2(tmp_path, capsys, case):
    folder = tmp_path / "save"
    crafted(str(folder), **BAD[case])
    code, text = run_tool([str(folder)], tmp_path)
    err = capsys.readouterr().err
    assert code == 2, (case, text, err)
    assert text == "", "nothing half printed"
    assert err.startswith("plays: ") and err.count("\n") == 1, err
    assert not any(ord(c) < 32 for c in err[:-1]), "no control character reaches the terminal"


def test_a_directory_or_a_huge_file_named_plays_dat_is_not_read(tmp_path, capsys):
    folder = tmp_path / "dir"
    os.makedirs(str(folder / "plays.dat"))
    code, text = run_tool([str(folder)], tmp_path)
    assert code == 2 and text == "" and "not a plain file" in capsys.readouterr().err
    folder = tmp_path / "huge"
    os.makedirs(str(folder))
    with open(str(folder / "plays.dat"), "wb") as f:
        f.truncate(20 * 1024 * 1024)  # 20 MB (sparse: nothing written)
    code, text = run_tool([str(folder)], tmp_path)
    err = capsys.readouterr().err
    assert code == 2 and text == "" and "not read" in err and err.count("\n") == 1


def test_names_and_variants_print_with_control_characters_made_visible(tmp_path):
    doc = bad_player(name="Ann\x1b[31m\x07\r\x08")
    doc["plays"][0]["variant"] = "vs\x9bdevice"
    folder = tmp_path / "save"
    crafted(str(folder), doc)
    code, text = run_tool([str(folder), "--no-qr"], tmp_path)
    assert code == 0
    assert "Ann\\x1b[31m\\x07\\x0d\\x08" in text and "vs\\x9bdevice" in text
    assert not any(ord(c) < 32 and c != "\n" or 127 <= ord(c) < 160 for c in text)
    assert data_of(links_in(text)[0])["players"][0]["name"] == "Ann\x1b[31m\x07\r\x08"  # sent as it is


def without(tmp_path, *modules):
    """An environment in which ``modules`` cannot be imported (a stand-in that raises ImportError
    comes first on the path), as on a plain python3 that lacks them."""
    stub = tmp_path / "without"
    stub.mkdir(exist_ok=True)
    for m in modules:
        (stub / (m + ".py")).write_text("raise ImportError('no %s here')\n" % m)
    return dict(os.environ, PYTHONPATH=str(stub), XDG_CONFIG_HOME=str(tmp_path / "cfg"))


def test_without_segno_no_qr_prints_the_links_and_the_qr_codes_name_it_in_one_line(tmp_path):
    import sys

    from helpers import ROOT

    folder = tmp_path / "save"
    write_log(str(folder), log(DELFOS_SOLO))
    env = without(tmp_path, "segno")
    cmd = [sys.executable, "-m", "host_sim", "plays", str(folder), "--date", "2025-06-01", "--since", "0"]
    r = subprocess.run(cmd + ["--no-qr"], cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    assert r.returncode == 0, r.stderr
    assert data_of(links_in(r.stdout)[0]) == WANT_DELFOS
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.count("\n") == 1 and "segno" in r.stderr and "pip install segno" in r.stderr
    assert "Traceback" not in r.stderr


def test_without_pillow_shots_are_refused_in_one_line_before_any_key(tmp_path):
    import sys

    from helpers import ROOT

    save = tmp_path / "save"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--save", str(save), "--keys", "OK OK shot:x",
                        "--shots", str(tmp_path / "shots")], cwd=ROOT, capture_output=True, text=True,
                       timeout=60, env=without(tmp_path, "PIL"))
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "Pillow" in r.stderr and "pip install Pillow" in r.stderr
    assert not save.exists() or not os.listdir(save)  # no key played into the save folder
    assert not (tmp_path / "shots").exists()


def test_shots_without_keys_are_refused_in_one_line(tmp_path, capsys):
    # --shots takes a --keys script's screenshots: alone, it would start the terminal simulator and
    # take none; the README says the simulator says so
    from host_sim import sim

    save = tmp_path / "save"
    code = sim.main(["--save", str(save), "--shots", str(tmp_path / "shots")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--keys" in err and "shot:" in err, err
    assert not save.exists() and not (tmp_path / "shots").exists()


def one_line_status_2(capsys, code, *words):
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("plays: ") and "Traceback" not in err, err
    for w in words:
        assert w in err, (w, err)
    return err


@pytest.mark.parametrize("game", [["oracle"], {"oracle": 1}])
def test_a_play_whose_game_is_a_list_or_an_object_is_one_line(tmp_path, capsys, game):
    folder = tmp_path / "save"
    write_log(str(folder), log(dict(THOLOS_DEVICE, game=game)))
    code, _text = run_tool([str(folder), "--no-qr"], tmp_path)
    one_line_status_2(capsys, code, "play 3.game")


def test_a_mark_file_that_is_a_folder_or_cannot_be_written_is_one_line(tmp_path, capsys):
    folder = tmp_path / "save"
    write_log(str(folder), log(THOLOS_DEVICE))
    marks = tmp_path / "marks"
    marks.mkdir()
    out = io.StringIO()
    code = bgstats.main([str(folder), "--no-qr", "--mark-file", str(marks)], out=out)
    one_line_status_2(capsys, code, "is a folder")
    # a place that cannot be written, as a read-only folder is for a user (a file stands where the
    # folder would be made: refused to root too, who may write into any read-only folder)
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    for args, env in (([str(folder), "--no-qr", "--mark-file", str(blocker / "m.json")], None),
                      ([str(folder), "--no-qr"], str(blocker))):
        old = os.environ.get("XDG_CONFIG_HOME")
        if env is not None:
            os.environ["XDG_CONFIG_HOME"] = env
        try:
            code = bgstats.main(args, out=io.StringIO())
        finally:
            if old is None:
                os.environ.pop("XDG_CONFIG_HOME", None)
            else:
                os.environ["XDG_CONFIG_HOME"] = old
        one_line_status_2(capsys, code, "not remembered")


def test_the_device_without_mpremote_without_a_pico_or_silent_is_one_line(tmp_path, capsys):
    def missing(cmd, **kw):
        raise FileNotFoundError(2, "No such file or directory", cmd[0])

    def no_pico(cmd, **kw):
        return subprocess.CompletedProcess(cmd, 1, "", "mpremote: no device found\n")

    def silent(cmd, **kw):
        assert kw["timeout"] < 60
        raise subprocess.TimeoutExpired(cmd, kw["timeout"])

    for run, words in ((missing, ("mpremote is missing",)), (no_pico, ("no Pico found",)),
                       (silent, ("no Pico found", "did not answer"))):
        code = bgstats.main(["--device", "--mark-file", str(tmp_path / "m.json")], out=io.StringIO(), run=run)
        one_line_status_2(capsys, code, *words)


def test_since_prints_again_without_moving_the_mark(tmp_path):
    """``--since 0`` prints every play and leaves the remembered mark where it was."""
    folder = tmp_path / "save"
    write_log(str(folder), log(DELFOS_SOLO, ORACLE_TIES))
    code, text = run_tool([str(folder), "--no-qr"], tmp_path)
    assert code == 0 and len(links_in(text)) == 2
    write_log(str(folder), log(DELFOS_SOLO, ORACLE_TIES, THOLOS_DEVICE), gen=3)
    code, text = run_tool([str(folder), "--no-qr", "--since", "0"], tmp_path)
    assert len(links_in(text)) == 3
    code, text = run_tool([str(folder), "--no-qr"], tmp_path)  # the new play is still new
    assert [data_of(x)["sourcePlayId"] for x in links_in(text)] == ["1a2b3c4d-3"]


def test_the_folder_defaults_to_the_simulators(tmp_path, monkeypatch):
    folder = tmp_path / ".sim_save"
    write_log(str(folder), log(DELFOS_SOLO))
    monkeypatch.chdir(tmp_path)
    code, text = run_tool(["--no-qr"], tmp_path)
    assert code == 0 and [data_of(x)["sourcePlayId"] for x in links_in(text)] == ["1a2b3c4d-1"]


def test_without_segno_and_mpremote_the_device_names_both(tmp_path):
    import sys

    from helpers import ROOT

    env = without(tmp_path, "segno")
    env["PATH"] = str(tmp_path / "nothing")  # no mpremote on the path
    py = tmp_path / "py"  # this Python, in a folder with no mpremote beside it
    py.mkdir()
    (py / "python3").symlink_to(sys.executable)
    r = subprocess.run([str(py / "python3"), "-m", "host_sim", "plays", "--device"], cwd=ROOT, capture_output=True,
                       text=True, timeout=60, env=env)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "segno" in r.stderr and "mpremote" in r.stderr
