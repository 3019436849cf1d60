"""The host scoring tool on Delfos documents (CPython): every case (tests/cases, ../shared/cases) through
``python -m host_sim score``, and bad input reported as one line naming the field."""
import json
import os
import subprocess
import sys

import pytest
from engine_shared import case_files, case_id, load_case
from engine.test_delfos_cases import _check
from engine.test_delfos_scoring import FULL, GOALS
from host_sim import score_delfos
from host_sim.inputerror import InputError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _run(doc_text, tmp_path):
    p = tmp_path / "doc.json"
    p.write_text(doc_text)
    return subprocess.run([sys.executable, "-m", "host_sim", "score", str(p)], cwd=ROOT,
                          capture_output=True, text=True)


CASES = case_files("delfos-")


def test_there_are_delfos_cases():
    assert len(CASES) >= 9


@pytest.mark.parametrize("path", CASES, ids=case_id)
def test_case_through_the_command(path, tmp_path):
    case = load_case(path)
    r = _run(json.dumps(case["input"]), tmp_path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    _check(case["expect"], out, path)
    for s in out["scores"].values():
        assert sorted(s) == sorted(score_delfos.RESULT_KEYS)


def _good():
    return {"game": "delfos", "players": ["green", "red"], "khaos": None, "architect_side": "A",
            "scoring_card": 8, "goals": dict(GOALS), "city": list(FULL)}


def test_full_city_result():
    out = score_delfos.score(_good())
    assert out["scores"]["green"]["total"] == 60 and out["ranking"] == [["green"], ["red"]]


BAD = [
    ("extra", 1, "extra"),
    ("players", ["green"], "players"),
    ("players", ["green", "green"], "players[1]"),
    ("players", ["green", "pink"], "players[1]"),
    ("khaos", "blue", "khaos"),
    ("architect_side", "C", "architect_side"),
    ("scoring_card", 9, "scoring_card"),
    ("scoring_card", "8", "scoring_card"),
    ("scoring_card", True, "scoring_card"),
    ("goals", {"green": ["green", "red"]}, "goals.green"),
    ("goals", {"green": ["blue"]}, "goals.green"),
    ("goals", {"blue": ["red", "green"]}, "goals.blue"),
    ("goals", {"green": ["blue", 5]}, "goals.green[1]"),
    ("goals", [], "goals"),
    ("city", [], "city"),
    ("city", "G5g", "city"),
    ("city", ["G5g G4g", "G3g"], "city[1]"),
    ("city", ["G5g X4g"], "city[0][1]"),
    ("city", ["G6g"], "city[0][0]"),
    ("city", ["G5b"], "city[0][0]"),
    ("city", ["G5"], "city[0][0]"),
    ("city", ["G5g G5g G5r"], "city[0][2]"),  # only two green 5s in the box
    ("city", ["G1g G2g G3g G4g G5g B1g B2g B3g B4g"], "city"),  # 9 columns with 2 players
    ("city", [12], "city[0]"),
]


def test_bad_documents_name_the_field(tmp_path):
    for key, value, field in BAD:
        doc = _good()
        doc[key] = value
        try:
            score_delfos.score(doc)
        except InputError as e:
            assert e.field == field, (key, value, e.field)
        else:
            raise AssertionError((key, value))
    for doc, field in (([], "document"), ({"game": "delfos"}, "players")):
        try:
            score_delfos.score(doc)
        except InputError as e:
            assert e.field == field
        else:
            raise AssertionError()
    doc = _good()
    del doc["city"]
    try:
        score_delfos.score(doc)
        raise AssertionError()
    except InputError as e:
        assert e.field == "city"


def test_too_many_tokens_for_the_player_count():
    # 5 players have 9 tokens each: a tenth green token is impossible.
    cells = ["G1g G1g G2g G2g G2g G3g G3g G3g G4g", "G4g . . . . . . . ."]
    doc = {"game": "delfos", "players": ["green", "yellow", "blue", "red", "purple"],
           "architect_side": "A", "scoring_card": 1, "city": cells}
    try:
        score_delfos.score(doc)
        raise AssertionError()
    except InputError as e:
        assert e.field == "city[1][0]"


def test_bad_input_one_line_no_traceback(tmp_path):
    doc = _good()
    doc["city"] = ["G5g Q4g"]
    r = _run(json.dumps(doc), tmp_path)
    assert r.returncode != 0 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("city[0][1]:") and "Traceback" not in r.stderr


@pytest.mark.parametrize("card", range(1, 9))
def test_empty_margins_score_as_the_bounding_box(card):
    # The same 40 tiles with an empty column on the right (and other margins): the device
    # scores its city's bounding box, so a typed margin must not add edges or a middle column.
    doc = _good()
    doc["scoring_card"] = card
    want = score_delfos.score(doc)
    for city in ([r + " ." for r in FULL],
                 [". " + r for r in FULL],
                 [". " * 8 + "."] + [r + " ." for r in FULL] + [". " * 8 + "."]):
        d = dict(doc, city=city)
        assert score_delfos.score(d) == want, (card, city)
        assert score_delfos.score(dict(d, architect_side="B")) == score_delfos.score(dict(doc, architect_side="B"))
