"""Tholos solo: the device's turn, as the App's background job, and the screen showing its move.

After the player's turn ``start_turn`` makes a ``DeviceTurn`` (an
``ai.DeviceMove``) the App's job (``app.job``): ``App.poll`` calls its
``step()`` between key reads, one slice of the search each, and the temple
screen draws "thinking" over its ``progress()`` (the job asks for a redraw
every eighth of the way).  BACK (``stop()``) halts the search and the best
move found so far is played; the game's menu opened over the temple (HOME) lets the search
go, and the temple starts it again when it is back on top; on a board with a clock the level's time cap
(``ai.LEVEL_CAP_MS``) stops it too; out of RAM the device plays a one-ply
turn instead (``quick_commands``).  Its commands go through ``app.do`` (a
replay never searches) and ``DeviceMoveScreen`` shows what it did until OK.
"""
import gc

import lang
from keys import BACK, OK
from lang import tr
from rng import Rng
from ui import Screen

from games.tholos import ai
from games.tholos.game import TholosGame
from games.tholos.rules import COLUMN_NAMES, LETTERS, MOVE_COLOUR, take_count, turn_commands
from games.tholos.ui_draw import PANEL_X, PLAYER_NAMES, bar, draw_stone, draw_temple, game_of, zh
from games.tholos.ui_end import EndScreen

PROGRESS_STEPS = 8  # the progress bar is redrawn this many times per search (drawing costs)
BONUS_VERBS = ("move", "return", "fetch", "steal", "extra", "decline")


def start_turn(app):
    """Solo, the device to move: its search becomes ``app.job`` (a ``DeviceTurn``).

    Short of RAM for the search the fallback turn is played at once instead.
    """
    gc.collect()  # one compact heap for the search's move lists
    try:
        search = ai.DeviceMove(game_of(app))
    except MemoryError:
        play_device(app, None)
        return
    app.job = DeviceTurn(app, search)
    app.changed()


def device_thinking(app):
    """The device's turn under way (the ``DeviceTurn`` job), else None."""
    job = app.job
    if isinstance(job, DeviceTurn) and job.search is not None:
        return job
    return None


