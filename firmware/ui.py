"""Screens and small widgets shared by every game's UI.

A screen is a small class with ``draw(g)`` (``g`` a ``gfx.Gfx``) and
``key(k)`` (``k`` a logical key from ``keys``).  The ``App`` keeps a stack
of them (as in micro-gui): ``push`` to go deeper, BACK (or a long OK) to
come back.  A screen calls ``self.app.changed()`` when it needs a redraw;
nothing is drawn otherwise.
"""
import gfx
from fonts import SMALL
from gfx import CJK_BAR, CJK_LINE, H, LINE, TALL_CHARS, TALL_W, W, plain
from lang import msg, tr
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP

from games import clock as table_clock

ROWS = 6  # menu lines between the title bar and the bottom edge
CJK_ROWS = 4  # ... in lines of the language's glyphs (gfx.CJK_LINE): y 14, 26, 38, 50
EMPTY = msg("Nothing here: BACK")  # an empty menu (every card played, ...)


class Screen:
    """Base screen.  ``resume_key``: name under which a game screen is
    restored after a power cut (None: not restorable, its parent is)."""

    resume_key = None
    pauses = False  # True: the table's clock stops while this screen is on top (the game menu)

    def __init__(self, app):
        self.app = app

    def draw(self, g):
        pass

    def key(self, k):
        if k == BACK:
            self.app.pop()

    def shown(self):
        """Called when this screen comes back on top of the stack."""
        pass


TABLE_KEY = LEFT  # on every game's main screen: the table view (free there: UP steps the same way)


