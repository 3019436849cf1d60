"""What every test shares: the ``soak`` marker and a garbage collector that skips the test
process's own objects.  The harness (boot, press, mash, the bench board, the MicroPython
runners, the fakes) is in ``tests/support/``, on the path (pyproject.toml): ``import helpers``.

``make test`` leaves out the tests marked ``soak`` (pyproject.toml: ``-m "not soak"``) and
runs the rest on every core (pytest-xdist); ``make soak`` runs them, then ``tools/soak.py``.
"""
import gc

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "soak: long key mashing and soak-like runs, in `make soak` (not `make test`)")


@pytest.fixture(autouse=True)
def _collector_skips_the_test_process():
    """The firmware calls ``gc.collect()`` often (on the Pico it keeps the heap in few large
    pieces); on CPython each call walks every object of the process (pytest, hypothesis, the
    modules: some 30 000, ~10 ms a call).  Frozen before each test (``gc.freeze``, after one
    collection so no garbage is kept), they are left out: the firmware's collections walk the
    test's own objects only, and free the same garbage as before."""
    gc.collect()
    gc.freeze()
