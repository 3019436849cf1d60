"""The Tholos screens through the real App (CPython): only legal moves are
offered, a solo game played through the screens to the end screen, undo in
solo, resume after a power cut (a new App booted on the same save folder)."""
import helpers
from rng import Rng

from games.tholos import ui_device, ui_temple
from games.tholos.game import TholosGame
from games.tholos.rules import LETTERS, MOVE_COLOUR, N_COLUMNS, column_result
from games.tholos.ui_end import EndScreen
from host_sim.clock import FakeClock

UP, DOWN, OK, BACK = 1, 2, 3, 4
MENU_TO_THOLOS = [DOWN, DOWN, DOWN, DOWN, OK]  # Oracle, Delfos, Delphi, calculator, Tholos
TWO_PLAYERS = MENU_TO_THOLOS + [OK]
SOLO_WHITE = MENU_TO_THOLOS + [DOWN, OK, OK]  # the device plays black, level normal
SOLO_BLACK = MENU_TO_THOLOS + [DOWN, DOWN, OK, OK]  # the device plays white, level normal
# The device plays black at Hard: a search long enough to watch in slices (Normal looks one turn
# ahead and is done in a few).
SOLO_WHITE_HARD = MENU_TO_THOLOS + [DOWN, OK, DOWN, OK]
W, B, G = 0, 1, 2  # stone colours (rules: WHITE, BLACK, GREY)


def quiet(app):
    assert not app.toast_text, app.toast_text


# the App's background job (the device's search) run after boot and after every key, as App.poll runs it
boot = helpers.booter(3, settle=True)
press = helpers.presser(settle=True, check=quiet)


def keys_for(gm, cmd):
    """Keys that play ``cmd`` from the temple screen (action cursor on the first action).

    Follows what the screens offer: the action (UP/DOWN, OK), then for a
    placement / extra / return the column cursor, for a move its source
    then its target.  AssertionError if the screens do not offer it.
    """
    acts = ui_temple.actions_of(gm)
    v = cmd[0]
    keys = []

    def pick_action(want):
        assert want in acts, (want, acts)
        keys.extend([DOWN] * acts.index(want) + [OK])

    def pick_col(cols, col):
        assert col in cols, (col, cols)
        keys.extend([DOWN] * cols.index(col) + [OK])

    if v == "take":
        c = LETTERS.index(cmd[1])
        pick_action([a for a in acts if a[0] == "take" and a[1] == c][0])
    elif v in ("pass", "decline", "return"):
        pick_action((v, -1, 0))
        if v == "return":
            pick_col(ui_temple.legal_columns(gm, "return"), cmd[1])
    elif v in ("fetch", "steal"):
        pick_action((v, LETTERS.index(cmd[1]), 0))
    elif v in ("place", "extra"):
        c = LETTERS.index(cmd[2])
        pick_action((v, c, 0))
        pick_col(ui_temple.legal_columns(gm, v, c), cmd[1])
    elif v == "move":
        pick_action(("move", MOVE_COLOUR[gm.pending], 0))
        pick_col(ui_temple.legal_columns(gm, "move"), cmd[1])
        pick_col(ui_temple.legal_columns(gm, "move", -1, cmd[1]), cmd[2])
    else:
        raise AssertionError(cmd)
    return keys


def offered_commands(gm):
    """Every command the screens can produce in this position (by walking the options)."""
    out = []
    for v, c, _n in ui_temple.actions_of(gm):
        if v == "take":
            out.append(["take", LETTERS[c]])
        elif v in ("pass", "decline"):
            out.append([v])
        elif v in ("fetch", "steal"):
            out.append([v, LETTERS[c]])
        elif v in ("place", "extra"):
            for col in ui_temple.legal_columns(gm, v, c):
                out.append([v, col, LETTERS[c]])
        elif v == "return":
            for col in ui_temple.legal_columns(gm, "return"):
                out.append(["return", col])
        elif v == "move":
            for src in ui_temple.legal_columns(gm, "move"):
                for dst in ui_temple.legal_columns(gm, "move", -1, src):
                    out.append(["move", src, dst])
    return out


