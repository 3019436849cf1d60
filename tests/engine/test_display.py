"""Partial display updates and a display that fails, through the recording fake I2C."""
from device_run import BenchClock as Clock
from display import Flusher
from fake_display import FakeI2C, FakeSSD1306


def make(i2c):
    buf = bytearray(1024)
    return buf, Flusher(buf, lambda: FakeSSD1306(i2c), Clock())


def test_first_show_sends_the_whole_frame():
    i2c = FakeI2C()
    buf, f = make(i2c)
    buf[5] = 0xAA
    assert f.show()
    assert i2c.ram == buf
    # 25 init commands + 8 pages x (6 commands x 2 bytes + 1 + 128 data bytes)
    assert i2c.bytes == 25 * 2 + 8 * (12 + 129)


def test_only_the_changed_span_is_sent():
    i2c = FakeI2C()
    buf, f = make(i2c)
    f.show()
    before = i2c.bytes
    buf[3 * 128 + 10] = 1
    buf[3 * 128 + 14] = 1
    f.show()
    assert i2c.bytes - before == 12 + 1 + 5  # one page, columns 10-14
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
