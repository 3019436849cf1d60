"""Raspberry Pi Pico (RP2040; Pico 2 too) + a 128x64 OLED on I2C0 + push-buttons.

The only file that imports ``machine`` (with ``pico_ssd1306_spi/board.py``, the SPI wiring's).
The panel's chip (SSD1306 0.96", SH1106 1.3", SSD1309 2.42") is a setting: Settings, "Panel",
or hold OK at power-on (``pico.Pico``).  Wiring (see README):

    OLED SDA -> GP4, SCL -> GP5, VCC -> 3V3, GND -> GND; 400 kHz; address 0x3C (0x3D if that answers)
    Buttons, each between the pin and GND (internal pull-ups):
      UP GP10, DOWN GP11, OK GP12 (required); BACK GP13, LEFT GP14, RIGHT GP15 (optional)

A long OK press is BACK, so UP, DOWN and OK are enough.
"""
# The u-names load the built-in modules at once: "os", "time" and "machine" are searched on
# the flash first, 6 ms each at every boot.
import uos as os
from umachine import I2C, PWM, Pin, soft_reset

import keys
from oled import SSD1306, I2CPanel, Wrapped
from pico import Pico
from store import OsFs

try:
    from umachine import Timer
except ImportError:  # a port without soft timers: App.poll reads the pins itself
    Timer = None

I2C_ID = 0
SDA = 4
SCL = 5
I2C_HZ = 400_000
ADDRESSES = (0x3C, 0x3D)
# A piezo buzzer for the table's clock's warnings, between this pin and GND (PWM): None, none wired
# (the default); e.g. 16 for GP16 (pin 21).  Settings then has a "Buzzer" line.
BUZZER = None
BUTTONS = ((keys.UP, 10), (keys.DOWN, 11), (keys.OK, 12), (keys.BACK, 13), (keys.LEFT, 14), (keys.RIGHT, 15))
SAVE_DIR = "/saves"
# True: micropython-lib's ssd1306 module sets up an SSD1306 (its own frame and blank first frame
# too: about 40 ms slower boot); False: oled.I2CPanel, the chip set in Settings.
DRIVER = False


class Board(Pico):
    def __init__(self):
        self.i2c = I2C(I2C_ID, sda=Pin(SDA), scl=Pin(SCL), freq=I2C_HZ)
        self.addr = 0  # the address that answered (0: none yet)
        self.said = False
        try:
            os.mkdir(SAVE_DIR)
        except OSError:
            pass  # already there
        Pico.__init__(self, [(keys.bit(k), Pin(n, Pin.IN, Pin.PULL_UP)) for k, n in BUTTONS], Timer,
                      OsFs(SAVE_DIR), soft_reset)
        if BUZZER is not None:
            self.buzzer(PWM(Pin(BUZZER)))

    def open_panel(self, chip):
        """A transport for the first address that answers, ``chip``'s set-up sent (a set-up
        write is the probe: no bus scan at boot); OSError when none does."""
        err = OSError(19)  # ENODEV
        for addr in ADDRESSES:
            try:
                drv = self._driver(addr, chip)
                self.addr = addr
                return drv
            except OSError as e:
                err = e
        raise err

    def where(self):
        return "0x%X" % self.addr if self.addr else "none"

    def _driver(self, addr, chip):
        if not DRIVER or chip != SSD1306:
            return I2CPanel(self.i2c, addr, chip)
        try:
            import ssd1306  # micropython-lib driver (mpremote mip install ssd1306)

            return Wrapped(ssd1306.SSD1306_I2C(128, 64, self.i2c, addr))
        except OSError:
            raise  # no display answers there
        except Exception as e:  # missing (ImportError) or wrong (AttributeError, TypeError, ...) driver
            drv = I2CPanel(self.i2c, addr, chip)  # OSError if no display answers either
            if not self.said:  # a display answers: say so once
                print("display at 0x%x: ssd1306 driver unusable (%s: %s), built-in transport used"
                      % (addr, type(e).__name__, e))
                self.said = True
            return drv