def test_screens_offer_exactly_the_legal_commands():
    # Random two-player games: in every position (bonus open or not) the
    # commands reachable through the actions and column cursors are exactly
    # legal_moves(), each once.
    rng = Rng(11)
    bonus_seen = set()
    for game in range(6):
        gm = TholosGame({}, game)
        while not gm.over:
            legal = sorted(repr(m[0]) for m in gm.legal_moves())
            got = sorted(repr(c) for c in offered_commands(gm))
            assert got == legal
            if gm.pending >= 0:
                bonus_seen.add(gm.pending)
            moves = gm.legal_moves()
            # Prefer a bonus when one is possible, so every kind shows up.
            own = [m for m in moves if m[0][0] == "place" and m[0][2] == LETTERS[gm.turn]]
            pick = moves[rng.below(len(moves))][0] if not own or rng.below(2) else own[rng.below(len(own))][0]
            if gm.pending >= 0 and len(moves) > 1:
                pick = moves[1 + rng.below(len(moves) - 1)][0]
            gm.apply(pick)
    assert bonus_seen == set(range(N_COLUMNS))  # every column's bonus was offered


def test_two_player_moves_through_the_keys(tmp_path):
    app = boot(tmp_path)
    press(app, TWO_PLAYERS)
    assert type(app.top()).__name__ == "TempleScreen"
    # The hand-made opening of tests/golden/tholos.keys: every kind of entry.
    cmds = [["take", "G"], ["take", "G"], ["place", 1, "G"], ["place", 2, "B"], ["return", 1],
            ["place", 3, "W"], ["fetch", "G"], ["place", 0, "G"], ["place", 1, "W"], ["move", 3, 5],
            ["place", 4, "B"], ["steal", "G"], ["take", "W"], ["take", "B"], ["place", 5, "W"],
            ["extra", 0, "W"], ["place", 6, "B"], ["decline"]]
    for cmd in cmds:
        press(app, keys_for(app.session.game, cmd))
    assert app.session.cmds == cmds
    # Hand check of the temple: alpha G then the Sigma bonus's W; beta W
    # (gamma's return took its grey back); gamma B; delta empty (beta's bonus
    # moved its white to Sigma); pi B; Sigma W W; Omega B (bonus declined).
    assert app.session.game.columns == [[2, 0], [0], [1], [], [1], [0, 0], [1]]


def play_solo(app, rng):
    """Play the human side with random legal commands through the keys until the end."""
    turns = 0
    while not app.session.game.over:
        top = type(app.top()).__name__
        if top == "DeviceMoveScreen":
            press(app, [OK])
            continue
        assert top == "TempleScreen", top
        gm = app.session.game
        assert gm.turn != gm.device
        moves = gm.legal_moves()
        cmd = moves[rng.below(len(moves))][0]
        press(app, keys_for(gm, cmd))
        turns += 1
        assert turns < 400
    return turns


def test_solo_game_to_the_end_screen(tmp_path):
    app = boot(tmp_path, 21)
    press(app, SOLO_WHITE)
    play_solo(app, Rng(5))
    gm = app.session.game
    # The last turn may be the device's: OK on its report opens the end screen.
    if type(app.top()).__name__ == "DeviceMoveScreen":
        press(app, [OK])
    assert type(app.top()).__name__ == "EndScreen"
    # Scores shown = the temple scored column by column (rules.column_result).
    ws = sum(column_result(c)[1] for c in gm.columns)
    bs = sum(column_result(c)[2] for c in gm.columns)
    assert gm.scores()[:2] == (ws, bs)
    # Every device command came from its turn, so the replay gives the same game.
    again = boot(tmp_path, 21)
    assert again.session.cmds == app.session.cmds
    assert type(again.top()).__name__ == "EndScreen"
    assert again.board.last_frame == app.board.last_frame
    press(again, [BACK])  # the final temple (OK on the end screen is Phone)
    assert type(again.top()).__name__ == "TempleScreen"
    press(again, [OK])
    assert type(again.top()).__name__ == "EndScreen"


