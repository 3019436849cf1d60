"""The table's clock's cost on the panel's bus: bytes sent each second a clock runs.

    python bench/bench_clock.py      (make bench runs it; CPython, the test bench's recording panel)

The App on the test bench's board (``tests/support/device_run.BenchBoard``: the Pico's own
Flusher, which sends only the changed span of each display page, over a recording fake
SSD1306 on I2C) with a clock the script moves (``host_sim.clock.FakeClock``): a timed Oracle
game's turn screen (the clock in its title bar), its table view (table text), and the Timer (the
big digits, doubled).  Each line: the mean bytes a second over 60 seconds of a running turn, and
what they take on the bus at 400 kHz (22.5 us a byte).
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "support"), ROOT,
                os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "boards", "pico_ssd1306")]

from helpers import boot, press  # noqa: E402

from host_sim.clock import FakeClock  # noqa: E402

UP, DOWN, OK, BACK, LEFT = 1, 2, 3, 4, 5


def per_second(app, seconds=60):
    """Mean bus bytes a second over ``seconds`` one-second passes of the loop."""
    i2c = app.board.i2c
    c = app.session.clock
    c.ui.tick(app)
    app.render()
    before = i2c.bytes
    for _ in range(seconds):
        app.board.clock.advance(1000)
        c.ui.tick(app)
        app.render()
    return (i2c.bytes - before) / seconds


def main():
    out = []
    with tempfile.TemporaryDirectory() as d:
        app = boot(os.path.join(d, "oracle"), 1, bench=True)
        app.board.clock = FakeClock()
        press(app, [OK, OK, DOWN, OK, DOWN, DOWN, DOWN, OK, DOWN, DOWN, OK, DOWN, DOWN, DOWN, DOWN, OK])
        press(app, [DOWN, DOWN, OK, OK, OK, OK])  # Turn limit 5:00; Start game, the 3 starting cards
        assert type(app.top()).__name__ == "TurnScreen" and app.session.clock.secs == 300
        out.append(("Oracle turn screen (title bar)", per_second(app)))
        press(app, [LEFT])
        out.append(("its table view (table text)", per_second(app)))
        timer = boot(os.path.join(d, "timer"), 1, bench=True)
        timer.board.clock = FakeClock()
        press(timer, [UP, OK, OK, OK])  # the Timer: 4 players, counting
        assert type(timer.top()).__name__ == "TimerScreen"
        out.append(("Timer (big digits, doubled)", per_second(timer)))
    print("The table's clock, bus bytes a second (a running turn, 60 s):")
    for name, b in out:
        print("  %-32s %6.1f B/s  %5.2f ms/s at 400 kHz" % (name, b, b * 0.0225))


if __name__ == "__main__":
    main()
