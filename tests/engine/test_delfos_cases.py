"""Every ../shared/cases/delfos-*.json through the engine (compare only the keys given)."""
from engine.shared import case_files, load_case
from games.delfos.doc import score_document


def _check(expect, got, where):
    if isinstance(expect, dict):
        assert isinstance(got, dict), where
        for k in expect:
            assert k in got, "%s.%s missing" % (where, k)
            _check(expect[k], got[k], where + "." + k)
    else:
        assert expect == got, "%s: expected %r, got %r" % (where, expect, got)


def test_all_delfos_cases():
    files = case_files("delfos-")
    assert len(files) >= 5
    for path in files:
        case = load_case(path)
        _check(case["expect"], score_document(case["input"]), path)
