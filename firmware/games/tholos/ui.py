"""Screens of the Tholos companion (two players at the table, or solo).

Home screen: the temple drawn.  Left, the seven columns alpha .. Omega
(labelled with the Greek letters, drawn from the small bitmaps ``GREEK``:
the small font is ASCII only) of up to five stones each: white = hollow
box, black = filled box, grey = hollow box with a bold bar across (a minus:
grey scores -2); right,
the quarry counts under a stone of each colour, both workshops as their
stones (a dot per free place, ``>`` marks the player to move) and the
action bar: UP/DOWN go through the legal actions, OK runs the one shown.

Actions come from ``TholosGame.legal_moves()`` only: take (own, grey,
rival's), place a workshop stone of a colour (then a cursor over the
columns it may go on: the column is shown inverted), and, while a bonus is
open (its text in the title bar), the bonus options or decline.  BACK on
the home screen opens the game menu; undo in solo takes back the device's
turn and the player's last one, so the player is on move again.

Solo: after the player's turn the device searches (``ai.DeviceMove``) in
slices, one per ``step()`` (App.poll calls it between key reads): the panel
says "thinking" over a progress bar redrawn every eighth of the way, and
BACK stops the search and plays the best move found so far.  On a board
with a clock the level's time cap (``ai.LEVEL_CAP_MS``) stops it too.  Its
commands go through ``app.do`` (a replay never searches) and what it did is
shown until OK.  Every state change goes through ``app.do`` so a power cut
comes back to the same screen (``resume``).
"""
import gc

import names
from gfx import W, bit_column
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from rng import Rng
from ui import ChoiceMenu, Screen

from games.tholos import ai
from games.tholos.game import TholosGame
from games.tholos.rules import (
    BLACK,
    COLUMN_NAMES,
    GREY,
    HEIGHT,
    LETTERS,
    MOVE_COLOUR,
    N_COLUMNS,
    WHITE,
    WORKSHOP_SIZE,
    column_result,
    take_count,
    take_order,
    turn_commands,
)

GAME_CLS = TholosGame
TITLE = "Tholos"

PLAYER_NAMES = ("White", "Black")
# Title bar while a column's bonus is open (002_0d97cd214fe6bffb.txt, Column Bonus Actions).
BONUS_TITLES = ("Bonus: move grey top", "Bonus: move white top", "Bonus: top to quarry",
                "Bonus: quarry stone", "Bonus: rival's stone", "Bonus: place another",
                "Bonus: move black top")
BONUS_VERBS = ("move", "return", "fetch", "steal", "extra", "decline")

# Geometry (pixels).  Temple: column i in cells x = i * CELL .. + CELL - 1;
# a stone is STONE_W x STONE_H, rows ROW_PITCH apart, bottom row at BASE_Y.
CELL = 11
STONE_W = 9
STONE_H = 8
ROW_PITCH = 9
TOP_Y = 9  # first pixel row under the title bar
BASE_Y = 46  # top of the bottom stone
FLOOR_Y = 54  # the temple floor line
LABEL_Y = 56
TEMPLE_W = N_COLUMNS * CELL
PANEL_X = 79
BAR_Y = 54  # action bar: y 54 .. 63 of the right panel
NUM_X = (87, 101, 115)  # quarry count columns (W, B, G), 11 px wide each
SHOP_X = 92  # first workshop stone
TOTAL = N_COLUMNS * HEIGHT
PROGRESS_STEPS = 8  # the progress bar is redrawn this many times per search (drawing costs)

# Column names alpha beta gamma delta pi Sigma Omega as 5 x 8 bitmaps: 5
# bytes per letter, one per pixel column, bit 0 = top row, baseline on row 6
# (beta and gamma go below it).  Drawn with vline only (every target has it).
GREEK = bytes((
    56, 68, 68, 56, 68,  # alpha
    254, 73, 73, 54, 0,  # beta
    4, 24, 224, 24, 4,  # gamma
    58, 69, 69, 57, 0,  # delta
    4, 124, 4, 124, 4,  # pi
    99, 85, 73, 65, 65,  # Sigma
    78, 113, 1, 113, 78,  # Omega
))
GREEK_W = 5
GREEK_H = 8


def game_of(app):
    return app.session.game


def stones_placed(gm):
    n = 0
    for col in gm.columns:
        n += len(col)
    return n


