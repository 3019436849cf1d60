"""The dice roller's engine: N dice of X sides and a first player among N players.

Not a game of the rulebooks: a helper for any game at the table.  Like the
games it is a ``session`` game class (setup, seed, commands), so every roll
is saved, survives a power cut, and is undone one step at a time; an undone
roll rolls the same again (the dice come from the seed and the commands
before it, ``rng.Rng``).

Setup: ``{}`` (nothing to set up), or the state of a roller to go on from
(``snapshot()``: its history folded in, so a long evening of rolling keeps a
bounded number of commands; see ``HISTORY``).  Commands (ValueError, state unchanged,
for anything else):

- ``["dice", count, sides]``: roll ``count`` dice (1-``MAX_DICE``) of
  ``sides`` sides (2-``MAX_SIDES``) from now on; nothing is shown until they are rolled.
- ``["roll"]``: roll them.  ``result`` becomes the list of values, each
  1..sides; ``total`` their sum.
- ``["first", players]``: pick the first player among ``players``
  (2-``MAX_PLAYERS``), each equally likely; ``first`` is 1..players.

State: ``count``, ``sides``, ``result`` (list, empty before the first
roll), ``total``, ``rolls`` (rolls made), ``players`` and ``first`` (0
before the first pick), ``shown`` ("roll", "first" or "" : what the latest
command produced).
"""
from session import dispatch
from rng import Rng

MAX_DICE = 10
MAX_SIDES = 999  # custom dice; the common ones are d6, d10, d20, d100
MAX_PLAYERS = 10
COMMON = (6, 10, 20, 100)
HISTORY = 40  # commands kept for undo; the older ones are folded into the set-up (ui.trim)
_KEYS = ("count", "sides", "rolls", "players", "first", "total")


def _int(v, lo, hi, what):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError("%s must be %d-%d" % (what, lo, hi))
    return v


class DiceRoller:
    """See the module docstring."""

    NAME = "dice"

    def __init__(self, setup, seed):
        if not isinstance(setup, dict):
            raise ValueError("setup must be a dict")
        self.rng = Rng(seed)
        self.count = 1
        self.sides = 6
        self.result = []
        self.total = 0
        self.rolls = 0
        self.players = 0
        self.first = 0
        self.shown = ""
        if setup:
            self._go_on(setup)

    def _go_on(self, setup):
        """Start from ``snapshot()``'s document; ValueError for any other shape."""
        state = _int(setup.get("rng"), 1, 0xFFFFFFFF, "rng")
        for k in _KEYS:
            setattr(self, k, _int(setup.get(k), 0, 0x3FFFFFFF, k))
        result = setup.get("result")
        if not isinstance(result, list) or len(result) > MAX_DICE:
            raise ValueError("bad result")
        for v in result:
            _int(v, 1, MAX_SIDES, "result")
        shown = setup.get("shown")
        if shown not in ("", "roll", "first"):
            raise ValueError("bad shown")
        _int(self.count, 1, MAX_DICE, "dice")
        _int(self.sides, 2, MAX_SIDES, "sides")
        self.rng.state = state
        self.result = list(result)
        self.shown = shown

    def snapshot(self):
        """The set-up of a roller that goes on from this state (same dice to come)."""
        doc = {"rng": self.rng.state, "result": list(self.result), "shown": self.shown}
        for k in _KEYS:
            doc[k] = getattr(self, k)
        return doc

    def apply(self, cmd):
        """Apply one command (module docstring) through its ``do_`` method (``VERBS``,
        ``session.dispatch``); ValueError if not legal."""
        if not isinstance(cmd, list):  # a list only, as saved (dispatch also takes a tuple)
            raise ValueError("bad command")
        dispatch(self, self.VERBS, cmd)(cmd)

    def do_dice(self, cmd):
        """``["dice", count, sides]``: the dice rolled from now on.  ValueError for a count
        out of 1-``MAX_DICE`` or sides out of 2-``MAX_SIDES``."""
        if len(cmd) != 3:
            raise ValueError("dice needs count and sides")
        count = _int(cmd[1], 1, MAX_DICE, "dice")
        sides = _int(cmd[2], 2, MAX_SIDES, "sides")
        self.count = count
        self.sides = sides
        self.shown = ""  # the result on screen was of other dice

    def do_roll(self, cmd):
        """``["roll"]``: roll the dice; ``result`` and ``total``.  ValueError with arguments."""
        if len(cmd) != 1:
            raise ValueError("roll takes nothing")
        out = []
        for _ in range(self.count):
            out.append(self.rng.between(1, self.sides))
        self.result = out
        self.total = sum(out)
        self.rolls += 1
        self.shown = "roll"

    def do_first(self, cmd):
        """``["first", players]``: pick the first player, 1..``players``.  ValueError for
        players out of 2-``MAX_PLAYERS``."""
        if len(cmd) != 2:
            raise ValueError("first needs the number of players")
        self.players = _int(cmd[1], 2, MAX_PLAYERS, "players")
        self.first = self.rng.between(1, self.players)
        self.shown = "first"

    # the verbs of ``session.dispatch``, a ``do_`` method each
    VERBS = ("dice", "roll", "first")

    def label(self):
        """The dice as players say them: ``3d6``, or ``d20`` for one die."""
        if self.count == 1:
            return "d%d" % self.sides
        return "%dd%d" % (self.count, self.sides)
