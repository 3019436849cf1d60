"""The table's clock (issue 53) through the real keys, on a clock the test moves
(``host_sim.clock.FakeClock``): an Oracle game timed (count, turn limit with its warning at 10 s
and at 0, chess clock, the pause, undo, a power cut mid-turn, the record in History and
Statistics), whose time runs in the other games, and the Timer.  Its arithmetic:
tests/engine/test_clock_engine.py."""
import shutil

from helpers import boot, press, top_name

from games.clock import engine
from host_sim.clock import FakeClock

UP, DOWN, OK, BACK, LEFT, RIGHT = 1, 2, 3, 4, 5, 6
SETUP = [OK, OK, DOWN, OK]  # Oracle, 3 players, start player the first seat: the set-up screen
CLOCK = [DOWN, DOWN, DOWN, OK]  # the set-up's fourth action, "Clock: off": the clock's menu
START = [DOWN, DOWN, OK, OK, OK, OK]  # back to "Start game", the 3 starting cards (red): the turn


# -- through the Oracle's screens ----------------------------------------------------------

def timed_oracle(path, choice):
    """An Oracle game of 3 with the clock ``choice`` (keys in the clock's menus), on the first
    player's turn; its board's clock a ``FakeClock``."""
    app = boot(path)
    app.board.clock = FakeClock()
    press(app, SETUP + CLOCK + choice)
    press(app, START)
    assert top_name(app) == "TurnScreen"
    return app


def wait(app, ms, step=1000):
    """``ms`` pass: a pass of the device loop each ``step`` ms (the clock's tick, then render)."""
    while True:  # (0 ms: one pass)
        d = min(step, ms)
        app.board.clock.advance(d)
        ms -= d
        app.session.clock.ui.tick(app)
        app.render()
        if ms <= 0:
            break


def test_clock_off_by_default_costs_nothing(tmp_path):
    app = boot(tmp_path)
    press(app, SETUP)
    assert app.top().actions()[3] == "Clock: off"
    press(app, [OK, OK, OK, OK])  # Start game at once, as without a clock
    assert top_name(app) == "TurnScreen" and app.session.clock is None
    assert "clock" not in app.store.load("oracle")[0]


def test_count_mode_counts_each_players_turns(tmp_path):
    app = timed_oracle(tmp_path, [DOWN, OK])  # Count
    c = app.session.clock
    assert c.mode == engine.COUNT and c.cur == 0
    wait(app, 42000)
    assert c.text(0) == "0:42"
    press(app, [OK, OK])  # consult, then OK past its roll: the second player's turn
    wait(app, 7000)
    assert c.spent == [42000, 0, 0] and c.turns == [1, 0, 0] and c.cur == 1 and c.run == 7000


def test_turn_limit_warns_at_10_s_and_at_0_on_the_table_view(tmp_path):
    app = timed_oracle(tmp_path, [DOWN, DOWN, OK, UP, UP, OK])  # Turn limit, 0:30 a turn
    c = app.session.clock
    assert c.mode == engine.LIMIT and c.secs == 30
    press(app, [LEFT])  # the table view
    assert top_name(app) == "TableView"
    wait(app, 19000)
    assert app.board.pixel(0, 0) == 0  # 11 s left: as ever
    wait(app, 1000)
    assert app.board.pixel(0, 0) == 1 and c.text(0) == "0:10"  # 10 s left: the view inverted
    wait(app, 10000)
    assert app.board.pixel(0, 0) == 1 and c.state(0) == engine.OVER  # at 0
    wait(app, 3000)
    assert c.text(0) == "+0:03"
    press(app, [OK, OK, OK])  # back, consult, OK: the next player's turn, a fresh 30 s
    assert c.text(1) == "0:30" and c.state(1) == engine.NORMAL and c.spent[0] == 33000


def test_the_buzzer_beeps_briefly_at_the_warning_and_longer_at_0(tmp_path):
    heard = []
    app = timed_oracle(tmp_path, [DOWN, DOWN, OK, UP, UP, OK])  # Turn limit, 0:30 a turn
    app.board.beep = lambda on: heard.append((app.board.clock.ticks_ms(), on))  # a buzzer wired
    import prefs

    app.prefs = dict(prefs.defaults(), buzz=True)  # Settings: Buzzer on
    wait(app, 19900, step=10)  # the loop's passes, 10 ms apart
    assert heard == []
    wait(app, 1100, step=10)
    t0 = app.board.clock.ticks_ms() - 1000  # 10 s left
    assert [on for _t, on in heard] == [True, False] and heard[0][0] - t0 <= 100  # the warning
    assert 120 <= heard[1][0] - heard[0][0] <= 220  # a short beep
    wait(app, 10000, step=10)
    assert [on for _t, on in heard[2:]] == [True, False] and heard[2][0] - (t0 + 10000) <= 100  # at 0
    assert 600 <= heard[3][0] - heard[2][0] <= 700  # a longer one
    app.prefs["buzz"] = False
    press(app, [OK, OK])  # consult: the next player's turn
    wait(app, 31000, step=100)
    assert len(heard) == 4  # switched off in Settings: silent


