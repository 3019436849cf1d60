"""Partial display updates and a display that fails, through the recording fake I2C."""
from device_run import BenchClock as Clock
from display import Flusher

try:
    from time import ticks_add, ticks_diff  # MicroPython's own tick arithmetic
except ImportError:
    from host_sim.clock import ticks_add, ticks_diff
from fake_display import FakeI2C, FakeSSD1306


class TickClock:
    """The port's own tick arithmetic (2**30 on the Pico), moved by hand."""

    def __init__(self, now):
        self.now = now

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        self.now = ticks_add(self.now, ms)


TickClock.ticks_add = staticmethod(ticks_add)
TickClock.ticks_diff = staticmethod(ticks_diff)


def make(i2c):
    buf = bytearray(1024)
    return buf, Flusher(buf, lambda: FakeSSD1306(i2c), Clock())


def test_first_show_sends_the_whole_frame():
    i2c = FakeI2C()
    buf, f = make(i2c)
    buf[5] = 0xAA
    assert f.show()
    assert i2c.ram == buf
    # 25 init commands + one window (0x00 and 6 commands in one write) + 1 + 1024 data bytes
    assert i2c.bytes == 25 * 2 + 7 + 1 + 1024


def test_only_the_changed_span_is_sent():
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before = i2c.bytes
    buf[3 * 128 + 10] = 1
    buf[3 * 128 + 14] = 1
    f.show()
    assert i2c.bytes - before == 7 + 1 + 5  # one page, columns 10-14
    assert i2c.ram == buf
    before = i2c.bytes
    f.show()
    assert i2c.bytes == before  # nothing changed, nothing sent


def test_missing_display_at_start_then_recovers():
    i2c = FakeI2C()
    i2c.dead = True
    buf, f = make(i2c)
    buf[0] = 7
    assert not f.show()
    f.retry(0)
    assert f.drv is None
    i2c.dead = False
    buf[1] = 9
    f.retry(500)  # less than a second after the last try: waits
    assert f.drv is None
    f.retry(1000)
    assert f.drv is not None and i2c.ram == buf


def test_failure_mid_frame_repaints_everything_after():
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    buf[100] = 1
    buf[900] = 1
    i2c.fail = 3  # EIO in the middle of the update
    assert not f.show()
    assert f.drv is None
    for t in (5000, 6000, 7000):  # the display answers again on the third try
        f.retry(t)
    assert f.drv is not None and i2c.ram == buf


def test_a_region_over_several_pages_is_one_window():
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before = i2c.bytes
    writes = i2c.writes
    for page in (2, 3, 4):  # a 5-column box across three pages
        for x in range(40, 45):
            buf[page * 128 + x] = 0xFF
    buf[3 * 128 + 46] = 1  # one page a little wider
    f.show()
    assert i2c.ram == buf
    assert i2c.bytes - before == 7 + 3 * (1 + 7)  # one window: pages 2-4, columns 40-46
    assert i2c.writes - writes == 1 + 3  # its set-up once, a data write per page


def test_far_apart_changes_are_separate_windows():
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before = i2c.bytes
    buf[0 * 128 + 3] = 1
    buf[7 * 128 + 120] = 1
    f.show()
    assert i2c.ram == buf
    assert i2c.bytes - before == 2 * (7 + 1 + 1)


def test_a_display_lost_after_six_days_is_retried_at_once():
    # ticks_ms is past 2**29 after 6.2 days (half its period): ticks_diff(now, 0) is negative, so a
    # first retry time of 0 waited for the counter to wrap (another 6.2 days).
    from engine.test_keys import PERIOD as TICKS_PERIOD

    clock = TickClock(TICKS_PERIOD // 2 + 5000)
    i2c = FakeI2C()
    i2c.dead = True
    buf = bytearray(1024)
    f = Flusher(buf, lambda: FakeSSD1306(i2c), clock)
    assert not f.show()
    i2c.dead = False
    f.retry(clock.ticks_ms())
    assert f.drv is not None
    # and across the wrap of the counter: lost just before it, retried a second later
    clock.now = TICKS_PERIOD - 300
    i2c.dead = True
    buf[9] = 1
    assert not f.show()
    i2c.dead = False
    f.retry(clock.ticks_ms())  # the display is back; tried once at once
    f.drv = None
    clock.advance(500)
    f.retry(clock.ticks_ms())  # half a second later: waits
    assert f.drv is None
    clock.advance(600)
    f.retry(clock.ticks_ms())  # past the wrap, a second after: tried
    assert f.drv is not None and i2c.ram == buf


def test_a_missing_or_wrong_driver_keeps_running_headless():
    for exc in (ImportError("no module named 'ssd1306'"), AttributeError("'module' has no attribute 'SSD1306_I2C'"),
                TypeError("bad arguments")):
        def connect(e=exc):
            raise e

        f = Flusher(bytearray(1024), connect, Clock())
        assert not f.show()
        f.retry(0)
        assert f.drv is None and f.error and type(exc).__name__ in f.error


def test_the_builtin_transport_drives_the_panel_like_the_driver():
    from oled import BuiltinSSD1306

    mine, theirs = FakeI2C(), FakeI2C()
    buf = bytearray(1024)
    for i in range(0, 1024, 7):
        buf[i] = i & 0xFF
    f = Flusher(buf, lambda: BuiltinSSD1306(mine), Clock())
    g = Flusher(bytearray(buf), lambda: FakeSSD1306(theirs), Clock())
    assert f.show() and g.show()
    assert mine.ram == buf
    # the driver's set-up plus the internal IREF command pair of micropython-lib's newer driver
    assert mine.bytes == theirs.bytes + 2 * 2 and mine.writes == theirs.writes + 2


def test_a_wide_unchanged_gap_splits_a_page_into_two_windows():
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before = i2c.bytes
    buf[5 * 128 + 5] = 1
    buf[5 * 128 + 100] = 1
    buf[6 * 128 + 7] = 1
    f.show()
    assert i2c.ram == buf
    # three one-byte windows, not page 5 columns 5-100 (96 bytes) and page 6
    assert i2c.bytes - before == 3 * (7 + 1 + 1)


def test_a_window_set_up_is_one_command_write():
    # The column and page window (0x21 c0 c1 0x22 p0 p1) goes out as one I2C write with the
    # control byte 0x00 (SSD1306 datasheet 8.1.5: Co=0, D/C#=0, commands to the end), not
    # as six 0x80-prefixed writes: 7 bytes instead of 12, one bus address instead of six.
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before, writes = i2c.bytes, i2c.writes
    buf[4 * 128 + 64] = 0x3C
    f.show()
    assert i2c.ram == buf
    assert i2c.writes - writes == 2  # set-up, data
    assert i2c.bytes - before == 7 + 1 + 1


def test_an_unchanged_gap_longer_than_a_window_set_up_is_skipped():
    # 12 unchanged columns between two changes cost more than a second window (10 bus bytes:
    # two addresses, 0x00 and 6 commands, 0x40): two windows of one byte each.
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before = i2c.bytes
    buf[2 * 128 + 30] = 1
    buf[2 * 128 + 43] = 1
    f.show()
    assert i2c.ram == buf
    assert i2c.bytes - before == 2 * (7 + 1 + 1)
