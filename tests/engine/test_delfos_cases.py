"""Every delfos-*.json case (tests/cases, and ../shared/cases when present) through the
engine (compare only the keys given)."""
from engine_shared import case_files, load_case

try:
    from host_sim.delfos_doc import DocError, score_document
except (ImportError, AttributeError):  # MicroPython: load the host module as a plain module
    import sys

    sys.path.append("host_sim")
    from delfos_doc import DocError, score_document


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


def test_bad_document_raises_doc_error_naming_the_field():
    doc = {"game": "delfos", "players": ["green", "red"], "architect_side": "A",
           "scoring_card": 1, "city": ["G1g"]}
    for key, value, field in (("scoring_card", True, "scoring_card"), ("city", ["G1g G1g G1r"], "city[0][2]"),
                              ("players", ["green", "grey"], "players[1]")):
        d = dict(doc)
        d[key] = value
        try:
            score_document(d)
        except DocError as e:
            assert e.field == field, (e.field, field)
            continue
        raise AssertionError(key)
