"""Frame time of the CircuitPython target on the host: displayio canvas vs adafruit_framebuf.

    .venv/bin/python bench/bench_circuitpython.py        (run by `make bench`)

Both paths run the CircuitPython board file (boards/circuitpython_ssd1306/cp_board.py)
on CPython with Blinka's displayio and the SSD1306 driver above the fake I2C panel
of the tests, through golden key scripts:

- canvas: the App draws on ``canvas.Canvas`` (bitmaptools fills and glyph blits
  into a ``displayio.Bitmap`` turned a quarter), ``show()`` takes its pages and sends
  the changed runs of columns of each page below displayio (as the MicroPython route);
- framebuf: the App draws on Adafruit's pure-Python ``adafruit_framebuf``
  (MVLSB, no glyph hook: text as vertical runs), and ``show()`` first copies the
  1024-byte frame into the Bitmap pixel by pixel, then does the same.

Prints per key press: draw time, show time (copy + diff + refresh), the bytes of
pixel data sent to the panel, and whether every golden frame came out identical.
On the host Blinka's bitmaptools and displayio are Python; on the device they are
C, so the device gains more from the canvas than these figures show.
"""
import json
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tests", "support"), os.path.join(ROOT, "firmware"), ROOT,
                os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "boards", "pico_ssd1306")]

import adafruit_framebuf  # noqa: E402
import bitmaptools  # noqa: E402
import cp_run  # noqa: E402
import device_run  # noqa: E402
import fake_circuitpython  # noqa: E402
from app import App  # noqa: E402

SCRIPTS = ("oracle", "delphi", "tholos")


def framebuf_board(board):
    """Turn a cp_board.Board into the adafruit_framebuf path (see module docstring)."""
    buf = bytearray(1024)
    canvas = board.fb
    board.fb = adafruit_framebuf.FrameBuffer(buf, 128, 64, adafruit_framebuf.MVLSB)
    canvas_show = board.show

    def show():
        for page in range(8):
            base = page * 128
            y0 = page * 8
            for x in range(128):
                v = buf[base + x]
                for bit in range(8):
                    canvas.pixel(x, y0 + bit, (v >> bit) & 1)
        canvas_show()

    board.show = show
    return board


class Counted:
    """Count the calls to bitmaptools' fill_region and blit (each one C call on the device)."""

    def __init__(self):
        self.calls = 0
        self.saved = {}

    def __enter__(self):
        for fn in ("fill_region", "blit"):
            real = self.saved[fn] = getattr(bitmaptools, fn)
            setattr(bitmaptools, fn, self.wrap(real))
        return self

    def wrap(self, real):
        def counted(*args, **kw):
            self.calls += 1
            return real(*args, **kw)
        return counted

    def __exit__(self, *exc):
        for fn, real in self.saved.items():
            setattr(bitmaptools, fn, real)


def run(name, path):
    script, seed = device_run.load_scripts(os.path.join(ROOT, "tests", "golden"))[name]
    with open(os.path.join(ROOT, "tests", "golden", name + ".json")) as f:
        want = {k: bytes.fromhex(v) for k, v in json.load(f).items()}
    with tempfile.TemporaryDirectory() as d:
        board = cp_run.new_board(d, seed)
        if path == "framebuf":
            framebuf_board(board)
        bus = fake_circuitpython.PanelI2C.last
        show = board.show
        timing = {"show": 0.0}

        def timed_show():
            t = time.perf_counter()
            show()
            timing["show"] += time.perf_counter() - t

        board.show = timed_show
        app = App(board).boot()
        app.render()
        frames = {}
        sent = []
        timing["show"] = 0.0
        t0 = time.perf_counter()
        steps = device_run.parse(script)
        with Counted() as counted:
            for mark, key in steps:
                if mark:
                    frames[mark] = bytes(bus.ram)
                before = bus.data_bytes
                app.handle(key)
                app.render()
                sent.append(bus.data_bytes - before)
        total = time.perf_counter() - t0
        frames["last"] = bytes(bus.ram)
    same = sorted(frames) == sorted(want) and all(frames[k] == want[k] for k in want)
    n = len(steps)
    return {"ms": 1000 * total / n, "show_ms": 1000 * timing["show"] / n,
            "draw_ms": 1000 * (total - timing["show"]) / n, "bytes": sum(sent) / n,
            "same": same, "keys": n, "calls": counted.calls / n}


def main():
    print("CircuitPython target on the host (Blinka displayio, fake I2C panel), per key press:")
    print("  %-8s %-9s %9s %9s %9s %12s %11s %s"
          % ("script", "path", "frame ms", "draw ms", "show ms", "panel bytes", "C calls", "golden"))
    for name in SCRIPTS:
        for path in ("canvas", "framebuf"):
            r = run(name, path)
            print("  %-8s %-9s %9.2f %9.2f %9.2f %12.0f %11.1f %s" % (
                name, path, r["ms"], r["draw_ms"], r["show_ms"], r["bytes"], r["calls"],
                "identical" if r["same"] else "DIFFERENT"))
    print("  a full frame is 1024 bytes of pixel data; 'draw' includes the App's key handling; 'C calls':")
    print("  bitmaptools fill_region/blit calls, C on the device (the framebuf path instead runs")
    print("  adafruit_framebuf's Python loops and copies 8192 pixels one by one per frame)")


if __name__ == "__main__":
    main()
