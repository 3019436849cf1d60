"""The panel chips a 128x64 OLED module carries (SSD1306, SH1106, SSD1309) and their transports
(I2C, 4-wire SPI), without a frame buffer of their own, for ``display.Flusher``.  The Pico
boards' own module, imported by their board files only, so no other target carries it.

Every chip is written in page addressing mode (0xB0 | page, then the column's low and high
nibble: SSD1306 datasheet 10.1.1-10.1.3, SH1106 datasheet commands 1, 2 and 12), the one mode the
SH1106 has.  The chips differ only in their set-up and where the visible columns start: the
SH1106 has 132 columns of RAM and a 128-pixel panel shows columns 2-129 (``COLUMN``).  A panel
set to the wrong chip therefore shows the right picture two columns to one side, readable
enough to choose the right one in Settings.
"""
from micropython import const

SSD1306 = const(0)
SH1106 = const(1)
SSD1309 = const(2)
CHIPS = ("SSD1306", "SH1106", "SSD1309")  # the Settings line's names, by index
COLUMN = (0, 2, 0)  # RAM column of the panel's leftmost pixel, by chip
# The fastest serial clock each chip takes on 4-wire SPI, by chip: the datasheets' clock cycle time
# (SSD1306 and SSD1309: tcycle 100 ns; SH1106: tCYC 250 ns at VDD 2.4-3.5 V).  The board asks for
# no more (``SPIPanel``'s board sets it before each set-up).
SPI_MAX_HZ = (10_000_000, 4_000_000, 10_000_000)
# The display clock (0xD5, one argument: oscillator frequency in the high nibble, divide ratio - 1 in the
# low one) while a QR code is shown, by chip: the fastest oscillator, divide ratio 1 (SSD1306 datasheet
# 10.1.16 and SSD1309 datasheet: 0xF0; SH1106 datasheet, command 17: 1111 is fOSC +50%, its fastest,
# 0x50 at power-on), so the panel refreshes several times within a phone camera's exposure; else the
# set-up's 0x80 (``_COMMON``).
FAST_CLOCK = (0xF0, 0xF0, 0xF0)
CLOCK = 0x80

# micropython-lib ssd1306's set-up for a 128x64 panel, the same on all three chips: display off,
# start line 0, segment remap, 64 rows, COM scan remapped, no offset, alternate COM pins, clock,
# pre-charge, VCOM, full contrast, RAM shown, not inverted.  Then each chip's own, and display on.
_COMMON = b"\x00\xae\x40\xa1\xa8\x3f\xc8\xd3\x00\xda\x12\xd5\x80\xd9\xf1\xdb\x30\x81\xff\xa4\xa6"
_OWN = (
    b"\x20\x02\xad\x30\x8d\x14\xaf",  # SSD1306: page addressing, internal IREF, charge pump on
    b"\xad\x8b\xaf",  # SH1106: DC-DC converter on (it has no addressing modes)
    b"\x20\x02\xaf",  # SSD1309: page addressing; no charge pump: its module powers the panel
)


def setup(chip):
    """The set-up command stream of ``chip`` (SSD1306, SH1106 or SSD1309), with its 0x00 control
    byte first (I2C; the SPI transport leaves it out)."""
    return _COMMON + _OWN[chip]


class I2CPanel:
    """``I2CPanel(i2c, addr, chip)``: the chip's set-up sent as one command stream (OSError if
    nothing answers at ``addr``); ``cmds(buf)`` sends a command stream (``buf[0]`` is its control
    byte 0x00: SSD1306 datasheet 8.1.5), ``write_cmd(c)`` one command (micropython-lib's split),
    ``write_data(buf)`` RAM bytes (control byte 0x40 gathered with ``writevto``: nothing copied);
    ``col``: where the visible columns start in the chip's RAM."""

    def __init__(self, i2c, addr=0x3C, chip=SSD1306):
        self.i2c = i2c
        self.addr = addr
        self.chip = chip
        self.col = COLUMN[chip]
        self.temp = bytearray(2)
        self.write_list = [b"\x40", None]
        i2c.writeto(addr, setup(chip))

    def cmds(self, buf):
        self.i2c.writeto(self.addr, buf)

    def write_cmd(self, cmd):
        self.temp[0] = 0x80
        self.temp[1] = cmd
        self.i2c.writeto(self.addr, self.temp)

    def write_data(self, buf):
        self.write_list[1] = buf
        self.i2c.writevto(self.addr, self.write_list)


class SPIPanel:
    """``SPIPanel(spi, dc, cs, chip)``: the same on the 4-wire SPI interface; ``dc`` and ``cs``
    are output Pins (D/C# low: commands, high: RAM data; CS# low during a transfer).  The board
    pulses RES# before making one.  ``cmds(buf)`` leaves out ``buf[0]`` (I2C's control byte)."""

    def __init__(self, spi, dc, cs, chip=SSD1306):
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.chip = chip
        self.col = COLUMN[chip]
        self.temp = bytearray(2)
        self.cmds(setup(chip))

    def cmds(self, buf):
        self.cs(1)
        self.dc(0)
        self.cs(0)
        self.spi.write(memoryview(buf)[1:])
        self.cs(1)

    def write_cmd(self, cmd):
        self.temp[1] = cmd
        self.cmds(self.temp)

    def write_data(self, buf):
        self.cs(1)
        self.dc(1)
        self.cs(0)
        self.spi.write(buf)
        self.cs(1)


class Wrapped:
    """micropython-lib's ``ssd1306.SSD1306_I2C`` as a transport: its own set-up (horizontal
    addressing) is switched to page addressing, which the Flusher writes in."""

    def __init__(self, drv):
        self.drv = drv
        self.col = 0
        self.write_cmd = drv.write_cmd
        self.write_data = drv.write_data
        drv.write_cmd(0x20)
        drv.write_cmd(0x02)

    def cmds(self, buf):
        d = self.drv
        d.i2c.writeto(d.addr, buf)


# Kept for the name older board files and tests import: the SSD1306 on I2C.
BuiltinSSD1306 = I2CPanel


class Panel:
    """The panel's settings (``rest``: contrast, on/off, 180-degree flip, one-row shift) for
    a ``display.Flusher``: ``Panel(flusher).set(contrast, on, flip, shift)`` sends what
    changed through the Flusher's driver; the board's ``connect`` (the Flusher's) calls
    ``opened(driver)`` on each new driver, which sends the whole state again after a
    reconnect.  Never raises: a bus error drops the driver as ``show`` does, and the
    Flusher's retry brings it back.  The commands are the same on the three chips but the display
    clock's value (``FAST_CLOCK``)."""

    def __init__(self, link):
        self.link = link
        self.state = None  # None: as the driver set it up

    def set(self, contrast, on, flip, shift, fast=False):
        """``contrast`` 0-255 (0x81), ``on`` (0xAF, else 0xAE: display off, RAM kept),
        ``flip`` (segment remap 0xA0 and COM scan 0xC0 instead of the set-up's 0xA1/0xC8),
        ``shift`` rows down (display start line 0x40 | (64 - shift) % 64), ``fast``: the display
        clock at its fastest (0xD5 ``FAST_CLOCK`` of the chip, else the set-up's ``CLOCK``)."""
        old = self.state
        self.state = (contrast, on, flip, shift, fast)
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
        contrast, on, flip, shift, fast = new
        if (fast if old is None else old[4] != fast):  # a new driver is set up with CLOCK
            cmd(0xD5)
            cmd(FAST_CLOCK[getattr(drv, "chip", SSD1306)] if fast else CLOCK)
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
