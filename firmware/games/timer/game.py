"""The Timer's engine: whose turn it is among 2-8 players, passed one by one.

Not a game of the rulebooks: the table's clock for any game the device does not know.  Like
the games it is a ``session`` game class, so every pass is saved, survives a power cut and is
undone one at a time; the time itself is the session's clock (``games.clock``), never read here.

Setup: ``{"players": 2-8}``.  Commands (ValueError, state unchanged, for anything else):
``["pass"]``: the next player's turn (seat order, round and round).
State: ``players``, ``turn`` (the seat whose turn it is, 0 first), ``passes`` (made so far),
``round`` (1 + the times the turn came back to the first seat).
"""
from session import dispatch

MAX_PLAYERS = 8


class TimerGame:
    """See the module docstring."""

    NAME = "timer"

    def __init__(self, setup, seed):
        n = setup.get("players") if isinstance(setup, dict) else None
        if type(n) is not int or not 2 <= n <= MAX_PLAYERS:
            raise ValueError("2-%d players" % MAX_PLAYERS)
        self.players = n
        self.turn = 0
        self.passes = 0
        self.round = 1

    def apply(self, cmd):
        """Apply one command (module docstring) through its ``do_`` method (``VERBS``)."""
        if not isinstance(cmd, list):
            raise ValueError("bad command")
        dispatch(self, self.VERBS, cmd)(cmd)

    def do_pass(self, cmd):
        """``["pass"]``: the turn goes to the next seat.  ValueError with arguments."""
        if len(cmd) != 1:
            raise ValueError("pass takes nothing")
        self.turn = (self.turn + 1) % self.players
        self.passes += 1
        if not self.turn:
            self.round += 1

    VERBS = ("pass",)
