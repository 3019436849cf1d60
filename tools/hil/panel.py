"""An SSD1306 128x64 on the emulated I2C bus: the bytes the driver sends, decoded into GDDRAM.

Each I2C write transfer starts with a control byte: 0x00 a command stream, 0x40 a data stream
(both to the end of the transfer); 0x80 / 0xC0 one command / data byte, then another control
byte.  Commands are parsed with their argument counts (SSD1306 datasheet, section 9); the
column and page windows (0x21, 0x22) and horizontal addressing place data bytes into a 1024-byte
GDDRAM in the MONO_VLSB page layout the firmware draws in (``page * 128 + column``, bit 0 = top
row), so a frame compares directly with ``board.buf`` on the host.  Every transfer is recorded
as ``Transfer(start_ns, end_ns, nbytes, is_data)``; ``nbytes`` counts the bytes after the address
byte, as the host's recording fake display does.  Transfers that follow each other within
``gap_ns`` form one ``Frame(start, end, nbytes, ntransfers, image)``, closed (and its GDDRAM
copied) when the next transfer starts later than that or ``close_frame()`` is called.
"""
from collections import namedtuple

from rp2040py.peripherals.i2c import R_TX_EMPTY, I2CMode

ADDRESS = 0x3C
WIDTH = 128
PAGES = 8

# Argument bytes after each command byte (others take none).
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA3: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD6: 1,
         0xD9: 1, 0xDA: 1, 0xDB: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5}

# Transfers closer than this belong to one frame (one ``show()``): a frame's pages follow each
# other within a few hundred microseconds, while the device loop sleeps 10 ms between passes.
GAP_NS = 3_000_000

Transfer = namedtuple("Transfer", "start end nbytes is_data")
Frame = namedtuple("Frame", "start end nbytes ntransfers image")


class Panel:
    """``Panel(i2c, clock)`` hooks ``i2c`` (rp2040py's ``RPI2C``) as the target at ``ADDRESS``.

    ``ram``: the 1024-byte GDDRAM; ``on``: display on (0xAF) / off (0xAE); ``commands``: (ns,
    command with its arguments) for each command but the column/page windows; ``transfers``: every
    write transfer addressed to the panel; ``present = False`` makes it NACK its address.
    """

    def __init__(self, i2c, clock, gap_ns=GAP_NS):
        self.i2c = i2c
        self.clock = clock
        self.ram = bytearray(WIDTH * PAGES)
        self.on = False
        self.present = True
        self.transfers = []
        self.commands = []  # (ns, command tuple) of every command but the 0x21/0x22 windows
        self.col = (0, WIDTH - 1)
        self.page = (0, PAGES - 1)
        self.x = 0
        self.p = 0
        self._mine = False
        self._ctrl = True      # next byte is a control byte
        self._single = False   # Co=1: one byte then a control byte again
        self._data = False
        self._cmd = []         # command being collected with its arguments
        self._start = 0
        self._n = 0
        self.gap = gap_ns
        self.frames = []
        self._open = None     # index of the first transfer of the frame being sent
        self._last_end = -gap_ns
        i2c.on_start = self._on_start
        i2c.on_connect = self._on_connect
        i2c.on_write_byte = self._on_write
        i2c.on_read_byte = lambda ack: i2c.complete_read(0xFF)
        i2c.on_stop = self._on_stop

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
            self.transfers.append(Transfer(self._start, self.clock.nanos, self._n, self._data))
            self._last_end = self.clock.nanos
            if self._open is None:
                self._open = len(self.transfers) - 1
        self._mine = False
        self.i2c.complete_stop()

    def _byte(self, v):
        if self._ctrl:
            self._data = bool(v & 0x40)
            self._single = bool(v & 0x80)
            self._ctrl = False
            return
        if self._data:
            self._write_ram(v)
        else:
            self._command(v)
        if self._single:
            self._ctrl = True

    def _write_ram(self, v):
        self.ram[self.p * WIDTH + self.x] = v
        self.x += 1
        if self.x > self.col[1]:
            self.x = self.col[0]
            self.p += 1
            if self.p > self.page[1]:
                self.p = self.page[0]

    def _command(self, v):
        cmd = self._cmd
        cmd.append(v)
        if len(cmd) <= _ARGS.get(cmd[0], 0):
            return  # arguments still to come
        self._cmd = []
        c = cmd[0]
        if c not in (0x21, 0x22):
            self.commands.append((self.clock.nanos, tuple(cmd)))
        if c == 0x21:
            self.col = (cmd[1] & 0x7F, cmd[2] & 0x7F)
            self.x = self.col[0]
        elif c == 0x22:
            self.page = (cmd[1] & 7, cmd[2] & 7)
            self.p = self.page[0]
        elif c == 0xAE:
            self.on = False
        elif c == 0xAF:
            self.on = True

    def close_frame(self):
        """End the frame being sent (if any) and record it with the GDDRAM as it is now."""
        if self._open is None:
            return
        ts = self.transfers[self._open:]
        self.frames.append(Frame(ts[0].start, ts[-1].end, sum(t.nbytes for t in ts), len(ts), bytes(self.ram)))
        self._open = None

    def frame(self):
        """The GDDRAM now, as bytes (MONO_VLSB, 1024)."""
        return bytes(self.ram)
