"""One emulated Raspberry Pi Pico running CircuitPython 10.2.1, its CIRCUITPY drive in flash.

``CpPico(firmware, image)``: as ``chip.Pico`` (same buttons, SSD1306 ``panel.Panel`` on I2C0, USB
CDC with OUT reads held until there is something to send, emulated time), but the flash file
system is the FAT12 ``image`` (``cp_fat.build_image``) at ``cp_fat.OFFSET``, and an
``AddressAck`` answers CircuitPython's checks that the I2C block cannot: GP4 (SDA) and GP5 (SCL)
are held high, as a real module's pull-ups hold them (``busio.I2C`` raises "No pull up found"
otherwise), and SDA is pulled low for the ACK bit of a bit-banged write to address 0x3C
(``i2c.scan()`` and ``I2CDisplayBus`` probe with zero-byte writes, which CircuitPython bit-bangs
on the pins because the RP2040's I2C block cannot send them).  See ``../shared/hil/README.md``.
"""

from rp2040py.gpio_pin import GPIOPinState

from tools.hil import cp_fat
from tools.hil.chip import Pico
from tools.hil.panel import ADDRESS

SDA = 4
SCL = 5

# Two waits for a human's hand before CircuitPython starts, 1.2 s of busy CPU at every power-on
# (about a minute of wall time per boot on the emulator), which the harness skips by patching
# CircuitPython 10.2.1's image in the emulated flash (``skip_waits=True``), each patch only when
# the bytes around it are exactly the ones expected (another image is left as it is):
# - pico-sdk's "double reset to BOOTSEL" window: the call busy_wait_us(200000) becomes two NOPs;
# - CircuitPython's safe-mode window (``wait_for_safe_mode_reset``: 1000 ms of the status LED
#   blinking, reset pressed meanwhile = safe mode): its loop's branch back becomes a NOP, so the
#   loop runs once (the LED blinks, the safe-mode button is read once).
# Nothing after code.py starts is changed; a real Pico spends these 1.2 s before code.py too.
# (flash offset, bytes there (the instruction last), replacement of the last instruction's bytes)
WAITS = (
    (0x3FBF0, bytes.fromhex("0848 6360 064b a360 fff792fb"), bytes.fromhex("c046c046")),
    (0x2A488, bytes.fromhex("fa23 9b00 9842 e6d3"), bytes.fromhex("c046")),
)


class AddressAck:
    """The SSD1306 module at pin level on GP4/GP5 (see the module docstring).

    Follows the lines the chip drives (open drain: low when it drives them low, else released
    high): a START is SDA falling while SCL is high, each SCL rise samples a bit, and after the
    eighth bit of ``ADDRESS`` with the write bit it pulls SDA low until the next SCL fall.
    ``acked``: the number of probes it answered."""

    def __init__(self, mcu, address=ADDRESS):
        self.sda = mcu.gpio[SDA]
        self.scl = mcu.gpio[SCL]
        self.address = address
        self.present = True
        self.acked = 0
        self._sda_low = False
        self._scl_low = False
        self._bits = -1      # bits of the address byte seen since START; -1: not in an address byte
        self._byte = 0
        self._acking = False
        self.sda.set_input_value(True)  # the module's pull-ups
        self.scl.set_input_value(True)
        self.sda.add_listener(self._on_sda)
        self.scl.add_listener(self._on_scl)

    def _on_sda(self, value, _last):
        low = value == GPIOPinState.LOW
        if low == self._sda_low:
            return
        self._sda_low = low
        if not self._scl_low:
            if low:           # START (or repeated START)
                self._bits = 0
                self._byte = 0
            else:             # STOP
                self._bits = -1
            self._release()

    def _on_scl(self, value, _last):
        low = value == GPIOPinState.LOW
        if low == self._scl_low:
            return
        self._scl_low = low
        if not low:           # rising edge: the bit on SDA is valid
            if 0 <= self._bits < 8:
                self._byte = (self._byte << 1) | (0 if self._sda_low else 1)
                self._bits += 1
            return
        if self._acking:      # falling edge after the ACK bit
            self._release()
            self._bits = -1
        elif self._bits == 8:  # falling edge after the eighth bit: ACK our address, write
            self._bits = -1
            if self.present and self._byte == self.address << 1:
                self._acking = True
                self.acked += 1
                self.sda.set_input_value(False)

    def _release(self):
        if self._acking:
            self._acking = False
            self.sda.set_input_value(True)


