"""Screens of the Delphi display calculator (one display, no March).

For settling a display value at the table (``calc.DisplayCalc``): the
value in the big font, the cards as they lie, and an action bar: add a
card, remove a card (an opponent's Zeus, Hades, Moira or Hera), an
opponent's Poseidon on or off, clear.  BACK opens the game menu.

The card menu and the Zeus target menus are the March screens' ones
(``games.delphi.cardmenu``).  Rules: Delphi rulebook, "The Display", "God cards".
"""
import lang
from fonts import SMALL
from gfx import W
from lang import tr
from ui import ActionScreen, ChoiceMenu, confirm

from games.delphi import cards
from games.delphi.calc import DisplayCalc
from games.delphi.cardmenu import CardMenu, card_items, card_list, pick_zeus

GAME_CLS = DisplayCalc
TITLE = "Delphi calculator"

class CalcScreen(ActionScreen):
    """The calculator's home: value, cards, actions."""

    resume_key = "calc"
    line_alone = True  # a step of the action line draws it alone (its draw reads no action)

    def actions(self):
        c = self.app.session.game
        return (tr("Add card"), tr("Remove card"),
                tr("Poseidon: on") if c.poseidon else tr("Poseidon: off"), tr("Clear"))

    def draw(self, g):
        c = self.app.session.game
        n = len(c.cards)
        v = str(c.value())
        if lang.cjk:
            self.draw_cjk(g, n, v)
            return
        g.title("Calculator", "%d card%s" % (n, "" if n == 1 else "s"))
        # Scale 2 (30 px digits) unless a long halved value would meet the note.
        g.big(v, 4, 12, 1 if c.poseidon and len(v) > 3 else 2)
        if c.poseidon:
            g.right("raw %d" % c.raw(), 14, x1=W - 1)
            g.right("halved", 24, x1=W - 1)
        s = card_list(c.cards)
        if len(s) > 21:
            s = ".." + s[-19:]  # the latest cards; "Remove card" lists them all
        g.text(s, 1, 45)
        self.draw_actions(g)

    def draw_cjk(self, g, n, v):
        """``draw`` in a language of glyphs: the taller title and action bars leave 37 rows, so
        the value is in table text (18 px digits, ``ui.TableView``'s) and the cards' line under it."""
        c = self.app.session.game
        g.title(tr("Calculator"), tr("%d cards") % n)
        g.text(v, 4, 15, 1, SMALL, 2, 3, 0)
        if c.poseidon:
            g.right(tr("raw %d") % c.raw(), 14, x1=W - 1)
            g.right(tr("halved"), 26, x1=W - 1)
        s = card_list(c.cards)
        while g.width(s) > W - 2 and " " in s:
            s = s[s.find(" ") + 1:]  # the latest cards that fit; "Remove card" lists them all
        g.line(s, 1, 38)
        self.draw_actions(g)

    def run(self, a):
        app = self.app
        c = app.session.game
        if a == 0:
            def on_code(code):
                if code == cards.ZEUS:
                    def on_target(t):
                        app.do(["card", "zeus"] if t is None else ["card", "zeus", t[1]])
                    pick_zeus(app, [c.cards], [tr("display")], on_target)
                else:
                    app.do(["card", cards.NAMES[code]])
            app.push(CardMenu(app, tr("Add card"), c.left, False, on_code))
        elif a == 1:
            if not c.cards:
                raise ValueError(tr("the display is empty"))

            def chosen(i):
                app.pop()
                app.do(["remove", i])

            app.push(ChoiceMenu(app, tr("Remove which card"), card_items(c.cards), chosen))
        elif a == 2:
            app.do(["poseidon", 0 if c.poseidon else 1])
        else:
            confirm(app, tr("Clear the display?"), lambda: app.do(["clear"]))
        app.changed()


def start(app):
    """New calculator: nothing to set up."""
    app.start_session({})
    app.push(CalcScreen(app))
    app.save()


def resume(app, key):
    """Rebuild the screens after a restart or an undo."""
    del app.stack[1:]
    app.push(CalcScreen(app))
