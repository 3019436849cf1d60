"""Rarely used in-game Delfos screens: the Delfos menu, the architect-token view and
the tile supply.  Imported only when used and dropped again by ``ui.resume`` (RAM
on the Pico)."""
from ui import ChoiceMenu, Screen

from games.delfos.ui import NAMES, bar, draw_city


def delfos_menu(app):
    """The Delfos menu: BACK on the turn screen and on Khaos's turn."""
    items = ["Undo last step", "Scores so far", "Goal tiles", "Architect tokens", "Tile supply",
             "Score pad", "End game, main menu"]

    def chosen(i):
        app.pop()
        i -= 1
        if i == -1:
            app.undo()
            app.ui.resume(app, None)
        elif i == 0:
            from games.delfos.ui_rank import show_scores
            show_scores(app)
        elif i == 1:
            from games.delfos.ui_goals import goal_menu
            goal_menu(app)
        elif i == 2:
            app.push(TokenScreen(app))
        elif i == 3:
            app.push(SupplyScreen(app))
        elif i == 4:
            from games.delfos import ui_pad
            ui_pad.pad_from_game(app)
        else:
            app.game_menu()

    app.push(ChoiceMenu(app, "Delfos", items, chosen))


class TokenScreen(Screen):
    """The city with each tile's architect-token owner (lowercase) instead of its value."""

    def draw(self, g):
        gm = self.app.session.game
        g.title("Architect tokens")
        draw_city(g, gm.city, None, (), None, True)
        s = ""
        for p in gm.pidx:
            s += "gybrp"[p] + " "
        bar(g, "owners: " + s, False)

    def key(self, k):
        self.app.pop()


class SupplyScreen(Screen):
    """Building tiles still in the supply, per colour and value."""

    def draw(self, g):
        city = self.app.session.game.city
        g.title("Tiles left", "value 1-5")
        g.text("        1  2  3  4  5", 1, 11)
        for c in range(5):
            s = "%-7s" % NAMES[c]
            for v in range(1, 6):
                s += " %d " % city.left(c, v)
            g.text(s, 1, 20 + c * 9)

    def key(self, k):
        self.app.pop()
