"""Logical keys and the button logic: debounce, long press, auto-repeat.

Pure logic, no ``machine``: the board polls its pins every few ms and
calls ``Buttons.update(mask, now)``; events come out of ``get()``.
Ticks are MicroPython ``ticks_ms`` values (they wrap at 2**30 on the
Pico): every comparison goes through ``clock.ticks_diff`` and every sum
through ``clock.ticks_add``.  ``update`` allocates nothing, so it may also
run from a timer callback.

A press is reported on its first edge, so a key is known as soon as the
contact closes; bounce is filtered by ignoring further edges of that key
for _DEBOUNCE_MS (a level still different after that window is a real
edge).  That window is 20 ms after a press and after a release: longer than
a tact switch's chatter, short enough that presses of 20 ms with gaps of
30 ms, sampled every 5 ms wherever their edges fall, all count, in order
(the lock after a release must end before the next press is over).  A long OK press (about
1 s, from the first edge) is BACK and swallows the short OK of that press,
so UP, DOWN and OK are enough to use everything (Peter Hinch's micro-gui
timing): that is why OK alone acts on release.  BACK held _HOME_MS is reported a second time as
HOME: inside a game, the way back to its menu from any screen; a long OK held _HOME_MS more does
the same, so a device without a BACK button has HOME too.

Events wait in a ring of _QLEN keys with one writer (``update``) and one
reader (``get``), each moving only its own index: ``update`` may run from
a soft timer callback between any two bytecodes of the loop that calls
``get`` and no key is lost or reordered.
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

UP = const(1)
DOWN = const(2)
OK = const(3)
BACK = const(4)
LEFT = const(5)
RIGHT = const(6)
HOME = const(7)  # not a button: BACK held _HOME_MS
NAMES = ("", "UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT", "HOME")

_DEBOUNCE_MS = const(20)  # (an underscore const is no global: no qstr kept)
LONG_MS = const(1000)
_REPEAT_DELAY_MS = const(450)  # the first repeat of a held UP/DOWN/LEFT/RIGHT
_HOME_MS = const(450)  # BACK held this long: HOME as well
_HOME_AGAIN_MS = const(1 << 24)  # about 4.7 h: one HOME a press
_REPEAT_MS = const(150)
_NKEYS = const(7)
_QLEN = const(16)


def bit(key):
    """Mask bit of a logical key in the ``mask`` passed to ``update``."""
    return 1 << key


class Buttons:
    """Debounced key events from a polled bitmask.

    ``clock``: object with ``ticks_diff(a, b)`` and ``ticks_add(t, d)``
    (the ``time`` module on MicroPython).  ``update(mask, now)``: ``mask``
    has ``bit(key)`` set for each key held down now; ``now`` a ticks_ms value.
    ``get()``: next key event (UP..RIGHT) or 0, oldest first.  UP, DOWN,
    LEFT and RIGHT fire on press and repeat while held (first after 450 ms, then every
    150 ms); BACK fires on press, and HOME once it has been held 450 ms; OK fires on
    release, or as BACK once it has been held LONG_MS and as HOME 450 ms after that.
    """

    def __init__(self, clock, debounce_ms=_DEBOUNCE_MS, long_ms=LONG_MS):
        self.clock = clock
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.stable = 0       # debounced mask
        self.locked = 0       # keys whose last edge is younger than debounce_ms
        self.changed = [0] * _NKEYS   # tick of the last accepted edge per key
        self.since = [0] * _NKEYS     # tick the press began (OK) / next repeat
        self.long_done = 0  # OK held: 1 once its BACK is out, 2 once its HOME is
        self.queue = bytearray(_QLEN)
        self.w = 0   # next slot to write: only update() moves it
        self.r = 0   # next slot to read: only get() moves it

    def _emit(self, key):
        w = self.w
        nxt = (w + 1) % _QLEN
        if nxt != self.r:  # a full queue drops keys rather than allocating
            self.queue[w] = key
            self.w = nxt

    def get(self):
        r = self.r
        if r == self.w:
            return 0
        k = self.queue[r]
        self.r = (r + 1) % _QLEN
        return k

    def update(self, mask, now):
        clock = self.clock
        for key in range(1, _NKEYS):
            b = 1 << key
            held = mask & b
            if self.locked & b:
                if clock.ticks_diff(now, self.changed[key]) < self.debounce_ms:
                    continue  # bounce after an edge just taken: ignore this key's level
                self.locked &= ~b
            if (self.stable & b) != held:
                self.stable ^= b
                self.changed[key] = now
                self.locked |= b
                if held:
                    self._press(key, now)
                else:
                    self._release(key)
            elif held:
                self._hold(key, now)

    def _press(self, key, now):
        if key == OK:
            self.since[key] = now
            self.long_done = 0
        else:
            self._emit(key)
            self.since[key] = self.clock.ticks_add(now, _REPEAT_DELAY_MS if key != BACK else _HOME_MS)

    def _release(self, key):
        if key == OK and not self.long_done:
            self._emit(OK)

    def _hold(self, key, now):
        if key == OK:
            if self.long_done < 2:
                held = self.clock.ticks_diff(now, self.since[key])
                if not self.long_done and held >= self.long_ms:
                    self.long_done = 1
                    self._emit(BACK)
                elif self.long_done and held >= self.long_ms + _HOME_MS:
                    self.long_done = 2
                    self._emit(HOME)
        elif self.clock.ticks_diff(now, self.since[key]) >= 0:
            self._emit(HOME if key == BACK else key)
            # BACK's HOME once a press: its next "repeat" hours away (within a quarter of the
            # tick period of every port: adafruit_ticks wraps at 2**29 ms and refuses 2**28)
            self.since[key] = self.clock.ticks_add(self.since[key], _REPEAT_MS if key != BACK else _HOME_AGAIN_MS)
