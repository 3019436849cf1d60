"""The Delfos screens' shared pieces, below every screen module: colour names, the tile and
zoom drawing, the bottom bar, the likeliest-space order and the turn screen (the game's home).

The turn screen is the active player's tile entry: colour, value (only what is left in the
supply), then the space, on one screen with the city zoomed around the space (``draw_zoom``).
UP/DOWN change the current choice, OK goes on and on the space places the tile; LEFT/RIGHT
move the cursor across the city (LEFT on the colour: the table view, ``ui.TableView``); BACK
goes a step back, and on the colour opens the Delfos menu (``ui_more``).  Screens higher up
(the entry ``ui``, the menu) are reached through ``app.ui`` or ``games.delfos.load``, never
imported from here.
"""
import lang
import names
from micropython import const  # on CPython: host_sim/shims/micropython.py
from fonts import SMALL
from gfx import W, plain
from keys import BACK, LEFT, OK, RIGHT, UP
from lang import msg, tr
from ui import BAR_FIELD, Screen, table_key

from games.delfos import COLOURS, LETTERS, load

NAMES = (msg("Green"), msg("Yellow"), msg("Blue"), msg("Red"), msg("Purple"))  # shown through tr
GY = 10  # top grid line; the bottom bar is under the grid
# The zoom: _ZW x _ZH cells of _ZPX x _ZPY px (grid lines included), a 24 x 14 tile inside.
_ZW = const(4)  # underscore consts: no globals, so no qstrs kept
_ZH = const(3)
_ZPX = const(25)
_ZPY = const(18)
_ZY = const(9)  # top line of the zoom, just under the title bar


def cname(name):
    """Display name of a colour name ("green" -> "Green")."""
    return tr(NAMES[COLOURS.index(name)])


def who(gm, seat, width=7):
    """Display name of a seat: the name picked at set-up (cut to ``width``), else its
    colour, "You"/"Khaos" in solo."""
    if gm.solo:
        return tr("Khaos") if seat == gm.kseat else names.label(seat, tr("You"), width)
    return names.label(seat, tr(NAMES[gm.pidx[seat]]), width)


def colour_name(app, name, width=7):
    """``cname(name)``, or the name picked for the seat of that colour in the open game."""
    gm = app.session.game if app.session is not None else None
    if names.seats and name in getattr(gm, "players", ()):
        return who(gm, gm.players.index(name), width)
    return cname(name)


def view_origin(city, cur, vw, vh):
    """Top-left canvas cell of a ``vw`` x ``vh`` window that holds the placed tiles'
    bounding box and the cursor ``cur`` (x, y) (or None), centred on them otherwise."""
    out = []
    for k in (0, 1):
        size = vw if k == 0 else vh
        canvas = city.w if k == 0 else city.h
        if city.count:
            lo_b = city.x0 if k == 0 else city.y0
            hi_b = city.x1 if k == 0 else city.y1
        else:
            lo_b = hi_b = (city.cols if k == 0 else city.rows) - 1
        lo_c = lo_b
        hi_c = hi_b
        if cur is not None:
            lo_c = min(lo_b, cur[k])
            hi_c = max(hi_b, cur[k])
        v = (lo_c + hi_c + 1 - size) // 2  # centred
        v = max(v, hi_c - size + 1, 0)
        v = min(v, lo_c, canvas - size)
        out.append(v)
    return out[0], out[1]


