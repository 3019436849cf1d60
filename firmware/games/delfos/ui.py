"""Screens of the Delfos companion: the turn screen with the city, tile entry, Khaos turns.

The turn screen (the game's home) draws the new city of Delfos as a grid of
14 x 9 px cells, each placed building tile as its colour letter and value
("B3"), a dot in every legal empty space and the cursor as an inverted cell.
UP/DOWN (and LEFT/RIGHT) walk the legal positions in reading order.  OK on a
space: colour, value (only what is left in the supply), then a preview to
confirm.  BACK (a long OK on 3 buttons) opens the Delfos menu: undo, scores so
far, goal tiles, architect tokens, tile supply, score pad, game menu.

Khaos turns (solo): the Khaos card's priorities A-D are shown so the player
can resolve Khaos's move on the ancient board; the player enters the colour
and value Khaos took and the device shows where the tile goes in the city
(``khaos.placement``), then places it.  Everything else lives in modules
imported only when used (RAM on the Pico): ``ui_khaos`` (Khaos turns),
``ui_more`` (Delfos menu, token view, supply), ``ui_score`` and ``ui_rank`` (end,
ranking, breakdowns, goal tiles), ``ui_pad``, ``ui_setup``, ``ui_campaign``.
"""
from gfx import W
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from ui import ChoiceMenu, Screen

from games.delfos import COLOURS, LETTERS
from games.delfos.game import DelfosGame

GAME_CLS = DelfosGame
TITLE = "Delfos"

NAMES = ("Green", "Yellow", "Blue", "Red", "Purple")
PX = 14  # cell pitch in pixels (grid lines included)
PY = 9
GY = 10  # top grid line; the bottom bar is under the grid


def cname(name):
    """Display name of a colour name ("green" -> "Green")."""
    return NAMES[COLOURS.index(name)]


def who(gm, seat):
    """Display name of a seat: its colour, "You"/"Khaos" in solo."""
    if gm.solo:
        return "Khaos" if seat == gm.kseat else "You"
    return NAMES[gm.pidx[seat]]


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


def draw_city(g, city, cur=None, legal=(), tile=None, owners=False, org=None):
    """The city window at GY: cells of ``PX`` x ``PY``; ``cur`` (x, y) inverted,
    showing ``tile`` ("G3") when given; dots in ``legal`` spaces; ``owners``: the
    token owner's lowercase letter instead of the value.  Returns the view origin."""
    fb = g.fb
    vw = city.cols
    vh = city.rows
    vx, vy = org if org else view_origin(city, cur, vw, vh)
    gw = vw * PX + 1
    gx = (W - gw) // 2
    for i in range(vw + 1):
        fb.vline(gx + i * PX, GY, vh * PY + 1, 1)
    for j in range(vh + 1):
        fb.hline(gx, GY + j * PY, gw, 1)
    for j in range(vh):
        for i in range(vw):
            x = vx + i
            y = vy + j
            px = gx + i * PX
            py = GY + j * PY
            t = city.at(x, y)
            s = None
            if t is not None:
                s = LETTERS[t[0]] + ("gybrp"[t[2]] if owners and t[2] >= 0 else
                                     "-" if owners else str(t[1]))
            if cur is not None and x == cur[0] and y == cur[1]:
                fb.fill_rect(px + 1, py + 1, PX - 1, PY - 1, 1)
                if tile:
                    s = tile
                if s:
                    g.text(s, px + 2, py + 1, 0)
                else:
                    fb.fill_rect(px + 6, py + 3, 3, 3, 0)
            elif s:
                g.text(s, px + 2, py + 1, 1)
            elif (x, y) in legal:
                fb.fill_rect(px + 6, py + 4, 2, 2, 1)
    return vx, vy


def offview(legal, org, vw, vh):
    """Arrows for legal spaces outside the window: a string of < > ^ v."""
    m = 0
    for p in legal:
        if p[0] < org[0]:
            m |= 1
        elif p[0] >= org[0] + vw:
            m |= 2
        if p[1] < org[1]:
            m |= 4
        elif p[1] >= org[1] + vh:
            m |= 8
    s = ""
    for k in range(4):
        if m & (1 << k):
            s += "<>^v"[k]
    return s


def bar(g, text, inverted):
    """The bottom line under the grid (y 57)."""
    if inverted:
        g.fb.fill_rect(0, 56, W, 8, 1)
    g.text(text, 2, 57, 0 if inverted else 1)


def after_move(app):
    """Rebuild the screens from the engine state after a command (same as resume)."""
    resume(app, None)


class TurnScreen(Screen):
    """The home screen: round, whose turn, tokens left, the city and the cursor."""

    resume_key = "turn"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.index = 0
        self.seen = -1  # the turn whose reminder was dismissed
        self.legal = []
        self.shown()

    def shown(self):
        gm = self.app.session.game
        self.legal = gm.legal_positions() if gm.phase() == "place" else []
        self.index = 0
        if gm.last and self.legal:  # start next to the last tile placed
            best = 999
            for k in range(len(self.legal)):
                p = self.legal[k]
                d = abs(p[0] - gm.last[3]) + abs(p[1] - gm.last[4])
                if d < best:
                    best = d
                    self.index = k

    def cursor(self):
        if self.index < len(self.legal):
            return self.legal[self.index]
        return None

    def draw(self, g):
        gm = self.app.session.game
        g.title("R%d/%d %s" % (gm.round, gm.rounds, who(gm, gm.active)),
                "tok %d" % gm.tokens_left[gm.active])
        cur = self.cursor()
        city = gm.city
        org = draw_city(g, city, cur, self.legal)
        bar(g, "OK: tile  BACK: menu", False)
        if cur is not None:
            g.right(offview(self.legal, org, city.cols, city.rows), 57, x1=W - 1)
        r = gm.reminder()
        if r and self.seen != gm.turn:
            draw_reminder(g, r)

    def key(self, k):
        gm = self.app.session.game
        if gm.reminder() and self.seen != gm.turn:
            self.seen = gm.turn  # any key dismisses the reminder
            self.app.changed()
            return
        n = len(self.legal) or 1
        if k in (UP, LEFT):
            self.index = (self.index - 1) % n
        elif k in (DOWN, RIGHT):
            self.index = (self.index + 1) % n
        elif k == OK:
            cur = self.cursor()
            if cur is not None:
                pick_tile(self.app, cur, gm.active_colour())
            return
        elif k == BACK:  # the Delfos menu, one press away (a long OK on 3 buttons)
            from games.delfos import ui_more
            ui_more.delfos_menu(self.app)
            return
        self.app.changed()


