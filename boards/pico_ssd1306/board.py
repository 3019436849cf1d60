"""Raspberry Pi Pico (RP2040; Pico 2 too) + SSD1306 128x64 on I2C0 + push-buttons.

The only file that imports ``machine``.  Wiring (see README):

    OLED SDA -> GP4, SCL -> GP5, VCC -> 3V3, GND -> GND; 400 kHz; address 0x3C (0x3D if that answers)
    Buttons, each between the pin and GND (internal pull-ups):
      UP GP10, DOWN GP11, OK GP12 (required); BACK GP13, LEFT GP14, RIGHT GP15 (optional)

A long OK press is BACK, so UP, DOWN and OK are enough.
"""
import os
import time

import framebuf
from machine import I2C, Pin

import keys
from display import Flusher
from gfx import Glyphs
from rng import new_seed
from store import OsFs

I2C_ID = 0
SDA = 4
SCL = 5
I2C_HZ = 400_000
ADDRESSES = (0x3C, 0x3D)
BUTTONS = ((keys.UP, 10), (keys.DOWN, 11), (keys.OK, 12), (keys.BACK, 13), (keys.LEFT, 14), (keys.RIGHT, 15))
SAVE_DIR = "/saves"
IDLE_MS = 10


class Screen(framebuf.FrameBuffer):
    """The frame, plus the ``glyph`` hook (a native FrameBuffer takes no attributes)."""


class Board:
    def __init__(self):
        self.buf = bytearray(128 * 64 // 8)
        self.fb = Screen(self.buf, 128, 64, framebuf.MONO_VLSB)  # text blitted in C, not bit by bit:
        self.fb.glyph = Glyphs(self.fb, framebuf).glyph  # pyright: ignore[reportAttributeAccessIssue]
        self.i2c = I2C(I2C_ID, sda=Pin(SDA), scl=Pin(SCL), freq=I2C_HZ)
        self.pins = [(keys.bit(k), Pin(n, Pin.IN, Pin.PULL_UP)) for k, n in BUTTONS]
        self.clock = time
        self.link = Flusher(self.buf, self._connect, time)
        try:
            os.mkdir(SAVE_DIR)
        except OSError:
            pass  # already there
        self.fs = OsFs(SAVE_DIR)

    def _connect(self):
        import ssd1306  # micropython-lib driver, installed by `make deploy` (mpremote mip install ssd1306)

        found = self.i2c.scan()
        addr = ADDRESSES[1] if ADDRESSES[1] in found and ADDRESSES[0] not in found else ADDRESSES[0]
        return ssd1306.SSD1306_I2C(128, 64, self.i2c, addr)

    def read_keys(self):
        mask = 0
        for b, pin in self.pins:
            if not pin.value():  # pressed pulls the pin to GND
                mask |= b
        return mask

    def show(self):
        self.link.show()

    def idle(self):
        self.link.retry(time.ticks_ms())
        time.sleep_ms(IDLE_MS)

    def new_seed(self):
        return new_seed()
