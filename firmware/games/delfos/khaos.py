"""Khaos, the solo automa (Delfos rulebook, Solo Mode, Khaos Turn).

OUR OWN DECK.  What is printed on the 20 Khaos cards is not public
(not published), so ``DECK`` is this project's own 20-card deck, not the
published one.  Each card is ``(colours, ascending, arrows, same_colour)``:

- (A) ``colours``: the five colour letters (G Y B R P) in priority order, left first;
- (B) ``ascending``: True = start from the lowest value, False = from the highest;
- (C) ``arrows``: the four arrows in priority order, left first: ``D`` down (the
  lowest tile on the ancient board / place below), ``U`` up (highest / above),
  ``L`` left (leftmost / left), ``R`` right (rightmost / right);
- (D) ``same_colour``: True = place next to a tile of the same colour; False = the
  "broken link": anywhere orthogonally adjacent to the city.

Balance (tested): each colour is first on exactly 4 cards and sits in each of the
five positions on exactly 4 cards; 10 ascending / 10 descending; each arrow is
first on exactly 5 cards; 10 cards with same-colour adjacency and 10 without,
each (B, D) combination on 5 cards; every colour leads 2 ascending and 2
descending cards.  Construction: card 5k+j lists colour (j + m*t) mod 5 at position t
with m = 1, 2, 3, 4 for k = 0..3 (four orthogonal Latin rows per colour).
"""

DECK = (
    ("GYBRP", True, "DLUR", True),
    ("YBRPG", False, "URLD", False),
    ("BRPGY", True, "LDRU", True),
    ("RPGYB", False, "RUDL", False),
    ("PGYBR", True, "URDL", True),
    ("GBPYR", False, "LDUR", True),
    ("YRGBP", True, "RULD", False),
    ("BPYRG", False, "DLRU", True),
    ("RGBPY", True, "LDRU", False),
    ("PYRGB", False, "RUDL", True),
    ("GRYPB", True, "DLUR", False),
    ("YPBGR", False, "URLD", True),
    ("BGRYP", True, "RULD", False),
    ("RYPBG", False, "DLRU", True),
    ("PBGRY", True, "URDL", False),
    ("GPRBY", False, "LDUR", False),
    ("YGPRB", True, "DRUL", True),
    ("BYGPR", False, "UDLR", False),
    ("RBYGP", True, "LURD", True),
    ("PRBYG", False, "RLDU", False),
)


def check_arrows(arrows):
    """ValueError unless ``arrows`` is an order of the four letters D U L R."""
    if not isinstance(arrows, str) or len(arrows) != 4:
        raise ValueError("arrows: an order of D U L R")
    for a in "DULR":
        if a not in arrows:
            raise ValueError("arrows: an order of D U L R")


def shuffled_deck(rng):
    """Card indices 0-19 of ``DECK`` in draw order (top first), shuffled by ``rng``."""
    order = list(range(len(DECK)))
    rng.shuffle(order)
    return order


def narrow(points, arrows):
    """Tie-break a list of ``(x, y)`` by arrow priority (C): for each arrow in turn keep
    the lowest (largest y), highest, leftmost or rightmost points, until one is left.
    Returns the narrowed list (one item unless points coincide)."""
    for a in arrows:
        if len(points) <= 1:
            break
        if a == "D":
            best = max([p[1] for p in points])
            points = [p for p in points if p[1] == best]
        elif a == "U":
            best = min([p[1] for p in points])
            points = [p for p in points if p[1] == best]
        elif a == "L":
            best = min([p[0] for p in points])
            points = [p for p in points if p[0] == best]
        else:
            best = max([p[0] for p in points])
            points = [p for p in points if p[0] == best]
    return points


def placement(city, colour, arrows, same_colour):
    """Where Khaos places a building tile of ``colour`` (index) in ``city`` (a
    ``city.City``): ``(x, y)`` canvas coordinates, or None if no legal space.

    Delfos rulebook, Khaos Turn, Place A Building Tile: with adjacency
    priority (D) the legal spaces orthogonally adjacent to a tile of the same
    colour; if there are none, or the card shows the broken link, every legal
    space.  Then the arrows (C), left first, as "below / above / left / right of
    the existing tiles": the lowest, uppermost, leftmost or rightmost candidate
    space, until one space is left.
    """
    spaces = city.legal_positions()
    if not spaces:
        return None
    if same_colour:
        near = [p for p in spaces if city.has_neighbour(p[0], p[1], colour)]
        if near:
            spaces = near
    return narrow(spaces, arrows)[0]