def test_device_moves_first_when_it_plays_white(tmp_path):
    app = boot(tmp_path)
    press(app, SOLO_BLACK)
    gm = app.session.game
    assert gm.device == 0 and gm.turn == 1
    assert type(app.top()).__name__ == "DeviceMoveScreen"
    assert app.session.cmds  # the device's turn is in the save


def test_undo_in_solo_gives_the_move_back_to_the_player(tmp_path):
    app = boot(tmp_path, 8)
    press(app, SOLO_WHITE)
    rng = Rng(3)
    for _ in range(6):  # six turns each
        if type(app.top()).__name__ == "DeviceMoveScreen":
            press(app, [OK])
        gm = app.session.game
        moves = gm.legal_moves()
        press(app, keys_for(gm, moves[rng.below(len(moves))][0]))
    press(app, [OK])  # close the device's report
    before_turn = app.session.game.turn
    assert before_turn == 0  # the player (white) is on move
    cmds = list(app.session.cmds)
    # Find where the player's last turn started: commands before it.
    gm = TholosGame(app.session.setup, app.session.seed)
    starts = []
    for i, c in enumerate(cmds):
        if gm.turn == 0 and gm.pending < 0:
            starts.append(i)
        gm.apply(c)
    last_start = starts[-1] if starts[-1] < len(cmds) else starts[-2]
    press(app, [BACK, OK])  # game menu: undo last step
    assert app.session.cmds == cmds[:last_start]
    gm = app.session.game
    assert gm.turn == 0 and gm.pending < 0
    assert type(app.top()).__name__ == "TempleScreen"


def test_undo_in_an_open_bonus_takes_back_the_placement(tmp_path):
    app = boot(tmp_path)
    press(app, TWO_PLAYERS)
    for cmd in (["take", "G"], ["take", "G"], ["place", 1, "G"], ["place", 2, "B"]):
        press(app, keys_for(app.session.game, cmd))
    assert app.session.game.pending == 2  # gamma's bonus is open
    press(app, [BACK, OK])
    assert app.session.game.pending == -1 and len(app.session.cmds) == 3


def test_power_cut_resume_same_screen_and_state(tmp_path):
    app = boot(tmp_path, 4)
    press(app, SOLO_WHITE)
    rng = Rng(9)
    checked = set()
    for _ in range(30):
        top = type(app.top()).__name__
        if top == "DeviceMoveScreen":
            again = boot(tmp_path, 4)
            assert type(again.top()).__name__ == top
            assert again.board.last_frame == app.board.last_frame
            checked.add(top)
            press(app, [OK])
            continue
        gm = app.session.game
        moves = gm.legal_moves()
        cmd = moves[rng.below(len(moves))][0]
        keys = keys_for(gm, cmd)
        press(app, keys[:-1])  # everything but the last OK: nothing played yet
        if gm.pending >= 0 or cmd[0] == "place":
            # Mid-entry (column cursor) or bonus open: a power cut comes back
            # to the temple with the same state (the cursor is not saved).
            again = boot(tmp_path, 4)
            assert again.session.cmds == app.session.cmds
            assert type(again.top()).__name__ == "TempleScreen"
            checked.add("entry")
        press(app, keys[-1:])
        again = boot(tmp_path, 4)
        assert again.session.cmds == app.session.cmds
        assert type(again.top()).__name__ == type(app.top()).__name__
        if type(app.top()).__name__ == "TempleScreen":
            app.top().action = 0  # a fresh screen starts on the first action
            app.changed()
            app.render()
            assert again.board.last_frame == app.board.last_frame
            checked.add("temple")
    assert checked == {"DeviceMoveScreen", "entry", "temple"}