def pattern(fb, x, y, w, h, c):
    """Fill (x, y, w, h) with the pattern of tile colour ``c`` (index): green diagonal
    stripes, yellow sparse dots, blue horizontal stripes, red solid, purple vertical
    stripes.  Stripes are 2 px lit, 2 px dark so they stay apart at arm's length;
    the phase follows the screen so neighbouring cells join up.  A frame with a
    ``pattern`` method draws it itself (the Pico's, in machine code: the same pixels)."""
    hook = getattr(fb, "pattern", None)
    if hook is not None:
        hook(x, y, w, h, c)
        return
    if c == 3:
        fb.fill_rect(x, y, w, h, 1)
        return
    for j in range(h):
        yy = y + j
        if c == 2:
            if yy & 2:
                fb.hline(x, yy, w, 1)
        elif c == 1:
            if yy % 3 == 0:
                for xx in range(x + (-x) % 3, x + w, 3):
                    fb.pixel(xx, yy, 1)
        elif c == 0:
            x0 = x + ((yy - x) & 3) - 4
            while x0 < x + w:
                a = max(x0, x)
                b = min(x0 + 2, x + w)
                if b > a:
                    fb.hline(a, yy, b - a, 1)
                x0 += 4
    if c == 4:
        for i in range(w):
            if (x + i) & 2:
                fb.vline(x + i, y, h, 1)


def draw_tile(g, x, y, c, v, owner, lit=False, h=17):
    """A building tile in a 24 x 17 box at (x, y): the colour's pattern, the value as a
    10 x 14 digit on black (``lit``: black on white, the tile being entered) at the
    left, the architect token's owner (player colour index, -1 none) as its capital
    letter on black in the top right corner."""
    fb = g.fb
    pattern(fb, x + 12, y, 12, h, c)
    fb.fill_rect(x, y, 12, h, 1 if lit else 0)
    g.text(str(v), x + 1, y + 2, 0 if lit else 1, SMALL, 2)
    if owner >= 0:
        fb.fill_rect(x + 17, y, 7, 9, 0)
        g.text(LETTERS[owner], x + 18, y + 1, 1)


def zoom_origin(city, cur):
    """Top-left canvas cell of the ``_ZW`` x ``_ZH`` zoom window around ``cur`` (x, y),
    kept inside the cells a tile may still reach (``city.frame``)."""
    f = city.frame()
    zx = min(max(cur[0] - 1, f[0]), max(f[0], f[2] - _ZW + 1))
    zy = min(max(cur[1] - 1, f[1]), max(f[1], f[3] - _ZH + 1))
    return zx, zy


def draw_zoom(g, city, cur, tile=None, owner=-1, legal=()):
    """The city around ``cur`` (x, y): ``_ZW`` x ``_ZH`` cells of ``_ZPX`` x ``_ZPY`` px from
    ``_ZY`` to the bottom edge, each tile drawn by ``draw_tile``; a dot in ``legal``
    spaces; the cursor cell framed twice, showing ``tile`` (colour, value) with
    ``owner``'s token when given, its value lit.  Beside it (x >= 102): a map of the
    whole city (2 x 2 px per tile) with the zoom window outlined, and the key to the
    colour patterns.  Returns the zoom origin."""
    fb = g.fb
    zx, zy = zoom_origin(city, cur)
    # under the language's 13 px bar (``lang.cjk``) the cells a pixel shorter, from y 13
    top = 13 if lang.cjk else _ZY
    ph = _ZPY - 1 if lang.cjk else _ZPY
    # the legal spaces inside the zoom, by cell (not a search of the list for every cell)
    dots = 0
    for p in legal:
        i = p[0] - zx
        j = p[1] - zy
        if 0 <= i < _ZW and 0 <= j < _ZH:
            dots |= 1 << (j * _ZW + i)
    for j in range(_ZH):
        for i in range(_ZW):
            x = zx + i
            y = zy + j
            px = i * _ZPX
            py = top + j * ph
            t = city.at(x, y)
            here = x == cur[0] and y == cur[1]
            if here and tile:
                t = (tile[0], tile[1], owner)
            dot = dots >> (j * _ZW + i) & 1
            if t is not None or dot or here:
                fb.rect(px, py, _ZPX + 1, ph + 1, 1)
            if t is not None:
                draw_tile(g, px + 1, py + 1, t[0], t[1], t[2], here, ph - 1)
            elif dot:
                fb.fill_rect(px + 11, py + 8, 3, 3, 1)
            if here:  # a double frame (the value is lit too)
                fb.rect(px - 1, py - 1, _ZPX + 3, ph + 3, 1)
    # the map: the box a full city fills, tiles as 2 x 2 dots (the canvas read directly)
    mx = 102
    my = top + 2
    ox, oy = view_origin(city, cur, city.cols, city.rows)
    col = city.colour
    w = city.w
    for j in range(city.rows):
        row = (oy + j) * w + ox
        for i in range(city.cols):
            if col[row + i]:
                fb.fill_rect(mx + i * 3, my + j * 3, 2, 2, 1)
    fb.rect(mx + (zx - ox) * 3 - 1, my + (zy - oy) * 3 - 1, _ZW * 3 + 1, _ZH * 3 + 1, 1)
    fb.fill_rect(mx + (cur[0] - ox) * 3, my + (cur[1] - oy) * 3, 2, 2, 1)
    # the key to the patterns
    for c in range(5):
        y = 29 + c * 7
        pattern(fb, mx, y, 10, 6, c)
        g.text(LETTERS[c], mx + 13, y - 1, 1)
    return zx, zy


