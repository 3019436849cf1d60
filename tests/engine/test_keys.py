"""Button logic: debounce, long press as BACK, auto-repeat, tick wrap."""
from keys import BACK, DOWN, OK, UP, Buttons, bit

try:
    from time import ticks_add, ticks_diff  # MicroPython's own tick arithmetic
except ImportError:
    from host_sim.clock import ticks_add, ticks_diff

# The wrap point of this port's ticks_ms: 2**30 on the Pico and in host_sim.clock,
# larger on the 64-bit unix port; the tests straddle whichever it is.
PERIOD = ticks_add(0, -1) + 1


class Clock:
    pass


Clock.ticks_add = staticmethod(ticks_add)
Clock.ticks_diff = staticmethod(ticks_diff)


def run(timeline, start):
    """timeline: list of (ms, mask) held for ms, polled every 5 ms; returns events."""
    b = Buttons(Clock())
    t = start
    out = []
    for ms, mask in timeline:
        for _ in range(ms // 5):
            b.update(mask, t)
            t = ticks_add(t, 5)
            k = b.get()
            while k:
                out.append(k)
                k = b.get()
    return out


def test_bounce_gives_one_press():
    # 20 ms of chatter (on/off every 5 ms), then held 100 ms, released.
    chatter = [(5, bit(UP)), (5, 0)] * 2
    ev = run(chatter + [(100, bit(UP)), (100, 0)], 1000)
    assert ev == [UP]


def test_short_ok_on_release():
    assert run([(200, bit(OK)), (100, 0)], 0) == [OK]


def test_long_ok_is_back_and_swallows_ok():
    ev = run([(1500, bit(OK)), (100, 0)], 0)
    assert ev == [BACK]


def test_press_shorter_than_debounce_is_ignored():
    assert run([(20, bit(DOWN)), (200, 0)], 0) == []


def test_auto_repeat_when_held():
    # Held 1000 ms: first at ~50 ms, repeats from 550 ms every 150 ms: 550, 700, 850, (1000 edge)
    ev = run([(1000, bit(DOWN)), (100, 0)], 0)
    assert ev[0] == DOWN and 4 <= len(ev) <= 5


def test_tick_wrap_long_press():
    # Start 300 ms before ticks_ms wraps at 2**30: the long press still takes ~1 s.
    start = PERIOD - 300
    assert run([(1500, bit(OK)), (100, 0)], start) == [BACK]
    assert run([(600, bit(OK)), (100, 0)], start) == [OK]


def test_tick_wrap_debounce():
    start = PERIOD - 20
    assert run([(30, bit(UP)), (200, 0)], start) == []
    assert run([(100, bit(UP)), (200, 0)], start) == [UP]


def test_ticks_diff_across_wrap():
    assert ticks_diff(ticks_add(PERIOD - 10, 30), PERIOD - 10) == 30
    assert ticks_diff(5, PERIOD - 5) == 10
