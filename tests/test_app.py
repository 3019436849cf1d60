"""The App as a player meets it: power cuts, damaged saves, full flash, a dead display, key mashing."""
import os

import device_run
import pytest
from app import App
from helpers import boot, press
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store import OsFs

from boards.host.board import HostBoard
from host_sim.framebuf import FrameBuffer

UP, DOWN, OK, BACK = 1, 2, 3, 4
# Main menu -> Oracle -> 3 players -> start P1 -> set-up -> Start game (each player's
# starting injury card: red) -> turn -> consult twice.
ORACLE_START = [OK, OK, DOWN, OK, OK, OK, OK, OK, OK, OK, OK]




def test_power_cut_resumes_same_screen_and_state(tmp_path):
    app = boot(tmp_path)
    press(app, ORACLE_START)
    cmds = list(app.session.cmds)
    frame = app.board.last_frame
    top = type(app.top()).__name__
    # Power cut: nothing is kept but the save folder.
    again = boot(tmp_path)
    assert again.session.cmds == cmds
    assert type(again.top()).__name__ == top
    assert again.board.last_frame == frame


def test_resume_on_titan_screen(tmp_path):
    app = boot(tmp_path)
    press(app, ORACLE_START + [OK, OK, OK])  # third consultation: the Titan die is due
    assert type(app.top()).__name__ == "TitanScreen"
    again = boot(tmp_path)
    assert type(again.top()).__name__ == "TitanScreen" and not again.top().rolled
    press(app, [OK])  # roll: a power cut now comes back to the result
    frame = app.board.last_frame
    again = boot(tmp_path)
    assert type(again.top()).__name__ == "TitanScreen" and again.top().rolled
    assert again.board.last_frame == frame


def test_damaged_save_restores_backup_with_message(tmp_path):
    app = boot(tmp_path)
    press(app, ORACLE_START)
    n = len(app.session.cmds)
    with open(os.path.join(tmp_path, "oracle.dat"), "wb") as f:
        f.write(b"DTC1 9 99 1\n{truncated")
    again = boot(tmp_path)
    assert again.session is not None
    assert len(again.session.cmds) == n - 1  # the previous generation
    assert again.toast_text and "backup" in again.toast_text


def test_garbage_everywhere_is_a_fresh_start_with_message(tmp_path):
    app = boot(tmp_path)
    press(app, ORACLE_START)
    for ext in (".dat", ".bak"):
        with open(os.path.join(tmp_path, "oracle" + ext), "wb") as f:
            f.write(b"\x00garbage")
    again = boot(tmp_path)
    assert again.session is None
    assert type(again.top()).__name__ == "MainMenu"
    assert again.toast_text


class FullFs(OsFs):
    full = False

    def write(self, path, parts):
        if self.full:
            OsFs.write(self, path, (parts[0][:10],))
            raise OSError(28)
        OsFs.write(self, path, parts)


def test_full_flash_shows_message_and_keeps_previous_save(tmp_path):
    app = boot(tmp_path)
    fs = FullFs(str(tmp_path))
    app.store.fs = fs
    press(app, ORACLE_START)
    n = len(app.session.cmds)
    fs.full = True
    press(app, [OK])  # close the consultation: the save of the new screen fails
    assert app.toast_text and "full" in app.toast_text.lower()
    press(app, [OK, OK])  # dismiss; next consultation: applied on screen, not saved
    assert app.toast_text and "full" in app.toast_text.lower()
    assert len(app.session.cmds) == n + 1
    again = boot(tmp_path)
    assert len(again.session.cmds) == n


def test_dead_display_keeps_the_game(tmp_path):
    board = device_run.BenchBoard(FrameBuffer, str(tmp_path), 3)
    app = App(board).boot()
    app.render()
    press(app, ORACLE_START)
    board.i2c.dead = True
    press(app, [OK, OK, DOWN, UP])
    cmds = list(app.session.cmds)
    board.i2c.dead = False
    board.link.retry(10 ** 6)
    assert board.i2c.ram == board.buf  # repainted on recovery
    assert app.session.cmds == cmds


