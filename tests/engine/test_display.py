"""Partial display updates and a display that fails, through the recording fake I2C.

Costs in the fake's bytes (after each write's address byte): a run is a command stream of
4 bytes (0x00, 0xB0 | page, the column's two nibbles: SSD1306 datasheet 10.1.1-10.1.3) and a
data write of 0x40 and the run's bytes."""
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
    # 27 set-up commands (0x80 each) + 8 pages of (4 set-up bytes + 0x40 + 128 data bytes)
    assert i2c.bytes == 27 * 2 + 8 * (4 + 1 + 128)


def test_only_the_changed_span_is_sent():
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before = i2c.bytes
    buf[3 * 128 + 10] = 1
    buf[3 * 128 + 14] = 1
    f.show()
    assert i2c.bytes - before == 4 + 1 + 5  # one page, columns 10-14
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


def test_a_region_over_several_pages_is_a_run_a_page():
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
    # each page its own columns: 40-44 on pages 2 and 4, 40-46 on page 3
    assert i2c.bytes - before == 3 * (4 + 1) + 5 + 7 + 5
    assert i2c.writes - writes == 3 * 2  # set-up and data, a page each


def test_far_apart_changes_are_separate_windows():
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before = i2c.bytes
    buf[0 * 128 + 3] = 1
    buf[7 * 128 + 120] = 1
    f.show()
    assert i2c.ram == buf
    assert i2c.bytes - before == 2 * (4 + 1 + 1)


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
    assert theirs.ram == buf
    # the set-up as one command stream (0x00 and 27 command bytes: micropython-lib's, its
    # horizontal addressing replaced by page addressing, plus the internal IREF pair of its newer
    # driver) instead of the driver's 27 writes of 0x80 and a command; the frame the same
    assert mine.bytes == theirs.bytes - 27 * 2 + 1 + 27 and mine.writes == theirs.writes - 27 + 1


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
    # three one-byte runs, not page 5 columns 5-100 (96 bytes) and page 6
    assert i2c.bytes - before == 3 * (4 + 1 + 1)


def test_a_run_set_up_is_one_command_write():
    # The page and column (0xB0 | page, low nibble, 0x10 | high nibble) go out as one I2C write
    # with the control byte 0x00 (SSD1306 datasheet 8.1.5: Co=0, D/C#=0, commands to the end),
    # not as three 0x80-prefixed writes: 4 bytes instead of 6, one bus address instead of three.
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before, writes = i2c.bytes, i2c.writes
    buf[4 * 128 + 64] = 0x3C
    f.show()
    assert i2c.ram == buf
    assert i2c.writes - writes == 2  # set-up, data
    assert i2c.bytes - before == 4 + 1 + 1


def test_an_unchanged_gap_longer_than_a_run_set_up_is_skipped():
    # 12 unchanged columns between two changes cost more than a second run (7 bus bytes: two
    # addresses, 0x00 and 3 commands, 0x40): two runs of one byte each.
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before = i2c.bytes
    buf[2 * 128 + 30] = 1
    buf[2 * 128 + 43] = 1
    f.show()
    assert i2c.ram == buf
    assert i2c.bytes - before == 2 * (4 + 1 + 1)
    # 7 unchanged columns cost no more than a second run: sent, one run of 9 bytes
    before = i2c.bytes
    buf[2 * 128 + 50] = 1
    buf[2 * 128 + 58] = 1
    f.show()
    assert i2c.ram == buf
    assert i2c.bytes - before == 4 + 1 + 9


def _panel_on(i2c, chip):
    from oled import I2CPanel

    buf = bytearray(1024)
    for i in range(1024):
        buf[i] = (i * 37 + i // 128) & 0xFF
    f = Flusher(buf, lambda: I2CPanel(i2c, 0x3C, chip), Clock())
    assert f.show()
    buf[5 * 128 + 90] ^= 0xFF  # and a change after the whole frame
    assert f.show()
    return buf


def test_each_chip_shows_the_frame_as_drawn():
    from oled import SH1106, SSD1306, SSD1309

    for chip, i2c in ((SSD1306, FakeI2C()), (SH1106, FakeI2C(132, 2)), (SSD1309, FakeI2C())):
        buf = _panel_on(i2c, chip)
        assert i2c.ram == buf, chip


def test_a_wrong_chip_shows_the_frame_two_columns_aside():
    # SH1106 datasheet: 132 columns of RAM, a 128-pixel panel shows 2-129.  Set to the SSD1306, the
    # frame lands at columns 0-127: shown two columns to the left, the rest in place.
    from oled import SH1106, SSD1306

    i2c = FakeI2C(132, 2)
    buf = _panel_on(i2c, SSD1306)
    for page in range(8):
        row = page * 128
        assert i2c.ram[row:row + 126] == buf[row + 2:row + 128]
    i2c = FakeI2C()  # an SSD1306 set to the SH1106: two columns to the right
    buf = _panel_on(i2c, SH1106)
    for page in range(8):
        row = page * 128
        assert i2c.ram[row + 2:row + 128] == buf[row:row + 126]


def test_each_chip_gets_its_own_set_up():
    from oled import SH1106, SSD1306, SSD1309, setup

    assert b"\x8d\x14" in setup(SSD1306)  # charge pump on (SSD1306 application note)
    assert b"\x8d" not in setup(SSD1309)  # the SSD1309 has no charge pump command
    assert b"\xad\x8b" in setup(SH1106)  # DC-DC on (SH1106 command 10)
    for chip in (SSD1306, SH1106, SSD1309):
        s = setup(chip)
        assert s[0] == 0x00 and s[1] == 0xAE and s[-1] == 0xAF  # off while set up, then on


class FakeSPI:
    def __init__(self, dc):
        self.dc = dc
        self.i2c = FakeI2C()  # the same decoding, fed as I2C writes of either kind

    def write(self, buf):
        if self.dc.v:
            self.i2c.writevto(0x3C, [b"\x40", bytes(buf)])
        else:
            self.i2c.writeto(0x3C, b"\x00" + bytes(buf))


class FakePin:
    def __init__(self):
        self.v = 1
        self.log = []

    def __call__(self, v):
        self.v = v
        self.log.append(v)


def test_the_spi_transport_sends_commands_low_and_data_high():
    from oled import SSD1306, SPIPanel

    dc, cs = FakePin(), FakePin()
    spi = FakeSPI(dc)
    buf = bytearray(1024)
    for i in range(0, 1024, 5):
        buf[i] = i & 0xFF
    f = Flusher(buf, lambda: SPIPanel(spi, dc, cs, SSD1306), Clock())
    assert f.show()
    assert spi.i2c.ram == buf
    assert cs.v == 1  # released after each transfer