def test_power_cut_while_the_device_thinks(tmp_path):
    # A save where the device is on move (the cut came during its search):
    # the reboot plays its turn and shows it.
    app = boot(tmp_path)
    press(app, SOLO_WHITE)
    app.session.do(["take", "G"])  # the player's move, saved without the device's answer
    app.save()
    again = boot(tmp_path)
    gm = again.session.game
    assert gm.turn == 0 and len(again.session.cmds) >= 2
    assert type(again.top()).__name__ == "DeviceMoveScreen"


def test_end_screen_columns_and_winner(tmp_path):
    # A finished temple set by hand (each column scored by hand below).
    app = boot(tmp_path)
    press(app, TWO_PLAYERS)
    gm = app.session.game
    gm.st.cols = [[W, W, W, B, G],  # W wins: 3 + 3 - 2 = 4
                  [B, B, W, G, G],  # B wins: 2 + 3 - 4 = 1
                  [W, B, G, G, G],  # tie: nobody
                  [W, W, W, W, W],  # W: 5
                  [B, B, B, B, W],  # B: 4 + 3 = 7
                  [W, W, B, B, G],  # tie
                  [B, W, W, G, G]]  # W: 2 + 3 - 4 = 1
    gm.over = True
    assert gm.scores() == (4 + 5 + 1, 1 + 7, 3, 2)
    assert gm.result()[0] == 0
    app.push(EndScreen(app))
    app.render()
    assert app.board.pixel(64 + 4, 45) == 0  # black's score is not boxed
    assert app.board.pixel(4, 45) == 1  # white's (the winner's) is


def _bar_fill(frame):
    """Lit pixels inside the progress bar (x 80..125, y 56..61)."""
    n = 0
    for x in range(80, 126):
        for y in range(56, 62):
            n += (frame[(y >> 3) * 128 + x] >> (y & 7)) & 1
    return n


def _start_thinking(tmp_path, seed=3):
    """A solo game at Hard where the player (white) just took grey: the device's
    search has started but no slice has run yet."""
    app = boot(tmp_path, seed)
    press(app, SOLO_WHITE_HARD)
    gm = app.session.game
    for k in keys_for(gm, ["take", "G"]):
        app.handle(k)
    app.render()
    return app


def test_device_searches_in_slices_with_a_progress_bar(tmp_path):
    from games.tholos import ai

    app = _start_thinking(tmp_path)
    temple = app.top()
    job = app.job
    assert type(temple).__name__ == "TempleScreen" and ui_device.device_thinking(app) is job
    gm = app.session.game
    expected = ai.choose_commands(gm)  # the same search in one go
    n_cmds = len(app.session.cmds)
    frames = app.board.frames
    fills = [_bar_fill(app.board.last_frame)]
    slices = 0
    last = 0
    search = job.search.search
    while job.step():
        slices += 1
        nodes = search.nodes
        assert nodes - last <= ai.SLICE_NODES + 64  # a short slice each pass
        last = nodes
        app.render()
        if _bar_fill(app.board.last_frame) != fills[-1]:
            fills.append(_bar_fill(app.board.last_frame))
        assert len(app.session.cmds) == n_cmds  # nothing played before the end
    app.render()
    assert slices > 50
    # Redrawn now and then (each eighth of the way), not every slice.
    assert app.board.frames - frames <= ui_device.PROGRESS_STEPS + 2
    assert fills == sorted(fills) and fills[0] == 0 and len(fills) >= 4
    assert app.session.cmds[n_cmds:] == expected
    assert type(app.top()).__name__ == "DeviceMoveScreen"


def test_thinking_screen_says_so(tmp_path):
    app = _start_thinking(tmp_path)
    for _ in range(120):  # past the first eighth of Hard's budget
        assert app.job.step()
    app.render()
    frame = app.board.last_frame
    assert _bar_fill(frame) > 0  # the bar is part filled
    # The title bar is lit (inverted) with "BACK: play now"; the action bar
    # is a frame, not the inverted action.
    assert app.board.pixel(78, 54) == 1 and app.board.pixel(127, 63) == 1
    assert app.board.pixel(126, 62) == 0


