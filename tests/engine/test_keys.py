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


def test_tap_of_20_ms_counts():
    assert run([(20, bit(DOWN)), (200, 0)], 0) == [DOWN]
    assert run([(20, bit(OK)), (200, 0)], 0) == [OK]


def first_event_at(timeline, start=0):
    """ms from ``start`` at which the first event comes out (polled every 5 ms)."""
    b = Buttons(Clock())
    t = start
    for ms, mask in timeline:
        for _ in range(ms // 5):
            b.update(mask, t)
            k = b.get()
            if k:
                return ticks_diff(t, start), k
            t = ticks_add(t, 5)
    return None


def test_press_known_on_its_first_edge():
    # The first poll that sees the contact closed reports it: no wait for a stable level.
    assert first_event_at([(10, 0), (100, bit(UP)), (100, 0)]) == (10, UP)


def test_ok_known_on_its_first_release_edge():
    assert first_event_at([(200, bit(OK)), (100, 0)]) == (200, OK)


def test_long_press_measured_from_the_first_edge():
    assert first_event_at([(1500, bit(OK)), (100, 0)]) == (1000, BACK)


def test_keys_pressed_before_any_get_come_out_in_order():
    b = Buttons(Clock())
    t = 0
    for mask in (bit(UP), 0, bit(DOWN), 0, bit(BACK), 0, bit(OK), 0):
        b.update(mask, t)
        t += 60
    out = []
    k = b.get()
    while k:
        out.append(k)
        k = b.get()
    assert out == [UP, DOWN, BACK, OK]


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
    assert run([(30, bit(UP)), (200, 0)], start) == [UP]
    # Chatter across the wrap is still one press.
    assert run([(5, bit(UP)), (5, 0), (5, bit(UP)), (100, bit(UP)), (100, 0)], start) == [UP]
    assert run([(100, bit(UP)), (200, 0)], start) == [UP]


def test_ticks_diff_across_wrap():
    assert ticks_diff(ticks_add(PERIOD - 10, 30), PERIOD - 10) == 30
    assert ticks_diff(5, PERIOD - 5) == 10
