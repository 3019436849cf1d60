"""The table's clock on the screens: kept running from the board's ticks, drawn as a field,
chosen at set-up (``choose``), every player's time (``AllScreen``).

The clock (``engine.TurnClock``) is ``app.session.clock`` (None: no clock, and this module is not
even loaded); the App reaches this module through it (``clock.ui``, set by ``attach``).
``sync(app)`` brings it up to date: the ms since its last ``sync`` (``board.clock`` ticks; none
while a screen that ``pauses`` is on top: the game menu, the rules help), an undo
(``TurnClock.undo_to``), whose turn it is now (the game's UI module's ``clock_player(app)``: the
player, or -1 for none, from the game's state and, for a set-up screen, the screens).
``App.poll`` calls ``tick`` every pass, ``screens`` calls ``draw`` after the top screen, the saves
call ``sync`` (``saver.commit``) and the table view ``table_lines`` and ``inverted``.

Drawing: a screen with a clock has ``clock_at = (x, y, kind)``: kind ``SMALL_FIELD`` the small
font on a dark ground, ``BAR_FIELD`` the small font in an inverted title bar, ``TABLE_FIELD`` a
line of table text (``gfx.TALL_CHARS``) centred at ``y``.  ``draw`` paints it over the
screen's frame; when only the clock's text changed (a second passed), ``tick`` clears and
paints that field alone and shows the frame: only its bytes go to the panel.  From the warning
on (``engine.WARN``: the last 10 s of a turn limit or a bank; ``OVER``: overtime) the field
is drawn the other way round, the table view inverted whole, and the board's buzzer, when
one is wired and switched on in Settings (``board.beep``), sounds once at the warning and
once at 0.
"""
from micropython import const

import lang
import loader
from fonts import BIG, SMALL
from gfx import CJK_LINE, TALL_W, W, plain
from keys import DOWN, UP
from lang import msg, tr, trc
from ui import ChoiceMenu, Screen

from games.clock import engine as turnclock

SMALL_FIELD = const(0)
BAR_FIELD = const(1)  # (ui.BAR_FIELD)
TABLE_FIELD = const(2)  # (ui.TableView)
BIG_FIELD = const(3)  # the big digits doubled (30 px), centred: the Timer's
LIMITS = (30, 45, 60, 90, 120, 180, 300)  # a turn's limit, seconds
BANKS = (5, 10, 15, 20, 30, 45, 60)  # a chess clock's bank per player, minutes
_FIELD_W = const(37)  # six characters of the small font and a margin: "+12:05"
_TICK_MS = const(100)  # a pass with no key looks at the clock at most this often
_BEEP_MS = const(120)
_BEEP_LONG_MS = const(600)
# engine.MODES as the menus show them, in the language in use (the engine knows no language)
MODES = (msg("Off"), msg("Count"), msg("Turn limit"), msg("Chess clock"))


def attach(c):
    """``c`` (a ``TurnClock`` or None) with this module as its screens; returns it."""
    if c is not None:
        c.ui = _ME
    return c




def on(app):
    """The open game's clock, or None."""
    s = app.session
    return s.clock if s is not None else None


def paused(app):
    top = app.top()
    return top is None or bool(getattr(top, "pauses", False))


def sync(app):
    """Bring the clock up to date (module docstring); the clock, or None."""
    s = app.session
    c = s.clock if s is not None else None
    if c is None:
        return None
    clock = getattr(app.board, "clock", None)
    if clock is not None:
        now = clock.ticks_ms()
        t0 = c.t0
        if t0 is not None and not paused(app):
            c.advance(clock.ticks_diff(now, t0))
        c.t0 = now
    if s.stale:  # a half-applied game: asked again once it is rebuilt
        return c
    n = len(s.cmds)
    if c.undo_to(n):
        app.changed()
    f = getattr(app.ui, "clock_player", None)
    who = f(app) if f is not None else -1
    if who != c.cur:
        c.switch(who, n)
        app.changed()
    return c


