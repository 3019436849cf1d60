"""Scenarios on the emulated Pico (``make hil``): collected only when run as
``pytest -o python_files='hil_*.py' tests/hil`` (their files are named ``hil_*.py``, so a plain
``make test`` does not collect them).

Environment: ``HIL_FIRMWARE`` (MicroPython .uf2 for RPI_PICO, required), ``HIL_DRIVER``
(micropython-lib's ``ssd1306.py``, required), ``HIL_ROOT`` (the project to deploy; default
this one; its ``build/mpy`` must be built by ``make mpy``).
"""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
if REPO not in sys.path:
    sys.path.insert(0, REPO)


class Hil:
    """Where the image, the driver and the project are; ``session(files)`` boots one Pico."""

    def __init__(self):
        self.firmware = os.environ.get("HIL_FIRMWARE", "")
        self.driver = os.environ.get("HIL_DRIVER", "")
        self.root = os.path.abspath(os.environ.get("HIL_ROOT", REPO))
        for what, path in (("HIL_FIRMWARE", self.firmware), ("HIL_DRIVER", self.driver)):
            if not path or not os.path.exists(path):
                raise RuntimeError("%s must name an existing file (got %r): run `make hil`" % (what, path))

    def session(self, files=None, boot=True):
        from tools.hil.session import Session

        s = Session.deployed(self.firmware, self.root, self.driver, files)
        if boot:
            s.boot()
        return s

    def session_from(self, image):
        """A Pico booted from the flash file system ``image`` (bytes) kept from another one."""
        from tools.hil.session import Session

        s = Session(self.firmware, image)
        s.boot()
        return s

    def golden(self, name):
        import json

        with open(os.path.join(self.root, "tests", "golden", name + ".json")) as f:
            return {k: bytes.fromhex(v) for k, v in json.load(f).items()}


@pytest.fixture(scope="session")
def hil():
    return Hil()
