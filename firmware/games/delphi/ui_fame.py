"""Delphi set-up and the Parade card fame values (screens loaded on demand).

The stored settings table ("delphi-fame", ``fame.normalise_table`` form):
only Parade 1 March 1 is in the rulebook (Delphi rulebook, "Play
of the Game": -1, +2, +3); every other value shows "?" until the owner
enters it once from the printed Parade cards, never a guessed number.
Imported only when needed and dropped again (``games.delphi.unload``) so the March
screens keep the RAM.
"""
import lang
import names_ui
from lang import tr
from ui import Menu

from games.delphi import cards, fame, unload
from games.delphi.cardmenu import NAMES
from games.delphi.ui_march import enter_triple, load_table, store_triple

def fmt_value(v):
    return "?" if v is None else str(v)


class FameTable(Menu):
    """The nine Parade card entries; OK edits one (Parade 1 March 1 is fixed).

    Without a game: the stored settings.  In a game: that game's table
    (``set_fame``, also stored), Marches already scored are locked.
    """

    def __init__(self, app, in_game):
        Menu.__init__(self, app, tr("Fame out/next/last"))
        self.in_game = in_game
        self.shown()

    def table(self):
        return self.app.session.game.table if self.in_game else load_table(self.app)

    def shown(self):
        t = self.table()
        done = len(self.app.session.game.results) if self.in_game else 0
        items = []
        cjk = lang.cjk
        pm = tr("P%d M%d")
        for k in range(9):
            a, b, c = t[k]
            if cjk:  # the label's glyphs are wider: the columns closer
                items.append((pm + "%4s%3s%3s%s") % (k // 3 + 1, k % 3 + 1, fmt_value(a), fmt_value(b),
                                                     fmt_value(c), " ok" if k < done else ""))
                continue
            items.append("P%d M%d %4s %3s %3s%s" % (k // 3 + 1, k % 3 + 1, fmt_value(a), fmt_value(b),
                                                 fmt_value(c), " ok" if k < done else ""))
        self.set_items(items)

    def badge(self):
        return ""

    def choose(self, k):
        app = self.app
        if k == 0:
            raise ValueError(tr("Parade 1 March 1 is fixed by the rulebook"))
        if self.in_game and k < len(app.session.game.results):
            raise ValueError(tr("that March is already scored"))

        def done(t):
            if self.in_game:
                app.do(["set_fame", k // 3 + 1, k % 3 + 1, t[0], t[1], t[2]])
            store_triple(app, k, t)
            self.shown()

        enter_triple(app, k, self.table()[k], done)


class SetupScreen(Menu):
    """City States in play, the fame values, start."""

    def __init__(self, app, resume):
        Menu.__init__(self, app, tr("Delphi set-up"), None, 5)
        self.resume = resume  # ui.resume, passed in: this module does not import ui
        self.on = [True, True, True, True]
        self.shown()

    def shown(self):
        items = ["[%s] %s" % ("x" if self.on[i] else " ", tr(NAMES[i])) for i in range(4)]
        unset = len(fame.all_missing(load_table(self.app))) // 3
        items.append(tr("Fame values (%d ?)") % unset if unset else tr("Fame values"))
        items.append(tr("Start: %d City States") % sum(self.on))
        self.set_items(items)

    def choose(self, i):
        app = self.app
        if i < 4:
            self.on[i] = not self.on[i]
            self.shown()
            app.changed()
        elif i == 4:
            app.push(FameTable(app, False))
        else:
            cities = [cards.CITY_STATES[j] for j in range(4) if self.on[j]]
            if len(cities) < 3:
                raise ValueError(tr("choose 3 or 4 City States"))
            names_ui.pick(app, [tr(NAMES[cards.city_index(c)]) for c in cities], lambda: self.begin(cities))

    def begin(self, cities):
        """Start the game with these City States (the names are picked)."""
        app = self.app
        t = load_table(app)
        app.start_session({"cities": cities, "fame": [list(x) for x in t]})
        self.resume(app, None)
        app.save()
        unload("ui_fame")


# ---- the March ------------------------------------------------------------
