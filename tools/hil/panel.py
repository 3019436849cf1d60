"""A 128x64 OLED on the emulated Pico: the bytes the firmware sends, decoded into the chip's RAM.

Three chips, each as its datasheet says (``CHIPS``): the SSD1306 and the SSD1309 (128 columns of
RAM; page, horizontal and vertical addressing: 0x20 mode, 0x21/0x22 windows, 0xB0-0xB7 page and
0x00-0x1F column nibbles in page mode; the SSD1309 has no charge pump command 0x8D) and the
SH1106 (132 columns of RAM of which a 128-pixel panel shows columns 2-129; page addressing only:
0x20-0x22 are no commands of its own, so they and the bytes after them act as what they are to
it, as on the chip).  A byte the chip does not know is recorded in ``unknown`` and does nothing.
``frame()`` is what the panel shows, 1024 bytes in the MONO_VLSB page layout the firmware draws in
(``page * 128 + column``, bit 0 = top row), so a frame compares directly with ``board.buf``.

Two transports.  ``Panel`` on I2C: each write transfer starts with a control byte: 0x00 a command
stream, 0x40 a data stream (both to the end of the transfer); 0x80 / 0xC0 one command / data byte,
then another control byte.  ``SpiPanel`` on the 4-wire SPI: the RP2040's SPI block hands over each
byte (rp2040py's PL022 ``on_transmit``) and the D/C#, CS# and RES# pins' levels say what it is.

Every transfer is recorded as ``Transfer(start_ns, end_ns, nbytes, is_data)``; ``nbytes`` counts
the bytes after the address byte on I2C (as the host's recording fake display does), every byte on
SPI.  Transfers that follow each other within ``gap_ns`` form one ``Frame(start, end, nbytes,
ntransfers, image)``, closed (and its picture copied) when the next transfer starts later than
that or ``close_frame()`` is called.  ``bus_ns(transfers)`` is their time on the wire, which the
emulator does not model.
"""
from collections import namedtuple

from rp2040py.peripherals.i2c import R_TX_EMPTY, I2CMode

ADDRESS = 0x3C
WIDTH = 128
PAGES = 8
CHIPS = ("ssd1306", "sh1106", "ssd1309")
I2C_NS_PER_BYTE = 9 * 1_000_000_000 // 400_000  # 9 bit times a byte at 400 kHz: 22,500 ns

# Argument bytes after each command byte, by chip (others take none).  SSD1306 datasheet section
# 9 (0xAD: internal IREF, in its later revisions); SSD1309 the same less the charge pump 0x8D and
# the IREF 0xAD; SH1106 datasheet commands 1-21 (0xAD: DC-DC, 0x8B on).
_SSD1306_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA3: 2, 0xA8: 1, 0xAD: 1, 0xD3: 1,
                 0xD5: 1, 0xD6: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5}
_ARGS = {
    "ssd1306": _SSD1306_ARGS,
    "ssd1309": {c: n for c, n in _SSD1306_ARGS.items() if c not in (0x8D, 0xAD)},
    "sh1106": {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1},
}
_SIMPLE = {  # one-byte commands each chip knows, beyond the column, page and start line ranges
    "ssd1306": {0x2E, 0x2F, 0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, 0xC0, 0xC8, 0xE3},
    "ssd1309": {0x2E, 0x2F, 0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, 0xC0, 0xC8, 0xE3},
    "sh1106": {0x30, 0x31, 0x32, 0x33, 0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, 0xC0, 0xC8,
               0xE0, 0xE3, 0xEE},
}
_RAM_WIDTH = {"ssd1306": 128, "ssd1309": 128, "sh1106": 132}
_SHOWN = {"ssd1306": 0, "ssd1309": 0, "sh1106": 2}  # RAM column of the panel's leftmost pixel

# Transfers closer than this belong to one frame (one ``show()``): a frame's pages follow each
# other within a few hundred microseconds, while the device loop sleeps 10 ms between passes.
GAP_NS = 3_000_000

Transfer = namedtuple("Transfer", "start end nbytes is_data")
Frame = namedtuple("Frame", "start end nbytes ntransfers image")


