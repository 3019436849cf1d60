"""Logical keys and the button logic: debounce, long press, auto-repeat.

Pure logic, no ``machine``: the board polls its pins every few ms and
calls ``Buttons.update(mask, now)``; events come out of ``get()``.
Ticks are MicroPython ``ticks_ms`` values (they wrap at 2**30 on the
Pico): every comparison goes through ``clock.ticks_diff`` and every sum
through ``clock.ticks_add``.  ``update`` allocates nothing, so it may also
run from a timer callback.

Timing follows Peter Hinch's micro-gui: about 50 ms debounce, a long OK
press (about 1 s) is BACK and swallows the short OK of that press, so
UP, DOWN and OK are enough to use everything.
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

UP = const(1)
DOWN = const(2)
OK = const(3)
BACK = const(4)
LEFT = const(5)
RIGHT = const(6)
NAMES = ("", "UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT")

DEBOUNCE_MS = const(50)
LONG_MS = const(1000)
REPEAT_DELAY_MS = const(500)
REPEAT_MS = const(150)
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
    ``get()``: next key event (UP..RIGHT) or 0.  UP, DOWN, LEFT and RIGHT
    fire on press and repeat while held; BACK fires on press; OK fires on
    release, or as BACK once it has been held LONG_MS.
    """

    def __init__(self, clock, debounce_ms=DEBOUNCE_MS, long_ms=LONG_MS):
        self.clock = clock
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.raw = 0          # last raw mask seen
        self.stable = 0       # debounced mask
        self.changed = [0] * _NKEYS   # tick of the last raw change per key
        self.since = [0] * _NKEYS     # tick the debounced press began / next repeat
        self.long_done = False
        self.queue = bytearray(_QLEN)
        self.head = 0
        self.count = 0

    def _emit(self, key):
        if self.count < _QLEN:  # a full queue drops keys rather than allocating
            self.queue[(self.head + self.count) % _QLEN] = key
            self.count += 1

    def get(self):
        if not self.count:
            return 0
        k = self.queue[self.head]
        self.head = (self.head + 1) % _QLEN
        self.count -= 1
        return k

    def update(self, mask, now):
        clock = self.clock
        diff = mask ^ self.raw
        self.raw = mask
        for key in range(1, _NKEYS):
            b = 1 << key
            if diff & b:
                self.changed[key] = now
            held = mask & b
            if (self.stable & b) != held:
                if clock.ticks_diff(now, self.changed[key]) < self.debounce_ms:
                    continue  # still bouncing
                self.stable ^= b
                if held:
                    self._press(key, now)
                else:
                    self._release(key)
            elif held:
                self._hold(key, now)

    def _press(self, key, now):
        if key == OK:
            self.since[key] = now
            self.long_done = False
        else:
            self._emit(key)
            self.since[key] = self.clock.ticks_add(now, REPEAT_DELAY_MS)

    def _release(self, key):
        if key == OK and not self.long_done:
            self._emit(OK)

    def _hold(self, key, now):
        if key == OK:
            if not self.long_done and self.clock.ticks_diff(now, self.since[key]) >= self.long_ms:
                self.long_done = True
                self._emit(BACK)
        elif key != BACK and self.clock.ticks_diff(now, self.since[key]) >= 0:
            self._emit(key)
            self.since[key] = self.clock.ticks_add(self.since[key], REPEAT_MS)
