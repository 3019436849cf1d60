"""CircuitPython (Raspberry Pi Pico) or Blinka (Raspberry Pi) + SSD1306 128x64 on I2C + push-buttons.

The only file of this target that imports ``board``, ``busio``, ``digitalio`` and
``displayio`` (named ``cp_board`` because CircuitPython's own ``board`` module
cannot be shadowed).  The frame is a 2-value ``displayio.Bitmap`` drawn by
``canvas.Canvas``; ``show()`` asks displayio to refresh, and displayio sends
the bitmap's dirty area to the panel through ``adafruit_displayio_ssd1306``.

Wiring (see README), picked by ``sys.implementation.name`` in ``PINS``:

    CircuitPython on a Pico: OLED SDA GP4, SCL GP5 (400 kHz, 0x3C or 0x3D);
      buttons to GND: UP GP10, DOWN GP11, OK GP12 (required), BACK GP13, LEFT GP14, RIGHT GP15
    Blinka on a Raspberry Pi: OLED SDA GPIO2 (pin 3), SCL GPIO3 (pin 5);
      buttons to GND: UP GPIO17 (pin 11), DOWN GPIO27 (pin 13), OK GPIO22 (pin 15),
      BACK GPIO23 (pin 16), LEFT GPIO24 (pin 18), RIGHT GPIO25 (pin 22)

Saves go to ``SAVE_DIR``.  CircuitPython lets code write to CIRCUITPY only when
``boot.py`` has remounted it (it does unless UP is held at power-up); on a
read-only drive saves are kept in RAM until power-off and ``note`` says so.
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
import i2cdisplaybus

import keys
from canvas import Canvas
from rng import new_seed
from store import OsFs

WIDTH = 128
HEIGHT = 64
I2C_HZ = 400_000
ADDRESSES = (0x3C, 0x3D)
IDLE_S = 0.01
KEY_ORDER = (keys.UP, keys.DOWN, keys.OK, keys.BACK, keys.LEFT, keys.RIGHT)
# sys.implementation.name -> (SCL, SDA, buttons in KEY_ORDER, save folder); names of ``board`` pins.
PINS = {
    "circuitpython": ("GP5", "GP4", ("GP10", "GP11", "GP12", "GP13", "GP14", "GP15"), "/saves"),
    "cpython": ("SCL", "SDA", ("D17", "D27", "D22", "D23", "D24", "D25"), "saves"),
}
READ_ONLY_NOTE = "Drive read-only: saves last only until power-off"


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


def open_fs(root):
    """(fs, note): ``OsFs(root)`` if it can be written, else a ``RamFs`` over it and a
    message for the player."""
    try:
        os.mkdir(root)
    except OSError:
        pass  # already there, or a read-only drive (the probe below tells)
    fs = OsFs(root)
    try:
        fs.write(".probe", (b"",))
        fs.remove(".probe")
        return fs, None
    except OSError:
        return RamFs(fs), READ_ONLY_NOTE


def find_address(i2c):
    """0x3D if only that answers, else 0x3C."""
    while not i2c.try_lock():
        pass
    try:
        found = i2c.scan()
    finally:
        i2c.unlock()
    return ADDRESSES[1] if ADDRESSES[1] in found and ADDRESSES[0] not in found else ADDRESSES[0]


class Board:
    """The fixed board interface (see firmware/app.py): ``fb``, ``show()``, ``fs``,
    ``new_seed()``, ``clock``, ``read_keys()``, ``idle()``; plus ``note``, a message
    for the player or None, and ``display``, the displayio display."""

    def __init__(self, platform=None):
        scl, sda, buttons, save_dir = PINS[platform or sys.implementation.name]
        displayio.release_displays()  # a soft reload leaves the last display claimed
        self.i2c = busio.I2C(getattr(board, scl), getattr(board, sda), frequency=I2C_HZ)
        bus = i2cdisplaybus.I2CDisplayBus(self.i2c, device_address=find_address(self.i2c))
        self.display = adafruit_displayio_ssd1306.SSD1306(bus, width=WIDTH, height=HEIGHT, auto_refresh=False)
        self.bitmap = displayio.Bitmap(WIDTH, HEIGHT, 2)
        palette = displayio.Palette(2)
        palette[0] = 0x000000
        palette[1] = 0xFFFFFF
        group = displayio.Group()
        group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self.display.root_group = group
        self.fb = Canvas(self.bitmap)
        self.pins = []
        for i in range(len(KEY_ORDER)):
            pin = digitalio.DigitalInOut(getattr(board, buttons[i]))
            pin.switch_to_input(pull=digitalio.Pull.UP)
            self.pins.append((keys.bit(KEY_ORDER[i]), pin))
        self.clock = adafruit_ticks
        self.fs, self.note = open_fs(save_dir)
        self.failures = 0

    def read_keys(self):
        mask = 0
        for b, pin in self.pins:
            if not pin.value:  # pressed pulls the pin to GND
                mask |= b
        return mask

    def show(self):
        """Refresh now (displayio sends the dirty area); a bus error is counted, never raised."""
        try:
            self.display.refresh(target_frames_per_second=None)
        except (OSError, RuntimeError):  # loose wire: the next frame tries again
            self.failures += 1

    def idle(self):
        time.sleep(IDLE_S)

    def new_seed(self):
        return new_seed()
