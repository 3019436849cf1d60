"""Delfos scoring for ``python -m host_sim score FILE.json`` (tests/cases/README.md).

``host_sim.delfos_doc`` parses, the firmware engine (firmware/games/delfos) scores; this module maps
its ``DocError`` to ``InputError`` and prints exactly the format's result keys.
"""
import os
import sys

from host_sim.inputerror import InputError

_FW = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
if _FW not in sys.path:
    sys.path.insert(0, _FW)

from host_sim.delfos_doc import DocError, score_document  # noqa: E402

RESULT_KEYS = ("area_majorities", "architect_card", "scoring_card", "total", "area_majority_own_colour")


def score(doc):
    """Result dict ``{"scores": {colour: {...}}, "ranking": [[colour, ...], ...]}``;
    InputError(field, message) for any malformed document."""
    try:
        res = score_document(doc)
    except DocError as e:
        raise InputError(e.field, e.message) from None
    except (TypeError, AttributeError, KeyError, IndexError) as e:  # belt and braces
        raise InputError("document", "malformed (%s)" % e) from None
    scores = {}
    for name, s in res["scores"].items():
        scores[name] = {k: s[k] for k in RESULT_KEYS}
    return {"scores": scores, "ranking": res["ranking"]}
