"""One emulated Raspberry Pi Pico running a MicroPython image, driven in emulated time.

``Pico(firmware, image, chip, bus)`` loads the .uf2 and a littlefs flash image
(``fsimage.build_image``), attaches the panel (``panel.Panel`` on I2C0 or ``panel.SpiPanel`` on
SPI0; an SSD1306, SH1106 or SSD1309) and a button (active low) to each of GP10-GP15, and boots.
Nothing runs in the background: ``run_until(t_ns)`` executes the chip up to an
emulated instant, ``press``/``release`` change a button between two runs, ``serial`` collects
what the firmware prints over USB CDC, ``fs_image()`` is the flash file system as it is now (a
power cut at this instant keeps exactly that; flash operations are applied whole).

Two rp2040py quirks are handled here (see ``../shared/hil/README.md``): the host side of USB CDC
answers each OUT read at once even with nothing to send, which wakes an idle MicroPython every
10 us, so an OUT read is held until there is something to send; and a NACK does not raise
TX_EMPTY (``panel``).

The clock is ticked after every instruction (rp2040py's default): its opt-in batching
(``RP2040PY_CLOCK_TICK_BATCH``) is about 20% faster but lets where the emulator pauses for wall
time move interrupts by a few instructions, and a run must be the same every time.
"""
import dataclasses

from rp2040py.boards import build_rp2040_from_spec, resolve_board_spec
from rp2040py.device.bootrom import BOOTROM_B1
from rp2040py.device.load_flash import load_uf2
from rp2040py.execute_batch import execute_batch
from rp2040py.external.key_mock import KeyMock
from rp2040py.memory_map import FLASH_START_ADDRESS
from rp2040py.simulator import Simulator
from rp2040py.usb.cdc import USBCDC
from rp2040py.utils.firmware_retrieve import MICROPYTHON
from rp2040py.utils.logging import ConsoleLogger, LogLevel

from tools.hil.panel import Panel, SpiPanel

MS = 1_000_000  # ns
BUTTONS = {"UP": 10, "DOWN": 11, "OK": 12, "BACK": 13, "LEFT": 14, "RIGHT": 15}
CPU_HZ = 125_000_000


class Pico:
    """See the module docstring.  ``firmware``: path of the MicroPython .uf2; ``image``: bytes
    of the littlefs file system (its size must be the board layout's); ``chip``: the panel's
    (``panel.CHIPS``), on ``bus`` "i2c" (I2C0) or "spi" (SPI0 and the pins of
    ``boards/pico_ssd1306_spi/board.py``)."""

    def __init__(self, firmware, image, chip="ssd1306", bus="i2c"):
        self.chip = chip
        self.bus = bus
        self.layout = self._load(firmware).layout
        lo = self.layout.fs_start
        size = self.layout.fs_blocksize * self.layout.fs_blockcount
        if len(image) != size:
            raise ValueError("file system image is %d bytes, the board wants %d" % (len(image), size))
        self.mcu.flash[lo:lo + size] = image
        self._attach()

    def _load(self, firmware):
        """The chip with the .uf2 ``firmware`` in its flash, not started; returns the board spec."""
        spec = resolve_board_spec("pico", MICROPYTHON, str(firmware))
        mcu = build_rp2040_from_spec(dataclasses.replace(spec, extras=()))
        self.sim = Simulator(rp2040=mcu)
        self.mcu = mcu
        self.clock = mcu.clock
        mcu.logger = ConsoleLogger(LogLevel.ERROR)
        mcu.load_bootrom(BOOTROM_B1)
        load_uf2(str(firmware), mcu)
        return spec

    def _attach(self):
        """USB CDC (its OUT reads held), the panel on I2C0 (and what ``_wire`` adds), a button on
        each of GP10-GP15; the core set to start from the flash."""
        mcu = self.mcu
        self.cdc = USBCDC(mcu.usb_ctrl)
        self.serial = bytearray()
        self.cdc.on_serial_data = self.serial.extend
        self._hold_out_reads()
        if getattr(self, "bus", "i2c") == "spi":
            self.panel = SpiPanel(mcu.spi[0], mcu.gpio, self.clock, chip=self.chip)
        else:
            self.panel = Panel(mcu.i2c[0], self.clock, chip=getattr(self, "chip", "ssd1306"))
        self._wire(mcu)
        self.keys = {}
        for name, gpio in BUTTONS.items():
            k = KeyMock(gpio=gpio, active_high=False)
            k.attach(mcu)
            self.keys[name] = k
        self._stop_alarm = self.clock.create_alarm(self._stop)
        mcu.core.pc = FLASH_START_ADDRESS

    def _wire(self, mcu):
        """More hardware attached after the panel (a subclass's); none here."""

    def _hold_out_reads(self):
        usb = self.mcu.usb_ctrl
        answer = usb.on_endpoint_read
        cdc = self.cdc
        self._held = None

        def on_read(endpoint, size):
            if endpoint == cdc._out_endpoint and cdc.tx_fifo.empty:
                self._held = (endpoint, size)  # answered by write() when there is something to send
                return
            answer(endpoint, size)

        usb.on_endpoint_read = on_read
        self._answer = answer

    def write(self, data):
        """Send ``data`` (bytes) to the firmware's USB serial input (the REPL's stdin)."""
        for b in data:
            self.cdc.send_serial_byte(b)
        if self._held:
            held, self._held = self._held, None
            self._answer(*held)

    def _stop(self):
        self.sim.stopped = True

    @property
    def now(self):
        """Emulated time since power-on, ns."""
        return self.clock.nanos

    @property
    def cycles(self):
        """CPU cycles executed since power-on (time asleep in WFI/WFE not counted)."""
        return self.mcu.core.cycles

    def run_until(self, t):
        """Run the chip up to emulated instant ``t`` (ns; nothing happens if it is past)."""
        if t <= self.clock.nanos:
            return
        self._stop_alarm.schedule(t - self.clock.nanos)
        self.sim.stopped = False
        while not self.sim.stopped:
            execute_batch(self.sim, 1)
        self.sim.stopped = False

    def run_for(self, dt):
        self.run_until(self.clock.nanos + dt)

    def press(self, key):
        """Hold button ``key`` ("UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT") down from now."""
        self.keys[key].press()

    def release(self, key):
        self.keys[key].release()

    def fs_image(self):
        """The littlefs region of the flash as it is now (bytes): what a power cut now leaves."""
        lo = self.layout.fs_start
        return bytes(self.mcu.flash[lo:lo + self.layout.fs_blocksize * self.layout.fs_blockcount])