REMINDERS = {
    "first_marker": ("First turn:", "put an architect", "marker on a white-", "outlined space or", "on an occupied one"),
    "second_marker": ("Second turn: put", "your 2nd architect", "marker on a white-", "outlined or occupied", "space; MOVE THAT ONE"),
}


def draw_reminder(g, which):
    """The first / second turn reminder over the city (000_fef439a868e6782a.txt, Player
    Turn: "That second Architect is the one you must move during your second turn")."""
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


def tile_menu(app, title, then, colour=None, descending=False):
    """Pick a building tile that is still in the supply: colour (unless given), then
    value (5 first when ``descending``); ``then(colour_index, value)``.  The menus
    replace each other."""
    city = app.session.game.city

    def values(c):
        vals = [v for v in value_order(descending) if city.left(c, v)]

        def chosen(i):
            then(c, vals[i])

        app.replace(ChoiceMenu(app, "%s %s: value" % (title, NAMES[c]) if title == "Khaos" else
                               "%s tile: value" % NAMES[c],
                               ["%d   (%d left)" % (v, city.left(c, v)) for v in vals], chosen))

    cols = [c for c in range(5) if sum([city.left(c, v) for v in range(1, 6)])]
    default = cols.index(colour) if colour in cols else 0

    def chosen_colour(i):
        values(cols[i])

    app.push(ChoiceMenu(app, "%s: tile colour" % title,
                        ["%-7s (%d left)" % (NAMES[c], sum([city.left(c, v) for v in range(1, 6)]))
                         for c in cols], chosen_colour, default))


def pick_tile(app, pos, own):
    """Tile entry for the active player at canvas ``pos``."""
    gm = app.session.game

    def got(c, v):
        app.replace(PlaceScreen(app, pos, c, v))

    tile_menu(app, who(gm, gm.active), got, COLOURS.index(own))


class PlaceScreen(Screen):
    """Preview of a tile on its space; OK places it (``["place", ...]``), BACK cancels.
    With ``khaos`` the space is the one the device computed for Khaos."""

    def __init__(self, app, pos, colour, value, khaos=False):
        Screen.__init__(self, app)
        self.pos = pos
        self.colour = colour
        self.value = value
        self.khaos = khaos

    def draw(self, g):
        gm = self.app.session.game
        tile = "%s%d" % (LETTERS[self.colour], self.value)
        g.title("%s: %s %d" % ("Khaos" if self.khaos else who(gm, gm.active), NAMES[self.colour],
                               self.value))
        draw_city(g, gm.city, self.pos, (), tile)
        bar(g, "OK: place it here" if self.khaos else "OK: place  BACK: no", True)

    def key(self, k):
        app = self.app
        if k == OK:
            if self.khaos:
                app.do(["khaos", COLOURS[self.colour], self.value])
            else:
                app.do(["place", COLOURS[self.colour], self.value, self.pos[0], self.pos[1]])
            after_move(app)
        elif k == BACK:
            app.pop()


def start(app):
    """New game: the Delfos start menu (new game, solo campaign, score pad)."""

    def chosen(i):
        if i == 0:
            from games.delfos.ui_setup import Wizard
            Wizard(app).show()
        elif i == 1:
            from games.delfos import ui_campaign
            ui_campaign.open_campaign(app)
        else:
            from games.delfos import ui_pad
            ui_pad.pad_start(app)

    app.push(ChoiceMenu(app, "Delfos", ["New game", "Solo campaign", "Score pad"], chosen,
                        on_back=app.home))


def drop(names):
    """Forget rarely used modules (``games.delfos.<name>``) so their RAM can be
    collected once no screen uses them; they are imported again when needed."""
    import sys

    pkg = sys.modules.get("games.delfos")
    for n in names:
        sys.modules.pop("games.delfos." + n, None)
        if pkg is not None and n in dir(pkg):
            delattr(pkg, n)


def resume(app, key):
    """Rebuild the screens after a restart or an undo: the turn screen, then the Khaos
    turn or the end of the game if the engine state says so.  The stack is rebuilt
    from scratch, so the rarely used screen modules are dropped here (RAM)."""
    gm = app.session.game
    del app.stack[1:]
    ph = gm.phase()
    drop(("ui_setup", "ui_more", "ui_pad", "ui_campaign", "ui_khaos") if ph == "over" else
         ("ui_setup", "ui_more", "ui_pad", "ui_campaign", "ui_score", "ui_rank", "ui_goals", "scoring",
          "campaign"))
    app.push(TurnScreen(app))
    if ph == "over":
        if gm.solo:
            from games.delfos.ui_score import SoloEnd
            app.push(SoloEnd(app))
        else:
            from games.delfos.ui_rank import EndScreen
            app.push(EndScreen(app))
    elif ph != "place":
        from games.delfos import ui_khaos
        app.push(ui_khaos.KhaosScreen(app))