class CpPico(Pico):
    """See the module docstring.  ``firmware``: CircuitPython's .uf2 for the Pico; ``image``:
    the CIRCUITPY drive (bytes, ``cp_fat.SIZE``); ``skip_waits``: see ``WAITS``; ``chip``: the
    panel's, on ``bus`` "i2c" or "spi" (the pins of ``cp_board.SPI_PINS``)."""

    # not super().__init__: it lays out littlefs
    def __init__(self, firmware, image, skip_waits=True, chip="ssd1306", bus="i2c"):
        self.chip = chip  # the panel's (panel.CHIPS), on I2C0, or on SPI0 with ``bus`` "spi"
        self.bus = bus
        self._load(firmware)
        self.layout = None
        self.waits_skipped = skip_waits and self._skip_waits()
        if len(image) != cp_fat.SIZE:
            raise ValueError("CIRCUITPY image is %d bytes, CircuitPython wants %d" % (len(image), cp_fat.SIZE))
        self.mcu.flash[cp_fat.OFFSET:cp_fat.OFFSET + cp_fat.SIZE] = image
        self._attach()

    def _wire(self, mcu):
        if self.bus != "spi":
            self.ack = AddressAck(mcu)
        _reset_blocks_on_write(mcu)

    def _skip_waits(self):
        f = self.mcu.flash
        if not all(bytes(f[at:at + len(want)]) == want for at, want, _new in WAITS):
            return False
        for at, want, new in WAITS:
            end = at + len(want)
            f[end - len(new):end] = new
        return True

    def record_flash(self):
        """From now on, record every flash operation on the drive in ``flash_ops``: (ns, "erase"
        or "program", offset in the drive, the 4 KB block of the drive it touched as it is after
        the operation).  ``image_after(k)`` rebuilds the drive as a power cut right after
        operation ``k`` leaves it (-1: before the first).  CircuitPython rewrites a 512-byte FAT
        sector as its whole 4 KB flash sector: one erase, then sixteen 256-byte programs."""
        ssi = self.mcu.ssi
        apply = ssi._apply_command
        flash = self.mcu.flash
        self.flash_ops = []
        self._flash_base = self.fs_image()

        def recorded():
            buf = bytes(ssi._tx_buffer[:4])
            apply()
            if len(buf) < 4 or buf[0] not in (0x20, 0x02):
                return
            at = ((buf[1] << 16) | (buf[2] << 8) | buf[3]) - cp_fat.OFFSET
            if 0 <= at < cp_fat.SIZE:
                lo = cp_fat.OFFSET + (at & ~0xFFF)
                self.flash_ops.append((self.now, "erase" if buf[0] == 0x20 else "program", at,
                                       bytes(flash[lo:lo + 4096])))

        ssi._apply_command = recorded

    def image_after(self, k):
        img = bytearray(self._flash_base)
        for _t, _kind, at, block in self.flash_ops[:k + 1]:
            lo = at & ~0xFFF
            img[lo:lo + 4096] = block
        return bytes(img)

    def fs_image(self):
        """The CIRCUITPY drive as it is in flash now (bytes): what a power cut now leaves."""
        return bytes(self.mcu.flash[cp_fat.OFFSET:cp_fat.OFFSET + cp_fat.SIZE])


def _reset_blocks_on_write(mcu):
    """Put the I2C blocks back to their reset values when the firmware holds them in reset
    (RESETS.RESET, RP2040 datasheet 2.14), as the chip does.  rp2040py's RESETS keeps the bits but
    leaves the block's registers as they were.  CircuitPython's ``busio.I2C.deinit`` resets its
    block (pico-sdk's ``i2c_deinit``) and the next ``busio.I2C`` refuses a block still enabled
    ("I2C peripheral in use"): a panel set up again (another chip chosen) stayed dark."""
    resets = mcu.resets
    write = resets.write_uint32
    blocks = ((1 << 3, mcu.i2c[0]), (1 << 4, mcu.i2c[1]))  # RESETS bits I2C0, I2C1

    def write_uint32(offset, value):
        before = resets.read_uint32(0)
        write(offset, value)
        now = resets.read_uint32(0) & ~before
        for bit, block in blocks:
            if now & bit:
                block.reset()

    resets.write_uint32 = write_uint32
