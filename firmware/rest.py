"""The screen rests when nobody touches it: dim, then off, and a slow 1-pixel shift.

``Rest(panel, clock, now, prefs)``: ``panel(contrast, on, flip, shift, fast)`` is the
board's optional ``panel`` (``oled.Panel.set`` on the Pico; ``fast``: a QR code is shown, ``code``); ``clock`` has
``ticks_diff``; ``now`` a ticks_ms value; ``prefs`` the settings dict (``prefs``
module: "contrast", "dim" and "off" in seconds, 0 = never, "flip").

Made by ``prefs.start`` as ``board.rest`` on a board with a ``panel``.  The board
passes every key mask it reads through ``keys(mask, now)`` (allocation-free, it may
run in the key timer; it never touches the bus) and calls ``tick(now)`` when idle
(``App.run`` calls ``board.idle()`` only while no background work runs: ticks
more than ``BUSY_MS`` apart mean the device was working, a Tholos search say,
and count as use, so its answer is shown at full contrast).  After "dim" seconds without a key held
the contrast drops to ``DIM``, after "off" seconds the panel is switched off
(SSD1306 0xAE: it keeps its RAM, about 10 uA).  The press that finds the panel
resting only wakes it: ``keys`` returns 0 until every key is up again, so no
event at all comes of it (a tap, a long OK's BACK, auto-repeats), and a player
reaching for the device in the dark does not also act on the game.

Burn-in: nearly every screen has the same lit title bar (rows 0-8) and text on
the same rows for hours.  Every ``SHIFT_MS`` of lit panel the picture moves one
row down and back (SSD1306 display start line, ``shift`` 1 = start line 63): no
redraw, no bus bytes beyond one command, so every static edge (the title bar's
bottom, each text row) spends half its time one row lower and wears half as
much.  The row that wraps to the top is row 63, blank or part of a bottom bar
that is then seen as a 10-row title bar: nothing on screen is lost.  A
horizontal shift would need the Flusher to redraw the whole frame shifted; an
inverted title bar position would move every screen's layout.

A running clock (the table's, ``games.clock``) sets ``hold``: the panel still dims, but is not
switched off while a player's time runs on it.

Ticks are compared with ``ticks_diff`` only: after "off" (or with both times
"never") nothing is compared any more, so the 2**29 ms limit of a tick
difference (6 days) is never reached in a comparison that acts.
"""
from micropython import const

DIM = const(1)  # SSD1306 contrast when dimmed: still readable up close
# The contrast while a QR code is shown (at most): a dimmer panel makes a phone's camera take a longer
# exposure, which spans whole refreshes of the panel instead of catching a dark band mid-refresh.
CODE = const(48)
SHIFT_MS = const(240000)  # 4 minutes between shifts of the picture
BUSY_MS = const(1000)  # idle ticks further apart than this: the loop was busy (background work)
LIT = const(0)
DIMMED = const(1)
OFF = const(2)


class Rest:
    """See the module docstring.  ``state``: LIT, DIMMED or OFF; ``shift``: 0 or 1."""

    def __init__(self, panel, clock, now, prefs):
        self.panel = panel
        self.clock = clock
        self.prefs = prefs
        self.last = now
        self.shift_at = now
        self.ticked = now  # the last tick: a long gap means the device was working
        self.state = LIT
        self.shift = 0
        self.waking = False  # the press that woke the panel is still held: masked out
        self.due = False  # a key found the panel resting: the next tick lights it
        self.coded = False  # a QR code is on the panel (``code``)
        self.hold = False  # a running clock on the panel: dimmed at most, never off
        self.send()

    def send(self):
        """Send the whole panel state (also after a settings change)."""
        p = self.prefs
        c = p["contrast"] if self.state == LIT else DIM
        if self.coded and c > CODE:
            c = CODE
        self.panel(c, self.state != OFF, p["flip"], self.shift, self.coded)

    def code(self, on):
        """A QR code is on the panel (``on``), or no longer: while it is, the panel's oscillator at
        its fastest (``panel``'s ``fast``) and the contrast at most ``CODE``; both as before once
        the screen changes (the App's drawing calls this on every frame, ``screens._draw``)."""
        if on != self.coded:
            self.coded = on
            self.send()

    def keys(self, mask, now):
        """The key ``mask`` read at ``now``, as the App may see it: 0 while the press that
        found the panel resting is held (the panel is lit again by the next ``tick``)."""
        if mask:
            self.last = now
            if self.state != LIT:
                self.waking = True
                self.due = True
        if self.waking:
            if not mask:
                self.waking = False
            return 0
        return mask

    def tick(self, now):
        """Wake, dim, switch off or shift the picture when due; True if the panel changed."""
        p = self.prefs
        st = self.state
        diff = self.clock.ticks_diff
        if diff(now, self.ticked) > BUSY_MS:
            self.last = now  # a search (or a slow step) kept the loop from idling: in use
        self.ticked = now
        if self.due:
            self.due = False
            self.state = LIT
            self.shift_at = now
            self.send()
            return True
        if st == OFF:
            return False
        idle = diff(now, self.last)
        new = st
        off = p["off"]
        dim = p["dim"]
        if off and idle >= off * 1000 and not self.hold:
            new = OFF
        elif st == LIT and dim and idle >= dim * 1000:
            new = DIMMED
        if new == st:
            if diff(now, self.shift_at) < SHIFT_MS:
                return False
            self.shift ^= 1
            self.shift_at = now
        self.state = new
        self.send()
        return True