def test_the_game_menu_pauses_the_clock(tmp_path):
    app = timed_oracle(tmp_path, [DOWN, DOWN, DOWN, OK, OK])  # Chess clock, 20 min each
    c = app.session.clock
    assert c.mode == engine.CHESS and c.secs == 1200
    wait(app, 5000)
    press(app, [BACK])  # the game menu: paused
    assert app.top().title == "Clock paused"
    wait(app, 60000)
    press(app, [BACK])  # back to the game
    wait(app, 1000)
    assert c.total(0) == 6000 and c.text(0) == "19:54"


def test_undo_of_a_turn_gives_its_time_back(tmp_path):
    app = timed_oracle(tmp_path, [DOWN, OK])
    c = app.session.clock
    wait(app, 40000)
    press(app, [OK, OK])  # consult: the second player's turn
    wait(app, 10000)
    press(app, [BACK, OK])  # undo last step: the consult undone
    wait(app, 0)
    assert c.cur == 0 and c.run == 40000 and c.spent == [0, 0, 0]
    wait(app, 2000)
    assert c.text(0) == "0:42"


def test_a_power_cut_mid_turn_keeps_the_clock(tmp_path):
    app = timed_oracle(tmp_path / "dev", [DOWN, OK])
    c = app.session.clock
    wait(app, 30000)
    press(app, [OK, OK])  # the first player's 30 s closed, saved with the consult
    wait(app, 12000)
    press(app, [DOWN])  # a key that changes no command or screen: nothing saved
    app.do(["equip", 1, 1])  # a step of the game (the equipment card, any time): saved with the turn's 12 s
    app.render()
    wait(app, 5000)  # then the power goes: these 5 s are lost
    shutil.copytree(str(tmp_path / "dev"), str(tmp_path / "cut"))
    again = boot(tmp_path / "cut")
    again.board.clock = FakeClock(123)
    d = again.session.clock
    assert d is not None and d.ui is not None
    assert d.spent == [30000, 0, 0] and d.turns == [1, 0, 0] and d.cur == 1 and d.run == 12000
    assert c.run == 17000  # (the device before the cut)
    wait(again, 0)  # the first pass after power-on: the clock starts
    wait(again, 3000)
    assert d.text(1) == "0:15"  # the turn goes on from its saved time


def test_a_running_clock_redraws_only_its_digits(tmp_path):
    app = timed_oracle(tmp_path, [DOWN, OK])
    wait(app, 0)
    before = app.board.last_frame
    frames = app.board.frames
    wait(app, 1000)
    after = app.board.last_frame
    assert app.board.frames == frames + 1
    changed = [i for i in range(1024) if before[i] != after[i]]
    assert changed and max(changed) < 37  # page 0, the clock's field in the title bar


def finish_timed_oracle(app, think):
    """The players of ``app``'s Oracle game (3, on the first player's turn) take ``think`` ms each
    (seat order), the first two back at Zeus; the Titan die, then their oracle cards and favor:
    the game over, its play logged."""
    for p in (0, 1):
        app.do(["zeus", p])
    for ms in think:
        wait(app, ms)
        app.do(["consult"])
    wait(app, 5000)  # the Titan die: nobody's time
    app.do(["titan"])
    app.do(["final", 0, 2, 1])
    app.do(["final", 1, 2, 3])
    wait(app, 0)


def test_the_play_in_history_and_statistics_shows_each_persons_time(tmp_path):
    import plays

    app = timed_oracle(tmp_path, [DOWN, OK])
    finish_timed_oracle(app, [40000, 25000, 10000])
    log = plays.load(app.store)
    qs = log["plays"][-1]["players"]
    assert [q["think"] for q in qs] == [40, 25, 10] and [q["turns"] for q in qs] == [1, 1, 1]
    totals = plays.load_totals(app.store)
    assert totals["games"]["oracle"]["time"] == {plays.UNNAMED: [75, 3, 3]}
    app.home()
    press(app, [BACK, OK])  # the device menu, History
    assert top_name(app) == "History"
    press(app, [DOWN, OK])  # the play
    assert top_name(app) == "PlayScreen"
    shown = []
    text = app.g.text
    app.g.text = lambda s, *a, **k: (shown.append(s), text(s, *a, **k))[1]
    app.changed()
    app.render()
    assert "0:40" in shown and "0:25" in shown and "0:10" in shown
    press(app, [BACK, UP, OK, OK, OK])  # Statistics, the Oracle, its one person (the unnamed seats)
    assert top_name(app) == "NameStats"
    press(app, [DOWN])  # the clock's page
    shown.clear()
    app.changed()
    app.render()
    assert "1:15" in shown and "0:25" in shown  # thinking 75 s over 3 turns: 25 s a turn


