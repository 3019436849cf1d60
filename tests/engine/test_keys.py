"""Button logic: debounce, long press as BACK, auto-repeat, HOME (BACK held), tick wrap."""
from keys import BACK, DOWN, HOME, OK, UP, Buttons, bit

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
    ev = run([(1400, bit(OK)), (100, 0)], 0)
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


def events_at(timeline, start=0):
    """[(ms from ``start``, key)] of every event (polled every 5 ms)."""
    b = Buttons(Clock())
    t = start
    out = []
    for ms, mask in timeline:
        for _ in range(ms // 5):
            b.update(mask, t)
            k = b.get()
            while k:
                out.append((ticks_diff(t, start), k))
                k = b.get()
            t = ticks_add(t, 5)
    return out


def test_a_held_up_repeats_after_450_ms_then_every_150_ms():
    # The figures: the first repeat about 450 ms after the press, then every 150 ms
    assert events_at([(1100, bit(UP)), (100, 0)]) == [(0, UP), (450, UP), (600, UP), (750, UP), (900, UP),
                                                      (1050, UP)]


def test_back_held_450_ms_is_home_as_well_once():
    assert events_at([(3000, bit(BACK)), (100, 0)]) == [(0, BACK), (450, HOME)]
    assert events_at([(400, bit(BACK)), (100, 0)]) == [(0, BACK)]  # a short BACK: no HOME
    # Without a BACK button a long OK is BACK: held 450 ms more, HOME as well, once
    assert events_at([(3000, bit(OK)), (100, 0)]) == [(1000, BACK), (1450, HOME)]
    assert events_at([(1400, bit(OK)), (100, 0)]) == [(1000, BACK)]


class CircuitPythonClock:
    """adafruit_ticks' arithmetic (CircuitPython's boards): ticks wrap at 2**29 ms and
    ``ticks_add`` refuses a delta of a half period or more (OverflowError)."""

    @staticmethod
    def ticks_add(t, d):
        if not -(1 << 28) < d < (1 << 28):
            raise OverflowError("ticks interval overflow")
        return (t + d) % (1 << 29)

    @staticmethod
    def ticks_diff(a, b):
        return ((a - b + (1 << 28)) % (1 << 29)) - (1 << 28)


def test_every_key_held_on_circuitpythons_ticks():
    b = Buttons(CircuitPythonClock())
    t = (1 << 29) - 1000  # across the wrap too
    out = []
    for key in (UP, DOWN, BACK, OK):
        for mask in [bit(key)] * 600 + [0] * 20:  # held 3 s
            b.update(mask, t)
            t = (t + 5) % (1 << 29)
            k = b.get()
            while k:
                out.append(k)
                k = b.get()
    assert out.count(HOME) == 2 and out.count(BACK) == 2 and out.count(UP) == out.count(DOWN) > 10


def test_home_across_the_tick_wrap():
    assert events_at([(1000, bit(BACK)), (100, 0)], PERIOD - 200) == [(0, BACK), (450, HOME)]


def test_tick_wrap_long_press():
    # Start 300 ms before ticks_ms wraps at 2**30: the long press still takes ~1 s.
    start = PERIOD - 300
    assert run([(1300, bit(OK)), (100, 0)], start) == [BACK]
    assert run([(1500, bit(OK)), (100, 0)], start) == [BACK, HOME]
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


def presses(n, down_ms, up_ms, key=DOWN, lead_ms=0):
    """A 1 ms timeline: ``lead_ms`` idle, then ``n`` presses of ``down_ms`` with ``up_ms`` between,
    then 300 ms idle."""
    out = [(lead_ms, 0)] if lead_ms else []
    for _ in range(n):
        out.append((down_ms, bit(key)))
        out.append((up_ms, 0))
    out.append((300, 0))
    return out


def run_fine(timeline, start=0, poll_ms=5, phase=0):
    """Like ``run``, but the timeline is in 1 ms steps and the keys are polled every ``poll_ms``
    from ``phase`` ms on, as the Pico's key timer samples pins whose edges fall anywhere."""
    b = Buttons(Clock())
    out = []
    t = 0
    for ms, mask in timeline:
        for _ in range(ms):
            if t >= phase and (t - phase) % poll_ms == 0:
                b.update(mask, ticks_add(start, t))
                k = b.get()
                while k:
                    out.append(k)
                    k = b.get()
            t += 1
    return out


def test_fast_presses_all_counted():
    # Issue 21: presses of 30 ms every 60 ms (30 ms gaps) were 3 of 5 with the 50 ms lock.
    assert run_fine(presses(5, 30, 30)) == [DOWN] * 5
    assert run_fine(presses(5, 30, 30, OK)) == [OK] * 5


def test_presses_of_20_ms_with_30_ms_gaps_all_counted_whatever_the_phase():
    # Issue 21's budget: no key lost for presses >= 20 ms with gaps >= 30 ms, wherever the
    # edges fall between two samples of the 5 ms key timer.
    for key in (DOWN, OK):
        for down in (20, 23, 27):
            for up in (30, 34):
                for phase in range(5):
                    ev = run_fine(presses(6, down, up, key, lead_ms=7), phase=phase)
                    assert ev == [key] * 6, (key, down, up, phase, ev)


def test_mixed_fast_keys_come_out_in_order():
    timeline = []
    for key in (UP, DOWN, OK, BACK, UP, OK):
        timeline.append((20, bit(key)))
        timeline.append((30, 0))
    timeline.append((300, 0))
    for phase in range(5):
        assert run_fine(timeline, phase=phase) == [UP, DOWN, OK, BACK, UP, OK]


def test_bounce_on_press_and_release_of_a_fast_press_is_one_key():
    # Contacts that chatter for 4 ms on closing and on opening (every 1 ms) inside 25 ms presses
    # with 35 ms gaps: one key per press, none doubled.
    one = [(1, bit(DOWN)), (1, 0)] * 2 + [(21, bit(DOWN))] + [(1, 0), (1, bit(DOWN))] * 2 + [(31, 0)]
    for phase in range(5):
        assert run_fine(one * 4 + [(300, 0)], phase=phase) == [DOWN] * 4
