"""Raspberry Pi Pico (RP2040; Pico 2 too) + SSD1306 128x64 on I2C0 + push-buttons.

The only file that imports ``machine``.  Wiring (see README):

    OLED SDA -> GP4, SCL -> GP5, VCC -> 3V3, GND -> GND; 400 kHz; address 0x3C (0x3D if that answers)
    Buttons, each between the pin and GND (internal pull-ups):
      UP GP10, DOWN GP11, OK GP12 (required); BACK GP13, LEFT GP14, RIGHT GP15 (optional)

A long OK press is BACK, so UP, DOWN and OK are enough.
"""
# The u-names load the built-in modules at once: "os", "time" and "machine" are searched on
# the flash first, 6 ms each at every boot.
import framebuf
import uos as os
import utime as time
from umachine import I2C, Pin

import ink
import keys
from display import Flusher
from oled import BuiltinSSD1306, Panel
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
# True: micropython-lib's ssd1306 module drives the panel; False: oled.BuiltinSSD1306, the same
# commands without the driver's own frame and blank first frame (about 40 ms faster boot).
DRIVER = False
KEY_MS = 5  # key timer period: a press is known within 5 ms


class Screen(framebuf.FrameBuffer):
    """The frame (a native FrameBuffer takes no attributes), with text and the whole-frame fill
    in machine code (``ink``): the main menu is drawn in about 3.5 ms instead of 16."""

    buf: bytearray  # the frame's bytes, set by Board

    def draw_text(self, font, s, x, y, c):  # gfx.Gfx's text hook
        return ink.draw_text(self.buf, font, s, x, y, c)

    def draw_scaled(self, font, s, x, y, c, sx, sy, gap):  # gfx.Gfx's scaled text hook
        return ink.draw_scaled(self.buf, font, s, x, y, c, sx, sy, gap)

    def pattern(self, x, y, w, h, c):  # the Delfos screens' tile patterns (ui_base.pattern's hook)
        ink.pattern(self.buf, x, y, w, h, c)

    def fill(self, c):  # framebuf's fill sets the 8192 pixels one by one: 0.8 ms on the Pico
        ink.blank(self.buf, c)


class Board:
    def __init__(self):
        self.buf = bytearray(128 * 64 // 8)
        self.fb = Screen(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.fb.buf = self.buf
        self.i2c = I2C(I2C_ID, sda=Pin(SDA), scl=Pin(SCL), freq=I2C_HZ)
        self.pins = [(keys.bit(k), Pin(n, Pin.IN, Pin.PULL_UP)) for k, n in BUTTONS]
        self.clock = time
        self.said = False
        self.buttons = None  # keys.Buttons fed by the key timer (attach_keys)
        self.timer = None
        self.link = Flusher(self.buf, self._connect, time, ink.runs)
        self.screen = Panel(self.link)
        self.rest = None  # rest.Rest, made by the App's settings (prefs.start) since there is a panel
        try:
            os.mkdir(SAVE_DIR)
        except OSError:
            pass  # already there
        self.fs = OsFs(SAVE_DIR)

    def _connect(self):
        """A driver for the first address that answers, with the panel's settings sent
        again (``oled.Panel``); OSError when none does."""
        err = OSError(19)  # ENODEV
        for addr in ADDRESSES:  # a set-up write is the probe: no bus scan at boot
            try:
                return self.screen.opened(self._driver(addr))
            except OSError as e:
                err = e
        raise err

    def _driver(self, addr):
        if not DRIVER:
            return BuiltinSSD1306(self.i2c, addr)
        try:
            import ssd1306  # micropython-lib driver (mpremote mip install ssd1306)

            return ssd1306.SSD1306_I2C(128, 64, self.i2c, addr)
        except OSError:
            raise  # no display answers there
        except Exception as e:  # missing (ImportError) or wrong (AttributeError, TypeError, ...) driver
            drv = BuiltinSSD1306(self.i2c, addr)  # OSError if no display answers either
            if not self.said:  # a display answers: say so once
                print("display at 0x%x: ssd1306 driver unusable (%s: %s), built-in transport used"
                      % (addr, type(e).__name__, e))
                self.said = True
            return drv

    def read_keys(self):
        mask = 0
        for b, pin in self.pins:
            if not pin.value():  # pressed pulls the pin to GND
                mask |= b
        r = self.rest
        return mask if r is None else r.keys(mask, time.ticks_ms())  # a press that wakes the panel: 0

    def show(self):
        self.link.show()

    def attach_keys(self, buttons):
        """Feed ``buttons`` from a soft timer every KEY_MS, so a press during a redraw or a
        save is timed from its first edge and kept; True when the timer runs."""
        try:
            from umachine import Timer

            def tick(_t):
                buttons.update(self.read_keys(), time.ticks_ms())

            self.timer = Timer(-1, mode=Timer.PERIODIC, period=KEY_MS, callback=tick, hard=False)  # soft: may allocate
        except Exception as e:  # a port without soft timers: App.poll reads the pins itself
            print("no key timer (%s): keys read by the loop" % e)
            return False
        self.buttons = buttons
        return True

    def idle(self):
        """About IDLE_MS of rest, cut short when a key is waiting."""
        now = time.ticks_ms()
        self.link.retry(now)
        if self.rest is not None:
            self.rest.tick(now)  # dim, off, wake, shift: here, never in the key timer (bus in use)
        b = self.buttons
        for _ in range(IDLE_MS):
            if b is not None and b.r != b.w:
                return
            time.sleep_ms(1)

    def new_seed(self):
        return new_seed()

    def random_id(self):
        """A fresh random 32-bit int from ``os.urandom`` (the plays log's device id)."""
        return new_seed()

    def panel(self, contrast, on, flip, shift):
        """Contrast, display on/off, 180-degree flip and the burn-in shift (``rest``), sent
        through the Flusher's driver; kept for a reconnected display."""
        self.screen.set(contrast, on, flip, shift)
