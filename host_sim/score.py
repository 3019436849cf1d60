"""``python -m host_sim score FILE.json``: score a game document from ../shared/formats.md.

Prints one JSON result on stdout.  A test case from ../shared/cases
(``{"source", "input", "expect"}``) is scored by its ``input`` document.  Bad input: one line on stderr naming the
field, exit status 2, never a traceback.
"""
import json
import sys

from host_sim.inputerror import InputError

# "game" value -> module with ``score(doc) -> dict`` (raises InputError).
GAMES = {
    "delfos": "host_sim.score_delfos",
    "delphi-march": "host_sim.score_delphi",
    "tholos": "host_sim.score_tholos",
}


def score_doc(doc):
    """Score one parsed document; InputError for anything malformed."""
    if not isinstance(doc, dict):
        raise InputError("document", "must be a JSON object")
    if "game" not in doc and isinstance(doc.get("input"), dict) and "expect" in doc:
        doc = doc["input"]  # a test case from ../shared/cases: score the document it wraps
    game = doc.get("game")
    if game not in GAMES:
        raise InputError("game", "must be one of %s, not %r" % (", ".join(sorted(GAMES)), game))
    mod = __import__(GAMES[game], None, None, ["score"])
    return mod.score(doc)


def main(argv):
    if len(argv) != 1:
        print("usage: python -m host_sim score FILE.json  (- reads standard input)", file=sys.stderr)
        return 2
    path = argv[0]
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        print("file: cannot read %s: %s" % (path, e.strerror or e), file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print("document: not UTF-8 text", file=sys.stderr)
        return 2
    try:
        doc = json.loads(text)
    except ValueError as e:
        print("document: not valid JSON (%s)" % e, file=sys.stderr)
        return 2
    try:
        result = score_doc(doc)
    except InputError as e:
        print(str(e), file=sys.stderr)
        return 2
    print(json.dumps(result, sort_keys=True))
    return 0
