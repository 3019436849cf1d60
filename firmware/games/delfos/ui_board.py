"""Delfos solo with the ancient board on the device ("Khaos moves: device").

000_fef439a868e6782a.txt, General Set-Up (the layout), Player Turn and Movement
Rules A-D (the player's move), Solo Mode, Khaos Turn.  Screens:

- ``LayoutScreen`` (``ui_layout``): the device's layout, one tile a press (row, column, colour,
  value, large), or the players' own layout entered space by space (colour, then
  value, the previous colour preselected).  UP takes the last tile back (undo).
- ``MoveScreen``: the player's legal moves (``Board.player_moves``), one at a time:
  the tile each reaches, where it lies and which marker goes from where; OK hands
  the tile to the turn screen's space step (``BoardTurn.pending``).
- ``KhaosBoard``: Khaos's turn: OK draws the card and resolves it (``["khaos_turn"]``);
  the screen then shows the marker's move on the ancient board and the tile's space
  in the city; OK goes on.  Two presses a Khaos turn.
- ``GeometryScreen`` (``ui_geometry``): the ancient board's size and white spaces (a
  stored setting, ``ancient_set.stored``).

Rows are counted from the top, columns from the left, both from 1.  Imported only in
this mode; the layout and geometry screens are modules of their own, dropped when
not shown (RAM on the Pico).
"""
from micropython import const  # on CPython: host_sim/shims/micropython.py
from keys import BACK, DOWN, LEFT, OK, UP
from ui import Screen

from games.delfos.ui import NAMES, TurnScreen, after_move, bar, draw_tile, draw_zoom, drop

_MW = const(54)  # the board map's box (px)
_MH = const(44)


