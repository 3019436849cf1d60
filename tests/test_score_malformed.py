"""The host scoring tool on malformed documents (issue 9): whatever the input, one line on
stderr of the form ``FIELD: what is wrong``, exit status 2, nothing on stdout, never a
traceback.  Property test: mutations of the valid documents in tests/cases (wrong types,
missing keys, deep nesting, odd keys), run through ``score.main`` in-process; the four
inputs named in the issue also through the real command line."""
import contextlib
import copy
import io
import json
import os
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host_sim import score

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = os.path.join(ROOT, "tests", "cases")
VALID = []
for _n in sorted(os.listdir(CASES)):
    if _n.endswith(".json") and not _n.startswith("oracle-"):
        with open(os.path.join(CASES, _n)) as _f:
            VALID.append(json.load(_f)["input"])
# FIELD: message, FIELD a plain path (city[1][2], goals.green) or a JSON string for odd keys.
LINE = re.compile(r'^([A-Za-z0-9_.\[\]-]+|"(?:[^"\\]|\\.)*"): \S.*$')


def run_main(text):
    """(exit status, stdout, stderr) of ``score.main(["-"])`` reading ``text``."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = score.main(["-"])
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def assert_rejected(code, out, err):
    assert code == 2 and out == "", (code, out, err)
    lines = err.split("\n")
    assert len(lines) == 2 and lines[1] == "", err  # exactly one line
    assert LINE.match(lines[0]), lines[0]
    assert "internal error" not in err and "Traceback" not in err, err


def assert_contract(text):
    code, out, err = run_main(text)
    if code == 0:
        assert err == "" and isinstance(json.loads(out), dict)
    else:
        assert_rejected(code, out, err)
    return code


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                      st.text(max_size=6))
json_value = st.recursive(json_leaf, lambda kids: st.one_of(st.lists(kids, max_size=3),
                                                            st.dictionaries(st.text(max_size=4), kids, max_size=3)),
                          max_leaves=8)
odd_key = st.one_of(st.text(max_size=8), st.sampled_from(["", "a\nb", "\r", "\u2028", "x: y", '"', "\ud800",
                                                          "city[0]", " game"]))


def _containers(v, path=()):
    """Every (path, container) of a document, the document itself first."""
    out = [(path, v)]
    items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
    for k, x in items:
        if isinstance(x, (dict, list)):
            out.extend(_containers(x, path + (k,)))
    return out


@st.composite
def mutated(draw):
    doc = copy.deepcopy(draw(st.sampled_from(VALID)))
    _path, box = draw(st.sampled_from(_containers(doc)))
    keys = list(box) if isinstance(box, dict) else list(range(len(box)))
    kind = draw(st.sampled_from(["type", "delete", "odd_key", "nest"]))
    if kind == "odd_key" and isinstance(box, dict):
        box[draw(odd_key)] = draw(json_value)
    elif keys:
        k = draw(st.sampled_from(keys))
        if kind == "delete":
            del box[k]
        elif kind == "nest":  # spliced in as text: hypothesis cannot print a deep object
            n = draw(st.integers(1, 3000))
            inner = json.dumps(box[k])
            box[k] = "\u0000NEST\u0000"
            return json.dumps(doc).replace(json.dumps(box[k]), "[" * n + inner + "]" * n)
        else:
            box[k] = draw(json_value)
    return json.dumps(doc)


@settings(max_examples=300, deadline=None)
@given(mutated())
def test_mutated_documents_keep_the_contract(text):
    assert_contract(text)


TOP_BAD = st.sampled_from([("game", []), ("game", {}), ("game", 5), ("game", None)])


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(VALID), st.one_of(
    st.tuples(st.just("add"), odd_key.filter(lambda k: k not in ("game", "players", "khaos", "architect_side",
                                                                   "scoring_card", "goals", "city", "cities",
                                                                   "plays", "columns"))),
    st.tuples(st.just("del"), st.sampled_from(["game", "city", "plays", "columns"])),
    st.tuples(st.just("set"), TOP_BAD)))
def test_surely_bad_documents_are_rejected(doc, change):
    doc = copy.deepcopy(doc)
    what, arg = change
    if what == "add":
        doc[arg] = 1
    elif what == "del":
        if arg not in doc:
            arg = "game"
        del doc[arg]
    else:
        doc[arg[0]] = arg[1]
    assert_rejected(*run_main(json.dumps(doc)))


def _cli(text):
    return subprocess.run([sys.executable, "-m", "host_sim", "score", "-"], cwd=ROOT, input=text,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("text,start", [
    ('{"game": []}', "game: "),
    ('{"game": "tholos", "columns": [["W"], "", "", "", "", "", ""]}', "columns[0]: "),
    ('{"game": ["tholos"], "columns": ["W", "", "", "", "", "", ""]}', "game: "),
    ("[" * 100000 + "]" * 100000, "document: "),
    ('{"game": "tholos", "columns": ["W", "", "", "", "", "", ""], "a\\nb": 1}', '"a\\nb": '),
    ('{"game": "delphi-march", "cities": ["athens"], "plays": [], "": 1}', '"": '),
    ('{"game": "delfos", "players": ' + "[" * 500 + "]" * 500 + "}", "players"),
])
def test_the_issues_examples_on_the_command_line(text, start):
    r = _cli(text)
    assert_rejected(r.returncode, r.stdout, r.stderr)
    assert r.stderr.startswith(start), r.stderr


def test_the_readme_examples_print_what_the_readme_shows():
    # the scoring tool's examples moved with the developers' commands to docs/developing.md
    with open(os.path.join(ROOT, "docs", "developing.md")) as f:
        text = f.read()
    examples = re.findall(r"```console\n\$ echo '(.*)' \| \.venv/bin/python -m host_sim score -\n(.*)\n```", text)
    errors = 0
    for doc, shown in examples:
        r = _cli(doc)
        if r.returncode == 0:  # a result: the JSON line on stdout
            assert r.stdout == shown + "\n" and r.stderr == "", doc
        else:  # bad input: exit 2, one line on stderr, nothing on stdout
            assert r.returncode == 2 and r.stdout == "", doc
            assert r.stderr == shown + "\n"
            errors += 1
    assert errors, "docs/developing.md: the scoring tool's error example is missing"


def test_the_readme_case_example_scores():
    with open(os.path.join(ROOT, "docs", "developing.md")) as f:
        text = f.read()
    for path in re.findall(r"host_sim score (tests/cases/\S+\.json)", text):
        r = subprocess.run([sys.executable, "-m", "host_sim", "score", path], cwd=ROOT, capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0 and json.loads(r.stdout), r.stderr


class CountingStdin(io.StringIO):
    """Standard input that counts the characters the tool asks for."""

    asked = 0

    def read(self, n=-1):
        data = io.StringIO.read(self, n)
        self.asked += len(data)
        return data


def test_an_oversized_document_is_refused_early_with_one_line():
    # Bug: a 10 MB document was read and parsed whole (553 MB of memory) before any answer.
    text = '{"game": "tholos", "columns": [' + ", ".join(['"W"'] * 2_500_000) + "]}"
    assert len(text) > 10_000_000
    stdin = CountingStdin(text)
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = score.main(["-"])
    finally:
        sys.stdin = old
    assert_rejected(code, out.getvalue(), err.getvalue())
    assert err.getvalue().startswith("document: too large")
    assert stdin.asked <= 2 * 1024 * 1024  # the rest was never read


def test_a_5000_digit_integer_names_its_field():
    # Bug: "document: not valid JSON (Exceeds the limit (4300 digits) ...)".
    doc = '{"game": "delphi-march", "players": 3, "plays": [["a", %s]]}' % ("9" * 5000)
    code, out, err = run_main(doc)
    assert_rejected(code, out, err)
    assert err.startswith("plays[0][1]: integer too long (5000 digits)"), err