def bar(g, text, inverted):
    """The bottom line under the grid (y 57); text with the language's glyphs in its taller
    bar (``gfx.Gfx.action_bar``, 13 px: from y 51)."""
    if lang.cjk and not plain(text):
        g.action_bar(text, False)
        return
    if inverted:
        g.fb.fill_rect(0, 56, W, 8, 1)
    g.text(text, 2, 57, 0 if inverted else 1)


def after_move(app):
    """Rebuild the screens from the engine state after a command: the open game's ``resume``
    (``app.ui`` is ``games.delfos.ui``; called through it, this module stays below the entry)."""
    app.ui.resume(app, None)


def likely_cells(city, legal, c, own, last):
    """``legal`` cells, the likeliest first for a tile of colour ``c``: most orthogonal
    neighbours of that colour (areas grow), then most tiles carrying ``own``'s token
    (player colour index) next to it, then nearest the last tile placed ``last``
    (x, y or None), then reading order."""
    # Each cell's rank, its reading-order place and its index packed in one small int (rank
    # below 1600, a canvas of at most 17 x 9 cells, fewer legal cells than 256), read from the
    # city's arrays: a sort of plain ints, no key function or tuples per cell (on the Pico this
    # ran at every key that rebuilt the turn screen, longer as the city's edge grew).
    w = city.w
    h = city.h
    col = city.colour
    ow = city.owner
    c1 = c + 1
    o1 = own + 1
    keys = []
    for n in range(len(legal)):
        p = legal[n]
        x = p[0]
        y = p[1]
        j = y * w + x
        same = mine = 0
        for k in (j - 1 if x > 0 else -1, j + 1 if x + 1 < w else -1,
                  j - w if y > 0 else -1, j + w if y + 1 < h else -1):
            if k >= 0 and col[k]:
                if col[k] == c1:
                    same += 1
                if ow[k] == o1:
                    mine += 1
        d = abs(x - last[0]) + abs(y - last[1]) if last else 0
        keys.append(((((4 - same) * 5 + 4 - mine) * 64 + min(d, 63)) << 16) | (j << 8) | n)
    keys.sort()
    return [legal[k & 255] for k in keys]


def step_side(legal, cur, d):
    """The legal cell nearest ``cur`` to its left (``d`` -1) or right (+1): the fewest
    columns away, then the fewest rows; ``cur`` when there is none."""
    best = cur
    bk = 9999
    for p in legal:
        dx = (p[0] - cur[0]) * d
        if dx > 0:
            k = dx * 2 + abs(p[1] - cur[1]) * 3
            if k < bk:
                bk = k
                best = p
    return best


