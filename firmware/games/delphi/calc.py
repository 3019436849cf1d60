"""Standalone display calculator: one display, no March.

For settling a value at the table (issue 4, section 4).  Same card effects
as a March (``display``, ``march``); a Poseidon in an opponent's display is
a switch, and cards removed by an opponent's God are taken out by hand.

Setup: ``{}`` (ignored).  Commands:

- ``["card", name]``: place a card (one City State's supply: Warriors 2-6
  twice, 7-10 once, each God once, two Delphi cards).  Hades, Moira and
  Hera remove every 7, 9 or 10 already lying there; ``["card", "zeus",
  index]`` also removes the card at that 0-based position (as the display
  lies before the Zeus card is placed).
- ``["remove", index]``: take the card at ``index`` out (an opponent's
  Zeus, Hades, Moira or Hera).  It stays used: a card is played once.
- ``["poseidon", 0 or 1]``: an opponent's Poseidon lies in the March.
- ``["clear"]``: empty display, full supply, no Poseidon.

State: ``cards`` (codes, left to right), ``names()``, ``value()`` (int,
halving included), ``raw()`` (before halving), ``poseidon`` (bool),
``left(code)`` (copies still playable).
"""
from games.delphi import cards
from games.delphi.display import raw_value
from games.delphi.march import place


class DisplayCalc:
    """One display with live value (module docstring)."""

    NAME = "delphi-calc"

    def __init__(self, setup=None, seed=0):
        self.seed = seed
        self._clear()

    def _clear(self):
        self.cards = []
        self.used = bytearray(len(cards.SUPPLY))
        self.poseidon = False

    def raw(self):
        """Display value before an opponent's Poseidon halves it."""
        return raw_value(self.cards)

    def value(self):
        """Live display value (int)."""
        v = raw_value(self.cards)
        return v // 2 if self.poseidon else v

    def names(self):
        """Card names left to right."""
        return [cards.NAMES[c] for c in self.cards]

    def left(self, code):
        """Copies of ``code`` still playable into this display."""
        return cards.SUPPLY[code] - self.used[code]

    def apply(self, cmd):
        """Apply one command; ValueError (state unchanged) if not legal."""
        if not isinstance(cmd, (list, tuple)) or not cmd:
            raise ValueError("bad command")
        op = cmd[0]
        if op == "card":
            if len(cmd) not in (2, 3):
                raise ValueError("card needs a name")
            code = cards.code_of(cmd[1])
            if code == cards.PASS:
                raise ValueError("the Pass card is not placed")
            if self.used[code] >= cards.SUPPLY[code]:
                raise ValueError("no %s left" % cards.NAMES[code])
            target = None
            if len(cmd) == 3:
                if code != cards.ZEUS:
                    raise ValueError("only Zeus names a target")
                target = (0, cmd[2])
            disp = [list(self.cards)]
            place(disp, 0, code, target)
            self.cards = disp[0]
            self.used[code] += 1
        elif op == "remove":
            k = cmd[1] if len(cmd) == 2 else None
            if not isinstance(k, int) or isinstance(k, bool) or not (0 <= k < len(self.cards)):
                raise ValueError("no card at that position")
            self.cards.pop(k)
        elif op == "poseidon":
            if len(cmd) != 2 or cmd[1] not in (0, 1):
                raise ValueError("poseidon 0 or 1")
            self.poseidon = bool(cmd[1])
        elif op == "clear":
            self._clear()
        else:
            raise ValueError("unknown command %r" % (op,))