class TableView(Screen):
    """The table view: what everyone around the table follows (whose turn, the round, the dice,
    the scores) and nothing else, in table text (``gfx.TALL_CHARS``: capitals and digits 18 px
    tall, read from 60-80 cm), up to 3 lines of ``TALL_CHARS`` characters.

    ``source``: the screen under it; its ``table_lines()`` gives the lines (a list of str),
    read at every draw, so the view follows the game.  Any key goes back to that screen and
    does nothing else.  Opened by ``TABLE_KEY`` on a game's main screen (``table_key``), or
    "Table view" in the game menu (three buttons)."""

    # With the table's clock (``games.clock.ui``): two of the source's lines (its ``clock_drop``
    # left out: the first unless it says) and the time of the player whose turn it is, the view
    # inverted from the warning on.
    clock_at = (0, 43, 2)  # (games.clock.ui.TABLE_FIELD)

    def __init__(self, app, source):
        Screen.__init__(self, app)
        self.source = source

    def draw(self, g):
        app = self.app
        lines = self.source.table_lines()[:3]
        ink = 1
        c = app.session.clock if app.session is not None else None
        if c is not None:
            lines = c.ui.table_lines(app, lines, getattr(self.source, "clock_drop", 0))
            if c.ui.inverted(app):
                g.fb.fill(1)
                ink = 0
        n = len(lines)
        if n == 2 and lines[1].isdigit() and len(lines[1]) <= 4:
            # a number under a heading (one die's roll, the first player): in the big digits,
            # tripled (30 px), larger than the main screen's doubled ones
            s = lines[0][:TALL_CHARS]
            if plain(s):
                g.text(s, (W + 2 - len(s) * TALL_W) // 2, 2, 1, SMALL, 2, 3, 0)
            else:
                gfx.intl.table_line(g, s, 0)  # pyright: ignore[reportAttributeAccessIssue]
            g.big_center(lines[1], 21, 3)
            return
        if not all(plain(s) for s in lines):  # lines with the language's glyphs (lang_text: gfx.intl)
            timed = c is not None and c.cur >= 0  # the clock's field the last line: the others above it
            show = gfx.intl.table_lines  # pyright: ignore[reportAttributeAccessIssue]
            show(g, lines[:-1] if timed else lines, ink, 44 if timed else H)
            self.clock_at = (0, 44, 2)  # a row lower under two lines of glyphs (22 px each)
            return
        pitch = 21 if n == 3 else 28  # 3 lines: the last one's descenders end on the bottom row
        y = 1 if n == 3 else (H - (n - 1) * pitch - 18) // 2  # else the capitals (18 px) centred
        for s in lines:
            s = s[:TALL_CHARS]
            g.text(s, (W + 2 - len(s) * TALL_W) // 2, y, ink, SMALL, 2, 3, 0)  # centred
            y += pitch

    def key(self, k):
        self.app.pop()


BAR_FIELD = 1  # a turn screen's clock in its title bar (``clock_at``: games.clock.ui.BAR_FIELD)


ALL_TIME = msg("All players' time")  # a game menu's line when the game has a clock (games.clock.ui)
CLOCK_OFF = msg("Clock: off")


def clock_line(app):
    """A set-up's line for the table's clock: "Clock: off" unless one is chosen (``clock_choose``)."""
    c = app.session.clock
    return CLOCK_OFF if c is None else c.ui.label(app)


def clock_items(app, choose=True):
    """A game menu's lines for the table's clock: "All players' time" when the game has one;
    "Clock: off" (``choose``) while the game's UI module says it may still be chosen
    (``clock_open(app)``: before its first move); else none (the menu as it was without it)."""
    s = app.session
    if s is None:
        return []
    if s.clock is not None:
        return [ALL_TIME]
    f = getattr(app.ui, "clock_open", None)
    return [CLOCK_OFF] if choose and f is not None and f(app) else []


def clock_pick(app, what):
    """A game menu's clock line ``what`` (``clock_items``) chosen."""
    if what == ALL_TIME:
        app.push(app.session.clock.ui.AllScreen(app))
    elif what == CLOCK_OFF:
        clock_choose(app, len(app.ui.clock_names(app.session.game)))


def clock_choose(app, n):
    """The table's clock of the open game of ``n`` players, chosen now (games.clock.ui, loaded
    only then: a game without a clock never loads it)."""
    table_clock.load("ui").choose(app, n)


def table_key(screen, k):
    """True (and the table view open over ``screen``) when ``k`` is ``TABLE_KEY`` and
    ``screen`` has values for the table (``table_lines()``): call first in a main screen's
    ``key``."""
    if k != TABLE_KEY or not hasattr(screen, "table_lines"):
        return False
    screen.app.push(TableView(screen.app, screen))
    return True


class ActionScreen(Screen):
    """A screen with one action line at the bottom: UP/DOWN (LEFT/RIGHT) step
    through ``actions()``, OK calls ``run(index)``, BACK calls ``back()``.  A game's main
    screen takes LEFT for its table view first (``table_key``).

    Subclasses draw their content and then ``self.draw_actions(g)``.
    """

    action = 0
    # True where the screen's ``draw`` does not read ``action`` and ends with ``draw_actions``: a
    # step draws the action line alone (``App.part``)
    line_alone = False
    _line = None  # the drawn action line's kind: True, of the fonts alone (``gfx.plain``); None, not drawn

    def actions(self):
        return ()

    def draw_actions(self, g):
        acts = self.actions()
        if acts:
            self.action %= len(acts)
            label = acts[self.action]
            self._line = plain(label)
            g.action_bar(label, len(acts) > 1)

    def _action_line(self, g):
        """A step's drawing (``line_alone``): the action line again; False (the whole screen) when
        the new line's height differs (a line of glyphs is taller)."""
        acts = self.actions()
        if not acts or plain(acts[self.action % len(acts)]) != self._line:
            return False
        self.draw_actions(g)

    def key(self, k):
        n = len(self.actions())
        if k in (UP, LEFT, DOWN, RIGHT):
            if n:
                self.action = (self.action + (1 if k in (DOWN, RIGHT) else -1)) % n
                if self.line_alone and self._line is not None:
                    self.app.part(self._action_line)
                else:
                    self.app.changed()
        elif k == OK and n:
            self.run(self.action % n)
        elif k == BACK:
            self.back()

    def run(self, index):
        pass

    def back(self):
        self.app.game_menu()


class Menu(Screen):
    """A titled list with an inverted cursor; OK calls ``choose(index)``.

    ``items``: list of strings (or call ``set_items``).  Long lists scroll;
    a scroll bar shows where the cursor is (``bar``), or else a triangle at the right end of the
    first or last row says that more lines lie above or below.
    """

    bar = True  # the scroll bar of a list longer than the screen (False: the triangles)
    _shown: tuple = ()  # (cursor, first line, title's height) of the last ``draw``: empty, not drawn

    def __init__(self, app, title, items=None, index=0):
        Screen.__init__(self, app)
        self.title = title
        self.items = items or []
        self.index = index

    def set_items(self, items):
        self.items = items
        if self.index >= len(items):
            self.index = max(0, len(items) - 1)

    def tall(self):
        """True when the menu's title or a line has the language's glyphs (``lang``): its lines
        are then ``gfx.CJK_LINE`` apart, ``CJK_ROWS`` of them."""
        if not plain(self.title):
            return True
        for s in self.items:
            if not plain(s):
                return True
        return False

    def held(self):
        """The lines the screen holds (``ROWS``, or ``CJK_ROWS`` in a tall menu)."""
        return CJK_ROWS if self.tall() else ROWS

    def _layout(self):
        """(lines, tall, rows shown, first line shown) as ``draw`` lays them out: a page of
        ``rows`` lines at a time, so a step within it moves the cursor alone (the lines stay where
        the table read them, and the panel is sent the two lines, not all of them)."""
        items = self.items or (tr(EMPTY),)  # nothing left to choose (every card played, ...): said
        tall = self.tall() or not plain(items[0])
        rows = CJK_ROWS if tall else ROWS
        return items, tall, rows, self.index - self.index % rows

    def draw(self, g):
        items, tall, rows, top = self._layout()
        bar = g.title(self.title, self.badge())
        n = len(items)
        first = 12 if bar < CJK_BAR else bar + 1
        pitch = CJK_LINE if tall else 9
        w = W - 3 if n > rows and self.bar else W
        for row in range(rows):
            i = top + row
            if i >= n:
                break
            g.item(items[i], first + row * pitch, i == self.index, 0, w, tall)
        if n > rows and self.bar:  # scroll bar
            t = first - 1
            h = max(4, (H - t) * rows // n)
            y = t + (H - t - h) * min(top, n - rows) // (n - rows)  # the last page may be short
            g.fb.fill_rect(W - 2, y, 2, h, 1)
        elif n > rows:  # no bar: a triangle at the right end of the first row when lines lie above,
            # of the last row when lines lie below (the main menu: its seventh line is seen to be there)
            end = first + rows * pitch - 5
            for i in range(4):
                if top:
                    g.fb.hline(W - 4 - i, first + 1 + i, 2 * i + 1, 1)  # pointing up
                if top + rows < n:
                    g.fb.hline(W - 4 - i, end - i, 2 * i + 1, 1)  # pointing down
        self._shown = (self.index, top, bar)

    def _step(self):
        """The cursor moved: the two lines (and the title's badge) drawn again, not the screen
        (``App.part``), where the screen is this class's ``draw`` alone, with its scroll bar."""
        if type(self).draw is Menu.draw and self.bar and self._shown:
            self.app.part(self._cursor)
        else:
            self.app.changed()

    def _cursor(self, g):
        """``_step``'s drawing: the line the cursor left and the one it is on, each band blanked
        and drawn again; False (the whole screen) when the page or the title's height changed."""
        was, top0, bar = self._shown
        items, tall, rows, top = self._layout()
        n = len(items)
        badge = self.badge()
        if top != top0 or was >= n or (badge and g.title(self.title, badge) != bar):
            return False
        first = 12 if bar < CJK_BAR else bar + 1
        pitch = CJK_LINE if tall else 9
        w = W - 3 if n > rows and self.bar else W
        for i in (was, self.index):  # both blanked first: a tall line's bar reaches 1 px into the next
            g.fb.fill_rect(0, first + (i - top) * pitch - 1, w, CJK_BAR if tall else 9, 0)
        for i in (was, self.index):
            g.item(items[i], first + (i - top) * pitch, i == self.index, 0, w, tall)
        self._shown = (self.index, top, bar)  # the scroll bar (W - 2) is where it was: the same top

    def badge(self):
        """Right side of the title bar (for example 3/7)."""
        return "%d/%d" % (self.index + 1, len(self.items)) if len(self.items) > self.held() else ""

    def key(self, k):
        n = len(self.items)
        if k == UP and n:
            self.index = (self.index - 1) % n
            self._step()
        elif k == DOWN and n:
            self.index = (self.index + 1) % n
            self._step()
        elif k == OK and n:
            self.choose(self.index)
        elif k == BACK:
            self.back()
        elif not n:
            self.app.toast(tr(EMPTY))

    def choose(self, index):
        pass

    def back(self):
        self.app.pop()


class ChoiceMenu(Menu):
    """A menu that calls ``on_choose(index)``; for one-off questions."""

    def __init__(self, app, title, items, on_choose, index=0, on_back=None):
        Menu.__init__(self, app, title, items, index)
        self.on_choose = on_choose
        self.on_back = on_back

    def choose(self, index):
        self.on_choose(index)

    def back(self):
        if self.on_back:
            self.on_back()
        else:
            self.app.pop()


class NumberPick(Screen):
    """Pick an int in [lo, hi] with UP/DOWN (LEFT/RIGHT step 10), shown big.

    ``on_done(value)`` is called on OK with a value in [lo, hi] only: a start
    ``value`` outside the range (or None) starts at the nearest bound.  BACK cancels.
    """

    def __init__(self, app, title, value, lo, hi, on_done, hint=""):
        Screen.__init__(self, app)
        self.title = title
        self.value = clamp(value if value is not None else lo, lo, hi)
        self.lo = lo
        self.hi = hi
        self.on_done = on_done
        self.hint = hint

    def draw(self, g):
        g.title(self.title)
        g.big_center(str(self.value), 16, 2)
        hint = self.hint
        p = self.app.prefs
        if not hint and p and p["lr"] and self.hi - self.lo >= 20:
            hint = "</> 10"  # LEFT/RIGHT step 10, said only when those buttons are wired
        s = "%d..%d  %s" % (self.lo, self.hi, hint)
        g.center(s, H - 8 if plain(s) else H - CJK_LINE)  # a hint of the language's glyphs: its line

    def key(self, k):
        step = 0
        if k == UP:
            step = 1
        elif k == DOWN:
            step = -1
        elif k == RIGHT:
            step = 10
        elif k == LEFT:
            step = -10
        if step:
            v = self.value + step
            if v > self.hi:
                v = self.lo if step == 1 else self.hi
            elif v < self.lo:
                v = self.hi if step == -1 else self.lo
            self.value = v
            self.app.changed()
        elif k == OK:
            self.on_done(clamp(self.value, self.lo, self.hi))
        elif k == BACK:
            self.app.pop()


def clamp(v, lo, hi):
    """``v`` limited to [lo, hi]."""
    return lo if v < lo else hi if v > hi else v


class Message(Screen):
    """Full-screen text; any key closes it (OK calls ``on_ok`` if given)."""

    def __init__(self, app, title, text, on_ok=None):
        Screen.__init__(self, app)
        self.title = title
        self.text = text
        self.on_ok = on_ok

    def draw(self, g):
        bar = g.title(self.title)
        g.wrap(self.text, 12 if bar < CJK_BAR else bar + 1, 6)

    def key(self, k):
        self.app.pop()
        if k == OK and self.on_ok:
            self.on_ok()


def confirm(app, question, on_yes):
    """Push a No/Yes menu; ``on_yes()`` runs after the menu is popped."""

    def chosen(i):
        app.pop()
        if i == 1:
            on_yes()

    app.push(ChoiceMenu(app, question, [tr("No"), tr("Yes")], chosen))


def lines(g, texts, y=12):
    """Plain small-font lines from y, one per entry."""
    for t in texts:
        g.text(t, 1, y)
        y += LINE + 1
    return y