class TurnScreen(Screen):
    """The home screen: the active player's building tile in three steps on one
    screen, the city zoomed around the space it goes to.

    Step 0 colour, 1 value (only what the supply still holds), 2 space: UP/DOWN
    change the step's choice, OK goes to the next step and on the space places the
    tile (``["place", ...]``); BACK goes one step back, and on the colour opens the
    Delfos menu.  Colour and value start at the player's last tile (their own colour
    at first); the spaces come likeliest first (``likely_cells``), LEFT/RIGHT move
    the cursor to the nearest space left or right.  LEFT on the colour step (where it
    stepped as UP does) opens the table view: the round, whose turn, Khaos's last tile.  A typical turn (same colour,
    value one step away, the likeliest space) is OK DOWN OK OK: 4 presses."""

    resume_key = "turn"
    clock_at = (1, 1, BAR_FIELD)  # the table's clock, when the game has one: left in the title bar

    def __init__(self, app):
        Screen.__init__(self, app)
        self.seen = -1  # the turn whose reminder was dismissed
        self.shown()

    def shown(self):
        gm = self.app.session.game
        self.legal = self.legal_now(gm)
        self.stage = 0
        self.index = 0
        seat = gm.active
        r = gm.recent[seat]
        own = gm.pidx[seat]
        self.colour = r[0] if r else own
        self.value = r[1] if r else 3
        self.fit()

    def legal_now(self, gm):
        """The legal spaces of the turn being entered (none outside the placement)."""
        return gm.legal_positions() if gm.phase() == "place" else []

    def fit(self, ready=None):
        """Keep colour and value within the supply; order the spaces for the colour
        (``likely_cells``; ``ready``: (colour, cells) worked out before, used when the
        colour is that one)."""
        gm = self.app.session.game
        city = gm.city
        cols = colours_left(city)
        if not cols:
            return
        if self.colour not in cols:
            self.colour = cols[0]
        vals = [v for v in range(1, 6) if city.left(self.colour, v)]
        if self.value not in vals:  # the nearest value left
            best = vals[0]
            for v in vals:
                if abs(v - self.value) < abs(best - self.value):
                    best = v
            self.value = best
        if ready is not None and ready[0] == self.colour:
            self.cells = ready[1]
        else:
            self.cells = turn_cells(gm, self.legal, self.colour)
        self.index = 0

    def cursor(self):
        return self.cells[self.index] if self.legal else None

    def draw(self, g):
        gm = self.app.session.game
        cur = self.cursor()
        if self.stage == 0:
            ask = tr("tile:%s") % tr(NAMES[self.colour])
        elif self.stage == 1:
            ask = tr("value:%d") % self.value
        else:
            ask = tr("space %d/%d") % (self.index + 1, len(self.cells))
        if cur is None:
            ask = ""
        left = tr("R%d %s") % (gm.round, who(gm, gm.active))
        if self.app.session.clock is not None and cur is not None:  # its time first, over the spaces
            left = "      " + who(gm, gm.active)[:max(3, 14 - len(ask))]  # (games.clock.ui); 20 characters
        elif g.width(left + ask) > W - 14:  # a long name and a long colour: the name cut, never the round
            left = tr("R%d %s") % (gm.round, who(gm, gm.active)[:3])
        if cur is None:  # no tile to place: the game is over (or Khaos's screen did not open)
            y = g.title(left, ask) + 8
            g.center(tr("Game over") if gm.phase() == "over" else tr("Khaos's turn"), y)
            g.center(tr("OK: go on"), y + 16)
            return
        r = gm.reminder()
        if r and self.seen != gm.turn:  # the reminder covers the city under the title: no zoom drawn
            g.title(left, ask)
            draw_reminder(g, r)
            return
        g.title(left, ask)
        draw_zoom(g, gm.city, cur, (self.colour, self.value), gm.pidx[gm.active], self.legal)

    def table_lines(self):
        return turn_lines(self.app.session.game)

    def key(self, k):
        app = self.app
        gm = app.session.game
        if gm.reminder() and self.seen != gm.turn:
            self.seen = gm.turn  # any key dismisses the reminder
            app.changed()
            return
        if self.stage == 0 and self.legal and table_key(self, k):  # LEFT on the colour: the table view
            return
        if not self.legal:  # the screen over this one (end, Khaos) could not open: try again
            if k == BACK:
                load("ui_more").delfos_menu(app)
            else:
                after_move(app)
            return
        city = gm.city
        d = -1 if k in (UP, LEFT) else 1
        if k == OK:
            if self.stage < 2:
                self.stage += 1
            else:
                p = self.cursor()
                app.do(["place", COLOURS[self.colour], self.value, p[0], p[1]])
                if gm.phase() != "khaos_draw":
                    after_move(app)
                else:  # the placed tile goes out first; the Khaos turn's screen after it
                    app.later(tr("Khaos's turn"), lambda: after_move(app))
                return
        elif k == BACK:
            if self.stage == 0:  # the Delfos menu, one press away (a long OK on 3 buttons)
                load("ui_more").delfos_menu(app)
                return
            self.stage -= 1
        elif self.stage == 0:
            cols = colours_left(city)
            self.colour = cols[(cols.index(self.colour) + d) % len(cols)]
            self.fit()
        elif self.stage == 1:
            vals = [v for v in range(1, 6) if city.left(self.colour, v)]
            self.value = vals[(vals.index(self.value) + d) % len(vals)]
        elif k in (LEFT, RIGHT):
            p = step_side(self.legal, self.cursor(), d)
            self.index = self.cells.index(p)
        else:
            self.index = (self.index + d) % len(self.cells)
        app.changed()


