"""Send only what changed to a 128x64 OLED panel (SSD1306, SH1106, SSD1309), and survive a
display that drops out.

The App draws into ``buf`` (1024 bytes, MONO_VLSB, the panels' own page layout).  ``show()``
compares it with what the panel already holds and, for each 8-pixel page that differs, finds
its changed runs of columns (``runs``: split where an unchanged gap costs more to send than a
new run) and sends each run in page addressing mode, the one mode all three chips have
(SSD1306 datasheet 10.1.3, SH1106 commands 1, 2 and 12): a command stream of three bytes
(0xB0 | page, the column's low nibble, 0x10 | its high nibble; control byte 0x00 first on I2C),
then the run's bytes (one write, nothing copied).  The column is offset by the driver's ``col``
(2 on the SH1106, whose 132-column RAM shows columns 2-129).  The transport is the driver's
``cmds(buf)`` (a command stream, ``buf[0]`` I2C's control byte) and ``write_data(buf)``
(``oled.I2CPanel``, ``oled.SPIPanel``): on I2C a run costs 7 bus bytes beyond its data.
Any error (EIO, ETIMEDOUT: loose wire, no display; or a missing or wrong
driver module) drops the driver; ``retry(now)`` reconnects about
once a second and then repaints the whole frame, so the game never stops.
Every tick comparison goes through ``ticks_diff``, the first one too.
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py

WIDTH = 128
PAGES = 8
RETRY_MS = 1000
# I2C bytes a run costs beyond its data: the set-up write (address, 0x00, 3 commands) and the
# data write's address and control bytes.  An unchanged gap wider than this is skipped.
_RUN = const(7)  # (an underscore const is no global: no qstr kept)


_SETUP = bytearray(4)  # 0x00 (commands follow), then a run's page and column
_MAX_RUNS = const(16)  # runs in a page: each but the last is followed by a gap of 8 or more


def runs(buf, shadow, base, out):
    """The changed runs of the page at ``base`` (a page that differs): first and last column of
    each into ``out`` (bytearray of 2 * 16), split where an unchanged gap is wider than a run's
    set-up (``_RUN`` bytes); returns how many.  The Pico's board passes ``ink.runs``, the same
    in machine code (about 1 ms a page in bytecode there)."""
    c0 = 0
    while buf[base + c0] == shadow[base + c0]:
        c0 += 1
    c1 = WIDTH - 1
    while buf[base + c1] == shadow[base + c1]:
        c1 -= 1
    n = 0
    gap = 0
    for x in range(c0, c1 + 1 if c1 - c0 > _RUN + 1 else c0):
        if buf[base + x] == shadow[base + x]:
            gap += 1
            continue
        if gap > _RUN:
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
    with ``cmds(buf)``, ``write_data(buf)`` and ``col`` or raises OSError;
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
        self.col = 0  # where the panel's first column is in the chip's RAM (the driver's ``col``)
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
        self.col = getattr(self.drv, "col", 0)
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
        # The shadow brought up to date once at the end: a frame allocates only small
        # memoryview slices (the heap stays in few large pieces).
        buf = self.buf
        shadow = self.shadow
        if self.full:
            for page in range(PAGES):
                self._run(page, 0, WIDTH - 1)
            self.full = False
            shadow[:] = buf
            return
        if buf == shadow:
            return
        mb = self.mv
        ms = self.mvs
        find = self.find
        found = self.found
        for page in range(PAGES):
            base = page * WIDTH
            end = base + WIDTH
            if mb[base:end] == ms[base:end]:
                continue
            n = find(buf, shadow, base, found)
            for i in range(0, 2 * n, 2):
                self._run(page, found[i], found[i + 1])
        shadow[:] = buf  # every changed byte was in a run

    def _run(self, page, c0, c1):
        """Send columns c0-c1 of ``page``: page and column set, then the bytes."""
        drv = self.drv
        s = _SETUP
        c = c0 + self.col
        s[1] = 0xB0 | page
        s[2] = c & 15
        s[3] = 0x10 | (c >> 4)
        drv.cmds(s)
        base = page * WIDTH
        drv.write_data(self.mv[base + c0:base + c1 + 1])