def test_back_during_the_search_plays_the_best_move_so_far(tmp_path):
    from games.tholos import ai

    app = _start_thinking(tmp_path)
    job = app.job
    n_cmds = len(app.session.cmds)
    for _ in range(20):
        assert job.step()
    nodes = job.search.search.nodes
    best = job.search.commands()
    for k in (UP, DOWN, OK):  # other keys wait for the device
        app.handle(k)
    assert ui_device.device_thinking(app) is job and len(app.session.cmds) == n_cmds
    app.handle(BACK)
    assert type(app.top()).__name__ == "TempleScreen"  # not the game menu
    assert not job.step()  # the search ends at once
    assert len(app.session.cmds) > n_cmds
    assert app.session.cmds[n_cmds:] == best
    assert nodes < ai.DEFAULT_BUDGET
    assert type(app.top()).__name__ == "DeviceMoveScreen"
    assert app.session.game.turn == 0


def test_the_device_turn_ends_unplayed_when_its_game_is_left(tmp_path):
    app = _start_thinking(tmp_path)
    job = app.job
    session = app.session
    n_cmds = len(session.cmds)
    assert job.step()
    app.home()  # the main menu (as the low-memory path does): the game is left mid-search
    assert not job.step()  # nothing more to do, and the search is let go
    assert job.search is None and len(session.cmds) == n_cmds
    again = boot(tmp_path)  # resumed: the device's turn starts again and is played
    assert again.job is None and len(again.session.cmds) > n_cmds
    assert type(again.top()).__name__ == "DeviceMoveScreen"


class TickClock(FakeClock):
    """A clock that moves 1 ms each time it is read (a slice takes time)."""

    def ticks_ms(self):
        self.advance(1)
        return self.now


