"""CircuitPython (Raspberry Pi Pico) or Blinka (Raspberry Pi) + a 128x64 OLED on I2C + push-buttons.

The only file of this target that imports ``board``, ``busio``, ``digitalio`` and
``displayio`` (named ``cp_board`` because CircuitPython's own ``board`` module
cannot be shadowed).  The App draws every frame from scratch into ``bitmap``
(a 2-value ``displayio.Bitmap`` turned a quarter, through ``canvas.Canvas``).  The panel is
set up by Adafruit's displayio driver for its chip (``CHIPS``, chosen in Settings:
``adafruit_displayio_ssd1306`` for the SSD1306 and, as Adafruit's guides drive it, the SSD1309;
``adafruit_displayio_sh1106`` for the SH1106, its 128 columns from RAM column 2), which also sets
its brightness and puts it to sleep.  The frames go below displayio's refresh, as on the
MicroPython route (boards/pico_ssd1306/display.py): ``show()`` takes the frame's pages
(``canvas.Pages``: what changed, in C) and sends each changed run of columns of a page in page
addressing mode, the one mode all three chips have: on I2C a command write (0x00, 0xB0 | page,
the column's low and high nibble) and a data write (0x40, the run), the same bytes as the
MicroPython route; on SPI the same commands and data through the display bus (``fourwire``).
Flip and shift are the panel's commands too (segment remap and COM scan; display start line).

Wiring (see README), picked by ``sys.implementation.name`` in ``PINS`` (I2C) and ``SPI_PINS`` (the 7-pin
SPI modules, when ``PANEL_WIRING = "spi"`` is in CIRCUITPY/settings.toml or the environment):

    CircuitPython on a Pico: OLED SDA GP4, SCL GP5 (400 kHz, 0x3C or 0x3D);
      on SPI: D0 (SCK) GP18, D1 (MOSI) GP19, CS GP17, DC GP20, RES GP21 (10 MHz; an SH1106 4 MHz, its limit);
      buttons to GND: UP GP10, DOWN GP11, OK GP12 (required), BACK GP13, LEFT GP14, RIGHT GP15
    Blinka on a Raspberry Pi: OLED SDA GPIO2 (pin 3), SCL GPIO3 (pin 5);
      on SPI: D0 (SCK) GPIO11 (pin 23), D1 (MOSI) GPIO10 (pin 19), CS GPIO8 (CE0, pin 24),
      DC GPIO5 (pin 29), RES GPIO6 (pin 31);
      buttons to GND: UP GPIO17 (pin 11), DOWN GPIO27 (pin 13), OK GPIO22 (pin 15),
      BACK GPIO23 (pin 16), LEFT GPIO24 (pin 18), RIGHT GPIO25 (pin 22)

The panel's chip is a setting (Settings, "Panel"), or hold OK at power-on: each chip's test pattern in
turn, let go of OK on the one with all four edges lit (``panel_pick``).

Saves go to the folder in ``PINS`` (``/saves`` on CIRCUITPY).  CircuitPython lets code write to CIRCUITPY only when
``boot.py`` has remounted it (it does unless UP is held at power-up); on a
read-only drive saves are kept in RAM until power-off and ``note`` says so.
A new saves folder comes after a guard file (``saves.pad``, see ``make_saves``), so a power cut
inside a save's flash rewrite can take saves with it but never the code; a saves folder a cut
tore (its mark ``KEPT`` gone) is said in ``note`` (``SAVES_LOST_NOTE``).
"""
import os
import sys
import time

import adafruit_displayio_ssd1306
import adafruit_ticks
import board
import busio
import digitalio
import displayio
import fourwire
import i2cdisplaybus

import keys
from canvas import WIDTH, Canvas, Pages, new_bitmap
from panel_pick import pick
from rng import new_seed
from store import ENOSPC, OsFs

try:
    from supervisor import reload as _reload  # CircuitPython: code.py again on a fresh heap