def test_an_older_play_without_time_reads_as_before(tmp_path):
    import plays

    play = {"n": 1, "game": "oracle", "variant": "2 players", "rounds": 3, "minutes": 20,
            "players": [{"name": "Green", "score": None, "rank": 1, "winner": True, "start": True, "bot": False},
                        {"name": "Blue", "score": None, "rank": 2, "winner": False, "start": False, "bot": False}]}
    plays.check_play(play)
    doc = {"v": 2, "counted": [], "below": 0, "out": [], "games": {}}
    plays._apply(doc, play, 1)
    assert "time" not in doc["games"]["oracle"]
    plays.check_totals(doc)
    bad = dict(play, players=[dict(play["players"][0], think=-1), play["players"][1]])
    try:
        plays.check_play(bad)
        raise AssertionError("a negative time is no play")
    except ValueError:
        pass


# -- the other games: whose time runs (the device's own turns are nobody's) ----------------

class _App:
    """What a game's ``clock_player(app)`` reads: the session and the screens."""

    def __init__(self, game_cls, setup, seed=1):
        from session import Session

        self.session = Session(game_cls, setup, seed)
        self.stack = []


def test_delfos_khaos_turn_is_nobodys_time():
    from games.delfos import ui
    from games.delfos.game import DelfosGame

    app = _App(DelfosGame, {"players": ["green", "red"], "khaos": "red", "architect_side": "A",
                            "scoring_card": 3, "difficulty": "easy", "khaos_deck": "device"})
    gm = app.session.game
    assert ui.clock_open(app) and ui.clock_names(gm) == ["You", "Khaos"]
    assert ui.clock_player(app) == 0  # the player places first (Solo Mode)
    x, y = gm.legal_positions()[0]
    app.session.do(["place", "green", 3, x, y])
    assert app.session.game.phase() == "khaos_draw" and ui.clock_player(app) == -1  # Khaos's turn
    assert not ui.clock_open(app)


# Delfos solo, Khaos moved by the device on its ancient board, the layout drawn by the device one
# row a press (tests/golden/delfos-board-play.keys, seed 3): the player's move list
ANCIENT = ("DOWN OK OK OK OK OK OK DOWN DOWN DOWN DOWN DOWN DOWN DOWN DOWN OK OK DOWN OK "
           "DOWN DOWN OK OK OK OK OK OK OK OK OK OK")


def test_delfos_ancient_boards_move_list_shows_the_players_time(tmp_path):
    app = boot(tmp_path, 3, settle=True)
    app.board.clock = FakeClock()
    press(app, ANCIENT, settle=True)
    assert top_name(app) == "MoveScreen"
    press(app, [7], settle=True)  # HOME: the game menu, "Clock: off" before the first tile
    items = app.top().items
    press(app, [DOWN] * (items.index("Clock: off") - 1) + [OK, DOWN, OK], settle=True)  # Count
    c = app.session.clock
    assert top_name(app) == "MoveScreen" and c.mode == engine.COUNT and c.cur == 0
    wait(app, 12000)
    before = app.board.last_frame
    assert app.board.pixel(0, 0) == 1 and field_text(app) == "0:12"  # in the title bar, as on the turn screen
    wait(app, 1000)
    changed = [i for i in range(1024) if before[i] != app.board.last_frame[i]]
    assert changed and max(changed) < 37 and field_text(app) == "0:13"  # its digits alone
    press(app, [OK], settle=True)  # the move taken: its first tile placed at once (one legal space)
    assert c.cur == -1 and c.spent == [13000, 0]  # Khaos's turn: nobody's time


def field_text(app):
    """The clock's text as the title bar shows it (the field's page 0 compared with the host's
    drawing of each time from 0:00 to 0:59)."""
    from gfx import Gfx

    from games.clock import ui
    from host_sim.framebuf import MONO_VLSB, FrameBuffer

    shown = bytes(app.board.last_frame[:37])
    for s in range(60):
        buf = bytearray(1024)
        g = Gfx(FrameBuffer(buf, 128, 64, MONO_VLSB))
        g.fb.fill_rect(0, 0, 128, 9, 1)
        ui.field(g, (1, 1, ui.BAR_FIELD), "0:%02d" % s, engine.NORMAL)
        if bytes(buf[:37]) == shown:
            return "0:%02d" % s
    return None


def test_delphi_the_city_state_that_must_play_face_up():
    from games.delphi import ui
    from games.delphi.game import DelphiGame

    app = _App(DelphiGame, {"players": 3})
    gm = app.session.game
    assert ui.must_play(gm)[0] == "all" and ui.clock_player(app) == -1  # everyone plays face down at once
    assert ui.clock_open(app) and len(ui.clock_names(gm)) == 3


