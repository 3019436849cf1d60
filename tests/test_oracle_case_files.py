"""Every Oracle of Delphi case file (tests/cases, ../shared/cases) as its own test (CPython);
tests/engine/test_oracle_cases.py runs the same files under MicroPython too."""
import pytest
from engine_shared import case_files, case_id, load_case
from engine.test_oracle_cases import _battle, _recolour

CASES = case_files("oracle-")


def test_there_are_oracle_cases():
    assert len(CASES) >= 4


@pytest.mark.parametrize("path", CASES, ids=case_id)
def test_oracle_case(path):
    case = load_case(path)
    doc = case["input"]
    got = _recolour(doc) if doc["game"] == "oracle-recolour" else _battle(doc)
    for k, want in case["expect"].items():
        assert got[k] == want, (k, got[k], want)