class Chip:
    """The RAM and command decoder of one chip (``CHIPS``), fed a byte at a time: ``command(v)``
    and ``data(v)``.  ``on``: display on (0xAF) / off (0xAE); ``commands``: (ns, command with its
    arguments) for each command but the addressing ones; ``unknown``: (ns, byte) the chip does not
    know."""

    def __init__(self, clock, chip="ssd1306"):
        if chip not in CHIPS:
            raise ValueError("no such chip: %r" % (chip,))
        self.chip = chip
        self.clock = clock
        self.width = _RAM_WIDTH[chip]
        self.shown = _SHOWN[chip]
        self.args = _ARGS[chip]
        self.simple = _SIMPLE[chip]
        self.paged_only = chip == "sh1106"
        self.ram = bytearray(self.width * PAGES)
        self.on = False
        self.commands = []
        self.unknown = []
        self.mode = 2  # SSD1306 datasheet 10.1.3: page addressing after reset
        self.col = (0, WIDTH - 1)
        self.page = (0, PAGES - 1)
        self.x = 0
        self.p = 0
        self._cmd = []

    def data(self, v):
        self.ram[self.p * self.width + self.x] = v
        if self.mode == 2 or self.paged_only:  # the pointer stays in its page, wraps to column 0
            self.x = (self.x + 1) % self.width
            return
        if self.mode == 1:  # vertical: down the pages, then the next column
            self.p += 1
            if self.p > self.page[1]:
                self.p = self.page[0]
                self.x = self.x + 1 if self.x < self.col[1] else self.col[0]
            return
        self.x += 1
        if self.x > self.col[1]:
            self.x = self.col[0]
            self.p += 1
            if self.p > self.page[1]:
                self.p = self.page[0]

    def command(self, v):
        cmd = self._cmd
        cmd.append(v)
        if len(cmd) <= self.args.get(cmd[0], 0):
            return  # arguments still to come
        self._cmd = []
        c = cmd[0]
        now = self.clock.nanos
        if c < 0x10:
            self.x = (self.x & 0xF0) | c
        elif c < 0x20:
            self.x = ((self.x & 0x0F) | (c & 0x0F) << 4) % self.width
        elif 0x40 <= c < 0x80 or c in self.simple or c in self.args:
            if not (0x20 <= c <= 0x22):
                self.commands.append((now, tuple(cmd)))
            if c == 0x20:
                self.mode = cmd[1] & 3
            elif c == 0x21:
                self.col = (cmd[1] & 0x7F, cmd[2] & 0x7F)
                self.x = self.col[0]
            elif c == 0x22:
                self.page = (cmd[1] & 7, cmd[2] & 7)
                self.p = self.page[0]
            elif c == 0xAE:
                self.on = False
            elif c == 0xAF:
                self.on = True
        elif 0xB0 <= c <= 0xB7:
            self.p = c & 7
        else:
            self.unknown.append((now, c))

    def frame(self):
        """What the panel shows now, as bytes (MONO_VLSB, 1024): 128 columns a page from ``shown``."""
        w = self.width
        s = self.shown
        return b"".join(bytes(self.ram[p * w + s:p * w + s + WIDTH]) for p in range(PAGES))


class _Recorder:
    """Transfers and frames, for both transports."""

    def __init__(self, clock, chip, gap_ns):
        self.clock = clock
        self.chip = Chip(clock, chip)
        self.present = True
        self.transfers = []
        self.gap = gap_ns
        self.frames = []
        self._open = None     # index of the first transfer of the frame being sent
        self._last_end = -gap_ns

    # the chip's state, read by the scenarios as the panel's
    @property
    def on(self):
        return self.chip.on

    @property
    def commands(self):
        return self.chip.commands

    @property
    def ram(self):
        return self.chip.ram

    def _record(self, start, n, is_data):
        self.transfers.append(Transfer(start, self.clock.nanos, n, is_data))
        self._last_end = self.clock.nanos
        if self._open is None:
            self._open = len(self.transfers) - 1

    def close_frame(self):
        """End the frame being sent (if any) and record it with the picture as it is now."""
        if self._open is None:
            return
        ts = self.transfers[self._open:]
        self.frames.append(Frame(ts[0].start, ts[-1].end, sum(t.nbytes for t in ts), len(ts), self.frame()))
        self._open = None

    def frame(self):
        """What the panel shows now, as bytes (MONO_VLSB, 1024)."""
        return self.chip.frame()


