"""The host scoring tool's own errors: one line on stderr naming the field, exit 2, no traceback."""
import json
import subprocess
import sys

from helpers import ROOT


def run(stdin_text, *args):
    return subprocess.run([sys.executable, "-m", "host_sim", "score"] + list(args or ["-"]), cwd=ROOT,
                          input=stdin_text, capture_output=True, text=True)


def check_error(r, field):
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(field), r.stderr
    assert "Traceback" not in r.stderr


def test_not_json():
    check_error(run("{nope"), "document")


def test_not_an_object():
    check_error(run("[1, 2]"), "document")


def test_unknown_game():
    check_error(run(json.dumps({"game": "chess"})), "game")


def test_missing_file():
    check_error(run("", "/nonexistent/game.json"), "file")


def test_usage():
    r = subprocess.run([sys.executable, "-m", "host_sim", "score"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "usage" in r.stderr


def test_not_utf8(tmp_path):
    f = tmp_path / "x.json"
    f.write_bytes(b"\xff\xfe{")
    check_error(run("", str(f)), "document")


def test_a_case_file_is_scored_by_its_input():
    import os

    path = os.path.join(ROOT, "tests", "cases", "tholos-negative-column.json")
    with open(path) as f:
        case = json.load(f)
    r = run("", path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["white"]["score"] == case["expect"]["white"]["score"]
