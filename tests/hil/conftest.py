"""Scenarios on the emulated Pico (``make hil``): collected only when run as
``pytest -o python_files='hil_*.py' tests/hil`` (their files are named ``hil_*.py``, so a plain
``make test`` does not collect them).

Every scenario runs on the project's own image (``make firmware``: the firmware frozen in, a flash
holding only saves, as after dropping the UF2 onto a Pico).  Those marked ``stock_too`` (the boot,
the power cut) also run, and those marked ``stock`` (one session) only run, on MicroPython's stock
image with ``make deploy``'s files, so both ways of installing stay proven.

Environment: ``HIL_IMAGE`` (the project's .uf2 from ``make firmware``), ``HIL_FIRMWARE``
(MicroPython's stock .uf2 for RPI_PICO) and ``HIL_DRIVER`` (micropython-lib's ``ssd1306.py``) for
the stock layout, ``HIL_ROOT`` (the project; default this one; its ``build/mpy`` must be built by
``make mpy`` for the stock layout).  A scenario whose image is not given fails with what to run.
"""
import os
import sys

import pytest
from hil_rig import Rig

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
if REPO not in sys.path:
    sys.path.insert(0, REPO)

FROZEN = "frozen"
STOCK = "stock"


def pytest_configure(config):
    config.addinivalue_line("markers", "stock_too: also run on the stock image with make deploy's files")
    config.addinivalue_line("markers", "stock: run only on the stock image with make deploy's files")


def pytest_generate_tests(metafunc):
    if "hil" in metafunc.fixturenames:
        d = metafunc.definition
        layouts = [STOCK] if d.get_closest_marker("stock") else [FROZEN]
        if d.get_closest_marker("stock_too"):
            layouts = [FROZEN, STOCK]
        metafunc.parametrize("hil", layouts, indirect=True)


def _need(what, path, run):
    if not path or not os.path.exists(path):
        raise RuntimeError("%s must name an existing file (got %r): run `%s`" % (what, path, run))


class Hil(Rig):
    """Where the image and the project are; ``session(files)`` boots one Pico laid out as
    ``layout`` (FROZEN: the project's image, ``files`` alone on the flash; STOCK: the stock image,
    ``make deploy``'s files plus ``files``)."""

    def __init__(self, layout):
        self.layout = layout
        self.root = os.path.abspath(os.environ.get("HIL_ROOT", REPO))
        self.driver = os.environ.get("HIL_DRIVER", "")
        if layout == FROZEN:
            self.firmware = os.environ.get("HIL_IMAGE", "")
            _need("HIL_IMAGE", self.firmware, "make firmware` then `make hil")
        else:
            self.firmware = os.environ.get("HIL_FIRMWARE", "")
            _need("HIL_FIRMWARE", self.firmware, "make hil")
            _need("HIL_DRIVER", self.driver, "make hil")

    def _new(self, files):
        from tools.hil.session import Session

        if self.layout == FROZEN:
            return Session.frozen(self.firmware, files)
        return Session.deployed(self.firmware, self.root, self.driver, files)

    def _from_image(self, image):
        from tools.hil.session import Session

        return Session(self.firmware, image)


@pytest.fixture(scope="session")
def hil(request):
    return Hil(request.param)


@pytest.fixture(scope="session")
def hil_stock():
    """The stock image with ``make deploy``'s files (a scenario that moves from one to the other)."""
    return Hil(STOCK)


@pytest.fixture(scope="session")
def hil_frozen():
    """The project's own image."""
    return Hil(FROZEN)
