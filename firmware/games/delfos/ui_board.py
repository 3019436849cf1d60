"""Delfos solo with the ancient board on the device ("Khaos moves: device").

Delfos rulebook, General Set-Up (the layout), Player Turn and Movement
Rules A-D (the player's move), Solo Mode, Khaos Turn.  Screens:

- ``LayoutScreen`` (``ui_layout``): the device's layout, one tile a press (row, column, colour,
  value, large), or the players' own layout entered space by space (colour, then
  value, the previous colour preselected).  UP takes the last tile back (undo).
- ``MoveScreen``: the player's legal moves (``Board.player_moves``, one per marker and
  tile), one at a time, the likeliest first (``Gains``: the points the tile adds now at
  its best space): the tile each reaches, where it lies and which marker goes from
  where; OK hands the tile to the turn screen's space step (``BoardTurn.pending``), its
  spaces again the most points first, or places it at once on its only legal space (the
  first tile).  A typical turn is OK OK; BACK on the space goes back to the move chosen.
- ``KhaosBoard``: Khaos's turn: OK draws the card and resolves it (``["khaos_turn"]``);
  the screen then shows the marker's move on the ancient board and the tile's space
  in the city; OK goes on.  Two presses a Khaos turn.
- ``GeometryScreen`` (``ui_geometry``): the ancient board's size and white spaces (a
  stored setting, ``ui_ancient.stored``).

Rows are counted from the top, columns from the left, both from 1.  Imported only in
this mode; the layout and geometry screens are modules of their own, dropped when
not shown (RAM on the Pico).
"""
import lang
from keys import BACK, DOWN, LEFT, OK, UP
from lang import tr
from ui import BAR_FIELD, Screen, table_key

from games.delfos import drop, load
from games.delfos.ui_base import NAMES, TurnScreen, after_move, bar, draw_tile, draw_zoom, turn_cells, turn_lines
from games.delfos.ui_map import draw_board