def test_time_cap_stops_the_search_on_a_board_with_a_clock(tmp_path):
    from games.tholos import ai

    app = boot(tmp_path)
    clock = TickClock()
    app.board.clock = clock
    press(app, SOLO_WHITE_HARD)
    for k in keys_for(app.session.game, ["take", "G"]):
        app.handle(k)
    job = app.job
    n_cmds = len(app.session.cmds)
    s = job.search.search
    hard = 2  # ai.LEVELS
    # With a clock a step runs slices for STEP_MS (here 1 ms per reading).
    assert job.step()
    assert ai.SLICE_NODES * (ai.STEP_MS - 2) <= s.nodes <= (ai.SLICE_NODES + 64) * (ai.STEP_MS + 1)
    cap = ai.LEVEL_CAP_MS[hard]
    clock.advance(cap // 2)
    assert job.step()
    assert job.progress() >= 500  # half the time gone: the bar shows half at least
    assert s.nodes < ai.LEVEL_BUDGET[hard] // 4
    clock.advance(cap // 2)
    assert not job.step()  # cap reached: the move is played now
    assert len(app.session.cmds) > n_cmds
    assert job.search is None and ui_device.device_thinking(app) is None
    assert s.nodes < ai.LEVEL_BUDGET[hard] // 4


def test_the_main_menu_lets_go_of_the_devices_search(tmp_path):
    # The search belongs to the game: after HOME it neither runs on the main menu nor keeps the
    # game's modules alive (it waited there for the next background pass).
    app = _start_thinking(tmp_path)
    assert ui_device.device_thinking(app) is not None
    app.home()
    assert app.job is None and not app.working
    app.top().choose(4)  # Tholos's line: resume its saved game
    app.render()
    app.handle(3)  # "Resume saved game"
    app.render()
    assert app.game_name == "tholos" and ui_device.device_thinking(app) is not None  # searching again


def test_level_chosen_at_set_up_is_stored(tmp_path):
    app = boot(tmp_path)
    press(app, MENU_TO_THOLOS + [DOWN, OK])
    assert type(app.top()).__name__ == "ChoiceMenu" and app.top().index == 1  # Normal first
    press(app, [BACK])  # back to "who plays"
    assert app.top().title == "Tholos: who plays"
    press(app, [OK, DOWN, OK])  # still on "Solo: I play White"; level Hard
    assert app.session.setup == {"device": "black", "level": "hard"}
    assert app.session.game.level == 2
    again = boot(tmp_path)
    assert again.session.game.level == 2
    app = boot(tmp_path / "two")
    press(app, TWO_PLAYERS)
    assert app.session.setup == {"device": None}


def test_device_plays_on_when_the_search_runs_out_of_memory(tmp_path, monkeypatch):
    from games.tholos import ai

    def no_ram(self, nodes):
        raise MemoryError

    monkeypatch.setattr(ai.Search, "step", no_ram)
    app = boot(tmp_path)
    press(app, SOLO_WHITE)
    press(app, keys_for(app.session.game, ["take", "G"]))
    gm = app.session.game
    assert gm.turn == 0 and len(app.session.cmds) >= 2  # the device played a fallback turn
    assert type(app.top()).__name__ == "DeviceMoveScreen"


def test_closed_end_screen_stays_closed_after_a_power_cut(tmp_path):
    app = boot(tmp_path)
    press(app, SOLO_WHITE)
    for _ in range(400):  # play any legal move until the game is over
        if app.session.game.over:
            break
        top = type(app.top()).__name__
        press(app, [OK] if top != "TempleScreen" else [OK, OK])
    assert app.session.game.over
    for _ in range(4):  # the device's last move (OK), then the end screen: BACK (OK there is Phone)
        if type(app.top()).__name__ == "TempleScreen":
            break
        press(app, [BACK] if type(app.top()).__name__ == "EndScreen" else [OK])
    assert type(app.top()).__name__ == "TempleScreen"
    again = boot(tmp_path)
    assert type(again.top()).__name__ == "TempleScreen"


# Hand-drawn letters (5 x 8, as on the screen): alpha and Omega.
ALPHA = [".....",
         ".....",
         ".##.#",
         "#..#.",
         "#..#.",
         "#..#.",
         ".##.#",
         "....."]
OMEGA = [".###.",
         "#...#",
         "#...#",
         "#...#",
         ".#.#.",
         ".#.#.",
         "##.##",
         "....."]


def _region(app, x, y, w, h):
    return ["".join("#" if app.board.pixel(x + i, y + j) else "." for i in range(w)) for j in range(h)]


def test_columns_are_labelled_with_greek_letters(tmp_path):
    app = boot(tmp_path)
    press(app, TWO_PLAYERS)
    # Labels under the floor (y 56..63), 3 px into each 11 px column cell.
    assert _region(app, 0 * 11 + 3, 56, 5, 8) == ALPHA
    assert _region(app, 6 * 11 + 3, 56, 5, 8) == OMEGA
    labels = [_region(app, i * 11 + 3, 56, 5, 8) for i in range(N_COLUMNS)]
    assert len(set(repr(x) for x in labels)) == N_COLUMNS  # seven different letters


def test_three_stone_looks_differ_in_their_middle(tmp_path):
    app = boot(tmp_path)
    press(app, TWO_PLAYERS)
    gm = app.session.game
    gm.st.cols[0] = [W, B, G]
    app.changed()
    app.render()
    # Column alpha: stones 9 x 8 at x 1, rows from y 46 upwards, 9 px apart.
    white, black, grey = (_region(app, 1, 46 - r * 9, 9, 8) for r in range(3))
    outline = [row for row in white]
    assert outline[0] == "#" * 9 and outline[7] == "#" * 9
    assert all(row == "#" + "." * 7 + "#" for row in outline[1:7])  # hollow
    assert all(row == "#" * 9 for row in black)  # solid
    assert grey[0] == "#" * 9 and grey[7] == "#" * 9
    # Grey: a bold bar (2 rows) across the middle with clear rows above and
    # below it: no checker pattern, which looked black at arm's length.
    assert grey[1] == grey[2] == grey[5] == grey[6] == "#" + "." * 7 + "#"
    assert grey[3] == grey[4] == "#.#####.#"
