"""The pictures of the table's clock in docs/playing.md: a timed Oracle game and the Timer on
the host board with a clock this script moves (``host_sim.clock.FakeClock``); golden scripts
have no time, so these are played here.

    .venv/bin/python tools/clock_shots.py [DIR]     (default docs/img)
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "support"), ROOT,
                os.path.join(ROOT, "host_sim", "shims")]

from helpers import boot, press  # noqa: E402

from host_sim.clock import FakeClock  # noqa: E402
from host_sim.sim import save_png  # noqa: E402

UP, DOWN, OK, BACK, LEFT = 1, 2, 3, 4, 5


def wait(app, seconds):
    for _ in range(seconds):
        app.board.clock.advance(1000)
        app.session.clock.ui.tick(app)
        app.render()


def main(out):
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as d:
        app = boot(os.path.join(d, "oracle"), 1)
        app.board.clock = FakeClock()
        # 3 players; Clock, Turn limit, 0:30; Start game and the 3 starting cards
        press(app, [OK, OK, DOWN, OK, DOWN, DOWN, DOWN, OK, DOWN, DOWN, OK, UP, UP, OK, DOWN, DOWN, OK, OK, OK, OK])
        wait(app, 12)
        save_png(app.board.last_frame, os.path.join(out, "clock-turn.png"), 3)
        press(app, [LEFT])
        wait(app, 10)
        save_png(app.board.last_frame, os.path.join(out, "clock-warning.png"), 3)
        press(app, [OK, OK, OK])  # back, consult, OK: the next player
        wait(app, 7)
        press(app, [BACK, DOWN, DOWN, DOWN, DOWN, OK])  # the game menu: All players' time
        save_png(app.board.last_frame, os.path.join(out, "clock-all.png"), 3)
        timer = boot(os.path.join(d, "timer"), 1)
        timer.board.clock = FakeClock()
        press(timer, [UP, OK, OK, OK])  # the Timer: 4 players, counting
        wait(timer, 42)
        save_png(timer.board.last_frame, os.path.join(out, "clock-timer.png"), 3)
    print("wrote clock-turn, clock-warning, clock-all and clock-timer in", out)


main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "img"))
