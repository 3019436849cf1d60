"""What the Pico's board files share, whatever the wiring: the frame, the panel behind a
``display.Flusher`` (its chip chosen in Settings, or by holding OK at power-on), the keys on a
timer, the screen's rest, the saves folder.  A board file (``board.py``: the pin table of one
wiring) makes the pins and the bus and gives ``open_panel(chip)``, a transport set up for that
chip (``oled.I2CPanel`` or ``oled.SPIPanel``; OSError when no panel answers), and ``where()``.
No ``machine`` here: the board file hands in what it made.
"""
import framebuf
import utime as time

import ink
import keys
from display import Flusher
from oled import CHIPS, Panel
from panel_pick import pick
from rng import new_seed

IDLE_MS = 10
KEY_MS = 5  # key timer period: a press is known within 5 ms


class Screen(framebuf.FrameBuffer):
    """The frame (a native FrameBuffer takes no attributes), with text and the whole-frame fill
    in machine code (``ink``): the main menu is drawn in about 3.5 ms instead of 16."""

    buf: bytearray  # the frame's bytes, set by Board

    def draw_text(self, font, s, x, y, c):  # gfx.Gfx's text hook
        return ink.draw_text(self.buf, font, s, x, y, c)

    def draw_scaled(self, font, s, x, y, c, sx, sy, gap):  # gfx.Gfx's scaled text hook
        return ink.draw_scaled(self.buf, font, s, x, y, c, sx, sy, gap)

    def draw_mixed(self, font, glyphs, s, x, y, c, dy):  # lang_text.mixed's hook: ASCII and glyphs
        return ink.draw_mixed(self.buf, font, glyphs, s, x, y, c, dy)

    def pattern(self, x, y, w, h, c):  # the Delfos screens' tile patterns (ui_base.pattern's hook)
        ink.pattern(self.buf, x, y, w, h, c)

    def fill(self, c):  # framebuf's fill sets the 8192 pixels one by one: 0.8 ms on the Pico
        ink.blank(self.buf, c)


class Pico:
    """``Pico(pins, timer, fs, restart)``: ``pins`` [(key bit, input Pin with pull-up)], ``timer``
    the port's ``Timer`` class (None: the loop reads the keys), ``fs`` the saves' ``store.OsFs``,
    ``restart`` the port's soft reset (``restart()``: main.py runs again on a fresh heap; the App's
    way to open a saved game the RAM has no room for, ``opening.resume_saved``).  ``CHIPS`` the panel chips it
    drives (``oled.CHIPS``); ``chip`` the one set now; ``chosen`` the one picked by holding OK
    at power-on (None when OK was not held)."""

    CHIPS = CHIPS

    def __init__(self, pins, timer, fs, restart=None):
        self.restart = restart
        self.buf = bytearray(128 * 64 // 8)
        self.fb = Screen(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.fb.buf = self.buf
        self.pins = pins
        self.Timer = timer
        self.clock = time
        self.chip = 0
        self.chosen = None
        self.buttons = None  # keys.Buttons fed by the key timer (attach_keys)
        self.timer = None
        self.link = Flusher(self.buf, self._connect, time, ink.runs)
        self.screen = Panel(self.link)
        self.rest = None  # rest.Rest, made by the App's settings (prefs.start) since there is a panel
        self.fs = fs
        if self._held(keys.OK):  # each chip's test pattern until OK is let go (panel_pick)
            self.chosen = pick(self, lambda: self._held(keys.OK), time.sleep_ms)

    def buzzer(self, pwm):
        """A piezo buzzer on ``pwm`` (``machine.PWM`` on the board file's pin): ``beep(on)`` sounds
        it at 2.7 kHz, half duty, or stops it (the table's clock's warnings, ``games.clock``)."""
        pwm.freq(2700)
        pwm.duty_u16(0)

        def beep(on):
            pwm.duty_u16(32768 if on else 0)

        self.beep = beep

    def open_panel(self, chip):  # the board file's: a transport set up for ``chip``
        raise NotImplementedError

    def where(self):  # the board file's: where the panel is found ("0x3C", "SPI")
        return ""

    def _connect(self):
        return self.screen.opened(self.open_panel(self.chip))

    def set_chip(self, chip):
        """Drive the panel as ``chip`` (an index of ``CHIPS``) from the next frame: set up again
        and repainted whole."""
        if chip != self.chip:
            self.chip = chip
            self.link.drv = None  # the next show() opens it with the new chip's set-up
            self.link.full = True

    def _held(self, bit):
        for b, pin in self.pins:
            if b == keys.bit(bit) and not pin.value():
                return True
        return False

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
            def tick(_t):
                buttons.update(self.read_keys(), time.ticks_ms())

            self.timer = self.Timer(-1, mode=self.Timer.PERIODIC, period=KEY_MS, callback=tick,
                                    hard=False)  # soft: may allocate
        except Exception as e:  # a port without soft timers: App.poll reads the pins itself
            print("no key timer (%s): keys read by the loop" % e)
            return False
        self.buttons = buttons
        for _b, pin in self.pins:
            # An edge read at once: the timer alone knew a press 2.5 ms late on average (every key
            # of a game, docs/measured.md).  The timer still times holds and repeats; a bounce's
            # edges fall in the debounce window of keys.Buttons and change nothing.
            try:
                p = type(pin)
                pin.irq(tick, p.IRQ_FALLING | p.IRQ_RISING)
            except Exception:  # a pin without edge interrupts: the timer's 5 ms
                break
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
            time.sleep_ms(1)  # (sleep_us would spin: the CPU never rests, the emulated bench never sees quiet)

    def new_seed(self):
        return new_seed()

    def random_id(self):
        """A fresh random 32-bit int from ``os.urandom`` (the plays log's device id)."""
        return new_seed()

    def panel(self, contrast, on, flip, shift, fast=False):
        """Contrast, display on/off, 180-degree flip, the burn-in shift and the fast clock of a QR
        code (``rest``), sent through the Flusher's driver; kept for a reconnected display."""
        self.screen.set(contrast, on, flip, shift, fast)
