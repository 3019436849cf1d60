"""Send only what changed to an SSD1306, and survive a display that drops out.

The App draws into ``buf`` (1024 bytes, MONO_VLSB, the SSD1306's own page
layout).  ``show()`` compares it with what the panel already holds and,
for each 8-pixel page that changed, sends just the changed column span
through the driver's ``write_cmd``/``write_data`` (micropython-lib's
``ssd1306`` transport split).  Any OSError (EIO, ETIMEDOUT: loose wire,
no display) drops the driver; ``retry(now)`` reconnects about once a
second and then repaints the whole frame, so the game never stops.
"""

SET_COL_ADDR = 0x21
SET_PAGE_ADDR = 0x22
WIDTH = 128
PAGES = 8
RETRY_MS = 1000


class Flusher:
    """``Flusher(buf, connect, clock)``: ``connect()`` returns a driver
    with ``write_cmd(int)`` and ``write_data(buf)`` or raises OSError;
    ``clock`` has ``ticks_diff``/``ticks_add``."""

    def __init__(self, buf, connect, clock):
        self.buf = buf
        self.shadow = bytearray(len(buf))
        self.connect = connect
        self.clock = clock
        self.drv = None
        self.full = True
        self.next_try = 0
        self.failures = 0

    def _open(self):
        try:
            self.drv = self.connect()
        except OSError:
            self.drv = None
            self.failures += 1
            return False
        self.full = True
        return True

    def show(self):
        """Push the changes; returns False (and keeps the frame) if the display failed."""
        if self.drv is None and not self._open():
            return False
        try:
            self._flush()
            return True
        except OSError:
            self.drv = None
            self.full = True
            self.failures += 1
            return False

    def retry(self, now):
        """Call from the idle loop: reconnect a lost display, at most once a second."""
        if self.drv is not None or self.clock.ticks_diff(now, self.next_try) < 0:
            return
        self.next_try = self.clock.ticks_add(now, RETRY_MS)
        if self._open():
            self.show()

    def _flush(self):
        buf = self.buf
        shadow = self.shadow
        drv = self.drv
        mv = memoryview(buf)
        for page in range(PAGES):
            base = page * WIDTH
            end = base + WIDTH
            if self.full:
                c0 = 0
                c1 = WIDTH - 1
            else:
                if buf[base:end] == shadow[base:end]:
                    continue
                c0 = 0
                while buf[base + c0] == shadow[base + c0]:
                    c0 += 1
                c1 = WIDTH - 1
                while buf[base + c1] == shadow[base + c1]:
                    c1 -= 1
            drv.write_cmd(SET_COL_ADDR)
            drv.write_cmd(c0)
            drv.write_cmd(c1)
            drv.write_cmd(SET_PAGE_ADDR)
            drv.write_cmd(page)
            drv.write_cmd(page)
            drv.write_data(mv[base + c0:base + c1 + 1])
            shadow[base + c0:base + c1 + 1] = mv[base + c0:base + c1 + 1]
        self.full = False
