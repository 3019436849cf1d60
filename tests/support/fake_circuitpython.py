"""Fake CircuitPython hardware modules (``board``, ``busio``, ``digitalio``) for CPython.

``PanelSPI`` is the 7-pin SPI module: Blinka's ``fourwire`` drives it through the fake
``digitalio`` pins (D/C, CS, RES) and the fake ``busio.SPI``.

``install()`` puts them in ``sys.modules`` so the CircuitPython board file
(``boards/circuitpython_ssd1306/cp_board.py``) runs on CPython with the
real ``adafruit-blinka-displayio`` (displayio, bitmaptools, i2cdisplaybus,
busdisplay) and the real ``adafruit_displayio_ssd1306`` driver above a
recording I2C bus.  ``PanelI2C`` decodes what crosses the bus the way an
SSD1306 does (control byte 0x80 = one command byte, 0x40 = data; horizontal
addressing in the column/page window), so a test can read what the panel
shows.
"""
import sys
import types

import fake_display

# Parameter counts of the SSD1306 commands the drivers send (SSD1306 datasheet, section 9).
PARAMS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
# The SH1106's (SH1106 datasheet, commands 1-21): no 0x20-0x22 (no addressing modes), 0xAD DC-DC.
SH1106_PARAMS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class Panel:
    """What the panel's chip makes of the bytes it is sent: ``_command_byte(b)`` for a command
    byte, ``_data(bytes)`` for display RAM, into ``ram`` (MONO_VLSB, 1,024 bytes)."""

    last = None  # the panel of the newest board (I2C or SPI), for the tests

    def _command_byte(self, b):
        self.pending.append(b)
        sh1106 = type(self).chip == "sh1106"
        if len(self.pending) - 1 < (SH1106_PARAMS if sh1106 else PARAMS).get(self.pending[0], 0):
            return
        cmd = tuple(self.pending)
        self.pending = []
        self.commands.append(cmd)
        if cmd[0] == 0x20 and not sh1106:
            self.paged = cmd[1] == 2  # page addressing (the SH1106 has no other)
        if sh1106 or self.paged:
            c = cmd[0]
            if c < 0x10:
                self.x = (getattr(self, "x", 0) & 0xF0) | c
            elif c < 0x20:
                self.x = (getattr(self, "x", 0) & 0x0F) | (c & 0x0F) << 4
            elif 0xB0 <= c <= 0xB7:
                self.p = c & 7
            return
        if cmd[0] == 0x21:
            self.col = (cmd[1], cmd[2])
            self.x = cmd[1]
            self.p = self.page[0]
        elif cmd[0] == 0x22:
            self.page = (cmd[1], cmd[2])
            self.p = cmd[1]
            self.x = self.col[0]

    def _data(self, data):
        self.data_bytes += len(data)
        sh1106 = type(self).chip == "sh1106"
        if not sh1106 and not self.paged:
            fake_display.write_ram(self, data)
            return
        first, columns = (2, 132) if sh1106 else (0, 128)
        x, p = getattr(self, "x", 0), getattr(self, "p", 0)
        for v in data:  # page addressing: along the page (the SH1106 shows columns 2-129)
            if first <= x < first + 128:
                self.ram[p * 128 + x - first] = v
            x = (x + 1) % columns
        self.x = x

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def _fresh(self):
        self.commands = []  # every command with its parameters, as tuples
        self.data_bytes = 0
        self.writes = 0
        self.ram = bytearray(1024)  # page-major like MONO_VLSB: byte page * 128 + column, bit 0 on top
        self.col = (0, 127)
        self.page = (0, 7)
        self.x = self.p = 0  # the RAM pointer, as after the chip's reset
        self.paged = False  # the SSD1306 in page addressing (0x20 0x02)
        self.pending = []
        Panel.last = self


class PanelSPI(Panel):
    """``busio.SPI(clock, MOSI=...)`` double: a 128x64 SSD1306 (or ``chip``) on a 7-pin SPI module;
    a byte is a command while the D/C pin (``dc``, a pin name) is low, display RAM while high, and
    is taken only while CS (``cs``) is low (SSD1306 datasheet 8.1.3)."""

    chip = "ssd1306"
    dc = "GP20"
    cs = "GP17"
    in_use = set()

    def __init__(self, clock, MOSI=None, MISO=None):  # noqa: N803 (CircuitPython's names)
        for pin in (clock, MOSI):
            if pin.name in PanelSPI.in_use:
                raise ValueError("%s in use" % pin.name)
        self.pins = (clock.name, MOSI.name)
        PanelSPI.in_use.update(self.pins)
        self.locked = False
        self.baudrate = None
        self._fresh()

    def configure(self, baudrate=100000, polarity=0, phase=0, bits=8):
        assert (polarity, phase, bits) == (0, 0, 8), "SPI mode 0, 8 bits (SSD1306 datasheet 8.1.3)"
        self.baudrate = baudrate

    def write(self, buf, start=0, end=None):
        assert self.locked, "SPI written without its lock"
        if DigitalInOut.OUT.get(PanelSPI.cs, True):
            return  # not selected: the chip ignores the clock
        data = bytes(buf[start:end])
        self.writes += 1
        if DigitalInOut.OUT.get(PanelSPI.dc, False):
            self._data(data)
        else:
            for b in data:
                self._command_byte(b)

    def deinit(self):
        for n in self.pins:
            PanelSPI.in_use.discard(n)


