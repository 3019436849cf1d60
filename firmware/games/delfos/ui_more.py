"""Rarely used Delfos screens: the Delfos menu, the whole city (architect tokens or
values; also the final city at the end) and the tile supply.  Imported only when
used and dropped again by ``ui.resume`` (RAM on the Pico)."""
from gfx import W
import lang
from keys import BACK, LEFT, OK, UP
from lang import tr
from ui import ChoiceMenu, Screen, clock_items, clock_pick

from games.delfos import LETTERS, drop, load
from games.delfos.ui_base import NAMES, draw_zoom, pattern, view_origin


# The screens the Delfos menu is opened from (nothing it opened is still shown then).
MENU_FROM = ("MainMenu", "TurnScreen", "KhaosScreen", "SoloEnd", "EndScreen")


def delfos_menu(app):
    """The Delfos menu: BACK on the turn screen and on Khaos's turn.

    The score pad, campaign and set-up screen modules are let go here: the screens
    opened from this menu are closed again, and together with the rest of Delfos
    they ran out of the Pico's heap late in a game (imported again when used)."""
    for s in app.stack:
        if type(s).__name__ not in MENU_FROM:
            break
    else:
        drop(("ui_pad", "ui_campaign", "ui_setup"))
    items = [tr("Undo last step"), tr("Scores so far"), tr("Goal tiles"), tr("City: tokens, values"),
             tr("Tile supply"), tr("Score pad"), tr("End game, main menu")]
    items += [tr(s) for s in clock_items(app, False)]  # the table's clock's, if any

    def chosen(i):
        app.pop()
        i -= 1
        if i == -1:
            app.undo()
            app.ui.resume(app, None)
        elif i == 0:
            load("ui_rank").show_scores(app)
        elif i == 1:
            load("ui_goals").goal_menu(app)
        elif i == 2:
            app.push(CityScreen(app))
        elif i == 3:
            app.push(SupplyScreen(app))
        elif i == 4:
            load("ui_pad").pad_from_game(app)
        elif i == 5:
            app.game_menu(True)  # its undo is this menu's first line
        else:
            clock_pick(app, clock_items(app, False)[i - 6])

    menu = ChoiceMenu(app, tr("Clock paused") if app.session.clock is not None else tr("Delfos"), items, chosen)
    menu.pauses = True  # the Delfos menu is the game's pause: the table's clock stops (games.clock.ui)
    app.push(menu)


class CityScreen(Screen):
    """The whole city, three views in turn (OK): the architect tokens' owners, the
    tiles' values (14 x 10 px a space, each tile's colour as its pattern on the right,
    the letter or digit on black on the left), then the zoom (``ui.draw_zoom``) with
    UP/DOWN (LEFT/RIGHT) walking the tiles in reading order.  The architect-token view
    in play and the final city at the end; BACK leaves."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.mode = 0  # 0 owners, 1 values, 2 zoom
        self.index = 0

    def tiles(self):
        city = self.app.session.game.city
        return [(x, y) for y in range(city.y0, city.y1 + 1) for x in range(city.x0, city.x1 + 1)
                if city.at(x, y) is not None]

    def draw(self, g):
        gm = self.app.session.game
        city = gm.city
        fb = g.fb
        if self.mode == 2:
            ts = self.tiles()
            if ts:
                g.title(tr("Tile %d/%d") % (self.index % len(ts) + 1, len(ts)), tr("OK: owners"))
                draw_zoom(g, city, ts[self.index % len(ts)])
            else:  # nothing to zoom on yet: say so, never a blank screen
                g.title(tr("Tile %d/%d") % (0, 0), tr("OK: owners"))
                g.center(tr("No tile placed yet"), 30)
            return
        top = g.title(tr("Values") if self.mode else tr("Owners"), tr("OK: zoom") if self.mode else tr("OK: values"))
        ox, oy = view_origin(city, None, city.cols, city.rows)
        gx = (W - city.cols * 14 - 1) // 2
        for j in range(city.rows):
            for i in range(city.cols):
                t = city.at(ox + i, oy + j)
                if t is None:
                    continue
                px = gx + i * 14
                py = (11 if top < 11 else top) + j * 10  # under the bar (the language's: 13 px)
                fb.rect(px, py, 15, 11, 1)
                pattern(fb, px + 7, py + 1, 7, 9, t[0])
                if self.mode:
                    g.text(str(t[1]), px + 1, py + 2, 1)
                elif t[2] >= 0:
                    g.text(LETTERS[t[2]], px + 1, py + 2, 1)

    def key(self, k):
        if k == OK:
            self.mode = (self.mode + 1) % 3
        elif k == BACK:
            self.app.pop()
            return
        elif self.mode == 2:
            self.index += -1 if k in (UP, LEFT) else 1
        else:
            self.mode = (self.mode + 1) % 3
        self.app.changed()


class SupplyScreen(Screen):
    """Building tiles still in the supply, per colour and value."""

    def draw(self, g):
        city = self.app.session.game.city
        if lang.cjk:  # a colour's glyph then its 5 counts, in the language's lines (10 px apart)
            g.title(tr("Tiles left"), tr("value 1-5"))
            g.text(" 1  2  3  4  5", 13, 15)
            for c in range(5):  # the colour's pattern (the city's key) before its counts
                y = 24 + c * 8
                pattern(g.fb, 1, y, 10, 6, c)
                g.text("".join([" %d " % city.left(c, v) for v in range(1, 6)]), 13, y)
            return
        g.title("Tiles left", "value 1-5")
        g.text("        1  2  3  4  5", 1, 11)
        for c in range(5):
            s = "%-7s" % NAMES[c]
            for v in range(1, 6):
                s += " %d " % city.left(c, v)
            g.text(s, 1, 20 + c * 9)

    def key(self, k):
        self.app.pop()