def tick(app):
    """One pass of the loop: ``sync``, then what the panel shows of the clock brought up to date:
    the field alone when only its text changed, the whole frame when its warning state did.  A
    pass with nothing to draw within ``_TICK_MS`` of the last look returns at once (the loop
    passes every 10 ms: the Pico's CPU stays with the keys)."""
    c = on(app)
    clock = getattr(app.board, "clock", None)
    if c is None or (not app.dirty and c.t0 is not None and clock is not None
                     and clock.ticks_diff(clock.ticks_ms(), c.t0) < _TICK_MS):
        return
    c = sync(app)
    if c is None:
        return
    p = c.cur
    rest = getattr(app.board, "rest", None)
    if rest is not None:
        rest.hold = p >= 0 and not paused(app)  # the panel dims but stays on while a time runs
    st = c.state(p) if p >= 0 else turnclock.NORMAL
    if st != c.shown_state:
        if st > c.shown_state:
            beep(app, _BEEP_LONG_MS if st == turnclock.OVER else _BEEP_MS)
        c.shown_state = st
        app.changed()
    _buzz_off(app, c)
    if c.shown is None or app.dirty or app.toast_text or app._later is not None:
        return
    text = c.text(p) if p >= 0 else ""
    if text != c.shown:
        top = app.top()
        at = getattr(top, "clock_at", None)
        if at is not None:
            field(app.g, at, text, st)
            c.shown = text
            app._show()
        else:
            c.shown = None


def draw(app, g):
    """Paint the clock's field on the frame of the top screen, if it has one (``clock_at``)."""
    c = on(app)
    if c is None:
        return
    c.shown = None
    at = getattr(app.top(), "clock_at", None)
    if at is None or c.cur < 0:
        return
    c.shown = c.text(c.cur)
    field(g, at, c.shown, c.state(c.cur))


