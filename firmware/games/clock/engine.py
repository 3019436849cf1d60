"""The table's clock: each player's thinking time, a turn limit, or a chess clock.

Time is never an input to a rule: the clock lives beside the game (``Session.clock``, saved
as the save's ``"clock"``), never in its commands, so a replay of the commands is the same
game whatever the clock says.  Whose time runs is asked of the game's UI module
(``clock_player(app)``: the player, 0..n-1, or -1 when no player's: set-up, the device's
own turn (Khaos's, the Tholos opponent's), a round's end, the game over).

Modes (``mode``): ``COUNT`` counts each player's time on their turns; ``LIMIT`` counts a
turn down from ``secs`` seconds, then the overtime up; ``CHESS`` gives each player a bank of
``secs`` seconds for the whole game, counted down on their turns, then their overtime up.  The
game goes on whatever the clock shows.

Undo: each closed turn is logged with the number of commands there were when it closed
(``log``: [player, ms, commands], the last ``KEEP``); when an undo takes the commands back
below that number, the turn runs again with its time (``undo_to``): the time goes back to the
clock it came from, and the turn that was running is dropped.  A power cut loses at most
the running turn's time since the last save (``run`` is saved with every save).

All times are integer milliseconds; ``advance(ms)`` is fed from the board's ticks
(``games.clock.ui``), never read here.  ``ui``: that module, set by it (the App's hooks reach
the clock's screens through the game's clock: ``session.clock.ui``).
"""
from micropython import const

COUNT = const(1)
LIMIT = const(2)
CHESS = const(3)
MODES = ("Off", "Count", "Turn limit", "Chess clock")
WARN_MS = const(10000)  # the warning, before the end of a turn limit or a bank
KEEP = const(48)  # closed turns kept for undo (older ones stay counted)
NORMAL = const(0)
WARN = const(1)
OVER = const(2)
_MAX = const(1 << 29)  # ms: far above any evening, below MicroPython's small ints on every port


def fmt(ms):
    """``ms`` (>= 0) as a clock reads: "m:ss" under 100 minutes, else "hhmm" as "1h40"."""
    s = ms // 1000
    if s < 6000:
        return "%d:%02d" % (s // 60, s % 60)
    return "%dh%02d" % (s // 3600, s // 60 % 60)


class TurnClock:
    """See the module docstring.  ``TurnClock(mode, n, secs)``: ``n`` players (1-8),
    ``secs`` the turn limit or the bank (ignored by ``COUNT``).  ValueError otherwise.

    ``spent[p]``, ``turns[p]``: ms and turns of ``p``'s closed turns; ``cur`` the player
    whose turn runs (-1: none); ``run`` its ms so far."""

    ui = None  # the clock's screens (``games.clock.ui``), set by them

    def __init__(self, mode, n, secs=0):
        if mode not in (COUNT, LIMIT, CHESS) or type(n) is not int or not 1 <= n <= 8:
            raise ValueError("clock")
        if type(secs) is not int or not 0 <= secs <= 36000 or (mode != COUNT and not secs):
            raise ValueError("clock")
        self.mode = mode
        self.n = n
        self.secs = secs
        self.spent = [0] * n
        self.turns = [0] * n
        self.cur = -1
        self.run = 0
        self.log = []
        # the screens' (``games.clock.ui``), never saved: the ticks of the last count, the text and
        # warning state on the panel, when the buzzer stops
        self.t0 = None
        self.shown = None
        self.shown_state = NORMAL
        self.buzz_until = None

    def advance(self, ms):
        """``ms`` more on the running turn (none running: nothing)."""
        if self.cur >= 0 and ms > 0:
            self.run = min(self.run + ms, _MAX)

    def switch(self, who, ncmds):
        """The running turn closes (logged at ``ncmds`` commands) and ``who``'s starts (-1: none)."""
        p = self.cur
        if p >= 0:
            self.spent[p] = min(self.spent[p] + self.run, _MAX)
            self.turns[p] += 1
            log = self.log
            log.append([p, self.run, ncmds])
            if len(log) > KEEP:
                log.pop(0)
        self.cur = who if 0 <= who < self.n else -1
        self.run = 0

    def undo_to(self, ncmds):
        """The game is back at ``ncmds`` commands (an undo): each turn closed after that runs
        again with its time, the last one running now.  True if any came back."""
        log = self.log
        back = False
        while log and log[-1][2] > ncmds:
            p, ms, _n = log.pop()
            self.spent[p] = max(0, self.spent[p] - ms)
            self.turns[p] = max(0, self.turns[p] - 1)
            self.cur = p
            self.run = ms
            back = True
        return back

    def total(self, p):
        """ms of player ``p``'s turns, the running one included."""
        return self.spent[p] + (self.run if p == self.cur else 0)

    def left(self, p):
        """ms left to player ``p`` (negative: overtime): this turn's (``LIMIT``) or the bank
        (``CHESS``); ``COUNT``: the time of the running turn, or of all ``p``'s turns."""
        if self.mode == LIMIT:
            return self.secs * 1000 - (self.run if p == self.cur else 0)
        if self.mode == CHESS:
            return self.secs * 1000 - self.total(p)
        return self.run if p == self.cur else self.spent[p]

    def state(self, p):
        """``NORMAL``, ``WARN`` (the last ``WARN_MS``) or ``OVER`` for player ``p``."""
        if self.mode == COUNT:
            return NORMAL
        v = self.left(p)
        return OVER if v <= 0 else WARN if v <= WARN_MS else NORMAL

    def text(self, p):
        """What the clock shows for ``p``: "0:42", a countdown rounded up ("0:10" at the
        warning, "0:00" only at the end), or the overtime as "+0:05"."""
        v = self.left(p)
        if self.mode == COUNT:
            return fmt(v)
        if v < 0:
            return "+" + fmt(-v)
        return fmt(v + 999)

    def to_doc(self):
        """The save's ``"clock"``: [mode, secs, spent, turns, cur, run, log]."""
        return [self.mode, self.secs, self.spent, self.turns, self.cur, self.run, self.log]


def _ms(v):
    return type(v) is int and 0 <= v <= _MAX


def load(doc):
    """The ``TurnClock`` of a save's ``"clock"`` (``to_doc``), or None for any other shape
    (a file is never trusted: the game goes on without its clock)."""
    try:
        mode, secs, spent, turns, cur, run, log = doc
        c = TurnClock(mode, len(spent), secs)
        if not isinstance(turns, list) or len(turns) != c.n or type(cur) is not int or not -1 <= cur < c.n:
            return None
        for i in range(c.n):
            if not (_ms(spent[i]) and _ms(turns[i])):
                return None
        if not _ms(run) or not isinstance(log, list) or len(log) > KEEP:
            return None
        for e in log:
            if not isinstance(e, list) or len(e) != 3 or not 0 <= e[0] < c.n or not (_ms(e[1]) and _ms(e[2])):
                return None
    except (TypeError, ValueError):
        return None
    c.spent = spent
    c.turns = turns
    c.cur = cur
    c.run = run
    c.log = log
    return c
