"""Delfos companion engine: city tracking, end scoring, the Khaos automa and the solo campaign.

Rules: the Delfos rulebook; what it leaves out is said where it is used.

Colours are handled as indices 0-4 in the rulebook's order green, yellow,
blue, red, purple (player colour = building-tile colour).  The engine (imports at the top,
nothing above ``session`` and ``rng``):

- ``grid``       a finished or partial city as flat arrays (+ the exchange-format parser)
- ``city``       the floating city being built: legal positions, tile supply
- ``scoring``    area majorities, architect cards A/B, the 8 scoring cards, ranking, score pad
- ``khaos``      our 20-card Khaos deck and Khaos's placement in the city
- ``khaos_move`` Khaos's move on the ancient board (Movement Rules A-D)
- ``game``       ``DelfosGame``: the session-protocol game (turns, commands)
- ``ancient``    the ancient board (``Board``: layout, moves) and ``BoardGame``, the game that keeps it
- ``campaign``   the solo campaign (a JSON-able dict spanning games) and the 9 goal checks

Here, below them all: the colours, the tile supply, the city limits, the rounds and the solo
result against the difficulty's target.  The screens are the ``ui`` (entry) and ``ui_*`` modules.
"""
import loader

COLOURS = ("green", "yellow", "blue", "red", "purple")
LETTERS = "GYBRP"  # building-tile colour letters of the exchange format
OWNERS = "gybrp"  # architect-token owner letters of the exchange format

# Tile supply per colour, index = value - 1: values 1, 4, 5 twice, 2 and 3 three times
# (Delfos rulebook, Components).
SUPPLY = (2, 3, 3, 2, 2)


def colour_index(name):
    """Index 0-4 of a colour name; ValueError for anything else."""
    for i in range(5):
        if COLOURS[i] == name:
            return i
    raise ValueError("unknown colour %r" % (name,))


def limits(n_players):
    """City limit (columns, rows) for a player count 1-5 (solo counts as 1 or 2).

    Delfos rulebook, Placement Rules C: solo, 2 or 4 players 8 x 5;
    3 or 5 players 9 x 5.
    """
    if n_players in (3, 5):
        return 9, 5
    if n_players in (1, 2, 4):
        return 8, 5
    raise ValueError("1 to 5 players")


def tokens_per_player(n_players):
    """Architect tokens (= rounds) per player: 2->20, 3->15, 4->10, 5->9; solo 20.

    Delfos rulebook, Player Set-Up D, Game Length and Solo Mode.
    """
    if n_players in (1, 2):
        return 20
    if n_players == 3:
        return 15
    if n_players == 4:
        return 10
    if n_players == 5:
        return 9
    raise ValueError("1 to 5 players")


# Difficulty targets (Delfos rulebook, Campaign, Select the Difficulty Level).
TARGETS = {"easy": 60, "normal": 80, "hard": 90, "complex": 100}


def solo_result(score, difficulty):
    """``{"score", "target", "beaten"}``: beaten when the score is higher than the
    difficulty's target (Campaign condition A; "Score More Than The Difficulty Target").
    The solo score card's rating titles are not public: none are given.  ValueError for
    another difficulty.  Here, below ``game`` and ``campaign``: a solo game's result needs
    none of the campaign's code."""
    if difficulty not in TARGETS:
        raise ValueError("difficulty: easy, normal, hard or complex")
    t = TARGETS[difficulty]
    return {"score": score, "target": t, "beaten": score > t}


def _int(v, lo, hi, what):
    """``v`` when an int (not a bool) in ``lo..hi``, else ValueError "what: lo-hi" (a command's
    argument: ``game``, ``ancient``)."""
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError("%s: %d-%d" % (what, lo, hi))
    return v


# The seam (issue 22): Delfos's one place that imports late and forgets, used by the screens only
# (the engine's modules import each other at their top).  Its modules cannot all be imported at
# once: on the .mpy build under a 180 KB unix heap, the App takes 80.9 KB, the entry ``ui``
# (with ``game``, ``khaos`` and ``scoring``) 45.0 KB more, and importing the other modules one by
# one runs out at ``ui_more``, the 14th (177.5 KB live).  So the rarely used screens, the campaign
# and the ancient board's engine (``ui.Games``) are loaded here when first used and dropped when
# nothing needs them.
def load(name):
    """The module ``games.delfos.<name>`` (e.g. "ui_more", "campaign"), imported now if it is
    not loaded; ImportError if it is not on the device."""
    return loader.import_module("games.delfos." + name)


def drop(names):
    """Forget the modules ``games.delfos.<name>`` so their RAM can be collected once no
    screen uses them; ``load`` imports them again when needed."""
    loader.drop("games.delfos", names)
