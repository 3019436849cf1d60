"""Rules arithmetic of The Oracle of Delphi (003_41d0c707a815b3bf.txt, ../shared/facts.md).

Colours are indices into ``COLOURS``, in the clockwise order of the oracle
wheel: red -> black -> pink -> blue -> yellow -> green -> red (facts.md,
"Oracle dice"; matches the rulebook's examples green -> black = 2 favor,
pink -> blue = 1 favor).
"""

COLOURS = ("red", "black", "pink", "blue", "yellow", "green")
SHORT = ("Red", "Blk", "Pnk", "Blu", "Yel", "Grn")
LETTER = "RKPBYG"  # K for black, as in print, so no two colours share a letter
MONSTERS = ("Cyclops", "Minotaur", "Hydra", "Siren", "Chimera", "Gorgon")  # by colour (facts.md)
GODS = ("Aphrodite", "Ares", "Hermes", "Poseidon", "Apollo", "Artemis")  # by colour (facts.md)

START_FAVOR = (3, 4, 5, 6)  # by seat from the start player (rulebook set-up; facts.md)
SHIELD_MAX = 5              # shield track 0-5 (facts.md)
BATTLE_BASE = 9             # monster strength = 9 - shield (facts.md, "Battle die")

SHIP_NONE = 0
SHIP_CCW = 1        # ship tile: recolour counter-clockwise too
SHIP_DISCOUNT = 2   # ship tile: each recolouring costs 1 favor less
SHIP_BOTH = 3


def recolour_cost(src, dst, ship=SHIP_NONE):
    """Favor to turn an oracle die from colour ``src`` to ``dst`` (indices 0-5).

    1 favor per clockwise step on the oracle wheel (rulebook, "Oracle dice");
    with the counter-clockwise ship tile the cheaper direction; with the
    discount ship tile one favor less per recolouring, never below 0.
    ``ship`` is a bit set of SHIP_CCW and SHIP_DISCOUNT.  ValueError for a
    colour outside 0-5.
    """
    if not (0 <= src < 6 and 0 <= dst < 6):
        raise ValueError("colour must be 0-5")
    cost = (dst - src) % 6
    if ship & SHIP_CCW:
        ccw = (src - dst) % 6
        if ccw < cost:
            cost = ccw
    if cost and ship & SHIP_DISCOUNT:
        cost -= 1
    return cost


def titan_injuries(roll, shields):
    """Injury cards each player draws after the Titan die shows ``roll`` (1-6).

    6: every player draws 2 whatever their shield; 1-5: each player whose
    shield is strictly lower than the roll draws 1 (facts.md, "Titan die":
    published FAQ and implementation).  ``shields``: list of 0-5 per
    player.  Returns a list of ints, same order.
    """
    if not 1 <= roll <= 6:
        raise ValueError("Titan roll must be 1-6")
    if roll == 6:
        return [2 for _ in shields]
    return [1 if s < roll else 0 for s in shields]


def monster_strength(shield):
    """Starting strength of a monster against a fighter with ``shield`` (0-5)."""
    return BATTLE_BASE - shield


# Outcome of one battle-die roll.
WIN = 1
MISS = 2
INJURY = 3  # a 0: a miss that also gives an injury card of the monster's colour


def battle_outcome(roll, strength):
    """WIN if ``roll`` (0-9) >= ``strength``; INJURY on a 0; else MISS (facts.md, "Battle die")."""
    if roll == 0:
        return INJURY
    return WIN if roll >= strength else MISS


def tie_break_order(players):
    """Rank players who returned to Zeus in the same round.

    ``players``: list of (player, oracle_cards, favor).  Most oracle cards,
    then most favor (rulebook, game end).  Returns groups of players, best
    first; players tied on both share a group.
    """
    rows = sorted(players, key=lambda r: (-r[1], -r[2], r[0]))
    groups = []
    last = None
    for p, cards, favor in rows:
        if last == (cards, favor):
            groups[-1].append(p)
        else:
            groups.append([p])
            last = (cards, favor)
    return groups


def roll_oracle_die(rng):
    """One oracle die: a colour index 0-5, uniform."""
    return rng.below(6)


def roll_titan_die(rng):
    """The Titan die: a plain d6, 1-6 (facts.md)."""
    return rng.between(1, 6)


def roll_battle_die(rng):
    """The battle die: 10 faces, 0-9 (facts.md)."""
    return rng.below(10)
