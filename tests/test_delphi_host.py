"""Host scoring tool for "delphi-march" documents (CPython only).

Every delphi-*.json case (tests/cases, and ../shared/cases when present)
through ``python -m host_sim score`` and ``score_delphi.score``; bad input gives InputError naming the field,
exit status 2 and one line on stderr, never a traceback.
"""
import json
import os
import subprocess
import sys

import pytest

from engine_shared import case_files, case_id, load_case
from host_sim.inputerror import InputError
from host_sim.score_delphi import score

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = case_files("delphi-")


def _run(doc):
    return subprocess.run(
        [sys.executable, "-m", "host_sim", "score", "-"],
        input=json.dumps(doc), capture_output=True, text=True, cwd=ROOT, timeout=60,
    )


def _partial(expect, got):
    for key, want in expect.items():
        assert key in got
        if isinstance(want, dict):
            for k, v in want.items():
                assert got[key][k] == v, (key, k)
        else:
            assert got[key] == want, key


def test_there_are_delphi_cases():
    assert len(CASES) >= 5


@pytest.mark.parametrize("path", CASES, ids=case_id)
def test_case_through_command_line(path):
    case = load_case(path)
    r = _run(case["input"])
    assert r.returncode == 0, r.stderr
    _partial(case["expect"], json.loads(r.stdout))
    _partial(case["expect"], score(case["input"]))


def test_result_shape():
    doc = {"game": "delphi-march", "cities": ["athens", "thebes", "corinth"],
           "plays": [["athens", "5"], ["thebes", "6"], ["corinth", "3"],
                     ["corinth", "ares"], ["thebes", "zeus", "athens", 0]]}
    # The delphi-march document's example: Athens' 5 removed by Zeus, Corinth 3 squared.
    assert score(doc) == {
        "values": {"athens": 0, "thebes": 6, "corinth": 9},
        "displays": {"athens": [], "thebes": ["6", "zeus"], "corinth": ["3", "ares"]},
    }


def _doc(**kw):
    d = {"game": "delphi-march", "cities": ["athens", "thebes"], "plays": [["athens", "5"]]}
    d.update(kw)
    return d


BAD = [
    ([], "document"),
    ({"game": "delphi-march", "cities": ["athens"], "plays": [], "extra": 1}, "extra"),
    ({"game": "delphi-march", "cities": ["athens"]}, "plays"),
    (_doc(cities="athens"), "cities"),
    (_doc(cities=[]), "cities"),
    (_doc(cities=["athens", "thebes", "corinth", "sparta", "athens"]), "cities"),
    (_doc(cities=["athens", "rome"]), "cities[1]"),
    (_doc(cities=["athens", "athens"]), "cities[1]"),
    (_doc(plays={"athens": "5"}), "plays"),
    (_doc(plays=[["athens"]]), "plays[0]"),
    (_doc(plays=["athens 5"]), "plays[0]"),
    (_doc(plays=[["sparta", "5"]]), "plays[0][0]"),
    (_doc(plays=[["athens", "1"]]), "plays[0][1]"),
    (_doc(plays=[["athens", "pass"]]), "plays[0][1]"),
    (_doc(plays=[["athens", 5]]), "plays[0][1]"),
    (_doc(plays=[["athens", ""]]), "plays[0][1]"),
    (_doc(plays=[["athens", "5"], ["athens", "5"], ["athens", "5"]]), "plays[2][1]"),
    (_doc(plays=[["athens", "7"], ["athens", "7"]]), "plays[1][1]"),
    (_doc(plays=[["athens", "ares"], ["athens", "ares"]]), "plays[1][1]"),
    (_doc(plays=[["athens", "delphi"]] * 3), "plays[2][1]"),
    (_doc(plays=[["athens", "5", "thebes", 0]]), "plays[0]"),
    (_doc(plays=[["athens", "zeus", "thebes", 0]]), "plays[0][3]"),
    (_doc(plays=[["athens", "5"], ["athens", "zeus", "athens", 1]]), "plays[1][3]"),
    (_doc(plays=[["athens", "5"], ["athens", "zeus", "athens", -1]]), "plays[1][3]"),
    (_doc(plays=[["athens", "5"], ["athens", "zeus", "athens", True]]), "plays[1][3]"),
    (_doc(plays=[["athens", "5"], ["athens", "zeus", "athens", "0"]]), "plays[1][3]"),
    (_doc(plays=[["athens", "5"], ["athens", "zeus", "corinth", 0]]), "plays[1][2]"),
    (_doc(plays=[["athens", "5"], ["athens", "zeus", "athens"]]), "plays[1]"),
]


@pytest.mark.parametrize("doc,field", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_input_names_the_field(doc, field):
    with pytest.raises(InputError) as e:
        score(doc)
    assert e.value.field == field


def test_bad_input_on_the_command_line_is_one_line():
    r = _run(_doc(plays=[["athens", "5"], ["athens", "5"], ["athens", "5"]]))
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.strip().startswith("plays[2][1]:")
    assert len(r.stderr.strip().splitlines()) == 1


def test_zeus_without_target_and_removals():
    doc = _doc(cities=["athens", "thebes"],
               plays=[["athens", "5"], ["athens", "7"], ["athens", "5"], ["thebes", "hades"],
                      ["thebes", "zeus"]])
    # Hades takes the 7; the two Riders now lie together: 25.
    assert score(doc) == {"values": {"athens": 25, "thebes": 0},
                          "displays": {"athens": ["5", "5"], "thebes": ["hades", "zeus"]}}
