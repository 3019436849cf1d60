"""Delphi cards: codes, names and the City State card supply.

A card is a small int so displays are plain lists of ints:

- 2 .. 10: Warrior/Hero cards, the code is the value (Archer = 3, Rider = 5,
  Chariot = 6, Achilles = 7, Prometheus = 9, Herakles = 10).
- HADES .. APOLLO: the eight God cards; DELPHI: the Delphi (oracle) card;
  PASS: the Pass (Passe) card, which never lies in a display.

Supply per City State (published component lists; 25 cards): the Pass
card, Warriors 2-6 twice each and 7-10 once each, each God once, two Delphi
cards.  Names are the ones of the "delphi-march" document (tests/cases/README.md).
"""

HADES = 11
MOIRA = 12
HERA = 13
HEPHAISTOS = 14
ZEUS = 15
POSEIDON = 16
ARES = 17
APOLLO = 18
DELPHI = 19
PASS = 20

# Index = card code; "" for codes that are not cards (0, 1).
NAMES = (
    "", "", "2", "3", "4", "5", "6", "7", "8", "9", "10",
    "hades", "moira", "hera", "hephaistos", "zeus", "poseidon", "ares", "apollo",
    "delphi", "pass",
)

# Index = card code: copies of that card in one City State set.
SUPPLY = (0, 0, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1)

# Cards a City State set holds besides the Pass card (shuffled into the stack).
STACK_SIZE = 24

# The four City States in the rulebook's order (Delphi rulebook,
# "Delphi": simultaneous oracle visits resolve Athens, Thebes, Corinth, Sparta).
CITY_STATES = ("athens", "thebes", "corinth", "sparta")

# Hades, Moira and Hera: the Warrior value each removes from every display.
REMOVES = {HADES: 7, MOIRA: 9, HERA: 10}


def is_warrior(code):
    """True for a Warrior/Hero card code (2-10)."""
    return 2 <= code <= 10


def code_of(name):
    """Card code for a card name ("5", "ares", "pass", ...); ValueError if unknown."""
    if isinstance(name, str) and name:
        for code in range(2, len(NAMES)):
            if NAMES[code] == name:
                return code
    raise ValueError("unknown card %r" % (name,))


def name_of(code):
    """Card name for a code (2-20); ValueError otherwise."""
    if isinstance(code, int) and 2 <= code < len(NAMES):
        return NAMES[code]
    raise ValueError("unknown card code %r" % (code,))


def city_index(name):
    """Index 0-3 of a City State name in CITY_STATES; ValueError if unknown."""
    for i in range(4):
        if CITY_STATES[i] == name:
            return i
    raise ValueError("unknown City State %r" % (name,))
