"""A minimal SSD1306 transport (I2C): the commands of micropython-lib's ``ssd1306``
driver without its frame buffer, for ``display.Flusher``.  Imported by the Pico
board file only, so the rest of the firmware does not carry it."""
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
