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
from session import dispatch
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
        """Apply one command through its ``do_`` method (``VERBS``, ``session.dispatch``);
        ValueError (state unchanged) if not legal."""
        dispatch(self, self.VERBS, cmd)(cmd)

    def do_card(self, cmd):
        """``["card", name]`` or ``["card", "zeus", index]``: place a card, its God effects
        applied (001, The Display).  ValueError for the Pass card, a card out of supply or
        a target named by another card than Zeus."""
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

    def do_remove(self, cmd):
        """``["remove", index]``: take the card at 0-based ``index`` out (an opponent's Zeus,
        Hades, Moira or Hera; 001, The Display).  ValueError with no card there."""
        k = cmd[1] if len(cmd) == 2 else None
        if not isinstance(k, int) or isinstance(k, bool) or not (0 <= k < len(self.cards)):
            raise ValueError("no card at that position")
        self.cards.pop(k)

    def do_poseidon(self, cmd):
        """``["poseidon", 0 or 1]``: an opponent's Poseidon lies in the March (001, The
        Display: the value is halved).  ValueError for anything but 0 or 1."""
        if len(cmd) != 2 or cmd[1] not in (0, 1):
            raise ValueError("poseidon 0 or 1")
        self.poseidon = bool(cmd[1])

    def do_clear(self, cmd):
        """``["clear"]``: empty display, full supply, no Poseidon."""
        self._clear()

    # the verbs of ``session.dispatch``, a ``do_`` method each
    VERBS = ("card", "remove", "poseidon", "clear")
