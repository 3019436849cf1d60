"""The CircuitPython harness's pin-level display (tools/hil/cp_chip.AddressAck), without a chip.

CircuitPython probes the display with a zero-byte write it bit-bangs on GP4 (SDA) and GP5 (SCL)
(``../shared/hil/README.md``).  I2C-bus specification (NXP UM10204), 3.1.4 and 3.1.6: a START
is SDA going low while SCL is high, a STOP SDA going high while SCL is high; each bit is read
while SCL is high, the address byte is 7 address bits then R/W# (0 = write), and the target
acknowledges by holding SDA low through the ninth clock.  The lines are open drain: a pin that
the controller does not drive low reads high through the pull-ups.
"""
from rp2040py.gpio_pin import GPIOPinState

from tools.hil.cp_chip import AddressAck

LOW = GPIOPinState.LOW
RELEASED = GPIOPinState.INPUT


class Pin:
    """Stands for rp2040py's GPIOPin: the level driven from outside and the listeners."""

    def __init__(self):
        self.level = None
        self.listeners = []

    def set_input_value(self, v):
        self.level = v

    def add_listener(self, fn):
        self.listeners.append(fn)

    def drive(self, state):
        for fn in self.listeners:
            fn(state, None)


class Mcu:
    def __init__(self):
        self.gpio = {4: Pin(), 5: Pin()}


def probe(address, read=False):
    """Bit-bang START, the address byte and the ACK clock; the SDA level the target leaves
    during the ninth clock, then after its fall, then after STOP."""
    mcu = Mcu()
    dev = AddressAck(mcu)
    sda, scl = mcu.gpio[4], mcu.gpio[5]
    assert sda.level is True and scl.level is True  # the pull-ups: busio.I2C's check passes
    sda.drive(LOW)  # START: SDA falls while SCL is high
    scl.drive(LOW)
    byte = (address << 1) | (1 if read else 0)
    for i in range(7, -1, -1):
        sda.drive(RELEASED if byte >> i & 1 else LOW)
        scl.drive(RELEASED)
        scl.drive(LOW)
    sda.drive(RELEASED)  # the controller lets go of SDA for the ACK bit
    scl.drive(RELEASED)
    during = sda.level
    scl.drive(LOW)
    after = sda.level
    sda.drive(LOW)
    scl.drive(RELEASED)
    sda.drive(RELEASED)  # STOP
    return during, after, sda.level, dev.acked


def test_the_displays_address_written_to_is_acknowledged():
    assert probe(0x3C) == (False, True, True, 1)


def test_other_addresses_and_reads_are_not_acknowledged():
    assert probe(0x3D) == (True, True, True, 0)
    assert probe(0x1E) == (True, True, True, 0)  # 0x3C shifted: the bits must be in order
    assert probe(0x3C, read=True) == (True, True, True, 0)