def test_tholos_the_device_s_turn_is_nobodys_time(tmp_path):
    app = boot(tmp_path)
    app.board.clock = FakeClock()
    press(app, [DOWN, DOWN, DOWN, DOWN, OK, DOWN, OK, OK])  # Tholos, solo as White, the device Normal
    assert top_name(app) == "TempleScreen"
    press(app, [7])  # HOME: the game menu, "Clock: off" offered before the first move
    items = app.top().items
    assert "Clock: off" in items
    press(app, [DOWN] * (items.index("Clock: off") - 1) + [OK, DOWN, OK])  # Count
    c = app.session.clock
    assert c is not None and c.mode == engine.COUNT
    wait(app, 9000)
    assert c.cur == 0 and c.text(0) == "0:09"
    app.do(list(app.session.game.legal_moves()[0][0]))  # the player's first move (a take)
    app.job = None  # (the device's search not run: its turn is enough here)
    wait(app, 4000)
    assert app.session.game.turn == 1 and c.cur == -1 and c.spent[0] == 9000  # the device's turn: nobody's
    assert c.total(0) == 9000 and c.turns == [1, 0]


# -- the Timer (main menu): any game, 2-8 players ------------------------------------------

def test_the_main_menu_shows_that_a_line_lies_below_its_six(tmp_path):
    """Seven lines, six rows: a triangle at the right end of the last row while the Timer is out of
    sight, at the right end of the first row once the list has scrolled to it (UP from the top)."""
    app = boot(tmp_path)
    menu = app.top()
    assert top_name(app) == "MainMenu" and len(menu.items) == 7 and menu.items[-1] == "Timer"

    def marks():
        px = app.board.pixel
        down = [px(x, 58) for x in range(121, 128)] + [px(124, 61)]  # the wide row, then the point
        up = [px(x, 16) for x in range(121, 128)] + [px(124, 13)]
        return all(down), any(down), all(up), any(up)

    assert marks() == (True, True, False, False)
    press(app, [UP])  # the Timer, its line shown: nothing below, the first line above
    assert menu.index == 6 and marks() == (False, False, True, True)
    press(app, [OK])
    assert app.top().title == "Players"



def test_the_timer_plays_four_players_with_a_pass_undone_and_a_power_cut(tmp_path):
    app = boot(tmp_path / "dev")
    app.board.clock = FakeClock()
    press(app, [UP, OK])  # the main menu's last line: the Timer
    assert app.top().title == "Players" and app.top().value == 4
    press(app, [OK, DOWN, OK, UP, UP, OK])  # 4 players; Turn limit, 0:30 a turn
    assert top_name(app) == "TimerScreen" and app.game_name == "timer"
    c = app.session.clock
    assert c.mode == engine.LIMIT and c.secs == 30 and c.n == 4 and c.cur == 0
    for ms in (12000, 25000, 31000, 8000):  # each player in turn; one pass a press
        wait(app, ms)
        press(app, [OK])
    assert app.session.game.turn == 0 and app.session.game.round == 2
    assert c.spent == [12000, 25000, 31000, 8000] and c.turns == [1, 1, 1, 1]
    wait(app, 3000)
    press(app, [BACK, OK])  # the pause (the game menu), "Undo last step": the last pass taken back
    wait(app, 0)
    assert app.session.game.turn == 3 and c.cur == 3 and c.run == 8000 and c.spent[3] == 0
    wait(app, 1000)
    assert c.text(3) == "0:21"
    press(app, [OK])  # passed again: the first player's turn
    wait(app, 21000)
    assert app.board.pixel(64, 0) == 1  # 9 s left: the Timer inverted (the warning)
    shutil.copytree(str(tmp_path / "dev"), str(tmp_path / "cut"))  # the power goes
    again = boot(tmp_path / "cut")
    again.board.clock = FakeClock()
    assert top_name(again) == "TimerScreen" and again.session.game.turn == 0
    d = again.session.clock
    assert d.spent == [12000, 25000, 31000, 9000] and d.cur == 0 and d.run == 0
    assert d.to_doc()[:4] == [engine.LIMIT, 30, [12000, 25000, 31000, 9000], [1, 1, 1, 1]]


def test_the_clock_keeps_its_screens_when_a_games_unload_lets_its_module_go():
    # make soak: a game's unload dropped games.clock.ui from sys.modules while the set-up's Clock
    # line still held its functions; choosing a mode then ended in "Error: games.clock.ui"
    import sys
    import types

    from games.clock import ui

    held = sys.modules.pop("games.clock.ui")
    try:
        c = ui.attach(types.SimpleNamespace())
    finally:
        sys.modules["games.clock.ui"] = held
    assert c.ui is ui
