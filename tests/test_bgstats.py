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

DELFOS_SOLO = {"n": 1, "game": "delfos", "variant": "solo vs Khaos", "rounds": 20, "minutes": 41, "players": [
    {"name": "Ana", "score": 87, "rank": 1, "winner": True, "start": True, "bot": False},
    {"name": "Khaos", "score": None, "rank": 2, "winner": False, "start": False, "bot": True}]}
# Two players tie for second place: they share rank 2, the next is 4th.
ORACLE_TIES = {"n": 2, "game": "oracle", "variant": "4 players", "rounds": 18, "minutes": 97, "players": [
    {"name": "Ana", "score": None, "rank": 1, "winner": True, "start": False, "bot": False},
    {"name": "Bruno", "score": None, "rank": 2, "winner": False, "start": True, "bot": False},
    {"name": "Carla", "score": None, "rank": 2, "winner": False, "start": False, "bot": False},
    {"name": "Dimitri", "score": None, "rank": 4, "winner": False, "start": False, "bot": False}]}
THOLOS_DEVICE = {"n": 3, "game": "tholos", "variant": "vs device (hard)", "rounds": 31, "minutes": 22, "players": [
    {"name": "Ana", "score": 14, "rank": 2, "winner": False, "start": True, "bot": False},
    {"name": "Device", "score": 19, "rank": 1, "winner": True, "start": False, "bot": True}]}

WANT_DELFOS = {
    "sourceName": "Delphi table companion", "sourcePlayId": "1a2b3c4d-1", "playDate": "2025-06-01 12:00:00",
    "durationMin": 41, "comments": "solo vs Khaos",
    "game": {"name": "Delfos", "highestWins": True, "noPoints": False, "sourceGameId": "delfos"},
    "players": [
        {"name": "Ana", "score": 87, "rank": 1, "winner": True, "startPlayer": True, "sourcePlayerId": "name:ana"},
        {"name": "Khaos", "rank": 2, "winner": False, "startPlayer": False, "sourcePlayerId": "khaos"}]}
WANT_ORACLE = {
    "sourceName": "Delphi table companion", "sourcePlayId": "1a2b3c4d-2", "playDate": "2025-06-01 12:00:00",
    "durationMin": 97, "location": "Home", "comments": "4 players",
    "game": {"name": "The Oracle of Delphi", "bggId": 193558, "highestWins": True, "noPoints": True,
             "sourceGameId": "oracle"},
    "players": [
        {"name": "Ana", "rank": 1, "winner": True, "startPlayer": False, "sourcePlayerId": "name:ana"},
        {"name": "Bruno", "rank": 2, "winner": False, "startPlayer": True, "sourcePlayerId": "name:bruno"},
        {"name": "Carla", "rank": 2, "winner": False, "startPlayer": False, "sourcePlayerId": "name:carla"},
        {"name": "Dimitri", "rank": 4, "winner": False, "startPlayer": False, "sourcePlayerId": "name:dimitri"}]}
WANT_THOLOS = {
    "sourceName": "Delphi table companion", "sourcePlayId": "1a2b3c4d-3", "playDate": "2025-06-01 12:00:00",
    "durationMin": 22, "comments": "vs device (hard)",
    "game": {"name": "Tholos", "bggId": 341753, "highestWins": True, "noPoints": False, "sourceGameId": "tholos"},
    "players": [
        {"name": "Ana", "score": 14, "rank": 2, "winner": False, "startPlayer": True, "sourcePlayerId": "name:ana"},
        {"name": "Device", "score": 19, "rank": 1, "winner": True, "startPlayer": False, "sourcePlayerId": "device"}]}

CASES = [(DELFOS_SOLO, None, WANT_DELFOS), (ORACLE_TIES, "Home", WANT_ORACLE), (THOLOS_DEVICE, None, WANT_THOLOS)]


def log(*plays):
    return {"dev": DEV, "next": max(p["n"] for p in plays) + 1, "plays": list(plays)}


def write_log(folder, doc, gen=1, name="plays.dat"):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(store.encode(doc, gen))


def data_of(link):
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    return json.loads(unquote(link.split("?data=", 1)[1]))


@pytest.mark.parametrize(("play", "location", "want"), CASES, ids=["delfos-solo", "oracle-ties", "tholos-device"])
def test_the_link_carries_the_documented_fields(play, location, want):
    link = bgstats.play_link(play, DEV, DATE, location)
    got = data_of(link)
    assert got == want
    assert list(got) == list(want), "the order sent"
    # only characters that need no escaping in a query are left plain (RFC 3986 section 3.4)
    rest = link.split("?data=", 1)[1]
    assert not set(rest) - set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'():,%")


def decode_qr(lines, dark_is_blank=True):
    """The text of the QR code printed as half-block lines (zxing-cpp on a Pillow image)."""
    w = len(lines[0])
    img = Image.new("L", (w, 2 * len(lines)), 255)
    px = img.load()
    for y, line in enumerate(lines):
        assert len(line) == w
        for x, ch in enumerate(line):
            top = ch in ("\u2588", "\u2580")  # the upper half drawn
            bottom = ch in ("\u2588", "\u2584")
            for dy, lit in ((0, top), (1, bottom)):
                dark = not lit if dark_is_blank else lit
                px[x, 2 * y + dy] = 0 if dark else 255
    img = img.resize((w * 6, 2 * len(lines) * 6), Image.NEAREST)
    import zxingcpp

    found = zxingcpp.read_barcodes(img)
    assert len(found) == 1, "one QR code found"
    return found[0].text


@pytest.mark.parametrize(("play", "location", "want"), CASES, ids=["delfos-solo", "oracle-ties", "tholos-device"])
def test_the_qr_codes_decode_to_the_same_link(play, location, want):
    link = bgstats.play_link(play, DEV, DATE, location)
    assert decode_qr(bgstats.qr_lines(link)) == link
    assert decode_qr(bgstats.qr_lines(link, invert=True), dark_is_blank=False) == link


def run_tool(args, cfg):
    out = io.StringIO()
    code = bgstats.main(args + ["--mark-file", str(cfg / "marks.json")], out=out)
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
    device = tmp_path / "device"  # what the device's flash holds
    write_log(str(device), log(THOLOS_DEVICE), gen=5)
    calls = []

    def fake_run(cmd, **kw):
        calls.append(cmd)
        assert cmd[1:4] == ["connect", "/dev/ttyACM0", "cp"]
        src, dst = cmd[4], cmd[5]
        assert src.startswith(":")
        path = device / src[1:]
        if not path.exists():
            return subprocess.CompletedProcess(cmd, 1, "", "cp: No such file")
        with open(dst, "wb") as f:
            f.write(path.read_bytes())
        return subprocess.CompletedProcess(cmd, 0, "", "")

    out = io.StringIO()
    code = bgstats.main(["--device", "--port", "/dev/ttyACM0", "--no-qr", "--date", "2025-06-01",
                         "--mark-file", str(tmp_path / "marks.json")], out=out, run=fake_run)
    assert code == 0
    assert [c[4] for c in calls] == [":plays.dat", ":plays.bak"]
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