def draw_greek(fb, col, x, y, c=1):
    """Column ``col``'s Greek letter (0 alpha .. 6 Omega), ``GREEK_W`` x
    ``GREEK_H`` px with its top left at (x, y), in ink ``c``: one vline per
    run of set bits."""
    base = col * GREEK_W
    for i in range(GREEK_W):
        bit_column(fb, GREEK[base + i], x + i, y, c)


def draw_stone(fb, x, y, colour, c=1, w=STONE_W, h=STONE_H):
    """One stone: white = hollow box, black = filled box, grey = hollow box
    with a bold bar across its middle (a minus sign: grey scores -2).

    The three differ in how much is lit (outline, all, outline and a bar),
    so they stay apart at arm's length where a checker pattern looked black.
    ``c`` is the ink (0 inside an inverted cursor or bar: the looks stay apart).
    """
    if colour == BLACK:
        fb.fill_rect(x, y, w, h, c)
        return
    fb.rect(x, y, w, h, c)
    if colour == GREY:
        bh = 2 if h >= 8 else 1  # 2 px clear above and below the bar
        fb.fill_rect(x + 2, y + (h - bh) // 2, w - 4, bh, c)


def draw_temple(g, gm, cursor=-1, marks=()):
    """The seven columns, the floor and the labels.

    ``cursor``: column drawn inverted from top to bottom (the column cursor);
    ``marks``: columns whose label is drawn inverted (the bonus column, a
    move's source, the columns the device used).
    """
    fb = g.fb
    for i in range(N_COLUMNS):
        x0 = i * CELL
        ink = 1
        if i == cursor:
            fb.fill_rect(x0, TOP_Y, CELL, 64 - TOP_Y, 1)
            ink = 0
        elif i in marks:
            fb.fill_rect(x0, LABEL_Y - 1, CELL, 9, 1)
        col = gm.columns[i]
        for r in range(HEIGHT):
            y = BASE_Y - r * ROW_PITCH
            if r < len(col):
                draw_stone(fb, x0 + 1, y, col[r], ink)
            else:  # an empty place: one dot, so the five places show
                fb.pixel(x0 + 5, y + 4, ink)
        lab_ink = 0 if (i == cursor or i in marks) else 1
        draw_greek(fb, i, x0 + 3, LABEL_Y, lab_ink)
    # The floor (stylobate), broken where the cursor column is inverted.
    for i in range(N_COLUMNS):
        fb.hline(i * CELL, FLOOR_Y, CELL, 0 if i == cursor else 1)


def draw_counts(g, gm):
    """Quarry counts under a stone of each colour, then both workshops."""
    fb = g.fb
    for c in range(3):
        draw_stone(fb, NUM_X[c] + 2, TOP_Y + 1, c, 1, 7, 7)
    g.text("Q", PANEL_X, 19)
    for c in range(3):
        g.right("%d" % gm.quarry[c], 19, x1=NUM_X[c] + 11)
    for p in range(2):
        y = 28 + p * 10
        if p == gm.turn and not gm.over:
            g.text(">", PANEL_X, y + 1)
        g.text(LETTERS[p], PANEL_X + 6, y + 1)
        shop = gm.workshops[p]
        x = SHOP_X
        for c in (WHITE, BLACK, GREY):
            for _ in range(shop[c]):
                draw_stone(fb, x, y, c)
                x += 11
        while x < SHOP_X + WORKSHOP_SIZE * 11:
            fb.pixel(x + 4, y + 4, 1)
            x += 11


def bar(g, text, colour=-1, inverted=True):
    """The action bar at the bottom of the panel: text and an optional stone."""
    fb = g.fb
    w = 128 - PANEL_X + 1
    x0 = PANEL_X - 1
    if inverted:
        fb.fill_rect(x0, BAR_Y, w, 64 - BAR_Y, 1)
    else:
        fb.rect(x0, BAR_Y, w, 64 - BAR_Y, 1)
    ink = 0 if inverted else 1
    tw = g.width(text) + (9 if colour >= 0 else 0)
    x = x0 + (w - tw) // 2
    x = g.text(text, x, BAR_Y + 2, ink)
    if colour >= 0:
        draw_stone(fb, x + 1, BAR_Y + 2, colour, ink, 7, 7)


def who(gm, p, width=10):
    """The player of colour ``p``: the name picked at set-up (cut to ``width``) or the colour."""
    return PLAYER_NAMES[p] if p == gm.device else names.label(p, PLAYER_NAMES[p], width)


def player_label(gm, p):
    if gm.device < 0:
        return "%s to play" % who(gm, p)
    return "%s (%s)" % (who(gm, p, 8), "device" if p == gm.device else "you")


# -- actions ------------------------------------------------------------------
# An action is a tuple: (verb, colour, count).  colour -1 when none.


def actions_of(gm):
    """The actions offered now, built from ``legal_moves()`` only."""
    moves = gm.legal_moves()
    out = []
    p = gm.turn
    if gm.pending >= 0:
        verbs = []
        colours = []
        for cmd, _label in moves:
            v = cmd[0]
            if v in ("fetch", "steal"):
                colours.append(LETTERS.index(cmd[1]))
            elif v == "extra":
                c = LETTERS.index(cmd[2])
                if c not in colours:
                    colours.append(c)
            if v not in verbs:
                verbs.append(v)
        for v in verbs:
            if v == "decline":
                continue
            if v == "move":
                out.append(("move", MOVE_COLOUR[gm.pending], 0))
            elif v == "return":
                out.append(("return", -1, 0))
            else:  # fetch, steal, extra: one action per colour, own, grey, rival's
                for c in take_order(p):
                    if c in colours:
                        out.append((v, c, 0))
        out.append(("decline", -1, 0))  # after the bonus: OK at once takes it
        return out
    places = []
    for cmd, _label in moves:
        v = cmd[0]
        if v == "take":
            c = LETTERS.index(cmd[1])
            out.append(("take", c, take_count(gm.st, p, c)))
        elif v == "place":
            c = LETTERS.index(cmd[2])
            if c not in places:
                places.append(c)
        elif v == "pass":
            out.append(("pass", -1, 0))
    for c in take_order(p):
        if c in places:
            out.append(("place", c, 0))
    return out


def action_text(a):
    v, c, n = a
    if v == "take":
        return "take %d" % n
    if v == "decline":
        return "decline"
    return v


def legal_columns(gm, verb, colour=-1, src=-1):
    """Columns a placement / bonus may use, from ``legal_moves()``.

    ``place``/``extra``: the columns for a stone of ``colour``; ``move``
    with ``src`` < 0: the source columns, else the targets from ``src``;
    ``return``: the source columns.
    """
    out = []
    for cmd, _label in gm.legal_moves():
        if cmd[0] != verb:
            continue
        if verb == "place":
            col = cmd[1] if cmd[2] == LETTERS[colour] else -1
        elif verb == "extra":
            col = cmd[1] if cmd[2] == LETTERS[colour] else -1
        elif verb == "move":
            col = cmd[1] if src < 0 else (cmd[2] if cmd[1] == src else -1)
        else:
            col = cmd[1]
        if col >= 0 and col not in out:
            out.append(col)
    out.sort()
    return out


def temple_screen(app):
    for s in app.stack:
        if isinstance(s, TempleScreen):
            return s
    return None


def play(app, cmd):
    """Play one command of the player on move, then what follows it.

    Back to the temple first (the save then names the temple screen), then
    the end screen or, in solo, the device's turn.
    """
    temple = temple_screen(app)
    while app.top() is not temple:
        app.stack.pop()
    app.do(cmd)
    after_command(app)


def after_command(app):
    temple = temple_screen(app)
    temple.action = 0
    app.changed()
    gm = game_of(app)
    if gm.over:
        app.push(EndScreen(app))
        app.save()
    elif gm.device_to_move():
        temple.device_turn()


class TempleScreen(Screen):
    """The game's home screen: the temple, the counts and the action bar."""

    resume_key = "temple"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.action = 0
        self.thinking = False
        self.search = None  # ai.DeviceMove while the device thinks
        self.shown_part = 0  # progress drawn, in PROGRESS_STEPS
        self.clock = None
        self.t0 = 0
        self.cap_ms = 0
        self.slice_nodes = 0
        self.step_ms = 0
        self._key = None
        self._actions = []

    def actions(self):
        """Cached per position (the game object and its command count)."""
        gm = game_of(self.app)
        key = (gm, gm.moves_played)
        if self._key is None or self._key[0] is not gm or self._key[1] != gm.moves_played:
            self._actions = actions_of(gm)
            self._key = key
        return self._actions

    def draw(self, g):
        gm = game_of(self.app)
        acts = [] if (gm.over or self.thinking or gm.device_to_move()) else self.actions()
        if acts and self.action >= len(acts):
            self.action = 0
        if self.thinking:
            p = self.app.prefs
            hint = "hold OK:play now" if p and not p["back"] else "BACK: play now"
            g.title(hint, "%d/%d" % (stones_placed(gm), TOTAL))
        elif gm.pending >= 0:
            g.title(BONUS_TITLES[gm.pending])
        elif gm.over:
            g.title("Game over", "%d/%d" % (stones_placed(gm), TOTAL))
        else:
            g.title(player_label(gm, gm.turn), "%d/%d" % (stones_placed(gm), TOTAL))
        draw_temple(g, gm, -1, (gm.pending,) if gm.pending >= 0 else ())
        draw_counts(g, gm)
        if self.thinking:
            g.center("thinking", 47, 1, x0=PANEL_X, x1=W)
            progress_bar(g, self.progress())
        elif gm.over:
            bar(g, "scores")
        elif gm.device_to_move():
            bar(g, "OK: go")
        elif acts:
            if len(acts) > 1:
                g.center("%d/%d" % (self.action + 1, len(acts)), 47, 1, x0=PANEL_X, x1=W)
            a = acts[self.action]
            bar(g, action_text(a), a[1])

    def key(self, k):
        app = self.app
        gm = game_of(app)
        if self.thinking:
            if k == BACK:  # play the best move found so far
                self.search.search.halt()
            return  # other keys wait for the device's move
        if k == BACK:
            app.game_menu()
            return
        if gm.over:
            if k == OK:
                app.push(EndScreen(app))
            return
        if gm.device_to_move():
            if k == OK:
                self.device_turn()
            return
        acts = self.actions()
        n = len(acts)
        if k in (UP, LEFT) and n:
            self.action = (self.action - 1) % n
            app.changed()
        elif k in (DOWN, RIGHT) and n:
            self.action = (self.action + 1) % n
            app.changed()
        elif k == OK and n:
            self.run(acts[self.action % n])

    def run(self, a):
        app = self.app
        gm = game_of(app)
        v, c, _n = a
        if v == "take":
            play(app, ["take", LETTERS[c]])
        elif v == "pass":
            play(app, ["pass"])
        elif v == "decline":
            play(app, ["decline"])
        elif v in ("fetch", "steal"):
            play(app, [v, LETTERS[c]])
        elif v == "place":
            cols = legal_columns(gm, "place", c)
            app.push(ColumnPick(app, cols, "place", c, lambda col: play(app, ["place", col, LETTERS[c]])))
        elif v == "extra":
            cols = legal_columns(gm, "extra", c)
            app.push(ColumnPick(app, cols, "extra", c, lambda col: play(app, ["extra", col, LETTERS[c]]),
                                (gm.pending,)))
        elif v == "return":
            cols = legal_columns(gm, "return")
            app.push(ColumnPick(app, cols, "return", -1, lambda col: play(app, ["return", col]), (gm.pending,)))
        elif v == "move":
            pick_move(app, c)

    def device_turn(self):
        """Solo: start the device's search; ``step`` runs it a slice at a time."""
        app = self.app
        self._actions = []  # the search needs the RAM more than this cache
        self._key = None
        gc.collect()  # one compact heap for the search's move lists
        gm = game_of(app)
        try:
            self.search = ai.DeviceMove(gm)
        except MemoryError:
            self.search = None
            self.play_device(None)
            return
        self.thinking = True
        self.shown_part = 0
        # The level's time cap, on a board with a clock (none in the tests
        # and the simulator: the node budget alone, deterministic).
        self.clock = getattr(app.board, "clock", None)
        if self.clock is not None:
            self.t0 = self.clock.ticks_ms()
        self.cap_ms = ai.LEVEL_CAP_MS[gm.level]
        self.slice_nodes = ai.SLICE_NODES
        self.step_ms = ai.STEP_MS
        app.changed()

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

    def step(self):
        """Some of the device's search, then back to the key loop; plays its
        move when the search ends.

        Without a clock: one slice of ``ai.SLICE_NODES`` nodes.  With one:
        slices until ``ai.STEP_MS`` have gone by, so a pass lasts about as
        long on any chip (the App sleeps between passes: longer steps waste
        less of the move's time).
        """
        d = self.search
        if d is None:
            return False
        s = d.search
        clock = self.clock
        try:
            n = self.slice_nodes
            if clock is None:
                more = s.step(n)
            else:
                t = clock.ticks_ms()
                if self.cap_ms and clock.ticks_diff(t, self.t0) >= self.cap_ms:
                    s.halt()
                more = s.step(n)
                while more and clock.ticks_diff(clock.ticks_ms(), t) < self.step_ms:
                    more = s.step(n)
        except MemoryError:
            # Never leave the game stuck on the device's turn: a one-ply
            # choice needs only the list of turns.
            self.search = None
            self.play_device(None)
            return False
        if more:
            part = self.progress() * PROGRESS_STEPS // 1000
            if part != self.shown_part:
                self.shown_part = part
                self.app.changed()
            return True
        self.play_device(d)
        return False

    def play_device(self, search):
        """Play the device's commands (``search``'s, or the fallback when None) and show them."""
        app = self.app
        gm = game_of(app)
        self.search = None
        self.thinking = False
        gc.collect()
        cmds = search.commands() if search is not None else quick_commands(gm)
        last = len(cmds) - 1
        for i in range(last + 1):
            app.do(cmds[i], DeviceMoveScreen(app) if i == last else None)
        self.action = 0
        app.changed()


def progress_bar(g, part):
    """The action bar as a progress bar: ``part`` of 1000 filled."""
    fb = g.fb
    x0 = PANEL_X - 1
    w = 128 - x0
    fb.rect(x0, BAR_Y, w, 64 - BAR_Y, 1)
    fill = (w - 4) * part // 1000
    if fill > 0:
        fb.fill_rect(x0 + 2, BAR_Y + 2, fill, 64 - BAR_Y - 4, 1)


def quick_commands(gm):
    """The device's commands when the search ran out of RAM: the one-ply
    greedy turn (``ai.greedy_turn``), or the first bonus option."""
    if gm.pending >= 0:
        moves = gm.legal_moves()
        return [moves[1][0] if len(moves) > 1 else moves[0][0]]
    return turn_commands(gm.st, ai.greedy_turn(gm.st, Rng(gm.seed + gm.moves_played)))


def pick_move(app, colour):
    """Move bonus: source column (top stone of ``colour``), then the target."""
    gm = game_of(app)
    pending = gm.pending

    def got_source(src):
        dsts = legal_columns(game_of(app), "move", -1, src)
        app.replace(ColumnPick(app, dsts, "to", colour, lambda dst: play(app, ["move", src, dst]),
                               (pending, src)))

    app.push(ColumnPick(app, legal_columns(gm, "move"), "from", colour, got_source, (pending,)))


class ColumnPick(Screen):
    """A cursor over the columns (the chosen one inverted); OK calls ``on_pick(col)``.

    ``cols``: the legal columns, in order; UP/LEFT and DOWN/RIGHT step through
    them.  ``prompt`` and ``colour`` show in the bar; ``marks`` label-invert
    columns that matter (the bonus column, a move's source).
    """

    def __init__(self, app, cols, prompt, colour, on_pick, marks=()):
        Screen.__init__(self, app)
        self.cols = cols
        self.prompt = prompt
        self.colour = colour
        self.on_pick = on_pick
        self.marks = marks
        self.index = 0

    def draw(self, g):
        gm = game_of(self.app)
        col = self.cols[self.index]
        if gm.pending >= 0:
            g.title(BONUS_TITLES[gm.pending])
        else:
            g.title(player_label(gm, gm.turn), "%d/%d" % (stones_placed(gm), TOTAL))
        draw_temple(g, gm, col, self.marks)
        draw_counts(g, gm)
        g.center(COLUMN_NAMES[col], 47, 1, x0=PANEL_X, x1=W)
        bar(g, self.prompt, self.colour, False)

    def key(self, k):
        n = len(self.cols)
        if k in (UP, LEFT):
            self.index = (self.index - 1) % n
            self.app.changed()
        elif k in (DOWN, RIGHT):
            self.index = (self.index + 1) % n
            self.app.changed()
        elif k == OK:
            self.on_pick(self.cols[self.index])
        elif k == BACK:
            self.app.pop()


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
        self.lines, self.marks = turn_lines(turn, took)

    def draw(self, g):
        gm = game_of(self.app)
        if self.lines is None:
            self.describe()
        g.title("Device played", PLAYER_NAMES[gm.device])
        draw_temple(g, gm, -1, self.marks)
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


class EndScreen(Screen):
    """Game over: each column's winner and points, both scores, columns won, the winner."""

    resume_key = "end"

    def draw(self, g):
        gm = game_of(self.app)
        winner = gm.result()[0]
        ws, bs, ww, bw = gm.scores()
        if winner < 0:
            head = "Draw"
        elif gm.device < 0:
            head = "%s wins" % who(gm, winner)
        else:
            head = "Device wins" if winner == gm.device else "You win!"
        g.title(head)
        g.text("col", 1, 12)
        g.text("won", 1, 21)
        g.text("pts", 1, 30)
        for i in range(N_COLUMNS):
            x0 = 22 + i * 15
            w, wp, bp = column_result(gm.columns[i])
            draw_greek(g.fb, i, x0 + (15 - GREEK_W) // 2, 12)
            g.center("-" if w < 0 else LETTERS[w], 21, 1, x0=x0, x1=x0 + 15)
            g.center("-" if w < 0 else "%d" % (wp if w == WHITE else bp), 30, 1, x0=x0, x1=x0 + 15)
        g.fb.hline(0, 39, W, 1)
        for p in range(2):
            x0 = p * 64
            score = ws if p == WHITE else bs
            if p == winner:
                g.fb.fill_rect(x0 + 2, 41, 60, 15, 1)
            g.big("%s %d" % (LETTERS[p], score), x0 + 6, 41, 1, 0 if p == winner else 1)
            won = ww if p == WHITE else bw
            nm = names.label(p, "", 4) if p != gm.device else ""  # a picked name, cut to fit half the width
            g.center("%d col %s" % (won, nm) if nm else "%d columns" % won, 57, 1, x0=x0, x1=x0 + 64)

    def key(self, k):
        if k in (OK, BACK):
            self.app.pop()  # back to the final temple (BACK there: the game menu)


LEVEL_ITEMS = ["Easy", "Normal", "Hard"]  # ai.LEVELS, in order


def ended(gm):
    """True once the game is over (``App`` logs the play then)."""
    return gm.over


def start(app):
    """New game: two players, or solo with the device on the colour not
    chosen and then its level (easy / normal / hard, Normal first under the
    cursor), stored in the set-up."""
    items = ["Two players", "Solo: I play White", "Solo: I play Black"]

    def begin(setup):
        def go():
            open_game(setup)

        dev = setup.get("device")
        # the seats that take a name: both, or the one the device does not play
        names.pick(app, [None if dev == PLAYER_NAMES[p].lower() else PLAYER_NAMES[p] for p in (WHITE, BLACK)], go)

    def open_game(setup):
        del app.stack[1:]  # the set-up menus (and the names' menus)
        app.start_session(setup)
        temple = TempleScreen(app)
        app.push(temple)
        app.save()
        if game_of(app).device_to_move():
            temple.device_turn()

    def chosen(i):
        if i == 0:
            begin({"device": None})
            return
        device = "black" if i == 1 else "white"

        def level(j):
            begin({"device": device, "level": ai.LEVELS[j]})

        app.push(ChoiceMenu(app, "Device's level", LEVEL_ITEMS, level, 1))

    app.push(ChoiceMenu(app, "Tholos: who plays", items, chosen))


def resume(app, key):
    """Rebuild the screens after a restart (``key`` saved) or an undo (``key`` None).

    An undo in solo goes on taking back commands until the player is on
    move at the start of a turn (the device's whole turn and the player's
    last move).
    """
    gm = game_of(app)
    del app.stack[1:]
    if key is None and gm.device >= 0:
        while app.session.cmds and (gm.turn == gm.device or gm.pending >= 0):
            if not app.undo():
                break
            gm = game_of(app)
    temple = TempleScreen(app)
    app.push(temple)
    device_last = gm.device >= 0 and app.session.cmds and (gm.over or gm.turn != gm.device) and gm.pending < 0
    if key == "device" and device_last:
        app.push(DeviceMoveScreen(app))
    elif gm.over and key != "temple":  # the end screen, unless it had been closed
        app.push(EndScreen(app))
    elif gm.device_to_move():
        temple.device_turn()
