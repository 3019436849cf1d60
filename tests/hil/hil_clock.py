"""The table's clock on the emulated Pico (issue 53), on MicroPython's stock image with ``make
deploy``'s files (the clock's modules load from the flash when a game first has a clock).

An Oracle game of 3 with a turn limit of 30 s, chosen at its set-up: the time in the turn
screen's title bar is drawn the other way round from 10 s before the end (the field's bytes are
the host's drawing of a countdown near 0:10) and at 0 ("0:00" or the first overtime), the table
view is inverted; the turn is ended, and a power cut 5 s into the next turn keeps the closed
turn's time in the save and comes back on that player's running clock.  A finished timed Oracle
game (made by the host App) shows each player's time on its play in History.  The Timer plays 4
players with a pass undone.  The chip runs these seconds of play at its own pace (idle time is
skipped by the emulator; the loop looks at the clock every 100 ms).
"""
import os
import tempfile

import pytest

from tools.hil import host
from tools.hil.chip import MS

# Oracle, 3 players, start the first seat; Clock (DOWN x3), Turn limit, 0:30 (UP UP from 1:00);
# back to Start game (DOWN DOWN), the 3 starting injury cards (red): the first player's turn
TIMED_ORACLE = "OK OK DOWN OK DOWN DOWN DOWN OK DOWN DOWN OK UP UP OK DOWN DOWN OK OK OK OK"


def field_bytes(frame):
    """Page 0 of the clock's field in a turn screen's title bar (columns 0-36)."""
    return bytes(frame[0:37])


def host_fields(root, texts, state):
    """The field's page-0 bytes as the host draws ``texts`` in ``state`` (games.clock.ui.field)."""
    host._paths(root)
    from gfx import Gfx

    from games.clock import ui
    from host_sim.framebuf import MONO_VLSB, FrameBuffer

    out = set()
    for t in texts:
        buf = bytearray(1024)
        g = Gfx(FrameBuffer(buf, 128, 64, MONO_VLSB))
        g.fb.fill_rect(0, 0, 128, 9, 1)  # the title bar under it
        ui.field(g, (1, 1, ui.BAR_FIELD), t, state)
        out.add(field_bytes(buf))
    return out


def lit(frame):
    """Lit pixels of a frame."""
    return sum(bin(b).count("1") for b in frame)


@pytest.mark.stock
@pytest.mark.xfail(reason="on the emulated Pico the set-up's keys ended in StuckError (the device busy 30 s "
                          "after a key); not diagnosed yet", strict=False)
def test_a_turn_limit_warns_at_10_s_and_at_0_and_survives_a_power_cut(hil):
    from games.clock import engine

    s = hil.session()
    s.play(TIMED_ORACLE)
    doc = host.save_doc(s.read("/saves/oracle.dat"))
    assert doc["clock"][:2] == [engine.LIMIT, 30] and len(doc["cmds"]) == 3
    start = s.pico.now
    s.pico.run_for(15000 * MS)
    normal = host_fields(hil.root, ["0:%02d" % n for n in range(11, 19)], engine.NORMAL)
    assert field_bytes(s.frame()) in normal, "about 15 s left: the clock as ever"
    s.pico.run_for(start + 20600 * MS - s.pico.now)
    warn = host_fields(hil.root, ["0:%02d" % n for n in range(7, 11)], engine.WARN)
    assert field_bytes(s.frame()) in warn, "10 s before the end: the field the other way round"
    s.key("LEFT")  # the table view: inverted whole
    assert lit(s.frame()) > 4096, "the table view is inverted at the warning"
    s.pico.run_for(start + 30400 * MS - s.pico.now)
    s.key("OK")  # back to the turn screen (any key)
    over = host_fields(hil.root, ["0:00", "+0:00", "+0:01", "+0:02"], engine.OVER)
    assert field_bytes(s.frame()) in over, "at 0: 0:00, then the overtime"
    s.key("OK")  # consult: the turn ends (saved with the clock)
    s.key("OK")  # past the roll: the next player's turn
    s.pico.run_for(5000 * MS)
    cut = hil.session_from(s.fs_image())  # the power goes 5 s into the second player's turn
    doc = host.save_doc(cut.read("/saves/oracle.dat"))
    mode, secs, spent, turns, cur, run, log = doc["clock"]
    assert spent[0] >= 30000 and turns == [1, 0, 0] and cur == 1 and spent[1:] == [0, 0]
    cut.pico.run_for(2000 * MS)
    fresh = host_fields(hil.root, ["0:%02d" % n for n in range(25, 31)], engine.NORMAL)
    assert field_bytes(cut.frame()) in fresh, "the second player's turn runs again after the cut"


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
