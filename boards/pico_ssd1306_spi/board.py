"""Raspberry Pi Pico (RP2040; Pico 2 too) + a 128x64 OLED on SPI0 (the 7-pin modules) + push-buttons.

The SPI wiring's board file (``pico_ssd1306/board.py`` is the I2C one); the rest of the board is
the Pico's own modules (``pico_ssd1306/``: ``pico.py``, ``oled.py``, ``display.py``, ``ink.py``),
which ``make deploy BOARD=pico_ssd1306_spi`` copies beside it.  The panel's chip (SSD1306 0.96",
SH1106 1.3", SSD1309 2.42") is a setting: Settings, "Panel", or hold OK at power-on.  Wiring
(see README; the module's pins are printed GND VCC D0 D1 RES DC CS):

    OLED D0 (SCK) -> GP18, D1 (MOSI, SDA) -> GP19, CS -> GP17, DC -> GP20, RES -> GP21,
    VCC -> 3V3, GND -> GND; 8 MHz (10 MHz asked: 48 MHz / 6), 4 MHz for an SH1106 (its limit)
    Buttons, each between the pin and GND (internal pull-ups):
      UP GP10, DOWN GP11, OK GP12 (required); BACK GP13, LEFT GP14, RIGHT GP15 (optional)

A long OK press is BACK, so UP, DOWN and OK are enough.
"""
import uos as os
import utime as time
from umachine import PWM, SPI, Pin, soft_reset

import keys
from oled import SPI_MAX_HZ, SPIPanel
from pico import Pico
from store import OsFs

try:
    from umachine import Timer
except ImportError:  # a port without soft timers: App.poll reads the pins itself
    Timer = None

SPI_ID = 0
SCK = 18
MOSI = 19
CS = 17
DC = 20
RES = 21
SPI_HZ = 10_000_000  # asked of the port; never above the chip's own limit (oled.SPI_MAX_HZ)
# A piezo buzzer for the table's clock's warnings, between this pin and GND (PWM): None, none wired
# (the default); e.g. 16 for GP16 (pin 21).  Settings then has a "Buzzer" line.
BUZZER = None
BUTTONS = ((keys.UP, 10), (keys.DOWN, 11), (keys.OK, 12), (keys.BACK, 13), (keys.LEFT, 14), (keys.RIGHT, 15))
SAVE_DIR = "/saves"


class Board(Pico):
    def __init__(self):
        self.spi = SPI(SPI_ID, baudrate=SPI_HZ, polarity=0, phase=0, sck=Pin(SCK), mosi=Pin(MOSI))
        self.cs = Pin(CS, Pin.OUT, value=1)
        self.dc = Pin(DC, Pin.OUT, value=0)
        self.res = Pin(RES, Pin.OUT, value=1)
        try:
            os.mkdir(SAVE_DIR)
        except OSError:
            pass  # already there
        Pico.__init__(self, [(keys.bit(k), Pin(n, Pin.IN, Pin.PULL_UP)) for k, n in BUTTONS], Timer,
                      OsFs(SAVE_DIR), soft_reset)
        if BUZZER is not None:
            self.buzzer(PWM(Pin(BUZZER)))

    def open_panel(self, chip):
        """The panel reset (RES# low 1 ms: SSD1306 datasheet 8.9, at least 3 us) and set up as
        ``chip``, the bus's clock within that chip's (``oled.SPI_MAX_HZ``: the SH1106's 4 MHz).
        SPI has no answer to wait for: a missing panel is never noticed."""
        self.spi.init(baudrate=min(SPI_HZ, SPI_MAX_HZ[chip]))
        self.res(0)
        time.sleep_ms(1)
        self.res(1)
        time.sleep_ms(1)
        return SPIPanel(self.spi, self.dc, self.cs, chip)

    def where(self):
        return "SPI"