def where(b, p):
    """"r4 c3" for flat position ``p`` of board ``b``."""
    return tr("r%d c%d") % (p // b.cols + 1, p % b.cols + 1)


def _place_points(place, vals):
    # scoring.place_points (not imported while playing: RAM): 1st all its values, 2nd its
    # 2 highest, 3rd its highest, later places nothing; ``vals`` sorted high to low
    if place == 1:
        return sum(vals)
    if place == 2:
        return sum(vals[:2])
    return vals[0] if place == 3 and vals else 0


def _colour_points(areas, me):
    """Area-majority points of player ``me`` from the areas of one colour: (size, token
    counts by player colour, me's token values high to low) tuples; only the largest
    areas score (Delfos rulebook, Area Majorities)."""
    big = 0
    for a in areas:
        big = max(big, a[0])
    pts = 0
    for size, toks, vals in areas:
        if size == big and toks[me]:
            place = 1
            for q in range(5):
                if toks[q] > toks[me]:
                    place += 1
            pts += _place_points(place, vals)
    return pts


class Gains:
    """The points a building tile would add now to the active player's score on a city
    space, to offer the likeliest choices first: ``Gains(gm).at(colour, value, (x, y))``
    (int).  The area majority of the tile's colour, exactly (Area Majorities: the other
    colours' areas do not change), 3 for a tile of the player's own colour (Architect
    Cards, side A; side B's conditions are left out) and, when the player's goal tiles
    are entered, the scoring card's points for one of their colours (its area of the
    city left out).  An estimate that orders the lists, never a score shown: the
    ``scoring`` module stays unloaded (RAM).  Each colour's areas are found once (a flood
    fill over the city's canvas), then a space costs its four neighbours."""

    def __init__(self, gm):
        self.city = gm.city
        self.me = gm.pidx[gm.active]
        g = gm.goals.get(self.me)
        # scoring.CARD_POINTS by card 1-8 (the rulebook's "The different scoring cards")
        self.goal = (g, (0, 4, 4, 3, 4, 4, 6, 4, 4)[gm.scoring_card]) if g else None
        self.areas = [None] * 5  # type: list
        self.alone = {}  # colour * 8 + value: the gain on a space touching no tile of its colour
        self.cells = None  # the spaces ``best`` last scored, and the areas they join by colour
        self.joins = None  # type: list | None

    def _areas(self, c):
        """(labels, areas, points) of colour ``c``: a bytearray of area number + 1 per
        canvas cell (0: not that colour), the areas as ``_colour_points`` reads them and
        the player's points from them now."""
        if self.areas[c] is None:
            city = self.city
            w = city.w
            col = city.colour
            own = city.owner
            lab = bytearray(len(col))
            areas = []
            for i in range(city.y0 * w, (city.y1 + 1) * w):  # the rows with tiles (none: empty)
                if col[i] != c + 1 or lab[i]:
                    continue
                toks = bytearray(5)
                vals = []
                size = 0
                lab[i] = len(areas) + 1
                todo = [i]
                while todo:  # a flood fill with a list, no recursion
                    j = todo.pop()
                    size += 1
                    if own[j]:
                        toks[own[j] - 1] += 1
                        if own[j] - 1 == self.me:
                            vals.append(city.value[j])
                    for k in (j - 1, j + 1, j - w, j + w):
                        if 0 <= k < len(col) and abs(k % w - j % w) < 2 and col[k] == c + 1 and not lab[k]:
                            lab[k] = len(areas) + 1
                            todo.append(k)
                vals.sort(reverse=True)
                areas.append((size, toks, vals))
            self.areas[c] = (lab, areas, _colour_points(areas, self.me))
        return self.areas[c]

    def _joined(self, lab, p):
        # the areas of its colour beside space ``p`` (area number + 1, 0 none); canvas edges checked
        w = self.city.w
        x = p[0]
        i = p[1] * w + x
        return (lab[i - 1] if x > 0 else 0, lab[i + 1] if x < w - 1 else 0,
                lab[i - w] if i >= w else 0, lab[i + w] if i + w < len(lab) else 0)

    def at(self, c, v, p):
        """The points (module docstring) of a tile of colour ``c``, value ``v`` on the
        legal space ``p`` (x, y)."""
        lab, areas, before = self._areas(c)
        joined = self._joined(lab, p)
        if joined == (0, 0, 0, 0):  # a new area of one tile: the same wherever it goes
            key = c * 8 + v
            if key not in self.alone:
                self.alone[key] = self._gain(c, v, areas, before, joined)
            return self.alone[key]
        return self._gain(c, v, areas, before, joined)

    def _gain(self, c, v, areas, before, joined):
        size = 1
        toks = bytearray(5)
        toks[self.me] = 1
        vals = [v]
        rest = []
        for n in range(len(areas)):
            a = areas[n]
            if n + 1 in joined:
                size += a[0]
                for q in range(5):
                    toks[q] += a[1][q]
                vals += a[2]
            else:
                rest.append(a)
        vals.sort(reverse=True)
        rest.append((size, toks, vals))
        gain = _colour_points(rest, self.me) - before
        if c == self.me:
            gain += 3
        if self.goal and c in self.goal[0]:
            gain += self.goal[1]
        return gain

    def best(self, c, v, cells):
        """The highest ``at`` over ``cells`` (0 when there is none)."""
        # A space's points depend only on the areas it joins: the distinct sets of them among
        # ``cells`` are found once per colour (``joins``), and each tile scores each set once
        # (a move list asks for every tile reached over the same legal spaces).
        lab, areas, before = self._areas(c)
        if self.cells is not cells:
            self.cells = cells
            self.joins = [None] * 5
        js = self.joins[c]
        if js is None:
            js = self.joins[c] = []
            for p in cells:
                j = self._joined(lab, p)
                if j not in js:
                    js.append(j)
        out = 0
        for n in range(len(js)):
            g = self._gain(c, v, areas, before, js[n])
            if n == 0 or g > out:
                out = g
        return out

    def order(self, c, v, cells):
        """``cells`` (the likeliest first already: ``likely_cells``), the most points first,
        in that order among equal points (by index: MicroPython's sort is not stable)."""
        keys = [-self.at(c, v, cells[n]) * 256 + n for n in range(len(cells))]
        idx = sorted(range(len(cells)), key=lambda n: keys[n])
        return [cells[n] for n in idx]


def move_list(gm, gains=None, legal=None):
    """The player's legal moves, one per marker and tile (the same tile reached from
    another white or occupied space ends the same: the first start in board order is
    kept), the likeliest first: the most points the tile adds at its best city space
    (``Gains``; ``legal``: the city's legal spaces when known), then the highest value,
    colour, board order."""
    b = gm.board
    gains = gains or Gains(gm)
    legal = gm.legal_positions() if legal is None else legal
    out = []
    seen = []
    for mv in b.player_moves(gm.turns_taken[gm.active]):
        k = mv[0] * 256 + mv[2]
        if k not in seen:
            seen.append(k)
            out.append(mv)
    best = {}  # by tile (colour * 8 + value): tiles alike score alike
    for mv in out:
        t = (b.tcol[mv[2]] - 1) * 8 + b.tval[mv[2]]
        if t not in best:
            best[t] = gains.best(t // 8, t % 8, legal)
    out.sort(key=lambda mv: ((-best[(b.tcol[mv[2]] - 1) * 8 + b.tval[mv[2]]] * 8 + 5 - b.tval[mv[2]]) * 8000
                             + b.tcol[mv[2]] * 1000 + mv[2] * 4 + mv[0]))
    return out


_ahead = None  # (game, commands, legal spaces, Gains, move list): ``Ahead``'s, for the next MoveScreen


def _state(app):
    """What a worked-out list belongs to: the game object and how many commands it holds (a
    command, an undo or a rebuild changes one of them)."""
    s = app.session
    return s.game, len(s.cmds)


class Ahead:
    """``app.job`` (``App.poll`` steps it between keys): ``work()`` once the key's frame is on
    the glass (``app.dirty`` false), while the player reads it, so the next key finds its
    answer worked out.  What it leaves is used only for the state it was made for (``_state``);
    a game left (or another opened) before its turn came ends it undone."""

    def __init__(self, app, work):
        self.app = app
        self.work = work
        self.session = app.session

    def step(self):
        app = self.app
        if app.session is None or app.session is not self.session:
            return False
        if app.dirty:
            return True  # the frame first (App.render), then this
        try:
            self.work()
        except MemoryError:  # only a head start, changing nothing: the key works it out itself
            pass
        return False


def moves_ahead(app):
    """``Ahead``'s work at Khaos's turn: the player's next move list (``Gains``, ``move_list``,
    the city's legal spaces), for ``resume`` to open the moves with."""
    global _ahead
    gm, n = _state(app)
    if gm.board is None or gm.phase() != "place":
        return
    legal = gm.legal_positions()
    gains = Gains(gm)
    _ahead = (gm, n, legal, gains, move_list(gm, gains, legal))


def taken_ahead(app):
    """``Ahead``'s (legal spaces, Gains, move list) for the game as it is now, or None; taken
    once (the reference is dropped: RAM)."""
    global _ahead
    got = _ahead
    _ahead = None
    if got is not None and (got[0], got[1]) == _state(app):
        return got[2], got[3], got[4]
    return None


class MoveScreen(Screen):
    """The player's Move Architect: UP/DOWN through the legal moves (``move_list``), OK
    takes the tile to the city space step (none when the tile has one legal space: it is
    placed); BACK opens the Delfos menu.  ``ahead``: ``taken_ahead``'s (legal, Gains, moves)
    when ``Ahead`` worked them out for this state."""

    resume_key = "move"
    clock_at = (1, 1, BAR_FIELD)  # the table's clock, when the game has one: left in the title bar

    def __init__(self, app, ahead=None):
        Screen.__init__(self, app)
        self.index = 0
        self.ready = None  # (index, colour, likeliest spaces, spaces by points): ``cells_ahead``
        if ahead is not None:
            self.gains = ahead[1]
            self.moves = ahead[2]
        else:
            gm = app.session.game
            self.gains = Gains(gm)
            # opened over the turn screen (BoardTurn), whose legal spaces are this turn's
            self.moves = move_list(gm, self.gains, getattr(app.top(), "legal", None))
        self.look_ahead()

    def look_ahead(self):
        """The shown move's city spaces worked out once its frame is out (``Ahead``)."""
        if self.moves:
            self.app.job = Ahead(self.app, self.cells_ahead)

    def cells_ahead(self):
        """The spaces of the shown move's tile, the likeliest first and by points
        (``turn_cells``, ``Gains.order``), for OK to hand over at once."""
        app = self.app
        turn = app.stack[-2] if len(app.stack) > 1 and app.top() is self else None
        if not isinstance(turn, BoardTurn) or not turn.legal:
            return
        b = app.session.game.board
        c, v = b.tile(self.moves[self.index][2])
        cells = turn_cells(app.session.game, turn.legal, c)
        self.ready = (self.index, c, cells, self.gains.order(c, v, cells))

    def draw(self, g):
        gm = self.app.session.game
        b = gm.board
        # with the table's clock its time first (games.clock.ui), as on the turn screen's title
        left = "      " + tr("You move") if self.app.session.clock is not None else tr("R%d You move") % gm.round
        g.title(left, "%d/%d" % (self.index + 1, len(self.moves)))
        if not self.moves:
            g.center(tr("No tile reachable"), 30)
            return
        m, s, t = self.moves[self.index]
        c, v = b.tile(t)
        if lang.cjk:  # the language's lines under its 13 px bar, 12 px apart; the board to the
            # bottom edge (no key hint: the title's n/N says UP/DOWN step, OK takes as everywhere)
            draw_tile(g, 1, 14, c, v, -1)
            g.line(tr(NAMES[c]), 28, 14)
            g.line(where(b, t), 28, 26)
            g.line(tr("marker %d") % (m + 1), 1, 39)
            g.line((tr("put: %s") if s != b.markers[m] else tr("from %s")) % where(b, s), 1, 51)
            draw_board(g, b, 72, 17, t, s)
            return
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

    def table_lines(self):
        return turn_lines(self.app.session.game)

    def key(self, k):
        app = self.app
        if k == BACK:
            load("ui_more").delfos_menu(app)
            return
        if table_key(self, k):
            return
        if not self.moves:
            return
        if k == OK:
            mv = self.moves[self.index]
            b = app.session.game.board
            # The turn screen below (BoardTurn): its space step with this tile.  Not app.pop(),
            # whose shown() would work out the same state's legal spaces and order again.
            app.stack.pop()
            turn = app.top()
            c, v = turn.colour, turn.value = b.tile(mv[2])
            ready = self.ready if self.ready is not None and self.ready[0] == self.index else None
            turn.fit(ready and (ready[1], ready[2]))
            turn.pending = ["take", mv[0], mv[1], mv[2]]
            turn.chooser = self  # BACK on the space: this list again, on this move
            turn.stage = 0
            if len(turn.cells) == 1:  # one legal space (the first tile): no step to choose it
                turn.place(turn.cells[0])
                return
            turn.cells = ready[3] if ready is not None and turn.colour == c else self.gains.order(c, v, turn.cells)
            turn.stage = 2
        else:
            d = -1 if k in (UP, LEFT) else 1
            self.index = (self.index + d) % len(self.moves)
            self.look_ahead()
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
        if not self.done and lang.cjk:
            g.title(tr("Khaos R%d/%d") % (gm.round, gm.rounds), tr("%d tokens") % gm.tokens_left[gm.kseat])
            g.center(tr("Khaos's turn"), 15)
            g.center(tr("%d cards in the deck") % gm.cards_left(), 27)
            g.center(tr("the device moves it"), 39)
            g.action_bar(tr("OK: draw, move Khaos"), False)
            return
        if not self.done:
            g.title("Khaos R%d/%d" % (gm.round, gm.rounds), "%d tokens" % gm.tokens_left[gm.kseat])
            g.center("Khaos's turn", 16)
            g.center("%d cards in the deck" % gm.cards_left(), 28)
            g.center("the device moves it", 37)
            bar(g, "OK: draw, move Khaos", True)
            return
        m, s, t, c, v, x, y = gm.board.kturn
        head = tr("Khaos %s>%s") % (where(b, s), where(b, t))
        if self.map:
            if lang.cjk:  # the language's lines beside the board, its bar left out (no room under it)
                g.title(head)
                draw_board(g, b, 4, 17, t, s)
                g.line(tr("took"), 64, 14)
                draw_tile(g, 64, 26, c, v, -1)
                g.line(tr(NAMES[c]), 92, 29)
                g.line(tr("OK: pieces moved"), 64, 49)
                return
            g.title(head)
            draw_board(g, b, 4, 13, t, s)
            g.text("took", 64, 12)
            draw_tile(g, 64, 21, c, v, -1)
            g.text(NAMES[c], 64, 40)
            bar(g, "OK: pieces moved", True)
            return
        g.title(head)
        draw_zoom(g, gm.city, (x, y), (c, v), gm.pidx[gm.kseat])

    def table_lines(self):
        """The table view: Khaos's turn and, once resolved, the tile it took and where its
        marker went."""
        gm = self.app.session.game
        if not self.done:
            return [tr("Round %d/%d") % (gm.round, gm.rounds), tr("Khaos's turn")]
        b = gm.board
        m, s, t, c, v, x, y = b.kturn
        # the round of the turn just resolved: its placement has already moved the game on
        rnd = min((gm.turn - 1) // len(gm.players) + 1, gm.rounds)
        if lang.cjk:  # two lines of the language's glyphs fill the view (ui.TableView)
            return [tr("Khaos: %d %s") % (v, tr(NAMES[c])), tr("to %s") % where(b, t)]
        return ["Khaos R%d/%d" % (rnd, gm.rounds), "%d %s" % (v, NAMES[c]),
                "%s>%s" % (where(b, s), where(b, t))]

    def key(self, k):
        app = self.app
        if k == BACK:
            load("ui_more").delfos_menu(app)
            return
        if table_key(self, k):
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
        app.job = Ahead(app, lambda: moves_ahead(app))  # the next move list while this turn is read


def resume(app, ph, key):
    """``ui.resume`` with the ancient board laid out: Khaos's turn (its result again when
    ``key`` says it was shown before a power cut) or the player's moves (the layout's
    screen is ``ui.resume``'s)."""
    gm = app.session.game
    drop(("ui_geometry", "ui_ancient", "ui_layout"))
    ahead = taken_ahead(app)  # taken (and let go) whatever the phase
    if ph != "place":
        ahead = None
    app.stack[-1] = BoardTurn(app, ahead and ahead[0])  # in place of ui.resume's plain Screen
    if ph != "place":
        app.push(KhaosBoard(app))
    else:
        app.push(MoveScreen(app, ahead))
        if key == "kdone" and gm.board.kturn:  # the Khaos turn just shown, before a power cut
            app.push(KhaosBoard(app, True))


class BoardTurn(TurnScreen):
    """The turn screen with the ancient board: ``MoveScreen`` sets ``pending`` (the
    "take" command's marker, start and target) and the space step; OK on the space
    records the move and the space as one command; BACK goes back to the moves, on the
    move chosen (``chooser``)."""

    pending = None  # type: list | None
    chooser = None  # the MoveScreen the pending move came from

    def __init__(self, app, legal=None):
        self.ahead = legal  # the legal spaces ``moves_ahead`` found for this state (None: work them out)
        TurnScreen.__init__(self, app)

    def legal_now(self, gm):
        got = self.ahead
        self.ahead = None
        return got if got is not None else TurnScreen.legal_now(self, gm)

    def key(self, k):
        app = self.app
        if self.pending and self.stage == 2 and k in (OK, BACK):
            if k == BACK:
                app.push(self.chooser or MoveScreen(app))
                return
            self.place(self.cursor())
            return
        TurnScreen.key(self, k)

    def place(self, p):
        """The pending move and space ``p`` (x, y) as one "take" command, then the next screen."""
        app = self.app
        app.do(list(self.pending or ()) + [p[0], p[1]])
        # The next screen at once (Khaos's turn, or the next move list): one frame for the key,
        # not the placed tile first and that screen after it (two frames' bytes on the bus).
        after_move(app)

    def shown(self):
        TurnScreen.shown(self)
        self.pending = None
        self.chooser = None
