"""The value of a Delphi display, with every God card's effect.

A display is a list of card codes (see ``cards``) in the order they lie,
left to right, oldest first.  Rules: Delphi rulebook, sections
"The Display", "God cards and Warrior Pairs" and "Scoring Examples".

Readings chosen where the rulebook is open (each one is tested):

- "The display as it lies".  Cards neutralised by Hades, Moira, Hera and
  Zeus "must be removed immediately" ("Important"), so a display closes up
  and every effect is read from the cards as they now lie.  Two equal
  Warriors that become neighbours after a removal form a Pair; an Ares,
  Apollo or Hephaistos whose neighbour was removed now acts on the card
  that lies next to it.
- Pairs: "two cards of the same value are played one after the other" is
  read as two equal Warrior/Hero cards lying directly next to each other;
  any card between them (a God or a Delphi card) keeps them apart.  Pairs
  are taken left to right (a third equal card, impossible with one City
  State's supply, would stay single).
- Ares squares, Apollo doubles the Warrior/Hero card or Pair lying directly
  under it, i.e. the card directly to its left must be a Warrior/Hero card
  ("If the Ares card does not lie directly on a Warrior/Hero card, it has
  no effect"); Apollo on a Pair: rulebook example 5 x 5 x 2 = 50; for
  single cards Apollo is read like Ares (the rulebook's example doubles a Pair).
- Hephaistos multiplies the Warrior/Hero card or Pair directly on its left
  with the one directly on its right; with anything else on either side it
  is useless.  "Warrior/Hero cards (or a Pair) played after Hephaistos can
  not be influenced by Apollo or by Ares" is read literally: every Warrior
  lying anywhere to the right of a Hephaistos card, whether that
  Hephaistos multiplies anything or not.
- Poseidon halves (rounding down) the total of every display except its
  owner's, once however many Poseidon cards lie in the March, for as long
  as a Poseidon lies in some other display (``halved``).
"""
from games.delphi.cards import APOLLO, ARES, HEPHAISTOS, POSEIDON


def raw_value(cards):
    """Value of one display before any Poseidon halving: int >= 0.

    ``cards``: list of card codes, left to right.  Non-Warrior, non-God
    codes (Delphi) count 0 and separate their neighbours.
    """
    n = len(cards)
    total = 0
    # The unit (single Warrior or Pair) just passed, still open to an effect:
    # its value, and True when it ended at the previous card.
    prev_val = 0
    prev_open = False
    after_heph = False   # a Hephaistos lies to the left: no Ares/Apollo
    heph_left = -1       # value of the unit left of a Hephaistos waiting for its right
    i = 0
    while i < n:
        c = cards[i]
        if 2 <= c <= 10:
            v = c
            if i + 1 < n and cards[i + 1] == c:
                v = c * c   # a Pair counts as one card worth the product
                i += 1
            if heph_left >= 0:
                # Hephaistos between two units: their product replaces both.
                total -= heph_left
                v = heph_left * v
                heph_left = -1
            total += v
            prev_val = v
            prev_open = not after_heph
            i += 1
            continue
        if c == ARES or c == APOLLO:
            if prev_open and i > 0 and 2 <= cards[i - 1] <= 10:
                nv = prev_val * prev_val if c == ARES else prev_val * 2
                total += nv - prev_val
        elif c == HEPHAISTOS:
            if i > 0 and 2 <= cards[i - 1] <= 10:
                heph_left = prev_val
            after_heph = True
        # Any card that is not a Warrior ends the adjacency of the unit
        # before it, and a Hephaistos waits only for the very next card.
        if c != HEPHAISTOS:
            heph_left = -1
        prev_open = False
        i += 1
    return total


def has_poseidon(cards):
    """True if a Poseidon card lies in the display ``cards``."""
    for c in cards:
        if c == POSEIDON:
            return True
    return False


def halved(displays, index):
    """True if display ``index`` of ``displays`` (list of displays of one
    March) is halved: a Poseidon lies in some other display."""
    for j in range(len(displays)):
        if j != index and has_poseidon(displays[j]):
            return True
    return False


def march_values(displays):
    """Live values of all displays of one March: list of ints, same order.

    Each is ``raw_value`` halved once (rounding down) when another display
    holds a Poseidon card.
    """
    out = []
    flags = [has_poseidon(d) for d in displays]
    count = 0
    for f in flags:
        if f:
            count += 1
    for j in range(len(displays)):
        v = raw_value(displays[j])
        # Halved if a Poseidon lies anywhere but in this display.
        if count - (1 if flags[j] else 0) > 0:
            v //= 2
        out.append(v)
    return out
