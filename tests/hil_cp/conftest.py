"""CircuitPython scenarios on the emulated Pico (``make hil-cp``, and ``make hil`` when it has
CircuitPython's image): collected only when run as
``pytest -o python_files='hil_cp_*.py' tests/hil_cp`` (a plain ``make test`` does not collect them).

Environment: ``CP_FIRMWARE`` (CircuitPython 10.2.1's .uf2 for the Raspberry Pi Pico, required),
``CP_MPY_CROSS`` (CircuitPython's own ``mpy-cross``; empty: the drive gets ``.py`` sources),
``HIL_ROOT`` (the project whose drive is laid out; default this one).  Needs Debian's dosfstools
and mtools (``tools/hil/cp_fat.py``).
"""
import os
import sys

import pytest
from hil_rig import Rig

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
if REPO not in sys.path:
    sys.path.insert(0, REPO)


class Cp(Rig):
    """Where the image, CircuitPython's mpy-cross and the project are; ``session(files)`` boots
    one Pico running CircuitPython."""

    def __init__(self):
        self.firmware = os.environ.get("CP_FIRMWARE", "")
        self.mpy_cross = os.environ.get("CP_MPY_CROSS", "") or None
        self.root = os.path.abspath(os.environ.get("HIL_ROOT", REPO))
        if not self.firmware or not os.path.exists(self.firmware):
            raise RuntimeError("CP_FIRMWARE must name CircuitPython's .uf2 (got %r): run `make hil-cp`" % self.firmware)
        if self.mpy_cross and not os.path.exists(self.mpy_cross):
            raise RuntimeError("CP_MPY_CROSS names no file (%r)" % self.mpy_cross)

    def _new(self, files):
        from tools.hil.cp_session import CpSession

        return CpSession.deployed(self.firmware, self.root, self.mpy_cross, files)

    def _from_image(self, image):
        """The CIRCUITPY ``image`` (bytes) kept from another Pico."""
        from tools.hil.cp_session import CpSession

        return CpSession(self.firmware, image)


@pytest.fixture(scope="session")
def cp():
    return Cp()