class Panel(_Recorder):
    """``Panel(i2c, clock, chip="ssd1306")`` hooks ``i2c`` (rp2040py's ``RPI2C``) as the target at
    ``ADDRESS``.  ``transfers``: every write transfer addressed to the panel; ``present = False``
    makes it NACK its address.
    """

    def __init__(self, i2c, clock, gap_ns=GAP_NS, chip="ssd1306"):
        _Recorder.__init__(self, clock, chip, gap_ns)
        self.i2c = i2c
        self._mine = False
        self._ctrl = True      # next byte is a control byte
        self._single = False   # Co=1: one byte then a control byte again
        self._data = False
        self._start = 0
        self._n = 0
        i2c.on_start = self._on_start
        i2c.on_connect = self._on_connect
        i2c.on_write_byte = self._on_write
        i2c.on_read_byte = lambda ack: i2c.complete_read(0xFF)
        i2c.on_stop = self._on_stop

    @staticmethod
    def bus_ns(transfers):
        """Time on the wire at 400 kHz: 9 bit times a byte, the address byte included."""
        return sum(t.nbytes + 1 for t in transfers) * I2C_NS_PER_BYTE

    def _on_start(self, repeated):
        self.i2c.complete_start()

    def _on_connect(self, address, mode):
        ok = self.present and address == ADDRESS and mode == I2CMode.WRITE
        self._mine = ok
        if ok:
            self._ctrl = True
            if self.clock.nanos - self._last_end > self.gap:
                self.close_frame()
            self._start = self.clock.nanos
            self._n = 0
            self.i2c.complete_connect(True)
        else:
            self.i2c.complete_connect(False)
            # The real I2C block raises TX_EMPTY after an abort; rp2040py does not, and the
            # firmware's write would wait for it for ever.
            self.i2c._set_interrupts(R_TX_EMPTY)

    def _on_write(self, value):
        if self._mine:
            self._n += 1
            self._byte(value)
        self.i2c.complete_write(self._mine)

    def _on_stop(self):
        if self._mine and self._n:
            self._record(self._start, self._n, self._data)
        self._mine = False
        self.i2c.complete_stop()

    def _byte(self, v):
        if self._ctrl:
            self._data = bool(v & 0x40)
            self._single = bool(v & 0x80)
            self._ctrl = False
            return
        if self._data:
            self.chip.data(v)
        else:
            self.chip.command(v)
        if self._single:
            self._ctrl = True


# The SPI wiring of boards/pico_ssd1306_spi/board.py (its SCK and MOSI are the SPI block's own).
SPI_DC = 20
SPI_CS = 17
SPI_RES = 21
PERI_HZ = 48_000_000  # MicroPython's rp2 port runs clk_peri at 48 MHz (rp2040py assumes 125 MHz)


class SpiPanel(_Recorder):
    """``SpiPanel(spi, gpio, clock, chip="ssd1306")`` takes each byte rp2040py's ``RPSPI`` ``spi``
    sends, with CS# (a byte while it is high is not the panel's), D/C# (low: command, high: RAM
    data) and RES# (low: the chip held in reset, its set-up lost) read from ``gpio`` at that byte.
    A transfer is a run of bytes of one kind without a pause over ``pause_ns``."""

    def __init__(self, spi, gpio, clock, gap_ns=GAP_NS, chip="ssd1306", pause_ns=20_000):
        _Recorder.__init__(self, clock, chip, gap_ns)
        self.spi = spi
        self.gpio = gpio
        self.pause = pause_ns
        self.resets = 0
        self._kind = None
        self._start = 0
        self._n = 0
        self._at = -pause_ns
        self._in_reset = False
        self.hz = 0
        spi.on_transmit = self._on_transmit

    def bus_ns(self, transfers):
        """Time on the wire at the SPI clock the firmware set (8 bits a byte)."""
        hz = self.hz or PERI_HZ
        return sum(t.nbytes for t in transfers) * 8 * 1_000_000_000 // hz

    def _level(self, n):
        return bool(self.gpio[n].output_value)

    def _on_transmit(self, value):
        self._take(value)
        # Done, and only now: completing pulls the next byte from the FIFO at once (the byte after
        # this one would be taken before it)
        self.spi.complete_transmit(0)

    def _take(self, value):
        now = self.clock.nanos
        if not self._level(SPI_RES):
            if not self._in_reset:
                self._in_reset = True
                self.resets += 1
            return
        if self._in_reset:
            self._in_reset = False
            self.chip = Chip(self.clock, self.chip.chip)  # set-up lost; the RAM too, as far as anyone knows
        if not self.present or self._level(SPI_CS):
            return
        f = self.spi.clock_frequency
        if f:
            self.hz = int(f * PERI_HZ / self.spi.rp2040.clk_peri)
        kind = self._level(SPI_DC)
        if kind != self._kind or now - self._at > self.pause:
            self._flush()
            if now - self._last_end > self.gap:
                self.close_frame()
            self._kind = kind
            self._start = now
        self._n += 1
        self._at = now
        self._last_end = now
        if kind:
            self.chip.data(value)
        else:
            self.chip.command(value)

    def _flush(self):
        if self._n:
            self.transfers.append(Transfer(self._start, self._at, self._n, bool(self._kind)))
            if self._open is None:
                self._open = len(self.transfers) - 1
        self._n = 0

    def close_frame(self):
        self._flush()
        _Recorder.close_frame(self)

    @property
    def last_end(self):
        return self._last_end