def field(g, at, text, st):
    """The clock's ``text`` in the field ``at`` (``clock_at``), the other way round from the
    warning on (``st``)."""
    x, y, kind = at
    warn = st != turnclock.NORMAL
    if kind == TABLE_FIELD:
        ink = 0 if warn else 1
        g.fb.fill_rect(0, y, W, 19, 1 - ink)
        g.text(text, (W + 2 - len(text) * TALL_W) // 2, y, ink, SMALL, 2, 3, 0)
        return
    if kind == BIG_FIELD:
        ink = 0 if warn else 1
        g.fb.fill_rect(0, y, W, 30, 1 - ink)
        g.center(text, y, ink, BIG, 2)
        return
    ink = 0 if (kind == BAR_FIELD) != warn else 1
    g.fb.fill_rect(x - 1, y - 1, _FIELD_W, 9, 1 - ink)
    g.text(text, x, y, ink)


def table_lines(app, lines, drop=0):
    """The table view's lines (``ui.TableView``) with the clock: two of the game's (the line
    ``drop`` of three left out) and the time of the player whose turn it is; ``lines`` as they
    are when no player's time runs."""
    c = on(app)
    if c is None or c.cur < 0:
        return lines
    if len(lines) > 2:
        lines = lines[:drop] + lines[drop + 1:3]
    while len(lines) < 2:
        lines = lines + [""]
    return lines + [""]  # the third line is the clock's field (``draw``)


def inverted(app):
    """True when the table view is drawn inverted (the clock's warning or overtime)."""
    c = on(app)
    return c is not None and c.cur >= 0 and c.state(c.cur) != turnclock.NORMAL


def beep(app, ms):
    """The buzzer for ``ms`` when the board has one and Settings switch it on."""
    b = app.board
    f = getattr(b, "beep", None)
    p = app.prefs
    if f is None or not (p and p.get("buzz")):
        return
    clock = b.clock
    try:
        f(True)
    except Exception:  # a buzzer that fails never stops the clock
        return
    c = on(app)
    if c is not None:
        c.buzz_until = clock.ticks_add(clock.ticks_ms(), ms)


def _buzz_off(app, c):
    t = c.buzz_until
    if t is None:
        return
    clock = app.board.clock
    if clock.ticks_diff(clock.ticks_ms(), t) >= 0:
        c.buzz_until = None
        try:
            app.board.beep(False)
        except Exception:
            pass


def secs_text(s):
    return turnclock.fmt(s * 1000)


def label(app):
    """The set-up's clock line: "Clock: off", "Clock: count", "Clock: 1:00 a turn",
    "Clock: 20 min each"."""
    c = app.session.clock
    if c is None:
        return tr("Clock: off")
    if c.mode == turnclock.COUNT:
        return tr("Clock: count")
    if c.mode == turnclock.LIMIT:
        return tr("Clock: %s a turn") % secs_text(c.secs)
    return tr("Clock: %d min each") % (c.secs // 60)


def choose(app, n, done=None, timer=False):
    """The clock of the open game of ``n`` players (module docstring); ``done()`` after.
    ``timer``: for the Timer, before its session: no "Off", and ``done(clock)`` gets the clock."""
    c = app.session.clock if app.session is not None else None
    index = c.mode if c is not None else 0

    def got(clock):
        if timer and done is not None:
            done(clock)
            return
        app.session.clock = clock
        app.save()
        if done is not None:
            done()

    def mode(i):
        app.pop()
        i += timer  # the Timer's menu has no "Off"
        if i == 0:
            got(None)
            return
        if i == turnclock.COUNT:
            got(attach(turnclock.TurnClock(i, n)))
            return
        opts = LIMITS if i == turnclock.LIMIT else BANKS
        items = [tr("%s a turn") % secs_text(s) for s in opts] if i == turnclock.LIMIT else \
            [tr("%d min each") % m for m in opts]

        def amount(j):
            app.pop()
            got(attach(turnclock.TurnClock(i, n, opts[j] * (1 if i == turnclock.LIMIT else 60))))

        app.push(ChoiceMenu(app, tr(MODES[i]), items, amount, 2 if i == turnclock.LIMIT else 3))

    app.push(ChoiceMenu(app, tr("Clock"), [tr(m) for m in (MODES[1:] if timer else MODES)], mode,
                        0 if timer else index))


class AllScreen(Screen):
    """Every player's time (``clock_names(game)`` from the game's UI module): total thinking
    time, turns and the average turn; with a chess clock, the bank left.  The player whose turn
    runs is marked ">".  UP/DOWN scroll past five players (four in lines of the language's
    glyphs, ``lang.cjk``); any other key goes back."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.top = 0
        self.rows = 4 if lang.cjk else 5

    def draw(self, g):
        app = self.app
        c = app.session.clock
        f = getattr(app.ui, "clock_names", None)
        names = f(app.session.game) if f is not None else None
        chess = c.mode == turnclock.CHESS
        rows = self.rows
        cjk = rows < 5
        head = trc("left", "time") if chess else tr("avg")
        if cjk and c.n > rows:  # where the rows are, in the title bar (no line for it below)
            head = "%d/%d %s" % (self.top + 1, c.n - rows + 1, head)
        bar = g.title(tr("Players' time"), head)
        y = bar + 1 if cjk else 11
        for p in range(self.top, min(c.n, self.top + rows)):
            t = c.total(p)
            k = c.turns[p] + (1 if p == c.cur else 0)
            who = names[p] if names is not None and p < len(names) else "P%d" % (p + 1)
            if cjk:  # a line of glyphs: the times at its ASCII's height
                g.line((">" if p == c.cur else " ") + (who[:8] if plain(who) else who[:4]), 1, y)
                y += 3
            else:
                g.text((">" if p == c.cur else " ") + who[:9], 1, y)
            g.right(turnclock.fmt(t), y, x1=88)
            last = c.text(p) if chess else turnclock.fmt(t // k if k else 0)
            g.right(last, y, x1=W - 1)
            y += CJK_LINE - 3 if cjk else 9
        if c.n > rows and not cjk:  # (with the glyphs the rows fill the panel: UP/DOWN scroll them)
            g.right("%d/%d" % (self.top + 1, c.n - 4), 56, x1=W - 1)

    def key(self, k):
        n = self.app.session.clock.n
        if k == DOWN and self.top + self.rows < n:
            self.top += 1
            self.app.changed()
        elif k == UP and self.top:
            self.top -= 1
            self.app.changed()
        elif k not in (UP, DOWN):
            self.app.pop()


# This module, taken while it is being imported: a game's unload may drop its name from sys.modules
# while a screen still holds its functions (the set-up's Clock line), and the clock still needs it.
_ME = loader.loaded(__name__)