def turn_lines(gm):
    """The table view of a Delfos turn (``ui.TableView``): the round and whose turn it is; in
    solo, after Khaos's turn, the tile it took."""
    lines = [tr("Round %d/%d") % (gm.round, gm.rounds), who(gm, gm.active, 12)]
    if lang.cjk:  # two lines of the language's glyphs fill the view (ui.TableView): no third
        return lines
    last = gm.last
    if gm.solo and last and last[0] == gm.kseat:  # Khaos's tile, just placed (printed board too)
        c = NAMES[COLOURS.index(last[1])]
        lines.append(tr("Khaos: %d %s") % (last[2], tr(c) if lang.cjk else c[:3]))
    return lines


def turn_cells(gm, legal, c):
    """The active player's ``legal`` spaces for a tile of colour ``c``, the likeliest first
    (``likely_cells``)."""
    last = (gm.last[3], gm.last[4]) if gm.last else None
    return likely_cells(gm.city, legal, c, gm.pidx[gm.active], last)


def colours_left(city):
    """Colour indices with tiles left in the supply."""
    sup = city.supply  # by colour * 5 + value - 1 (``City.left``): a slice a colour, no call a value
    return [c for c in range(5) if sum(sup[c * 5:c * 5 + 5])]


REMINDERS = {
    "first_marker": ("First turn:", "put an architect", "marker on a white-", "outlined space or",
                     "on an occupied one"),
    "second_marker": ("Second turn: put", "your 2nd architect", "marker on a white-",
                      "outlined or occupied", "space; MOVE THAT ONE"),
}


# each reminder as one sentence, for the languages that wrap their own lines (``lang.cjk``)
REMINDER_TEXT = {
    "first_marker": msg("First turn: put an architect marker on a white-outlined space or on an occupied one"),
    "second_marker": msg("Second turn: put your 2nd architect marker on a white-outlined or occupied space; "
                         "MOVE THAT ONE"),
}


def draw_reminder(g, which):
    """The first / second turn reminder over the city (Delfos rulebook, Player
    Turn: "That second Architect is the one you must move during your second turn")."""
    if lang.cjk:  # the sentence in the language's lines, wrapped (one table entry); the 13 px bar kept
        g.fb.fill_rect(0, 13, W, 51, 0)
        g.wrap(tr(REMINDER_TEXT[which]), 14, 3, 2)
        g.action_bar(tr("OK: go on"), False)
        return
    g.fb.fill_rect(0, 9, W, 55, 0)
    y = 13
    for line in REMINDERS[which]:
        g.center(line, y)
        y += 11 if y == 13 else 8
    bar(g, "OK: go on", True)


def value_order(descending):
    """Values 1-5 in the order a value list shows them: a high-to-low Khaos card (value
    priority B, "start from the highest value and descend") starts at 5."""
    return (5, 4, 3, 2, 1) if descending else (1, 2, 3, 4, 5)