class PanelI2C(Panel):
    """``busio.I2C(scl, sda, frequency=...)`` double: a 128x64 SSD1306 at ``address``."""

    last = None  # the bus made by the newest board, for the tests
    chip = "ssd1306"  # the panel's chip; "sh1106": 132 columns of RAM, 2-129 shown, page addressing
    unplugged = False  # True: no display answers (writes raise OSError 121, a NACK)
    in_use = set()  # pin names held by an I2C object not yet deinit()ed, as CircuitPython keeps them

    def __new__(cls, scl, sda, frequency=100_000, address=0x3C):
        for pin in (scl, sda):
            if pin.name in PanelI2C.in_use:
                raise ValueError("%s in use" % pin.name)  # CircuitPython's message for a pin taken
        return super().__new__(cls)

    def __init__(self, scl, sda, frequency=100_000, address=0x3C):
        self.scl = scl
        self.sda = sda
        self.frequency = frequency
        self.address = address
        self.locked = False
        self._fresh()
        self.fail = 0  # > 0: that many next writes raise OSError(EIO), a loose wire
        PanelI2C.in_use.update((scl.name, sda.name))
        PanelI2C.last = self

    def deinit(self):
        PanelI2C.in_use.discard(self.scl.name)
        PanelI2C.in_use.discard(self.sda.name)

    def scan(self):
        return [self.address]

    def writeto(self, address, buffer, *, start=0, end=None):
        assert address == self.address, "write to 0x%02x, panel at 0x%02x" % (address, self.address)
        if PanelI2C.unplugged:
            raise OSError(121, "Remote I/O error")
        if self.fail:
            self.fail -= 1
            raise OSError(5, "EIO")
        buf = bytes(buffer[start:end])
        self.writes += 1
        if buf[0] == 0x40:
            self._data(buf[1:])
            return
        if buf[0] == 0x00:  # Co=0, D/C#=0: a command stream to the end of the write
            for b in buf[1:]:
                self._command_byte(b)
            return
        assert len(buf) % 2 == 0, "command bytes come in (0x80, byte) pairs"
        for i in range(0, len(buf), 2):
            assert buf[i] == 0x80, "control byte %02x" % buf[i]
            self._command_byte(buf[i + 1])

class DigitalInOut:
    """``digitalio.DigitalInOut(pin)``: an input whose level is ``LEVELS[pin name]`` (default high),
    or an output whose level is kept in ``OUT[pin name]`` (the SPI panel reads D/C and CS there)."""

    LEVELS = {}
    OUT = {}

    def __init__(self, pin):
        self.pin = pin
        self.pull = None
        self.output = False

    def switch_to_input(self, pull=None):
        self.pull = pull
        self.output = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.output = True
        DigitalInOut.OUT[self.pin.name] = value

    @property
    def value(self):
        if self.output:
            return DigitalInOut.OUT.get(self.pin.name, False)
        return DigitalInOut.LEVELS.get(self.pin.name, self.pull == Pull.UP)

    @value.setter
    def value(self, v):
        assert self.output, "%s set while an input" % self.pin.name
        DigitalInOut.OUT[self.pin.name] = bool(v)

    def deinit(self):
        pass


class Pull:
    UP = "UP"
    DOWN = "DOWN"


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


def reload():
    """CircuitPython's soft reload: every busio object of the code before is let go (the display's
    bus too once ``release_displays`` runs), so a new board finds its pins free."""
    PanelSPI.in_use.clear()
    PanelI2C.in_use.clear()


def install():
    """Put the fake ``board``, ``busio`` and ``digitalio`` into ``sys.modules`` (returns them)."""
    bd = types.ModuleType("board")
    for i in range(30):
        setattr(bd, "GP%d" % i, Pin("GP%d" % i))
    for i in range(28):
        setattr(bd, "D%d" % i, Pin("D%d" % i))
    bd.SCL = Pin("D3")
    bd.SDA = Pin("D2")
    bd.SCLK = Pin("D11")  # the Raspberry Pi's SPI0
    bd.MOSI = Pin("D10")
    bd.CE0 = Pin("D8")
    bio = types.ModuleType("busio")
    bio.I2C = PanelI2C
    bio.SPI = PanelSPI
    dio = types.ModuleType("digitalio")
    dio.DigitalInOut = DigitalInOut
    dio.Pull = Pull
    dio.Direction = Direction
    mods = {"board": bd, "busio": bio, "digitalio": dio}
    sys.modules.update(mods)
    return mods