def all_keys_app(tmp_path, seed):
    return device_run.BenchBoard(FrameBuffer, str(tmp_path), seed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(keys=st.lists(st.integers(min_value=1, max_value=6), min_size=20, max_size=300),
       game=st.integers(min_value=0, max_value=4), seed=st.integers(min_value=0, max_value=2 ** 32 - 1))
def test_key_mashing_never_errors(tmp_path_factory, keys, game, seed):
    path = tmp_path_factory.mktemp("mash")
    board = device_run.BenchBoard(FrameBuffer, str(path), seed)
    app = App(board).boot()
    app.render()
    press(app, [DOWN] * game + [OK])
    for k in keys:
        app.handle(k)
        app.render()
        text = app.toast_text or ""
        assert not text.startswith("Error") and "Out of memory" not in text, text
    # and whatever state it reached is resumable after a power cut
    again = App(device_run.BenchBoard(FrameBuffer, str(path), seed)).boot()
    if app.session is not None:
        assert again.session is not None and again.session.cmds == app.session.cmds


def test_scripted_sim_writes_png(tmp_path):
    from host_sim.sim import make_app, run_script

    app = make_app(str(tmp_path / "save"), 1)
    run_script(app, ["OK", "shot:players"], str(tmp_path / "shots"))
    from PIL import Image

    im = Image.open(tmp_path / "shots" / "players.png")
    assert im.size[0] > 128 and im.size[1] > 64


def test_shield_list_shows_the_new_value(tmp_path):
    app = boot(tmp_path)
    press(app, ORACLE_START + [OK, DOWN, DOWN, OK, OK, UP, UP, OK])
    top = app.top()
    assert type(top).__name__ == "ShieldScreen"
    assert top.items[0] == "Green  shield 2"
    assert app.session.game.shields[0] == 2


class LoopEndError(Exception):
    pass


class LoopBoard(HostBoard):
    """The device loop (App.run) on the host: buttons held per 10 ms tick, from a script."""

    def __init__(self, path, script):
        from host_sim.clock import TICKS_PERIOD, FakeClock

        HostBoard.__init__(self, path, 1)
        self.clock = FakeClock(TICKS_PERIOD - 600)  # ticks_ms wraps during the long press
        self.ticks = []
        for ms, mask in script:
            self.ticks.extend([mask] * (ms // 10))

    def read_keys(self):
        return self.ticks[0] if self.ticks else 0

    def idle(self):
        if not self.ticks:
            raise LoopEndError()
        self.ticks.pop(0)
        self.clock.advance(10)


def run_loop(app):
    """The device loop (App.run) until the board's script ends; the keys it handled, in order."""
    seen = []
    orig = app.handle

    def spy(k):
        seen.append(k)
        orig(k)

    app.handle = spy
    try:
        app.run()
    except LoopEndError:
        pass
    return seen


def test_device_loop_short_and_long_press_across_the_tick_wrap(tmp_path):
    from keys import bit

    ok = bit(OK)
    # OK tapped (opens the Oracle's player count), then OK held 1.3 s (BACK: back to the menu;
    # 1.45 s would be HOME as well), spread over the 2**30 ms wrap of ticks_ms.
    board = LoopBoard(str(tmp_path), [(100, 0), (120, ok), (200, 0), (1300, ok), (300, 0)])
    app = App(board).boot()
    seen = run_loop(app)
    assert seen == [OK, BACK]
    assert type(app.top()).__name__ == "MainMenu"


# -- frame before save, memory errors, resume ------------------------------------------

def saved_cmds(path, name="oracle"):
    """The commands of the newest save on flash, as a reboot would load them."""
    from store import Store

    doc, _w = Store(OsFs(str(path))).load(name)
    return None if doc is None else len(doc["cmds"])


class SnapBoard(HostBoard):
    """A board that copies the save folder at every show(): a power cut just after the frame."""

    def __init__(self, path, seed):
        HostBoard.__init__(self, path, seed)
        self.path = path
        self.at_show = []

    def show(self):
        HostBoard.show(self)
        self.at_show.append(saved_cmds(self.path))


def test_the_frame_goes_out_before_the_save_and_a_cut_between_is_safe(tmp_path):
    app = App(SnapBoard(str(tmp_path), 5)).boot()
    app.render()
    press(app, ORACLE_START)
    n = len(app.session.cmds)
    assert saved_cmds(tmp_path) == n
    app.board.at_show.clear()
    press(app, [OK, OK])  # close the consultation, consult again: one command
    assert len(app.session.cmds) == n + 1
    # when the frame of the consultation was shown the flash still held the state before it
    assert app.board.at_show[-1] == n
    again = boot(tmp_path)  # and after the pass the save holds it
    assert len(again.session.cmds) == n + 1


def test_memory_error_while_drawing_never_escapes_render(tmp_path):
    app = boot(tmp_path)

    class Greedy:
        resume_key = None

        def draw(self, g):
            raise MemoryError("memory allocation failed")

        def key(self, k):
            pass

    def wrap(*a, **k):  # the heap is still full when the error is drawn
        raise MemoryError("memory allocation failed")

    app.g.wrap = wrap
    app.push(Greedy())
    assert app.render()  # no exception: a short message instead of the screen
    app.pop()
    app.render()
    assert type(app.top()).__name__ == "MainMenu"


class NoRamFs(OsFs):
    fail = 0

    def write(self, path, parts):
        if self.fail:
            self.fail -= 1
            raise MemoryError("memory allocation failed")
        OsFs.write(self, path, parts)


def test_memory_error_while_saving_keeps_the_step_and_saves_it_again(tmp_path):
    app = boot(tmp_path)
    fs = NoRamFs(str(tmp_path))
    app.store.fs = fs
    press(app, ORACLE_START)
    press(app, [OK])  # the consultation closed
    n = len(app.session.cmds)
    fs.fail = 1
    press(app, [OK])  # a consultation: its save runs out of memory once, is tried again at once
    assert len(app.session.cmds) == n + 1 and app.toast_text is None
    assert saved_cmds(tmp_path) == n + 1
    press(app, [OK])  # the consultation closed
    fs.fail = 2  # this time the second try fails too
    press(app, [OK])  # a consultation
    assert len(app.session.cmds) == n + 2
    assert app.toast_text and "not saved" in app.toast_text  # says truthfully what is at risk
    assert saved_cmds(tmp_path) == n + 1
    press(app, [OK])  # the key dismisses the message; the save is tried again after it
    assert saved_cmds(tmp_path) == n + 2
    again = boot(tmp_path)
    assert again.session.cmds == app.session.cmds


class NeverRamFs(OsFs):
    """Every write runs out of memory (a heap too fragmented for any save)."""

    never = False

    def write(self, path, parts):
        if self.never:
            raise MemoryError("memory allocation failed")
        OsFs.write(self, path, parts)


def test_a_save_that_keeps_running_out_of_memory_never_locks_the_keys(tmp_path):
    # Bug: the key dismissed "Low memory: last step kept, saving again", the next pass
    # retried the save, it failed again and the message came back: every key was eaten
    # by the message, BACK and the menu too, until a power cycle.
    app = boot(tmp_path)
    fs = NeverRamFs(str(tmp_path))
    app.store.fs = fs
    press(app, ORACLE_START + [OK])  # the turn screen
    fs.never = True
    press(app, [OK])  # a consultation: a step whose save fails
    assert app.toast_text and "Low memory" in app.toast_text
    press(app, [OK])  # dismissed
    assert app.toast_text is None
    for _ in range(5):  # passes of the loop with no key: the message does not come back
        app.render()
    assert app.toast_text is None
    assert type(app.top()).__name__ == "ConsultScreen"
    press(app, [BACK])  # BACK on the roll: the game menu (the save failed again: said once already)
    assert type(app.top()).__name__ == "ChoiceMenu" and app.toast_text is None
    press(app, [DOWN, DOWN, OK])  # Main menu: the loss is said, and the menu is there
    assert type(app.top()).__name__ == "MainMenu"
    assert app.toast_text and "not saved" in app.toast_text
    press(app, [OK, DOWN])
    assert app.toast_text is None and app.top().index == 1


def test_resume_replays_the_commands_once(tmp_path, monkeypatch):
    app = boot(tmp_path)
    press(app, ORACLE_START + [OK, OK, OK])
    n = len(app.session.cmds)
    cls = type(app.session.game)
    calls = []
    orig = cls.apply

    def counting(self, cmd):
        calls.append(cmd)
        return orig(self, cmd)

    monkeypatch.setattr(cls, "apply", counting)
    again = boot(tmp_path)
    assert len(again.session.cmds) == n
    assert len(calls) == n


class SlowShowBoard(LoopBoard):
    """Keys as (from_ms, to_ms, mask) on the board's clock; every show() takes 40 ms."""

    def __init__(self, path, presses, idle_ticks=30):
        LoopBoard.__init__(self, path, [(10 * idle_ticks, 0)])
        self.t0 = self.clock.now
        self.presses = presses

    def read_keys(self):
        from host_sim.clock import ticks_diff

        t = ticks_diff(self.clock.now, self.t0)
        mask = 0
        for a, b, m in self.presses:
            if a <= t < b:
                mask |= m
        return mask

    def show(self):
        LoopBoard.show(self)
        self.clock.advance(40)


def test_a_key_pressed_during_a_slow_redraw_is_kept(tmp_path):
    from keys import bit

    # The first frame is shown from 0 to 40 ms; DOWN is tapped from 20 to 45 ms, gone before
    # the loop's next pass at 50 ms: only a read between the redraw and the save sees it.
    board = SlowShowBoard(str(tmp_path), [(20, 45, bit(DOWN))])
    app = App(board).boot()
    seen = run_loop(app)
    assert seen == [DOWN]


def test_a_board_that_feeds_the_keys_itself_is_the_only_writer(tmp_path):
    from keys import bit

    class TimerBoard(LoopBoard):
        fed = None

        def attach_keys(self, buttons):
            self.fed = buttons
            return True

        def read_keys(self):
            raise AssertionError("the App must not read the pins: the board's timer does")

        def idle(self):
            if self.ticks and self.fed is not None:
                self.fed.update(self.ticks[0], self.clock.ticks_ms())  # the timer's call
            LoopBoard.idle(self)

    board = TimerBoard(str(tmp_path), [(30, 0), (20, bit(OK)), (200, 0)])
    app = App(board).boot()
    try:
        app.run()
    except LoopEndError:
        pass
    assert app.game_name == "oracle"  # the tap of OK opened the Oracle


def test_a_step_still_unsaved_when_its_game_is_left_is_saved_first(tmp_path):
    # Keys queued in one pass: the first records a command (saved after the frame), the
    # next leaves the game before any frame: the command must not be lost.
    app = boot(tmp_path)
    press(app, ORACLE_START + [OK])
    n = len(app.session.cmds)
    app._deferring = True  # as inside handle()
    app.do(["consult"])
    app._deferring = False
    app.home()
    app.render()
    again = boot(tmp_path)
    assert type(again.top()).__name__ == "MainMenu"
    press(again, [OK, OK])  # resume the saved Oracle game
    assert again.session is not None and len(again.session.cmds) == n + 1


def test_device_loop_does_not_idle_while_a_background_job_has_work(tmp_path):
    """A search in slices (``app.job``, its step() returning True) gets passes back to back:
    the board's idle (a 10 ms sleep on the Pico) only comes once the work is done, and the
    job is let go then."""
    board = LoopBoard(str(tmp_path), [(50, 0)])
    app = App(board).boot()
    events = []

    class Busy:
        left = 3

        def step(self):
            events.append("step")
            self.left -= 1
            return self.left > 0

    app.job = Busy()
    orig = board.idle

    def idle():
        events.append("idle")
        orig()

    board.idle = idle
    try:
        app.run()
    except LoopEndError:
        pass
    assert events[:4] == ["step", "step", "step", "idle"]
    assert app.job is None


@pytest.mark.parametrize("error, toast", [(ValueError("bad slice"), "Error: bad slice"),
                                          (MemoryError("memory allocation failed"), "Out of memory")])
def test_a_background_job_that_fails_is_reported_and_kept(tmp_path, error, toast):
    """A job's error is toasted, as a key's (the device never stops); the job stays, is not run
    under the toast, and runs again once a key has closed it."""
    app = App(LoopBoard(str(tmp_path), [(50, 0)])).boot()
    calls = []

    class Flaky:
        def step(self):
            calls.append(len(calls))
            if len(calls) == 1:
                raise error
            return False

    job = app.job = Flaky()
    app.poll()
    assert app.toast_text == toast and app.job is job and not app.working
    app.poll()
    assert calls == [0]  # not under the toast
    app.handle(OK)  # closes the toast
    app.poll()
    assert calls == [0, 1] and app.job is None


def test_about_figures_fit_a_line_with_their_unit():
    # Bug: on a laptop or in a browser "Flash free" ran off the 21-character line, unit cut.
    from device_ui import _kb

    for v in (0, 999, 10000, 200 * 1024, 1434 * 1024, 2 * 1024 ** 3, 987 * 1024 ** 3, 9999 * 1024 ** 3):
        for label in ("Flash free: ", "Max block: ", "RAM free: "):
            line = label + _kb(v)
            assert len(line) <= 21 and line.split()[-1] in ("B", "KB", "MB", "GB"), line
    assert _kb(None) == "n/a"


def test_after_a_restart_on_the_main_menu_its_cursor_is_on_the_game_last_played(tmp_path):
    # the dice roller (the last game but the Timer) rolled once, left for the main menu, then a power cut
    app = boot(tmp_path)
    press(app, [UP, UP, OK, OK, BACK, DOWN, DOWN, OK])  # the game menu's "Main menu"
    assert app.session is None and app.stack[0].index == 5
    app.stack[0].index = 0  # the cursor moved away before the power cut: the game played counts
    again = boot(tmp_path)
    assert again.session is None and type(again.top()).__name__ == "MainMenu"
    assert again.stack[0].index == 5 and again.stack[0].items[5].startswith("Dice roller")
    press(again, [OK])  # OK opens the game last played: its saved game offered
    assert again.top().items[0] == "Resume saved game"


def test_a_job_after_a_quick_one_answers_with_its_own_frame(tmp_path):
    """``later``: the frame naming the job first while jobs are slow (modules loading from files);
    once one took under ``screens.QUICK_MS`` of the board's clock, the next one runs before any
    frame and its own frame is the key's only one (the project's image: a Delfos layout's last
    key lost a whole frame, about 30 ms)."""
    from host_sim.clock import FakeClock

    board = device_run.BenchBoard(FrameBuffer, str(tmp_path), 1)
    app = App(board).boot()
    board.clock = FakeClock()
    app.render()
    shown = []
    show = board.show
    board.show = lambda: (shown.append(bytes(board.buf)), show())

    def frames(job):
        del shown[:]
        app.later("Wait", job)
        app.render()
        return len(shown)

    assert frames(lambda: board.clock.advance(400)) == 2  # the first: "Wait..." then its answer
    assert frames(lambda: None) == 2  # after a slow one, the frame first again
    assert frames(lambda: board.clock.advance(10)) == 1  # after a quick one: its own frame alone
    assert frames(lambda: board.clock.advance(60)) == 1
    assert frames(lambda: None) == 2  # that one took 60 ms: the frame first again