def where(b, p):
    """"r4 c3" for flat position ``p`` of board ``b``."""
    return "r%d c%d" % (p // b.cols + 1, p % b.cols + 1)


def draw_board(g, b, x0, y0, hi=-1, src=-1):
    """The ancient board ``b`` in a ``_MW`` x ``_MH`` box at (x0, y0): a tile as a dot,
    a white space as an outline, the player's markers as filled squares, Khaos's as
    hollow ones with a dot; ``hi`` (a space) framed twice, ``src`` (a marker's start)
    framed once."""
    fb = g.fb
    cols = b.cols
    s = min(_MW // cols, _MH // b.rows)
    d = s // 2 - 1
    tcol = b.tcol
    # Every mark is drawn lit, so the order does not change the picture: one pass for the
    # tiles, then the few white spaces, markers and frames (not 4 marker checks a space).
    for p in range(cols * b.rows):
        if tcol[p]:
            fb.fill_rect(x0 + (p % cols) * s + d, y0 + (p // cols) * s + d, 2, 2, 1)
    for p in b.whites:
        if not tcol[p]:
            fb.rect(x0 + (p % cols) * s, y0 + (p // cols) * s, s - 1, s - 1, 1)
    for j in range(4):
        p = b.markers[j]
        if p < cols * b.rows:  # OFF: not on the board
            x = x0 + (p % cols) * s
            y = y0 + (p // cols) * s
            if j < 2:
                fb.fill_rect(x, y, s - 1, s - 1, 1)
            else:
                fb.rect(x, y, s - 1, s - 1, 1)
                fb.fill_rect(x + d, y + d, 2, 2, 1)
    if hi >= 0:
        x = x0 + (hi % cols) * s
        y = y0 + (hi // cols) * s
        fb.rect(x - 2, y - 2, s + 3, s + 3, 1)
        fb.rect(x - 1, y - 1, s + 1, s + 1, 1)
    if src >= 0 and src != hi:
        fb.rect(x0 + (src % cols) * s - 2, y0 + (src // cols) * s - 2, s + 3, s + 3, 1)
    fb.rect(x0 - 3, y0 - 3, s * cols + 5, s * b.rows + 5, 1)


def move_list(gm):
    """The player's legal moves, the highest value first (then colour, board order)."""
    b = gm.board
    out = b.player_moves(gm.turns_taken[gm.active])
    out.sort(key=lambda mv: (5 - b.tval[mv[2]]) * 8000 + (b.tcol[mv[2]]) * 1000 + mv[2] * 4 + mv[0])
    return out


class MoveScreen(Screen):
    """The player's Move Architect: UP/DOWN through the legal moves, OK takes the
    tile to the city space step; BACK opens the Delfos menu."""

    resume_key = "move"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.index = 0
        self.moves = move_list(app.session.game)

    def draw(self, g):
        gm = self.app.session.game
        b = gm.board
        g.title("R%d You move" % gm.round, "%d/%d" % (self.index + 1, len(self.moves)))
        if not self.moves:
            g.center("No tile reachable", 30)
            return
        m, s, t = self.moves[self.index]
        c, v = b.tile(t)
        draw_tile(g, 1, 12, c, v, -1)
        g.text(NAMES[c], 28, 12)
        g.text(where(b, t), 28, 21)
        g.text("marker %d" % (m + 1), 1, 33)
        if s != b.markers[m]:
            g.text("put: " + where(b, s), 1, 42)  # first / second turn, rule D
        else:
            g.text("from " + where(b, s), 1, 42)
        draw_board(g, b, 71, 12, t, s)
        bar(g, "OK: take  UP/DN: next", True)

    def key(self, k):
        app = self.app
        if k == BACK:
            from games.delfos import ui_more
            ui_more.delfos_menu(app)
            return
        if not self.moves:
            return
        if k == OK:
            mv = self.moves[self.index]
            b = app.session.game.board
            app.pop()  # the turn screen below (BoardTurn): its space step with this tile
            turn = app.top()
            turn.colour, turn.value = b.tile(mv[2])
            turn.fit()
            turn.stage = 2
            turn.pending = ["take", mv[0], mv[1], mv[2]]
        else:
            d = -1 if k in (UP, LEFT) else 1
            self.index = (self.index + d) % len(self.moves)
        app.changed()


class KhaosBoard(Screen):
    """Khaos's turn with the ancient board (module docstring): ``done`` False, the
    "draw and move" prompt; True, the turn just resolved (``gm.board.kturn``): the title
    says which Khaos marker moves from where to where, the city is zoomed on the
    space its tile went to (UP/DOWN: the ancient board's map instead)."""

    resume_key = "khaos"

    def __init__(self, app, done=False):
        Screen.__init__(self, app)
        self.done = done
        self.map = False
        if done:
            self.resume_key = "kdone"

    def draw(self, g):
        gm = self.app.session.game
        b = gm.board
        if not self.done:
            g.title("Khaos R%d/%d" % (gm.round, gm.rounds), "%d tokens" % gm.tokens_left[gm.kseat])
            g.center("Khaos's turn", 16)
            g.center("%d cards in the deck" % gm.cards_left(), 28)
            g.center("the device moves it", 37)
            bar(g, "OK: draw, move Khaos", True)
            return
        m, s, t, c, v, x, y = gm.board.kturn
        g.title("Khaos %s>%s" % (where(b, s), where(b, t)))
        if self.map:
            draw_board(g, b, 4, 13, t, s)
            g.text("took", 64, 12)
            draw_tile(g, 64, 21, c, v, -1)
            g.text(NAMES[c], 64, 40)
            bar(g, "OK: pieces moved", True)
            return
        draw_zoom(g, gm.city, (x, y), (c, v), gm.pidx[gm.kseat])

    def key(self, k):
        app = self.app
        if k == BACK:
            from games.delfos import ui_more
            ui_more.delfos_menu(app)
            return
        if self.done and k in (UP, DOWN):
            self.map = not self.map
            app.changed()
            return
        if k != OK:
            return
        if self.done:
            after_move(app)
            return
        self.done = True
        self.resume_key = "kdone"
        app.do(["khaos_turn"])
        app.changed()


def resume(app, ph, key):
    """``ui.resume`` with the ancient board: the layout, Khaos's turn (its result again
    when ``key`` says it was shown before a power cut) or the player's moves."""
    gm = app.session.game
    drop(("ui_geometry",) if ph == "layout" else
         ("ui_geometry", "ui_layout", "ancient_set") + (("khaos",) if ph == "place" else ()))
    app.stack[-1] = BoardTurn(app)  # in place of ui.resume's TurnScreen
    if ph == "layout":
        from games.delfos import ui_layout
        app.push(ui_layout.LayoutScreen(app))
    elif ph != "place":
        app.push(KhaosBoard(app))
    else:
        app.push(MoveScreen(app))
        if key == "kdone" and gm.board.kturn:  # the Khaos turn just shown, before a power cut
            app.push(KhaosBoard(app, True))


class BoardTurn(TurnScreen):
    """The turn screen with the ancient board: ``MoveScreen`` sets ``pending`` (the
    "take" command's marker, start and target) and the space step; OK on the space
    records the move and the space as one command; BACK goes back to the moves."""

    pending = None

    def key(self, k):
        app = self.app
        if self.pending and self.stage == 2 and k in (OK, BACK):
            if k == BACK:
                app.push(MoveScreen(app))
                return
            p = self.cursor()
            app.do(self.pending + [p[0], p[1]])
            if app.session.game.phase() != "khaos_draw":
                after_move(app)
            else:  # the placed tile goes out first; the Khaos turn's screen after it
                app.later("Khaos's turn", lambda: after_move(app))
            return
        TurnScreen.key(self, k)

    def shown(self):
        TurnScreen.shown(self)
        self.pending = None