class DeviceTurn:
    """The device's search as the App's job: ``step()``, ``stop()``, ``progress()``.

    ``search``: an ``ai.DeviceMove`` for the game on the device.  The search
    stays as ``ai`` sets it (``SLICE_NODES``, ``STEP_MS``, the node budget),
    so a move takes as long as before on the chip.
    """

    def __init__(self, app, search):
        self.app = app
        self.session = app.session  # the game it plays in: left, the job ends
        self.screen = app.top()  # the temple it thinks on: covered (HOME's menu), the job ends
        self.search = search  # None once the move is played
        self.shown_part = 0  # progress drawn, in PROGRESS_STEPS
        # The level's time cap, on a board with a clock (none in the tests
        # and the simulator: the node budget alone, deterministic).
        self.clock = clock = getattr(app.board, "clock", None)
        self.t0 = clock.ticks_ms() if clock is not None else 0
        self.cap_ms = ai.LEVEL_CAP_MS[app.session.game.level]

    def elapsed_ms(self):
        if self.clock is None:
            return 0
        return self.clock.ticks_diff(self.clock.ticks_ms(), self.t0)

    def progress(self):
        """How far the search is, 0..1000 (nodes or time, whichever is further)."""
        if self.search is None:
            return 0
        s = self.search.search
        part = s.nodes * 1000 // s.budget
        if self.cap_ms:
            part = max(part, self.elapsed_ms() * 1000 // self.cap_ms)
        return min(part, 1000)

    def stop(self):
        """BACK: halt the search; the next ``step()`` plays the best move found so far."""
        if self.search is not None:
            self.search.search.halt()

    def step(self):
        """Some of the device's search, then back to the key loop; plays its
        move when the search ends.  True while there is more to search.

        Without a clock: one slice of ``ai.SLICE_NODES`` nodes.  With one:
        slices until ``ai.STEP_MS`` have gone by, so a pass lasts about as
        long on any chip (the App sleeps between passes: longer steps waste
        less of the move's time).  The game left (another session) or its
        temple covered (the game's menu): nothing is played, the search is let go.
        """
        d = self.search
        if d is None:
            return False
        if self.app.session is not self.session or self.app.top() is not self.screen:
            # the game left, or its menu opened over the temple (HOME): no move made behind it;
            # the temple starts the turn again when it is shown (``TempleScreen.shown``)
            self.search = None
            return False
        s = d.search
        clock = self.clock
        try:
            n = ai.SLICE_NODES
            if clock is None:
                more = s.step(n)
            else:
                t = clock.ticks_ms()
                if self.cap_ms and clock.ticks_diff(t, self.t0) >= self.cap_ms:
                    s.halt()
                more = s.step(n)
                while more and clock.ticks_diff(clock.ticks_ms(), t) < ai.STEP_MS:
                    more = s.step(n)
        except MemoryError:
            # Never leave the game stuck on the device's turn: a one-ply
            # choice needs only the list of turns.
            self.search = None
            play_device(self.app, None)
            return False
        if more:
            part = self.progress() * PROGRESS_STEPS // 1000
            if part != self.shown_part:
                self.shown_part = part
                self.app.changed()
            return True
        self.search = None
        play_device(self.app, d)
        return False


def play_device(app, search):
    """Play the device's commands (``search``'s, an ``ai.DeviceMove``, or the fallback
    when None) and show them (``DeviceMoveScreen``)."""
    gm = game_of(app)
    gc.collect()
    cmds = search.commands() if search is not None else quick_commands(gm)
    last = len(cmds) - 1
    for i in range(last + 1):
        app.do(cmds[i], DeviceMoveScreen(app) if i == last else None)
    app.changed()


def quick_commands(gm):
    """The device's commands when the search ran out of RAM: the one-ply
    greedy turn (``ai.greedy_turn``), or the first bonus option."""
    if gm.pending >= 0:
        moves = gm.legal_moves()
        return [moves[1][0] if len(moves) > 1 else moves[0][0]]
    return turn_commands(gm.st, ai.greedy_turn(gm.st, Rng(gm.seed + gm.moves_played)))


def last_turn(cmds):
    """The commands of the last whole turn: ``[take]``, ``[place]`` or ``[place, bonus]``."""
    if not cmds:
        return []
    if cmds[-1][0] in BONUS_VERBS and len(cmds) > 1:
        return cmds[-2:]
    return cmds[-1:]


def turn_lines(turn, took):
    """What a turn did, as lines of <= 8 characters ``[(text, stone colour or -1)]``,
    and the columns it used.  ``took``: stones a take brought."""
    out = []
    marks = []
    for cmd in turn:
        v = cmd[0]
        if v == "take":
            out.append(("took %d" % took, LETTERS.index(cmd[1])))
        elif v == "place":
            out.append(("place", LETTERS.index(cmd[2])))
            out.append(("on %s" % COLUMN_NAMES[cmd[1]], -1))
            marks.append(cmd[1])
        elif v == "move":
            out.append(("move", MOVE_COLOUR[turn[0][1]]))
            out.append(("fr %s" % COLUMN_NAMES[cmd[1]], -1))
            out.append(("to %s" % COLUMN_NAMES[cmd[2]], -1))
            marks.append(cmd[1])
            marks.append(cmd[2])
        elif v == "return":
            out.append(("return", -1))
            out.append(("fr %s" % COLUMN_NAMES[cmd[1]], -1))
            marks.append(cmd[1])
        elif v in ("fetch", "steal"):
            out.append((v, LETTERS.index(cmd[1])))
        elif v == "extra":
            out.append(("extra", LETTERS.index(cmd[2])))
            out.append(("on %s" % COLUMN_NAMES[cmd[1]], -1))
            marks.append(cmd[1])
        elif v == "decline":
            out.append(("no bonus", -1))
        else:
            out.append(("pass", -1))
    return out, marks


class DeviceMoveScreen(Screen):
    """Solo: what the device just did (take / place / bonus) until OK.

    Read from the session's last commands, so a power cut shows it again.
    """

    resume_key = "device"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.lines = None
        self.marks = ()
        self.cjk = False  # the lines made for the language's glyphs (``turn_lines_cjk``)

    def describe(self):
        s = self.app.session
        turn = last_turn(s.cmds)
        took = 0
        if turn and turn[0][0] == "take":
            # The count taken: the position before the take, by replay (once).
            gm = TholosGame(s.setup, s.seed)
            for c in s.cmds[:-1]:
                gm.apply(c)
            took = take_count(gm.st, gm.turn, LETTERS.index(turn[0][1]))
        self.cjk = lang.cjk
        self.lines, self.marks = (zh().turn_lines if self.cjk else turn_lines)(turn, took)

    def draw(self, g):
        gm = game_of(self.app)
        if self.lines is None or self.cjk != lang.cjk:
            self.describe()
        g.title(tr("Device played"), tr(PLAYER_NAMES[gm.device]))
        draw_temple(g, gm, -1, self.marks)
        if self.cjk:
            zh().draw_turn(g, self.lines)
        else:
            y = 11
            for text, colour in self.lines or ():
                x = g.text(text, PANEL_X, y)
                if colour >= 0:
                    draw_stone(g.fb, x + 1, y, colour, 1, 7, 7)
                y += 9
        bar(g, "OK")

    def key(self, k):
        app = self.app
        if k in (OK, BACK):
            app.pop()
            if game_of(app).over:
                app.push(EndScreen(app))
            app.save()  # remember the screen: a power cut comes back here
