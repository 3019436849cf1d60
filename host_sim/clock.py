"""MicroPython's ``ticks_ms`` arithmetic on the host, wrapping at 2**30 like the Pico."""
TICKS_PERIOD = 1 << 30
_HALF = TICKS_PERIOD // 2


def ticks_add(t, delta):
    return (t + delta) % TICKS_PERIOD


def ticks_diff(a, b):
    """Signed a - b in (-2**29, 2**29], correct across the wrap."""
    return ((a - b + _HALF) % TICKS_PERIOD) - _HALF


class FakeClock:
    """A clock the tests move by hand; starts at ``start`` (default near the wrap)."""

    def __init__(self, start=TICKS_PERIOD - 5000):
        self.now = start % TICKS_PERIOD

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        self.now = ticks_add(self.now, ms)

    ticks_add = staticmethod(ticks_add)
    ticks_diff = staticmethod(ticks_diff)
