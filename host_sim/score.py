"""``python -m host_sim score FILE.json``: score a game document (formats: tests/cases/README.md).

Prints one JSON result on stdout.  A test case (tests/cases:
``{"source", "input", "expect"}``) is scored by its ``input`` document.  Bad
input: one line on stderr, ``FIELD: what is wrong``, exit status 2, nothing on
stdout, never a traceback; a document over ``MAX_BYTES`` is refused without reading
the rest of it.  A field that is not a plain name (a key with
spaces, quotes, newlines, or empty) is shown as a JSON string; any character
that would break the line is escaped.
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


MAX_DEPTH = 8  # the deepest format (a case wrapping a Delfos document) nests 5 levels
MAX_LINE = 300  # an error line longer than this is cut: the start names the field
MAX_BYTES = 1 << 20  # a game document is a few KB: anything over 1 MB is refused unread
MAX_DIGITS = 100  # an integer longer than this is no score, count or value of any format


class _Huge:
    """An integer literal of more than MAX_DIGITS digits, kept unconverted (Python refuses
    to convert over 4300 digits, and no field takes one): ``check_depth`` names its field."""

    def __init__(self, digits):
        self.digits = digits


def _parse_int(text):
    return int(text) if len(text) <= MAX_DIGITS else _Huge(len(text.lstrip("-")))


def score_doc(doc):
    """Score one parsed document; InputError for anything malformed."""
    if not isinstance(doc, dict):
        raise InputError("document", "must be a JSON object")
    if "game" not in doc and isinstance(doc.get("input"), dict) and "expect" in doc:
        doc = doc["input"]  # a test case: score the document it wraps
    game = doc.get("game")
    if not isinstance(game, str) or game not in GAMES:
        if "game" not in doc:
            raise InputError("game", "missing (one of %s)" % ", ".join(sorted(GAMES)))
        raise InputError("game", "must be one of %s, not %s" % (", ".join(sorted(GAMES)), _short(game)))
    mod = __import__(GAMES[game], None, None, ["score"])
    return mod.score(doc)


def _short(v):
    """``v`` as JSON, cut to 40 characters (v is at most MAX_DEPTH deep here)."""
    t = json.dumps(v)
    return t if len(t) <= 40 else t[:37] + "..."


def check_depth(doc):
    """InputError naming the path of the first value nested deeper than MAX_DEPTH, or of
    an integer longer than MAX_DIGITS.

    Iterative, so a deep document cannot exhaust the stack here either; only containers
    are queued and a path is spelt only for them, so a long list costs no memory here.
    """
    todo = [(doc, "", 1)]
    while todo:
        v, path, depth = todo.pop()
        if isinstance(v, _Huge):
            raise InputError(path or "document", "integer too long (%d digits)" % v.digits)
        if depth > MAX_DEPTH:
            raise InputError(path or "document", "nested more than %d levels deep" % MAX_DEPTH)
        items = v.items() if isinstance(v, dict) else enumerate(v)
        for k, x in items:
            if isinstance(x, (dict, list, _Huge)):
                todo.append((x, (path + "." + k if path else k) if isinstance(k, str) else "%s[%d]" % (path, k),
                             depth + 1))


_PLAIN = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.[]-")


def _plain(field):
    """True for a field path that needs no quotes (ASCII names, dots, indices)."""
    return field != "" and all(ch in _PLAIN for ch in field)


def error_line(field, message):
    """The one stderr line for a bad field: ``field: message``, escaped to stay one line."""
    f = field if _plain(field) else json.dumps(field)
    out = []
    for ch in "%s: %s" % (f, message):
        out.append(ch if ch.isprintable() else repr(ch)[1:-1])  # a newline becomes \n
    line = "".join(out)
    return line if len(line) <= MAX_LINE else line[:MAX_LINE - 3] + "..."


def score_text(text):
    """(result, None) for a good document, (None, error line) for a bad one; never raises."""
    if len(text) > MAX_BYTES:
        return None, error_line("document", "too large (over %d bytes; a game document is a few KB)" % MAX_BYTES)
    try:
        doc = json.loads(text, parse_int=_parse_int)
    except RecursionError:
        return None, error_line("document", "nested too deeply to read")
    except ValueError as e:
        return None, error_line("document", "not valid JSON (%s)" % e)
    try:
        if isinstance(doc, (dict, list, _Huge)):
            check_depth(doc)
        return score_doc(doc), None
    except InputError as e:
        return None, error_line(e.field, e.message)
    except Exception as e:  # a bug of ours, reported as one line all the same
        return None, error_line("document", "could not be scored (internal error %s: %s)"
                                % (type(e).__name__, e))


def main(argv):
    if len(argv) != 1:
        print("usage: python -m host_sim score FILE.json  (- reads standard input)", file=sys.stderr)
        return 2
    path = argv[0]
    try:  # never more than MAX_BYTES + 1 characters read: a huge input is refused, not loaded
        if path == "-":
            text = sys.stdin.read(MAX_BYTES + 1)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_BYTES + 1)
    except OSError as e:
        print(error_line("file", "cannot read %s: %s" % (path, e.strerror or e)), file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print("document: not UTF-8 text", file=sys.stderr)
        return 2
    result, err = score_text(text)
    if err is not None:
        print(err, file=sys.stderr)
        return 2
    print(json.dumps(result, sort_keys=True))
    return 0