except ImportError:  # Blinka on a Linux computer: the App says "Low memory" instead of restarting
    _reload = None

HEIGHT = 64
I2C_HZ = 400_000
ADDRESSES = (0x3C, 0x3D)
IDLE_S = 0.01
RETRY_MS = 1000
KEY_ORDER = (keys.UP, keys.DOWN, keys.OK, keys.BACK, keys.LEFT, keys.RIGHT)
# sys.implementation.name -> (SCL, SDA, buttons in KEY_ORDER, save folder); names of ``board`` pins.
PINS = {
    "circuitpython": ("GP5", "GP4", ("GP10", "GP11", "GP12", "GP13", "GP14", "GP15"), "/saves"),
    "cpython": ("SCL", "SDA", ("D17", "D27", "D22", "D23", "D24", "D25"), "saves"),
}
# The 7-pin SPI modules (``PANEL_WIRING = "spi"`` in CIRCUITPY/settings.toml, or in the environment on a
# Raspberry Pi): sys.implementation.name -> (SCK, MOSI, CS, DC, RES), names of ``board`` pins.  On the
# Pico the pins of the MicroPython SPI board file (boards/pico_ssd1306_spi/board.py).
SPI_PINS = {
    "circuitpython": ("GP18", "GP19", "GP17", "GP20", "GP21"),
    "cpython": ("SCLK", "MOSI", "CE0", "D5", "D6"),
}
SPI_HZ = 10_000_000
# How each platform sets the web page "Phone" leads to (``PAGE_URL``, read by os.getenv:
# CircuitPython's settings.toml, Blinka's environment), said when none is set.
PAGE_HOW = {
    "circuitpython": 'add PAGE_URL = "<the page\'s address>" to CIRCUITPY/settings.toml (README)',
    "cpython": "start it with PAGE_URL=<the page's address> in the environment (README)",
}
# The fastest serial clock each chip (``CHIPS``) takes on 4-wire SPI: the datasheets' clock cycle time
# (SSD1306 and SSD1309: tcycle 100 ns; SH1106: tCYC 250 ns at VDD 2.4-3.5 V); the bus asks no more.
SPI_MAX_HZ = (10_000_000, 4_000_000, 10_000_000)
READ_ONLY_NOTE = "Drive read-only: saves last until power-off. Restart without holding UP"
SAVES_LOST_NOTE = "Power cut during a save: saved games lost"
KEPT = ".kept"  # an empty file in the saves folder: gone when a cut tore the folder (open_fs)
# One erase block of the flash under CIRCUITPY (4 KB on the Pico's QSPI flash, as on most boards):
# CircuitPython rewrites a 512-byte FAT sector by erasing and programming its whole block.
ERASE_BLOCK = 4096
COLUMN = (0, 2, 0)  # RAM column of the panel's leftmost pixel, by chip (the SH1106 shows 2-129)


class RamFs:
    """Saves in RAM over a read-only folder: reads fall through to the files
    already there, writes stay in RAM (``store.Store`` file system object)."""

    def __init__(self, disk):
        self.disk = disk
        self.files = {}  # path -> bytes, or None once removed

    def read(self, path):
        if path in self.files:
            return self.files[path]
        return self.disk.read(path)

    def exists(self, path):
        if path in self.files:
            return self.files[path] is not None
        return self.disk.exists(path)

    def write(self, path, parts):
        self.files[path] = b"".join(parts)

    def rename(self, a, b):
        data = self.read(a)
        if data is None:
            raise OSError(2)  # ENOENT, as os.rename
        self.files[b] = data
        self.files[a] = None

    def remove(self, path):
        self.files[path] = None


