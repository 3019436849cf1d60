"""A recording fake I2C and an SSD1306 driver double, for both interpreters.

``FakeSSD1306`` has the transport split of micropython-lib's ``ssd1306``
(``write_cmd`` sends 0x80, cmd; ``write_data`` sends 0x40 + data with
``writevto``) and sends the same kind of init sequence, so the bytes
counted here are the bytes that would cross the I2C bus.
"""
EIO = 5
ETIMEDOUT = 110


def write_ram(panel, data):
    """The data bytes into ``panel.ram`` from its RAM pointer (``x``, ``p``), as the SSD1306 in
    horizontal addressing inside its window (``col``, ``page``): the pointer wraps inside the
    window and runs on across writes."""
    c0, c1 = panel.col
    p0, p1 = panel.page
    x = panel.x
    p = panel.p
    ram = panel.ram
    for v in data:
        ram[p * 128 + x] = v
        x += 1
        if x > c1:
            x = c0
            p += 1
            if p > p1:
                p = p0
    panel.x = x
    panel.p = p


# Argument bytes after each command byte (SSD1306 datasheet, section 9; others take none): so an
# argument (a contrast of 8, say) is never read as a column command.
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA3: 2, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1,
         0xD6: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}


class FakeI2C:
    """Counts bytes per write; ``fail`` > 0 makes that many next writes raise OSError(EIO).
    Decodes the panel's addressing (horizontal windows 0x21/0x22 and page addressing 0xB0-0xB7
    with the column nibbles) into ``ram``, the 128 columns the panel shows: ``FakeI2C(132, 2)``
    is an SH1106 (132 columns of RAM, columns 2-129 shown)."""

    def __init__(self, columns=128, first=0):
        self.bytes = 0
        self.writes = 0
        self.fail = 0
        self.dead = False
        self.ram = bytearray(1024)  # what the panel shows, decoded from the data writes
        self.columns = columns
        self.first = first
        self.paged = False  # page addressing (0x20 0x02, or an SH1106): the pointer stays in its page
        self.col = (0, 127)
        self.page = (0, 7)
        self.x = 0  # the panel's RAM pointer: set by the column and page commands
        self.p = 0
        self.ptr = 0
        self.pending = []

    def _check(self):
        if self.dead:
            raise OSError(ETIMEDOUT)
        if self.fail:
            self.fail -= 1
            raise OSError(EIO)

    def writeto(self, addr, buf):
        self._check()
        self.writes += 1
        self.bytes += len(buf)
        if buf[0] == 0x80:
            self._cmd(buf[1])
        elif buf[0] == 0x00:  # Co=0, D/C#=0: commands to the end of the write
            for i in range(1, len(buf)):
                self._cmd(buf[i])

    def writevto(self, addr, bufs):
        self._check()
        self.writes += 1
        for b in bufs:
            self.bytes += len(b)
        if self.paged or self.columns != 128:
            self._write_paged(bufs[1])
        else:
            write_ram(self, bufs[1])

    def _write_paged(self, data):
        x = self.x
        base = self.p * 128
        first = self.first
        ram = self.ram
        for v in data:
            if first <= x < first + 128:
                ram[base + x - first] = v
            x += 1
            if x >= self.columns:
                x = 0
        self.x = x

    def _cmd(self, c):
        # a command's bytes, collected without a new list per command (the fake lives in the
        # heap the App is measured in)
        pend = self.pending
        pend.append(c)
        c = pend[0]
        if len(pend) <= _ARGS.get(c, 0):
            return
        if c == 0x21:
            self.col = (pend[1], pend[2])
            self.x = self.col[0]
        elif c == 0x22:
            self.page = (pend[1], pend[2])
            self.p = self.page[0]
        elif c == 0x20:
            self.paged = pend[1] == 2
        elif c < 0x10:
            self.x = (self.x & 0xF0) | c
        elif c < 0x20:
            self.x = (self.x & 0x0F) | ((c & 0x0F) << 4)
        elif 0xB0 <= c <= 0xB7:
            self.p = c & 7
        del pend[:]


# micropython-lib ssd1306's set-up (horizontal addressing), then page addressing (0x20 0x02),
# which the Flusher writes in (as ``oled.Wrapped`` does to that driver).
INIT = (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0x00, 0xDA, 0x12, 0xD5, 0x80,
        0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF, 0x20, 0x02)


class FakeSSD1306:
    col = 0

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

    def cmds(self, buf):
        self.i2c.writeto(self.addr, buf)

    def write_data(self, buf):
        self.write_list[1] = buf
        self.i2c.writevto(self.addr, self.write_list)
