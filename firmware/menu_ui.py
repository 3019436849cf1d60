"""The main menu: one line per game in ``games.GAMES``, a saved game marked " *".

``MainMenu(app)`` is the bottom of the App's screen stack.  OK on a game opens it (a saved one
asks "Resume saved game" or "New game"); BACK opens the device's menu: History, player names,
settings and about (``device_ui``, imported when that menu opens and let go when the main menu is
back on top: on the ``make deploy`` route its bytecode is heap a game wants).  The cursor is on
the game last opened (``opening``).
The game's modules load in ``app.later`` after a frame saying "Opening ...".
"""
import games
import lang
import loader
from lang import tr
from ui import ChoiceMenu, Menu, confirm


class MainMenu(Menu):
    # No scroll bar (one nearly as tall as the list says little of one line more): a triangle at the
    # right of the last row says the Timer, the seventh line, lies below (one UP from the first: the
    # list wraps); the lines look as they did before it came
    bar = False

    def __init__(self, app):
        Menu.__init__(self, app, "Menu")
        self.fresh = False  # items (which game is saved) are looked up on first draw

    def badge(self):
        p = self.app.prefs  # BACK (a long OK) opens History, names, Settings and About (device_ui)
        return tr("hold OK: History") if p and not p["back"] else tr("BACK: History")

    def draw(self, g):
        if not self.fresh:
            self.refresh()  # not at boot: a resumed game covers the menu until it is left
        self.bar = lang.cjk  # four lines of the language's glyphs: the bar says there are more
        Menu.draw(self, g)

    def key(self, k):
        if not self.fresh:
            self.refresh()
        Menu.key(self, k)

    def refresh(self):
        self.title = tr("Menu")  # the language may have changed in Settings
        items = []
        for name, label, _m in games.GAMES:
            saved = self.app.store.fs.exists(name + ".dat")
            items.append(tr(label) + (" *" if saved else ""))
        self.set_items(items)
        self.fresh = True

    def point(self, name):
        """The cursor on game ``name`` (the game last played), if it is one of ``games.GAMES``."""
        for i in range(len(games.GAMES)):
            if games.GAMES[i][0] == name:
                self.index = i

    def shown(self):
        # looked up at the next draw or key, not here: shown() runs inside a MemoryError's
        # handler (a game closed short of RAM), where the device must not raise again
        self.fresh = False
        loader.release(("device_ui",))  # back from the device menu: its module let go (_device_menu)

    def choose(self, index):
        app = self.app
        name = games.GAMES[index][0]
        label = tr(games.GAMES[index][1])
        opening = tr("Opening %s") % label
        if not app.store.fs.exists(name + ".dat"):
            app.later(opening, lambda: app.new_game(name))
            return

        def pick(i):
            app.pop()
            if i == 0:
                app.later(opening, lambda: app.resume_saved(name))
            else:
                confirm(app, tr("Discard saved game?"),
                        lambda: app.later(opening, lambda: app.new_game(name)))

        app.push(ChoiceMenu(app, label, [tr("Resume saved game"), tr("New game")], pick))

    def back(self):
        _device_menu(self.app)


def _device_menu(app):
    """Open the device menu.  Its module (``device_ui``: its screens, about 7 KB on the ``make deploy``
    route) is imported now and let go when the main menu is back on top (``MainMenu.shown``): the
    main menu does not hold it."""
    loader.import_module("device_ui").open_menu(app)