def make_saves(root):
    """Make the saves folder ``root`` after a guard: the file ``root + ".pad"``, one erase block
    (``ERASE_BLOCK``) of zeros, at least one cluster, written just before.

    Why: CircuitPython rewrites a FAT sector by erasing its whole flash block and programming
    it again, so a power cut inside that rewrite also loses the block's other sectors.  Every
    save rewrites the folder's directory sector; FAT gives a new folder the first free cluster,
    which on a freshly copied drive is right after the last code file.  Without the guard,
    the folder and the end of a module (``ui.mpy`` on the 10.2.1 layout) shared a block: a cut
    there tore the module, and CircuitPython's ``.mpy`` loader then loops for ever at its
    ``import`` (the device stays dark).  With the guard, a block the saves rewrite holds only
    the guard, the folder and save files.  FAT gives the guard the first free clusters in a row:
    a drive whose free space is in pieces (files deleted between the code files) can still put
    a save next to code.  OSError as ``os.mkdir`` (a read-only drive)."""
    i = root.rfind("/")
    parent = root[:i] if i > 0 else ("/" if i == 0 else ".")
    size = max(ERASE_BLOCK, os.statvfs(parent)[0])  # f_bsize: one cluster
    zeros = bytes(512)
    try:
        with open(root + ".pad", "wb") as f:
            for _ in range((size + 511) // 512):
                f.write(zeros)
    except OSError as e:
        if e.args and e.args[0] != ENOSPC:  # a full drive: the saves without a guard, not none
            raise
    os.mkdir(root)


def open_fs(root):
    """(fs, note): ``OsFs(root)`` if it can be written, else a ``RamFs`` over it and a
    message for the player.  A missing ``root`` is made (``make_saves``).

    ``KEPT``, an empty file in ``root``, is gone when a power cut tore the folder's directory
    sector: every save is gone with it (the directory lists nothing, or names of erased
    bytes).  A folder ``make_saves`` made (its guard is there) without the mark and without
    ``app.dat`` gives ``note`` = ``SAVES_LOST_NOTE``, once: ``KEPT`` is written again.  A
    folder made otherwise (by hand, by an older version) just gets the mark."""
    made = False
    try:
        os.stat(root)
    except OSError:
        try:
            make_saves(root)
            made = True
        except OSError:
            pass  # a read-only drive (the probe below tells)
    fs = OsFs(root)
    try:
        if fs.exists(KEPT):
            fs.write(".probe", (b"",))
            fs.remove(".probe")
            return fs, None
        fs.write(KEPT, (b"",))  # (also the probe)
    except OSError:
        return RamFs(fs), READ_ONLY_NOTE
    if made or fs.exists("app.dat"):
        return fs, None
    try:
        os.stat(root + ".pad")
    except OSError:
        return fs, None
    return fs, SAVES_LOST_NOTE


def find_address(i2c):
    """0x3D if only that answers, else 0x3C."""
    while not i2c.try_lock():
        pass
    try:
        found = i2c.scan()
    finally:
        i2c.unlock()
    return ADDRESSES[1] if ADDRESSES[1] in found and ADDRESSES[0] not in found else ADDRESSES[0]


class I2CLink:
    """The panel on I2C below displayio: ``commands(cmds)`` one command stream (control byte
    0x00, SSD1306 datasheet 8.1.5), ``runs(buf, runs, col)`` each run (page, first column, last
    column) of the pages ``buf`` (MONO_VLSB) in page addressing: a command write (0x00, 0xB0 | page,
    the column's low nibble, 0x10 | its high nibble; the column offset by ``col``, the chip's
    first shown column) and a data write (0x40, the run): the MicroPython route's bytes."""

    def __init__(self, port, address):
        self.port = port
        self.address = address
        self.setup = bytearray(4)
        self.data = bytearray(WIDTH + 1)
        self.data[0] = 0x40

    def commands(self, cmds):
        port = self.port
        while not port.try_lock():
            pass
        try:
            port.writeto(self.address, bytes((0,) + tuple(cmds)))
        finally:
            port.unlock()

    def runs(self, buf, runs, col):
        port = self.port
        addr = self.address
        s = self.setup
        d = self.data
        while not port.try_lock():
            pass
        try:
            for p, c0, c1 in runs:
                c = c0 + col
                s[1] = 0xB0 | p
                s[2] = c & 15
                s[3] = 0x10 | (c >> 4)
                port.writeto(addr, s)
                a = p * WIDTH
                n = c1 - c0 + 1
                d[1:n + 1] = buf[a + c0:a + c1 + 1]
                port.writeto(addr, d, end=n + 1)
        finally:
            port.unlock()


class SPILink:
    """The same on SPI through the display bus (``fourwire.FourWire``: D/C low for a command,
    high for its data): each command byte on its own, the run as the last command's data."""

    def __init__(self, bus):
        self.bus = bus

    def commands(self, cmds):
        for c in cmds:
            self.bus.send(c, b"")

    def runs(self, buf, runs, col):
        send = self.bus.send
        for p, c0, c1 in runs:
            c = c0 + col
            a = p * WIDTH
            send(0xB0 | p, b"")
            send(c & 15, b"")
            send(0x10 | (c >> 4), buf[a + c0:a + c1 + 1])


class Board:
    """The fixed board interface (see firmware/app.py): ``fb``, ``show()``, ``fs``,
    ``new_seed()``, ``clock``, ``read_keys()``, ``idle()``; plus ``note``, a message
    for the player or None, ``display`` (None while the display is lost) and
    ``failures``, the count of display errors; ``CHIPS``, ``set_chip`` and ``where``
    for the Settings line of the panel's chip (``prefs``)."""

    CHIPS = ("SSD1306", "SH1106", "SSD1309")

    def __init__(self, platform=None, wiring=None):
        """``platform``: a key of ``PINS`` (default ``sys.implementation.name``); ``wiring``: "i2c"
        or "spi" (default ``PANEL_WIRING`` from settings.toml or the environment, else "i2c")."""
        platform = platform or sys.implementation.name
        scl, sda, buttons, save_dir = PINS[platform]
        self.wiring = wiring or os.getenv("PANEL_WIRING") or "i2c"
        self.page_url = os.getenv("PAGE_URL") or ""  # the web page of "Phone" (firmware/phone.py)
        self.page_how = PAGE_HOW.get(platform, PAGE_HOW["cpython"])
        if self.wiring == "spi":
            self.spi_pins = [getattr(board, n) for n in SPI_PINS[platform]]
        else:
            self.scl = getattr(board, scl)
            self.sda = getattr(board, sda)
        self.bitmap = new_bitmap()  # the frame, turned a quarter (canvas.py)
        self.fb = Canvas(self.bitmap)
        self.pages = Pages(self.bitmap)
        self.full = True  # the next show() sends every page (a new or set up again panel)
        self.link = None  # I2CLink or SPILink: the frames' way to the panel, below displayio
        self.flip = False  # the panel's segment remap and COM scan as sent (False: as set up)
        self.shift = 0  # the panel's display start line as sent (0: as set up)
        self.pins = []
        for i in range(len(KEY_ORDER)):
            pin = digitalio.DigitalInOut(getattr(board, buttons[i]))
            pin.switch_to_input(pull=digitalio.Pull.UP)
            self.pins.append((keys.bit(KEY_ORDER[i]), pin))
        self.clock = adafruit_ticks
        self.fs, self.note = open_fs(save_dir)
        self.failures = 0
        self.display = None
        self.next_try = 0
        self.panel_state = None  # (contrast, on, flip, shift, fast) asked by the App's rest; None: as set up
        self.fast = False  # the display clock sent (fast: a QR code's); a new display starts at its set-up's
        self.rest = None  # rest.Rest, made by the App's settings (prefs.start) since there is a panel
        self.chip = 0
        self.address = 0
        self.port = None  # the panel's busio.I2C or busio.SPI, kept to be let go before the next set-up
        self.bus = None  # on SPI its fourwire.FourWire, kept for the same reason (Blinka)
        # the App's way to open a saved game the RAM has no room for (``opening.resume_saved``);
        # None where no fresh heap is to be had
        self.restart = _reload
        self.chosen = None  # the chip picked by holding OK at power-on (prefs.start stores it)
        self._connect()
        if self._held(keys.OK):
            self.chosen = pick(self, lambda: self._held(keys.OK), lambda ms: time.sleep(ms / 1000))

    def _held(self, bit):
        for b, pin in self.pins:
            if b == keys.bit(bit) and not pin.value:
                return True
        return False

    def set_chip(self, chip):
        """Drive the panel as ``CHIPS[chip]`` from now on: set up again, repainted whole."""
        if chip != self.chip:
            self.chip = chip
            self.display = None
            if self._connect():
                self.show()

    def where(self):
        if self.display is None:
            return "none"
        return "SPI" if self.wiring == "spi" else "0x%X" % self.address

    def _connect(self):
        """Set up the bus (I2C, or SPI with its FourWire pins), the panel's chip and a display of
        ``shown``; a missing display is counted and left for ``idle()`` to try again (on SPI a
        missing panel is never noticed: nothing answers there)."""
        displayio.release_displays()  # a soft reload, or the lost display, still holds the bus
        # Blinka's FourWire is not among the buses its release_displays lets go (adafruit-blinka-
        # displayio 2.7.1): its D/C, CS and RES pins are freed here (CircuitPython's has no _release)
        release = getattr(self.bus, "_release", None) if self.wiring == "spi" else None
        self.bus = None
        if release is not None:
            release()
        if self.port is not None:  # CircuitPython's release leaves our I2C or SPI holding its pins:
            self.port.deinit()  # a new one on them ("GP5 in use") would fail, the panel stay dark
            self.port = None
        port = None
        try:
            if self.wiring == "spi":
                sck, mosi, cs, dc, res = self.spi_pins
                port = busio.SPI(sck, MOSI=mosi)
                bus = self.bus = fourwire.FourWire(port, command=dc, chip_select=cs, reset=res,
                                                   baudrate=min(SPI_HZ, SPI_MAX_HZ[self.chip]))
            else:
                port = busio.I2C(self.scl, self.sda, frequency=I2C_HZ)
                self.address = find_address(port)
                bus = i2cdisplaybus.I2CDisplayBus(port, device_address=self.address)
            if self.chip == 1:  # SH1106: 132 columns of RAM, the panel's 128 from column 2
                import adafruit_displayio_sh1106  # here: its RAM only when the panel is one

                display = adafruit_displayio_sh1106.SH1106(bus, width=WIDTH, height=HEIGHT, colstart=2,
                                                           auto_refresh=False)
            else:
                display = adafruit_displayio_ssd1306.SSD1306(bus, width=WIDTH, height=HEIGHT, auto_refresh=False)
        except (OSError, RuntimeError, ValueError):  # no display answers
            if port is not None:
                port.deinit()  # CircuitPython's display bus refuses an address nobody answers: free the pins
            self.failures += 1
            return False
        self.port = port
        self.display = display
        self.link = SPILink(bus) if self.wiring == "spi" else I2CLink(port, self.address)
        self.fast = False  # a new display runs at its driver's set-up's clock
        self.full = True
        self.flip = False
        self.shift = 0
        try:
            if self.chip != 1:  # the SSD1306 and SSD1309 in page addressing (the SH1106 has no other)
                self._command(0x20, 0x02)
        except (OSError, RuntimeError):
            self.display = None
            self.failures += 1
            return False
        if self.panel_state is not None:  # a reconnected panel is set up as the player left it
            self._panel()
        return self.display is not None

    def read_keys(self):
        mask = 0
        for b, pin in self.pins:
            if not pin.value:  # pressed pulls the pin to GND
                mask |= b
        r = self.rest
        return mask if r is None else r.keys(mask, adafruit_ticks.ticks_ms())  # a waking press: 0

    def show(self):
        """Send what changed since the last frame (``canvas.Pages``), every page after a set-up.
        A bus error drops the display (``idle()`` sets it up again and repaints); nothing is
        raised."""
        runs = self.pages.take(self.full)
        if self.display is None:
            return
        try:
            self._send(runs)
            self.full = False
        except (OSError, RuntimeError):  # loose wire
            self.display = None
            self.failures += 1

    def _send(self, runs):
        link = self.link
        buf = self.pages.buf
        if link is not None and buf is not None:
            link.runs(memoryview(buf), runs, COLUMN[self.chip])

    def _command(self, *cmds):
        """Commands to the panel; OSError or RuntimeError from the bus."""
        link = self.link
        if link is not None:
            link.commands(cmds)

    def panel(self, contrast, on, flip, shift, fast=False):
        """The App's rest and settings (see firmware/rest.py): ``brightness`` (the contrast
        command) and ``sleep()``/``wake()`` through the displayio driver; a flipped module by the
        segment remap and COM scan (0xA0 and 0xC0 instead of the set-up's 0xA1 and 0xC8, every
        page sent again: the remap applies to what is written after it) and the picture moved
        ``shift`` rows down by the display start line (0x40 | (64 - shift) % 64), the commands
        the MicroPython route sends (boards/pico_ssd1306/oled.py); and the display clock at its
        fastest while a QR code is shown (``fast``: 0xD5 0xF0 on the three chips, else the
        set-up's 0x80; oled.py ``FAST_CLOCK``).  Kept for a reconnected display; a bus error drops
        the display."""
        self.panel_state = (contrast, on, flip, shift, fast)
        if self.display is not None:
            self._panel()

    def _panel(self):
        d = self.display
        if self.panel_state is None or d is None:
            return
        contrast, on, flip, shift, fast = self.panel_state
        try:
            if d.brightness != contrast / 255:
                d.brightness = contrast / 255
            if self.flip != flip:
                self._command(0xA0 if flip else 0xA1, 0xC0 if flip else 0xC8)
                self.flip = flip
                self.full = True
                self.show()
            if self.shift != shift:
                self._command(0x40 | ((HEIGHT - shift) & (HEIGHT - 1)))
                self.shift = shift
            if self.fast != fast:
                self._command(0xD5, 0xF0 if fast else 0x80)
                self.fast = fast
            if on:
                d.wake()
            else:
                d.sleep()
        except (OSError, RuntimeError):  # loose wire: idle() sets it up again
            self.display = None
            self.failures += 1

    def idle(self):
        """Between loop passes: sleep a little; about once a second set up a lost display again;
        the screen's rest (``rest``) when it has one."""
        if self.rest is not None:
            self.rest.tick(adafruit_ticks.ticks_ms())
        if self.display is None:
            now = adafruit_ticks.ticks_ms()
            if adafruit_ticks.ticks_diff(now, self.next_try) >= 0:
                self.next_try = adafruit_ticks.ticks_add(now, RETRY_MS)
                if self._connect():
                    self.show()
        time.sleep(IDLE_S)

    def close(self):
        """Hand the panel back as its displayio driver set it up (horizontal addressing, not
        flipped, start line 0): when code.py stops, CircuitPython shows its console there."""
        if self.display is None:
            return
        try:
            cmds = (0xA1, 0xC8, 0x40) if self.chip == 1 else (0x20, 0x00, 0xA1, 0xC8, 0x40)
            self._command(*cmds)
        except (OSError, RuntimeError):
            pass

    def new_seed(self):
        return new_seed()

    def random_id(self):
        """A fresh random 32-bit int from ``os.urandom`` (the plays log's device id)."""
        return new_seed()
