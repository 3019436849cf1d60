"""The table's clock on the emulated Pico (issue 53), on MicroPython's stock image with ``make
deploy``'s files (the clock's modules load from the flash when a game first has a clock).

An Oracle game of 3 with a turn limit of 30 s, chosen at its set-up on the device, a piezo buzzer
wired on GP16 (the board file's ``BUZZER = 16``) and switched on in the stored settings: the time
in the turn screen's title bar is drawn the other way round from 10 s before the end (the field's
bytes are the host's drawing of a countdown near 0:10) and the buzzer's PWM slice sounds once,
briefly (2.7 kHz, half duty); the table view is inverted; at 0 the buzzer sounds longer and the
turn screen shows 0:00 or the first overtime; the turn is ended, and a power cut 3 s into the
next turn keeps the closed turn's time in the save and comes back on that player's running clock
(the 3 s since its last saved step lost: at most the running turn's time).  About 45 emulated
seconds: some 10 minutes of wall time.  A finished timed
Oracle game (made by the host App) shows each player's time on its play in History.  The Timer
plays 4 players with a pass undone.  The chip runs these seconds of play at its own pace (idle
time is skipped by the emulator; the loop looks at the clock every 100 ms).

Keys are timed as in every scenario (``Session.key``: the next key once the device is quiet): a
running clock leaves the device quiet between its once-a-second digit frames.  Measured on
v1.28.0 (an Oracle turn screen, 3 s in 10-ms windows): 12.1 % of the CPU busy with no clock, 13.2 %
with a turn limit running (each 100 ms look at the clock 1 ms of CPU, each digit frame about 4 ms
and 10.7 bytes a second on the panel's bus); 4 of 297 40-ms windows over ``QUIET_BUSY``, each a
digit frame's.  So a key's wait may take in a digit frame (its bytes and frame count), never
waits for ever.
"""
import os
import tempfile

import pytest
from hil_rig import device_settings

from tools.hil import fsimage, host
from tools.hil.chip import MS

# Oracle, 3 players, start the first seat; Clock (DOWN x3), Turn limit, 0:30 (UP UP from 1:00);
# back to Start game (DOWN DOWN), the 3 starting injury cards (red): the first player's turn
TIMED_ORACLE = "OK OK DOWN OK DOWN DOWN DOWN OK DOWN DOWN OK UP UP OK DOWN DOWN OK OK OK OK"
BUZZER_GPIO = 16  # PWM slice 0, channel A
PWM_HZ = 125_000_000  # the PWM's clock: the system clock


def buzzer_files(root):
    """{path: bytes}: ``make deploy``'s board file with a buzzer on GP16 (``BUZZER = 16``, as its
    comment says to wire one) and the stored settings with the Buzzer line on."""
    with open(os.path.join(root, "boards", "pico_ssd1306", "board.py")) as f:
        src = f.read()
    assert "\nBUZZER = None\n" in src
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "board.py")
        with open(path, "w") as f:
            f.write(src.replace("\nBUZZER = None\n", "\nBUZZER = %d\n" % BUZZER_GPIO))
        files = fsimage._compiled(path, "/board", fsimage._default_mpy_cross(root), "board.py")
    files.update(device_settings(buzz=True))
    return files


def buzzer(pico):
    """(sounding, Hz) of the buzzer's PWM channel now: its compare level above 0, and the slice's
    frequency from its divider and wrap."""
    ch = pico.mcu.pwm.channels[BUZZER_GPIO // 2 % 8]
    div = (ch.div >> 4 & 0xFF or 256) + (ch.div & 0xF) / 16
    return (ch.cc & 0xFFFF) > 0, PWM_HZ / div / (ch.top + 1)


def listen(s, until):
    """Run ``s`` up to emulated instant ``until`` in 10 ms steps; the buzzer's sounds heard meanwhile:
    [(start ns, ms long, Hz)]."""
    p = s.pico
    out = []
    on = None
    while p.now < until:
        p.run_for(10 * MS)
        sounding, hz = buzzer(p)
        if sounding and on is None:
            on = (p.now, hz)
        elif not sounding and on is not None:
            out.append((on[0], (p.now - on[0]) // MS, on[1]))
            on = None
    if on is not None:
        out.append((on[0], (p.now - on[0]) // MS, on[1]))
    return out


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
def test_a_turn_limit_warns_at_10_s_and_at_0_and_survives_a_power_cut(hil):
    from games.clock import engine

    s = hil.session(buzzer_files(hil.root))
    s.play(TIMED_ORACLE)
    doc = host.save_doc(s.read("/saves/oracle.dat"))
    assert doc["clock"][:2] == [engine.LIMIT, 30] and len(doc["cmds"]) == 3
    assert not buzzer(s.pico)[0]
    start = s.pico.now  # the turn began with the last key, at most its wait (under 0.3 s) before
    s.pico.run_for(15000 * MS)
    normal = host_fields(hil.root, ["0:%02d" % n for n in range(11, 19)], engine.NORMAL)
    assert field_bytes(s.frame()) in normal, "about 15 s left: the clock as ever"
    beeps = listen(s, start + 20600 * MS)
    warn = host_fields(hil.root, ["0:%02d" % n for n in range(7, 11)], engine.WARN)
    assert field_bytes(s.frame()) in warn, "10 s before the end: the field the other way round"
    assert len(beeps) == 1 and start + 19400 * MS <= beeps[0][0] <= start + 20100 * MS, beeps
    assert 100 <= beeps[0][1] <= 260 and abs(beeps[0][2] - 2700) < 30, beeps  # short, 2.7 kHz
    s.key("LEFT")  # the table view: inverted whole
    assert lit(s.frame()) > 4096, "the table view is inverted at the warning"
    beeps = listen(s, start + 30800 * MS)
    assert lit(s.frame()) > 4096, "and at 0"
    assert len(beeps) == 1 and start + 29400 * MS <= beeps[0][0] <= start + 30100 * MS, beeps
    assert 580 <= beeps[0][1] <= 740 and abs(beeps[0][2] - 2700) < 30, beeps  # longer at 0
    s.key("OK")  # back to the turn screen (any key)
    over = host_fields(hil.root, ["0:00", "+0:00", "+0:01", "+0:02", "+0:03"], engine.OVER)
    assert field_bytes(s.frame()) in over, "at 0: 0:00, then the overtime"
    s.key("OK")  # consult: the turn ends (saved with the clock)
    s.key("OK")  # past the roll: the next player's turn
    s.pico.run_for(3000 * MS)
    cut = hil.session_from(s.fs_image())  # the power goes 3 s into the second player's turn
    doc = host.save_doc(cut.read("/saves/oracle.dat"))
    mode, secs, spent, turns, cur, run, log = doc["clock"]
    assert 30000 <= spent[0] <= 33000 and turns == [1, 0, 0] and cur == 1 and spent[1:] == [0, 0]
    assert run < 1000  # saved with the key that began the turn: the 3 s since then are what the cut loses
    cut.pico.run_for(1500 * MS)
    fresh = host_fields(hil.root, ["0:%02d" % n for n in range(27, 31)], engine.NORMAL)
    assert field_bytes(cut.frame()) in fresh, "the second player's turn runs again after the cut"
    assert not buzzer(cut.pico)[0]


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
