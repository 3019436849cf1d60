"""The table's clock on the emulated Pico (issue 53), on MicroPython's stock image with ``make
deploy``'s files (the clock's modules load from the flash when a game first has a clock).

A finished timed Oracle game (made by the host App) shows each player's time on its play in History.  The Timer plays 4
players with a pass undone.  The chip runs these seconds of play at its own pace (idle time is
skipped by the emulator; the loop looks at the clock every 100 ms).
"""
import os
import tempfile

import pytest

from tools.hil import host
from tools.hil.chip import MS


def timed_oracle_played(root):
    """{"/saves/<name>": bytes} of a finished Oracle game of 3 timed with a count (the host App,
    its clock moved by hand): 40 s, 25 s and 10 s of thinking."""
    host._paths(root)
    from app import App
    from device_run import BenchBoard
    from helpers import press

    from host_sim.clock import FakeClock
    from host_sim.framebuf import FrameBuffer

    with tempfile.TemporaryDirectory() as d:
        app = App(BenchBoard(FrameBuffer, d, 3)).boot()
        app.board.clock = FakeClock()
        press(app, [3, 3, 2, 3, 2, 2, 2, 3, 2, 3, 2, 2, 3, 3, 3, 3])  # 3 players; Clock: Count; Start
        for p in (0, 1):
            app.do(["zeus", p])
        for ms in (40000, 25000, 10000):
            app.board.clock.advance(ms)
            app.session.clock.ui.tick(app)
            app.do(["consult"])
        app.do(["titan"])
        app.do(["final", 0, 2, 1])
        app.do(["final", 1, 2, 3])
        app.render()
        app.home()
        out = {}
        for n in sorted(os.listdir(d)):
            with open(os.path.join(d, n), "rb") as f:
                out["/saves/" + n] = f.read()
        return out


@pytest.mark.stock
def test_the_timed_play_in_history_shows_each_persons_time(hil):
    files = timed_oracle_played(hil.root)
    play = host.save_doc(files["/saves/plays.dat"])["plays"][-1]
    assert [q["think"] for q in play["players"]] == [40, 25, 10]
    script = "BACK OK DOWN OK"  # the device menu, History, the play
    s = hil.session(files)
    s.play(script)
    frame, _app = host.play(hil.root, script, 3, files)
    assert s.frame() == frame  # the host draws "0:40", "0:25", "0:10" beside the names


@pytest.mark.stock
def test_the_timer_plays_four_players_with_a_pass_undone(hil):
    s = hil.session()
    s.play("UP OK OK OK")  # the Timer, 4 players, counting
    for _ in range(4):
        s.pico.run_for(3000 * MS)
        s.key("OK")  # a pass
    s.key("BACK")  # the pause: the game menu, on its undo
    s.key("OK")  # the last pass taken back
    doc = host.save_doc(s.read("/saves/timer.dat"))
    mode, secs, spent, turns, cur, run, log = doc["clock"]
    assert len(doc["cmds"]) == 3 and cur == 3 and turns == [1, 1, 1, 0]
    assert all(2900 <= t <= 4500 for t in spent[:3]) and run >= 2900  # its time given back to the 4th
