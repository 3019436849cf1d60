"""The panel's bus, a key at a time, over every golden key script (tests/golden/*.keys).

    .venv/bin/python bench/bench_bus.py        (run by `make bench`)

Plays each script through the App and the Pico's ``display.Flusher`` (page addressing, a run of
changed columns a page) over the recording fake panel, and prints the bytes each key puts on the
bus and their time on the wire: I2C at 400 kHz (9 bit times a byte, each write's address byte
included) and SPI at 8 MHz (``boards/pico_ssd1306_spi``: 8 bit times a byte, no address or
control bytes).  The bytes are the same on the SSD1306, SH1106 and SSD1309.  Wire time only: the
emulated Pico (``tests/hil/hil_panels.py``) gives a key's whole time.
"""
import os
import statistics
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tests", "support"), os.path.join(ROOT, "firmware"), ROOT,
                os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "boards", "pico_ssd1306")]

import device_run  # noqa: E402
from app import App  # noqa: E402

from host_sim.framebuf import FrameBuffer  # noqa: E402

I2C_NS = 9 * 1_000_000_000 // 400_000  # a byte at 400 kHz
SPI_NS = 8 * 1_000_000_000 // 8_000_000  # a byte at 8 MHz (10 MHz asked: 48 MHz / 6)


def keys_bytes():
    """[(I2C bus bytes, SPI bytes)] a key, over every golden script."""
    out = []
    for _name, (script, seed) in sorted(device_run.load_scripts().items()):
        with tempfile.TemporaryDirectory() as d:
            board = device_run.BenchBoard(FrameBuffer, d, seed)
            app = App(board).boot()
            device_run.settle(app)
            for _mark, key in device_run.steps(script):
                b0, w0 = board.i2c.bytes, board.i2c.writes
                app.handle(key)
                device_run.settle(app)
                b, w = board.i2c.bytes - b0, board.i2c.writes - w0
                out.append((b + w, b - w))  # + an address byte a write; - its control byte
    return out


def main():
    rows = keys_bytes()
    print("The panel's bus a key (%d keys of the golden scripts; the same on the three chips):" % len(rows))
    for i, (bus, ns) in enumerate((("I2C 400 kHz", I2C_NS), ("SPI 8 MHz", SPI_NS))):
        v = sorted(r[i] for r in rows)
        print("  %-11s bytes median %4d  mean %4.0f  90%% %4d  max %4d | on the wire median %5.2f ms  "
              "mean %5.2f ms  max %5.2f ms" % (bus, statistics.median(v), statistics.mean(v), v[len(v) * 9 // 10],
                                                v[-1], statistics.median(v) * ns / 1e6, statistics.mean(v) * ns / 1e6,
                                                v[-1] * ns / 1e6))


if __name__ == "__main__":
    main()
