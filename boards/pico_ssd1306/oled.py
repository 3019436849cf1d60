"""A minimal SSD1306 transport (I2C): the commands of micropython-lib's ``ssd1306``
driver without its frame buffer, for ``display.Flusher``.  The Pico board's own
module, imported by its board file only, so no other target carries it."""
# micropython-lib ssd1306's set-up for a 128x64 panel on its internal charge pump:
# display off, horizontal addressing, start line 0, segment remap, 64 rows, COM scan
# remapped, no offset, alternate COM pins, clock, pre-charge, VCOM, full contrast,
# RAM shown, not inverted, internal IREF, charge pump on, display on.
INIT = bytes((0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0x00, 0xDA, 0x12, 0xD5, 0x80,
              0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0xAD, 0x30, 0x8D, 0x14, 0xAF))


class BuiltinSSD1306:
    """The transport half of micropython-lib's ``ssd1306.SSD1306_I2C``:
    ``BuiltinSSD1306(i2c, addr)`` sends the same set-up (OSError if nothing
    answers); ``write_cmd``/``write_data`` as the driver's.  Unlike the driver
    it keeps no frame of its own and sends no blank frame at set-up (the
    Flusher paints the first frame whole anyway): about 40 ms less at boot
    on the Pico, and 1 KB less RAM."""

    def __init__(self, i2c, addr=0x3C):
        self.i2c = i2c
        self.addr = addr
        self.temp = bytearray(2)
        self.write_list = [b"\x40", None]
        for c in INIT:
            self.write_cmd(c)

    def write_cmd(self, cmd):
        self.temp[0] = 0x80
        self.temp[1] = cmd
        self.i2c.writeto(self.addr, self.temp)

    def write_data(self, buf):
        self.write_list[1] = buf
        self.i2c.writevto(self.addr, self.write_list)


class Panel:
    """The panel's settings (``rest``: contrast, on/off, 180-degree flip, one-row shift) for
    a ``display.Flusher``: ``Panel(flusher).set(contrast, on, flip, shift)`` sends what
    changed through the Flusher's driver; the board's ``connect`` (the Flusher's) calls
    ``opened(driver)`` on each new driver, which sends the whole state again after a
    reconnect.  Never raises: a bus error drops the driver as ``show`` does, and the
    Flusher's retry brings it back."""

    def __init__(self, link):
        self.link = link
        self.state = None  # None: as the driver set it up (INIT)

    def set(self, contrast, on, flip, shift):
        """``contrast`` 0-255 (0x81), ``on`` (0xAF, else 0xAE: display off, RAM kept),
        ``flip`` (segment remap 0xA0 and COM scan 0xC0 instead of INIT's 0xA1/0xC8),
        ``shift`` rows down (display start line 0x40 | (64 - shift) % 64)."""
        old = self.state
        self.state = (contrast, on, flip, shift)
        link = self.link
        if link.drv is None:
            return  # sent by opened() when the display answers again
        try:
            self.send(link.drv, old)
            if link.full:
                link.show()
        except Exception:  # a loose wire: as in Flusher.show
            link.drv = None
            link.full = True
            link.failures += 1

    def opened(self, drv):
        """``drv``, a new driver, set up as the player left the panel; returns it."""
        if self.state is not None:
            self.send(drv, None)
        return drv

    def send(self, drv, old):
        cmd = drv.write_cmd
        new = self.state
        if new is None:
            return
        contrast, on, flip, shift = new
        if old is None or old[0] != contrast:
            cmd(0x81)
            cmd(contrast)
        if old is None or old[2] != flip:
            cmd(0xA0 if flip else 0xA1)
            cmd(0xC0 if flip else 0xC8)
            if old is not None or flip:  # the segment remap applies to data written after it: repaint
                self.link.full = True
        if old is None or old[3] != shift:
            cmd(0x40 | ((64 - shift) & 63))
        if old is None or old[1] != on:
            cmd(0xAF if on else 0xAE)
