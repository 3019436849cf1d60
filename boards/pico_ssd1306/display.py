"""Send only what changed to an SSD1306, and survive a display that drops out.

The App draws into ``buf`` (1024 bytes, MONO_VLSB, the SSD1306's own page
layout).  ``show()`` compares it with what the panel already holds, finds
the changed runs of columns of each 8-pixel page (``runs``: split where an
unchanged gap costs more to send than a new window), and sends each changed
region (neighbouring pages whose spans are worth joining) as one window:
column and page range once, then the bytes (one write, or one per page
when the window is narrower than the panel: nothing is copied), which the
panel's horizontal addressing lays out row after row.  The transport is the
driver's ``write_cmd``/``write_data`` (micropython-lib's ``ssd1306``
split); a window's six set-up commands go out as one command stream (control
byte 0x00, then the commands: SSD1306 datasheet 8.1.5) through the driver's
own ``i2c`` and ``addr`` (micropython-lib's ``SSD1306_I2C`` and
``oled.BuiltinSSD1306`` keep both): 8 bytes on the bus instead of 18.
Any error (EIO, ETIMEDOUT: loose wire, no display; or a missing or wrong
driver module) drops the driver; ``retry(now)`` reconnects about
once a second and then repaints the whole frame, so the game never stops.
Every tick comparison goes through ``ticks_diff``, the first one too.
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

WIDTH = 128
PAGES = 8
RETRY_MS = 1000
# Bus bytes a window costs beyond its data: the set-up write (address, 0x00, 6 commands) and
# the data write's address and control bytes.  An unchanged gap wider than this is skipped.
_WINDOW = const(10)  # (an underscore const is no global: no qstr kept)


_SETUP = bytearray(7)  # 0x00 (commands follow), then a window's column and page range
_MAX_RUNS = const(12)  # runs in a page: each but the last is followed by a gap of 11 or more


def runs(buf, shadow, base, out):
    """The changed runs of the page at ``base`` (a page that differs): first and last column of
    each into ``out`` (bytearray of 2 * 12), split where an unchanged gap is wider than a window's
    set-up (``_WINDOW`` bytes); returns how many.  The Pico's board passes ``ink.runs``, the same
    in machine code (about 1 ms a page in bytecode there)."""
    c0 = 0
    while buf[base + c0] == shadow[base + c0]:
        c0 += 1
    c1 = WIDTH - 1
    while buf[base + c1] == shadow[base + c1]:
        c1 -= 1
    n = 0
    gap = 0
    for x in range(c0, c1 + 1 if c1 - c0 > _WINDOW + 1 else c0):
        if buf[base + x] == shadow[base + x]:
            gap += 1
            continue
        if gap > _WINDOW:
            out[n] = c0
            out[n + 1] = x - gap - 1
            n += 2
            c0 = x
        gap = 0
    out[n] = c0
    out[n + 1] = c1
    return (n >> 1) + 1


class Flusher:
    """``Flusher(buf, connect, clock, find=runs)``: ``connect()`` returns a driver
    with ``write_data(buf)``, ``i2c`` and ``addr`` or raises OSError;
    ``clock`` has ``ticks_diff``/``ticks_add``; ``find``: ``runs`` or the same
    in machine code."""

    def __init__(self, buf, connect, clock, find=runs):
        self.buf = buf
        self.find = find
        self.found = bytearray(2 * _MAX_RUNS)
        self.shadow = bytearray(len(buf))
        self.mv = memoryview(buf)
        self.mvs = memoryview(self.shadow)
        self.connect = connect
        self.clock = clock
        self.drv = None
        self.full = True
        self.next_try = None  # None: try at once (a fixed tick may be half a wrap away)
        self.failures = 0
        self.error = None  # why the display is not driven, for the console

    def _open(self):
        try:
            self.drv = self.connect()
        except Exception as e:  # OSError on the bus; ImportError/AttributeError from a bad driver
            self.drv = None
            self.failures += 1
            self.error = "%s: %s" % (type(e).__name__, e)
            return False
        self.error = None
        self.full = True
        return True

    def show(self):
        """Push the changes; returns False (and keeps the frame) if the display failed."""
        if self.drv is None and not self._open():
            return False
        try:
            self._flush()
            return True
        except Exception as e:  # never let the display stop the game
            self.error = "%s: %s" % (type(e).__name__, e)
            self.drv = None
            self.full = True
            self.failures += 1
            return False

    def retry(self, now):
        """Call from the idle loop: reconnect a lost display, at most once a second."""
        if self.drv is not None:
            return
        if self.next_try is not None and self.clock.ticks_diff(now, self.next_try) < 0:
            return
        self.next_try = self.clock.ticks_add(now, RETRY_MS)
        if self._open():
            self.show()

    def _flush(self):
        # Locals, not a list, for the region being gathered, and the shadow brought up to
        # date once at the end: a frame allocates only small memoryview slices (the heap
        # stays in few large pieces).
        buf = self.buf
        shadow = self.shadow
        if self.full:
            self._window(0, PAGES - 1, 0, WIDTH - 1)
            self.full = False
            shadow[:] = buf
            return
        if buf == shadow:
            return
        mb = self.mv
        ms = self.mvs
        find = self.find
        found = self.found
        p0 = -1  # the region being gathered: pages p0-p1, columns r0-r1 (p0 < 0: none)
        p1 = r0 = r1 = 0
        for page in range(PAGES):
            base = page * WIDTH
            end = base + WIDTH
            if mb[base:end] == ms[base:end]:
                continue
            n = find(buf, shadow, base, found)
            if n > 1:  # split by unchanged gaps: all but the last run go alone
                if p0 >= 0:
                    self._window(p0, p1, r0, r1)
                    p0 = -1
                for i in range(0, 2 * n - 2, 2):
                    self._window(page, page, found[i], found[i + 1])
            c0 = found[2 * n - 2]
            c1 = found[2 * n - 1]
            if p0 >= 0:
                j0 = min(r0, c0)
                j1 = max(r1, c1)
                # a data write per page: its address and control bytes (2) count too
                joined = (page - p0 + 1) * (j1 - j0 + 3)
                apart = (p1 - p0 + 1) * (r1 - r0 + 3) + (c1 - c0 + 1) + _WINDOW
                if joined <= apart:  # one window is cheaper than two
                    p1 = page
                    r0 = j0
                    r1 = j1
                    continue
                self._window(p0, p1, r0, r1)
            p0 = p1 = page
            r0 = c0
            r1 = c1
        if p0 >= 0:
            self._window(p0, p1, r0, r1)
        shadow[:] = buf  # every changed byte was in a window

    def _window(self, p0, p1, c0, c1):
        """Send pages p0-p1, columns c0-c1 as one window (one data write)."""
        drv = self.drv
        mv = self.mv
        s = _SETUP
        s[1] = 0x21  # set column address
        s[2] = c0
        s[3] = c1
        s[4] = 0x22  # set page address
        s[5] = p0
        s[6] = p1
        drv.i2c.writeto(drv.addr, s)
        if p0 == p1 or c1 - c0 == WIDTH - 1:  # contiguous in the frame: one data write
            drv.write_data(mv[p0 * WIDTH + c0:p1 * WIDTH + c1 + 1])
        else:  # a data write per page (no copy gathered): the panel's pointer runs on in the window
            for page in range(p0, p1 + 1):
                base = page * WIDTH
                drv.write_data(mv[base + c0:base + c1 + 1])
