"""Host scoring tool for "tholos" documents (CPython only).

Every tholos-*.json case (tests/cases, and ../shared/cases when present)
through ``python -m host_sim score`` and ``score_tholos.score``; bad input gives InputError naming the field, exit
status 2 and one line on stderr, never a traceback.
"""
import json
import os
import subprocess
import sys

import pytest

from engine_shared import case_files, case_id, load_case
from host_sim.inputerror import InputError
from host_sim.score_tholos import score

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = case_files("tholos-")
EXAMPLE = ["WWBGB", "BBBWW", "GGGGW", "WBWBG", "BBWWG", "WWWWB", "GBGBG"]


def _run(doc):
    return subprocess.run(
        [sys.executable, "-m", "host_sim", "score", "-"],
        input=json.dumps(doc), capture_output=True, text=True, cwd=ROOT, timeout=60,
    )


def _partial(expect, got, where):
    for key, want in expect.items():
        if isinstance(want, dict):
            _partial(want, got[key], where + "." + key)
        else:
            assert got[key] == want, "%s.%s: %r != %r" % (where, key, got[key], want)


def test_cases_exist():
    assert CASES


@pytest.mark.parametrize("path", CASES, ids=case_id)
def test_case_through_cli(path):
    case = load_case(path)
    r = _run(case["input"])
    assert r.returncode == 0, r.stderr
    _partial(case["expect"], json.loads(r.stdout), "result")


@pytest.mark.parametrize("path", CASES, ids=case_id)
def test_case_through_function(path):
    case = load_case(path)
    _partial(case["expect"], score(case["input"]), "result")


def test_formats_example():
    # Hand count in tests/engine/test_tholos_rules.py: white 0 (2 won), black 5 (2 won).
    got = score({"game": "tholos", "columns": EXAMPLE})
    assert got["white"] == {"score": 0, "columns_won": 2}
    assert got["black"] == {"score": 5, "columns_won": 2}
    assert got["winner"] == "black" and got["finished"] is True
    assert got["columns"][0] == {"winner": None, "white": 0, "black": 0}
    assert got["columns"][2] == {"winner": "white", "white": -7, "black": 0}


def test_tie_break_and_draw():
    got = score({"game": "tholos", "columns": ["WG", "WW", "B", "", "", "", ""]})
    assert got["winner"] == "white" and got["finished"] is False  # 1 - 1, columns 2 - 1
    got = score({"game": "tholos", "columns": ["W", "B", "", "", "", "", ""]})
    assert got["winner"] == "draw"


BAD = [
    ({"game": "tholos", "columns": EXAMPLE, "extra": 1}, "extra"),
    ({"game": "tholos"}, "columns"),
    ({"game": "tholos", "columns": "WWW"}, "columns"),
    ({"game": "tholos", "columns": EXAMPLE[:6]}, "columns"),
    ({"game": "tholos", "columns": EXAMPLE[:6] + [5]}, "columns[6]"),
    ({"game": "tholos", "columns": EXAMPLE[:6] + ["WWWWWW"]}, "columns[6]"),
    ({"game": "tholos", "columns": EXAMPLE[:6] + ["WXB"]}, "columns[6]"),
    ({"game": "tholos", "columns": EXAMPLE[:6] + ["wbg"]}, "columns[6]"),
    # 16 white stones: the box has 15 (quarry 13 + 2 in White's workshop).
    ({"game": "tholos", "columns": ["WWWWW", "WWWWW", "WWWWW", "W", "", "", ""]}, "columns"),
]


@pytest.mark.parametrize("doc,field", BAD)
def test_bad_input_names_field(doc, field):
    with pytest.raises(InputError) as e:
        score(doc)
    assert e.value.field == field
    r = _run(doc)
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(field + ":"), r.stderr


def test_box_limit_is_allowed_exactly():
    got = score({"game": "tholos", "columns": ["WWWWW", "WWWWW", "WWWWW", "", "", "", ""]})
    assert got["white"]["score"] == 15
