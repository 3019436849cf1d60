"""Score a ``"game": "delphi-march"`` document (tests/cases/README.md).

``score(doc)`` returns ``{"values": {city: int}, "displays": {city: [card
names]}}``: every display's live value after all effects (Poseidon halving
included) and the cards still lying in it.  The engine's own rules code
(firmware/games/delphi) does the work.

Accepted input, beyond the format text:

- ``cities``: 1 to 4 distinct City States (a March document computes
  display values; the shared cases use two, the game needs 3 or 4).
- a play is ``[city, card]``, ``[city, "zeus", target_city, index]``, or
  ``[city, "zeus"]`` for a Zeus that removes nothing.
- each City State plays at most its supply (2-6 twice, 7-10 once, each God
  once, two Delphi cards); the Pass card is not listed.

Every malformed input raises InputError(field, message).
"""
import os
import sys

from host_sim.inputerror import InputError

_FW = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
if _FW not in sys.path:
    sys.path.insert(0, _FW)

from games.delphi import cards  # noqa: E402
from games.delphi.display import march_values  # noqa: E402
from games.delphi.march import place  # noqa: E402

KEYS = ("game", "cities", "plays")


def _city(value, field, cities):
    if not isinstance(value, str) or value not in cities:
        raise InputError(field, "must be one of the document's cities %s, not %r" % (", ".join(cities), value))
    return cities.index(value)


def score(doc):
    """Display values of one March document; InputError for bad input."""
    if not isinstance(doc, dict):
        raise InputError("document", "must be a JSON object")
    for k in doc:
        if k not in KEYS:
            raise InputError(str(k), "unknown key (expected %s)" % ", ".join(KEYS))
    for k in KEYS:
        if k not in doc:
            raise InputError(k, "missing")
    if doc["game"] != "delphi-march":
        raise InputError("game", "must be \"delphi-march\"")
    cities = doc["cities"]
    if not isinstance(cities, list) or not 1 <= len(cities) <= 4:
        raise InputError("cities", "must be a list of 1 to 4 City States")
    for i, c in enumerate(cities):
        if c not in cards.CITY_STATES:
            raise InputError("cities[%d]" % i, "must be one of %s, not %r" % (", ".join(cards.CITY_STATES), c))
        if cities.index(c) != i:
            raise InputError("cities[%d]" % i, "%s is listed twice" % c)
    plays = doc["plays"]
    if not isinstance(plays, list):
        raise InputError("plays", "must be a list of plays")
    displays = [[] for _ in cities]
    used = [[0] * len(cards.SUPPLY) for _ in cities]
    for n, p in enumerate(plays):
        field = "plays[%d]" % n
        if not isinstance(p, list) or len(p) not in (2, 4):
            raise InputError(field, "must be [city, card] or [city, \"zeus\", target_city, index]")
        who = _city(p[0], field + "[0]", cities)
        name = p[1]
        if not isinstance(name, str) or name not in cards.NAMES or not name or name == "pass":
            raise InputError(field + "[1]", "must be a card: 2-10, %s; not %r" % (", ".join(cards.NAMES[11:20]), name))
        code = cards.code_of(name)
        target = None
        if len(p) == 4:
            if code != cards.ZEUS:
                raise InputError(field, "only a Zeus play names a target")
            t = _city(p[2], field + "[2]", cities)
            k = p[3]
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(displays[t]):
                raise InputError(field + "[3]", "%s's display has no card at position %r" % (p[2], k))
            target = (t, k)
        if used[who][code] >= cards.SUPPLY[code]:
            raise InputError(field + "[1]", "%s has only %d %s card(s)" % (p[0], cards.SUPPLY[code], name))
        used[who][code] += 1
        try:
            place(displays, who, code, target)
        except ValueError as e:  # checked above; kept so no other exception escapes
            raise InputError(field, str(e)) from None
    values = march_values(displays)
    return {
        "values": {c: values[i] for i, c in enumerate(cities)},
        "displays": {c: [cards.NAMES[x] for x in displays[i]] for i, c in enumerate(cities)},
    }
