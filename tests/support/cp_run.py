"""The CircuitPython board file on CPython: Blinka's displayio above fake hardware.

``load_board()`` imports ``boards/circuitpython_ssd1306/cp_board.py`` with the
fake ``board``/``busio``/``digitalio`` of ``fake_circuitpython`` (and gives the
real modules back to ``sys.modules`` afterwards).  ``play(board, script)``
drives the App as ``device_run.play`` does and returns, per marked frame,
what the panel RAM holds then (MONO_VLSB bytes, comparable with the golden
frames).  Used by tests/test_circuitpython.py and bench/bench_circuitpython.py.
"""
import os
import sys

import device_run
import fake_circuitpython
from app import App
from host_sim.clock import FakeClock

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(os.path.dirname(os.path.dirname(HERE)), "boards", "circuitpython_ssd1306")


def load_board():
    """The ``cp_board`` module, imported once against the fake hardware."""
    if "cp_board" in sys.modules:
        return sys.modules["cp_board"]
    if TARGET not in sys.path:
        sys.path.insert(0, TARGET)
    # Blinka's displayio stack first, with Blinka's own busio/digitalio for its annotations.
    import adafruit_displayio_ssd1306  # noqa: F401
    import bitmaptools  # noqa: F401
    import i2cdisplaybus  # noqa: F401

    import fourwire  # noqa: F401  (Blinka's, imported by displayio with Blinka's digitalio)

    saved = {k: sys.modules.get(k) for k in ("board", "busio", "digitalio")}
    fakes = fake_circuitpython.install()
    sys.modules["fourwire"].digitalio = fakes["digitalio"]  # its D/C, CS and RES pins: the fake's
    try:
        import cp_board
    finally:
        for k, m in saved.items():
            if m is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = m
    return cp_board


def new_board(save_dir, seed, platform="circuitpython", wiring="i2c"):
    """A ``cp_board.Board`` saving under ``save_dir`` with a fixed seed, its panel on ``wiring``."""
    cp_board = load_board()
    scl, sda, buttons, _dir = cp_board.PINS[platform]
    cp_board.PINS["test"] = (scl, sda, buttons, save_dir)
    cp_board.SPI_PINS["test"] = cp_board.SPI_PINS[platform]
    fake_circuitpython.reload()  # the board before (another test's) is gone, as after a reload
    board = cp_board.Board("test", wiring)
    board.new_seed = lambda: seed
    board.random_id = device_run.BenchBoard.random_id.__get__(board)  # the plays log's id, as the golden frames
    board.page_url = device_run.PAGE
    # the golden frames' time: none passes (a loaded machine's wall clock put 1 minute into a play and
    # its QR code); keys come through ``play``, not the board's clock
    board.clock = FakeClock(0)
    board.figures = device_run.BenchBoard.figures  # the about screen's fixed figures, as the golden frames
    return board


def play(board, script):
    """Boot the App on ``board``, press every key of ``script`` ('name:KEY ...').

    Returns {name: panel RAM bytes} for each marked frame and 'last'."""
    app = App(board).boot()
    app.render()
    bus = fake_circuitpython.Panel.last  # after the boot: a chip in the settings sets the panel up again
    frames = {}
    for name, key in device_run.parse(script):
        if name:
            frames[name] = bytes(bus.ram)
        app.handle(key)
        device_run.settle(app)  # background work (the Tholos device's search), as App.poll runs it
    frames["last"] = bytes(bus.ram)
    return frames
