"""Tholos: the temple screen (the game's home) and the column cursor.

The temple drawn (``ui_draw``) with the action bar: UP/DOWN go through the
legal actions, OK runs the one shown.  Actions come from
``TholosGame.legal_moves()`` only: take (own, grey, rival's), place a
workshop stone of a colour (then a cursor over the columns it may go on:
the column is shown inverted), and, while a bonus is open (its text in the
title bar), the bonus options or decline.  BACK on the home screen opens
the game menu.

Solo: after the player's turn the device's turn runs as the App's
background job (``ui_device.DeviceTurn``); this screen only draws it:
"thinking" over a progress bar read from the job, and BACK stops it (the
best move found so far is played).  Every state change goes through
``app.do`` so a power cut comes back to the same screen (``ui.resume``).
"""
import lang
from gfx import TALL_CHARS, W
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from lang import tr
from ui import BAR_FIELD, Screen, table_key

from games.tholos.rules import COLUMN_NAMES, LETTERS, MOVE_COLOUR, take_count, take_order
from games.tholos.ui_device import device_thinking, start_turn
from games.tholos.ui_draw import (
    BONUS_TITLES,
    PANEL_X,
    TOTAL,
    bar,
    draw_counts,
    draw_temple,
    game_of,
    player_label,
    progress_bar,
    stones_placed,
    who,
    zh,
)
from games.tholos.ui_end import EndScreen


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
    """The action bar's text of action ``a``, in the language in use (its words: ``ui_zh``)."""
    v, c, n = a
    if v == "take":
        return tr("take %d") % n
    return tr(v)


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
    clock_drop = 2  # its table view with the clock: both scores and the time (not the stones)

    def __init__(self, app):
        Screen.__init__(self, app)
        self.action = 0
        self._key = None
        self._actions = []

    @property
    def clock_at(self):
        """The table's clock, when the game has one: left in the title bar, but over a bonus's
        title or the device's search (games.clock.ui)."""
        gm = game_of(self.app)
        if gm.pending >= 0 or gm.over or device_thinking(self.app) is not None:
            return None
        return (1, 1, BAR_FIELD)

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
        job = device_thinking(self.app)
        acts = [] if (gm.over or job is not None or gm.device_to_move()) else self.actions()
        if acts and self.action >= len(acts):
            self.action = 0
        cjk = lang.cjk
        if job is not None:
            p = self.app.prefs
            hint = tr("hold OK:play now") if p and not p["back"] else tr("BACK: play now")
            # with the glyphs "thinking" is in the title: the panel has no row for it
            g.title(hint, tr("thinking") if cjk else "%d/%d" % (stones_placed(gm), TOTAL))
        elif gm.pending >= 0:
            g.title(tr(BONUS_TITLES[gm.pending]))
        elif gm.over:
            g.title(tr("Game over"), "%d/%d" % (stones_placed(gm), TOTAL))
        elif self.app.session.clock is not None:  # its time on the left (games.clock.ui)
            g.title("", "%s %d/%d" % (who(gm, gm.turn, 6), stones_placed(gm), TOTAL))
        else:
            g.title(player_label(gm, gm.turn), "%d/%d" % (stones_placed(gm), TOTAL))
        draw_temple(g, gm, -1, (gm.pending,) if gm.pending >= 0 else ())
        draw_counts(g, gm)
        if job is not None:
            if not cjk:
                g.center("thinking", 47, 1, x0=PANEL_X, x1=W)
            progress_bar(g, job.progress())
        elif gm.over:
            bar(g, tr("scores"))
        elif gm.device_to_move():
            bar(g, tr("OK: go"))
        elif acts:
            if len(acts) > 1 and not cjk:  # with the glyphs the panel has no row for it
                g.center("%d/%d" % (self.action + 1, len(acts)), 47, 1, x0=PANEL_X, x1=W)
            a = acts[self.action]
            bar(g, action_text(a), a[1])
            if len(acts) > 1 and cjk:
                zh().bar_marks(g)

    def table_lines(self):
        """The table view (``ui.TableView``): both scores as the temple stands (the one to
        play marked ">", each with its name) and the stones placed."""
        gm = game_of(self.app)
        sc = gm.scores()
        lines = []
        for p in range(2):
            mark = "> " if p == gm.turn and not gm.over else ""
            score = " %d" % sc[p]
            lines.append(mark + who(gm, p, TALL_CHARS - len(mark) - len(score)) + score)
        if lang.cjk:  # two lines of glyphs (22 px) fill the view: the stones are on the title bar
            return lines
        lines.append("Game over" if gm.over else "Stones %d/%d" % (stones_placed(gm), TOTAL))
        return lines

    def key(self, k):
        app = self.app
        gm = game_of(app)
        job = device_thinking(app)
        if job is not None:
            if k == BACK:  # play the best move found so far
                job.stop()
            return  # other keys wait for the device's move
        if k == BACK:
            app.game_menu()
            return
        if table_key(self, k):
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

    def shown(self):
        """Back on top (the game's menu closed): the device's turn that the menu stopped starts again."""
        if device_thinking(self.app) is None and game_of(self.app).device_to_move():
            self.device_turn()

    def device_turn(self):
        """Solo: start the device's turn (``ui_device.start_turn``: the App's job)."""
        self._actions = []  # the search needs the RAM more than this cache
        self._key = None
        self.action = 0
        start_turn(self.app)


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
            g.title(tr(BONUS_TITLES[gm.pending]))
        else:
            g.title(player_label(gm, gm.turn), "%d/%d" % (stones_placed(gm), TOTAL))
        draw_temple(g, gm, col, self.marks)
        draw_counts(g, gm)
        if not lang.cjk:  # with the glyphs: the column's letter, inverted on the temple, names it
            g.center(COLUMN_NAMES[col], 47, 1, x0=PANEL_X, x1=W)
        bar(g, tr(self.prompt), self.colour, False)

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
