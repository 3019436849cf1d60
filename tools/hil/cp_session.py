"""A session of CircuitPython 10.2.1 on the emulated Pico: ``session.Session`` on a ``CpPico``.

``CpSession.deployed(firmware, root, mpy_cross, files)`` boots a CIRCUITPY drive laid out as
``make circuitpython`` lays project ``root`` (``tools/cp_drive.py``, compiled with CircuitPython's
own ``mpy_cross`` or as sources when it is None), with ``files`` ({path: bytes}) added or
replacing some (a saved game, the probe's ``code.py``).  Keys, settling and ``KeyResult`` are
``session.Session``'s.  ``boot()`` differs: CircuitPython spends about 1.2 s busy, then about a
second asleep before it runs ``code.py``, so the session first waits for the first frame and
only then for quiet.  ``code_start_ns``: when ``code.py`` started (its title escape on the USB
serial, ``CODE_TITLE``); ``boot_ns - code_start_ns`` is what the project adds to the boot.

``PROBE``: a ``code.py`` that runs the device exactly as the drive's own ``code.py`` does and, when
``m`` arrives on the USB serial, runs ``gc.collect()`` and prints ``mem_free <bytes>`` (``mem()``
sends it and reads the answer).
"""
import os
import re

from tools import cp_drive
from tools.hil import cp_fat
from tools.hil.chip import MS
from tools.hil.cp_chip import CpPico
from tools.hil.session import Session, StuckError, bus_ns

CODE_TITLE = b"code.py | "  # CircuitPython sets the terminal title as it starts code.py
FIRST_FRAME_MS = 15_000     # CircuitPython's own start, before code.py: about 2.4 s

PROBE = b'''"""HIL probe: code.py, plus the free heap when 'm' arrives on the USB serial."""
import gc
import sys

import supervisor

import cp_board
from app import App

board = cp_board.Board()
_idle = board.idle


def idle():
    if supervisor.runtime.serial_bytes_available and sys.stdin.read(1) == "m":
        gc.collect()
        print("mem_free", gc.mem_free())
    _idle()


board.idle = idle
app = App(board).boot()
if board.note:
    app.toast(board.note)
app.run()
'''


class CpSession(Session):
    """See the module docstring."""

    def __init__(self, firmware, image, chip="ssd1306", bus="i2c"):  # not Session.__init__: it makes a MicroPython Pico
        self.pico = CpPico(firmware, image, chip=chip, bus=bus)
        self.panel = self.pico.panel
        self.marks = {}
        self.results = []
        self.boot_ns = None
        self.code_start_ns = None

    @classmethod
    def drive(cls, root, mpy_cross=None, files=None):
        """The CIRCUITPY image (bytes) for ``deployed``."""
        drive = cp_drive.files(root, mpy_cross if mpy_cross and os.path.exists(mpy_cross) else None)
        drive.update(files or {})
        return cp_fat.build_image(drive)

    @classmethod
    def deployed(cls, firmware, root, mpy_cross=None, files=None, chip="ssd1306", bus="i2c"):
        """A session on the drive ``drive`` lays out; ``chip`` the panel's, on ``bus`` "i2c" or "spi"
        (then ``files`` should hold a settings.toml with ``PANEL_WIRING = "spi"``)."""
        return cls(firmware, cls.drive(root, mpy_cross, files), chip, bus)

    def _watch_code_start(self):
        if self.code_start_ns is None and CODE_TITLE in self.pico.serial:
            self.code_start_ns = self.pico.now

    def boot(self):
        """Power on, run to the first frame, then to quiet; returns the boot time in ns (end of
        the last frame before quiet, plus its bus time).  StuckError if no frame comes."""
        p = self.pico
        while not self.panel.transfers:
            if p.now > FIRST_FRAME_MS * MS:
                raise StuckError("no frame on the panel %d ms after reset; USB serial: %r"
                                 % (FIRST_FRAME_MS, bytes(p.serial[-300:])))
            p.run_for(10 * MS)
            self._watch_code_start()
        frames = self.settle(p.now, on_step=self._watch_code_start)
        self.boot_ns = frames[-1].end + bus_ns(self.panel.transfers)
        return self.boot_ns

    def fs_image(self):
        return self.pico.fs_image()

    def read(self, path):
        """A file of the CIRCUITPY drive now (bytes), or None."""
        return cp_fat.read_file(self.fs_image(), path)

    def mem(self):
        """The free heap now (bytes, after ``gc.collect()``), from the ``PROBE`` code.py; None
        without the probe."""
        p = self.pico
        before = len(p.serial)
        p.write(b"m")
        self.settle(p.now)
        got = re.findall(rb"mem_free (\d+)", bytes(p.serial[before:]))
        return int(got[-1]) if got else None

    def errors(self):
        """Tracebacks and MemoryErrors printed on the USB serial (str), '' when none."""
        text = bytes(self.pico.serial).decode("utf-8", "replace")
        i = text.find("Traceback")
        j = text.find("MemoryError")
        k = min(x for x in (i, j, len(text)) if x >= 0)
        return text[k:]
