"""Score a Tholos temple document (``"game": "tholos"``, tests/cases/README.md).

Input: ``{"game": "tholos", "columns": [7 strings]}``, each column bottom to
top in ``W`` / ``B`` / ``G``, at most 5 stones; partial temples are scored the
same way.  Scoring is the engine's (firmware/games/tholos/rules.py,
Tholos rules "Game End and Scoring").

Result: ``{"white": {"score", "columns_won"}, "black": {...}, "columns":
[{"winner": "white" | "black" | null, "white": pts, "black": pts}, ...],
"winner": "white" | "black" | "draw", "finished": bool}``; a tied column has
winner ``null``; the game's tie-break is the number of columns won.
"""
from host_sim.inputerror import InputError

from games.tholos import rules

_KEYS = ("game", "columns")


def _parse(doc):
    for k in doc:
        if k not in _KEYS:
            raise InputError(str(k), "unknown key")
    if "columns" not in doc:
        raise InputError("columns", "missing")
    cols = doc["columns"]
    if not isinstance(cols, list):
        raise InputError("columns", "must be a list of %d strings" % rules.N_COLUMNS)
    if len(cols) != rules.N_COLUMNS:
        raise InputError("columns", "must have %d columns (alpha .. omega), not %d" % (rules.N_COLUMNS, len(cols)))
    out = []
    used = [0, 0, 0]
    for i, text in enumerate(cols):
        field = "columns[%d]" % i
        if not isinstance(text, str):
            raise InputError(field, "must be a string of W, B, G")
        if len(text) > rules.HEIGHT:
            raise InputError(field, "has %d stones; a column holds at most %d" % (len(text), rules.HEIGHT))
        col = []
        for ch in text:
            if ch not in rules.LETTERS:
                raise InputError(field, "unknown stone %r (use W, B, G)" % ch)
            c = rules.LETTERS.index(ch)
            col.append(c)
            used[c] += 1
        out.append(col)
    for c in range(3):
        if used[c] > rules.BOX[c]:
            raise InputError("columns", "%d %s stones; the game has only %d"
                             % (used[c], rules.COLOUR_NAMES[c], rules.BOX[c]))
    return out


def score(doc):
    """Score one parsed document (dict); InputError for anything malformed."""
    if not isinstance(doc, dict):
        raise InputError("document", "must be a JSON object")
    if doc.get("game") != "tholos":
        raise InputError("game", "must be \"tholos\"")
    cols = _parse(doc)
    ws, bs, ww, bw, res = rules.score_columns(cols)
    names = {rules.WHITE: "white", rules.BLACK: "black", -1: None}
    win = rules.winner_of(ws, bs, ww, bw)
    return {
        "white": {"score": ws, "columns_won": ww},
        "black": {"score": bs, "columns_won": bw},
        "columns": [{"winner": names[r[0]], "white": r[1], "black": r[2]} for r in res],
        "winner": "draw" if win < 0 else names[win],
        "finished": all(len(c) == rules.HEIGHT for c in cols),
    }
