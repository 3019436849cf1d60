"""Khaos's turn (Delfos rulebook, Solo Mode, Khaos Turn): draw our device Khaos
card, or enter a printed card's C and D; show the card's priorities A-D so the
player can resolve Khaos's move on the ancient board; enter the tile Khaos took;
the device shows where it goes in the city (``khaos.placement``) and places it.
Imported in solo games only."""
import lang
from keys import BACK, LEFT, OK, UP
from lang import tr
from ui import ChoiceMenu, Screen

from games.delfos import COLOURS, LETTERS, load
from games.delfos.ui_base import NAMES, after_move, bar, colours_left, draw_zoom, value_order


def draw_arrow(fb, x, y, a):
    """A 7 x 7 arrow at (x, y) pointing D(own), U(p), L(eft) or R(ight)."""
    for k in range(4):  # the head: 7, 5, 3, 1 px wide
        if a == "D":
            fb.hline(x + k, y + 3 + k, 7 - 2 * k, 1)
        elif a == "U":
            fb.hline(x + k, y + 3 - k, 7 - 2 * k, 1)
        elif a == "L":
            fb.vline(x + 3 - k, y + k, 7 - 2 * k, 1)
        else:
            fb.vline(x + 3 + k, y + k, 7 - 2 * k, 1)
    if a in "DU":  # the shaft
        fb.fill_rect(x + 3, y if a == "D" else y + 4, 1, 3, 1)
    else:
        fb.fill_rect(x if a == "R" else x + 4, y + 3, 3, 1, 1)


class KhaosScreen(Screen):
    """Khaos's turn: draw (or enter) the Khaos card, show its priorities, then enter
    the tile Khaos took; the device places it (Khaos Turn, Place A Building Tile)."""

    resume_key = "khaos"

    def draw(self, g):
        gm = self.app.session.game
        card = gm.card()
        g.title(tr("Khaos R%d/%d") % (gm.round, gm.rounds), tr("%d tokens") % gm.tokens_left[gm.kseat])
        if card is None:
            if lang.cjk:  # the language's lines: 12 px apart, the bar 13 px tall
                g.center(tr("Khaos's turn"), 15)
                g.center(tr("Draw a printed card, then enter its C, D") if gm.printed else
                         tr("%d cards in the deck") % gm.cards_left(), 30)
                g.action_bar(tr("OK: enter card C, D") if gm.printed else tr("OK: draw the card"), False)
                return
            g.center("Khaos's turn", 14)
            if gm.printed:
                g.center("Draw a printed card,", 26)
                g.center("then enter its C, D", 35)
                bar(g, "OK: enter card C, D", True)
            else:
                g.center("Draw a Khaos card", 26)
                g.center("%d cards in the deck" % gm.cards_left(), 35)
                bar(g, "OK: draw the card", True)
            return
        fb = g.fb
        if lang.cjk:
            draw_card_cjk(g, card)
            return
        if card["colours"]:
            g.text("A", 1, 12)
            x = 14
            for ch in card["colours"]:
                fb.rect(x - 2, 10, 11, 11, 1)
                g.text(ch, x, 12)
                x += 14
            g.text("B %s" % ("low to high 1-5" if card["ascending"] else "high to low 5-1"), 1, 24)
        else:
            g.text("A, B: on your card", 1, 14)
        g.text("C", 1, 35)
        x = 14
        for a in card["arrows"]:
            draw_arrow(fb, x, 35, a)
            x += 14
        # the card's broken link (Delfos rulebook, Solo Mode): any space next to the city, as the
        # printed card's entry says it
        g.text("D %s" % ("same colour first" if card["same_colour"] else "broken link: any"), 1, 46)
        bar(g, "OK: Khaos's tile", True)

    def key(self, k):
        app = self.app
        gm = app.session.game
        card = gm.card()
        if k == BACK:
            load("ui_more").delfos_menu(app)
        elif k != OK:
            return
        elif card is None:
            if gm.printed:
                enter_card(app)
            else:
                app.do(["khaos_draw"])
                app.changed()
        else:
            app.push(KhaosTile(app))


def draw_card_cjk(g, card):
    """The drawn Khaos card's priorities A-D in the language's lines (``lang.cjk``): A's colours
    and B's order on one line, C's arrows, D's adjacency; the bar under them."""
    fb = g.fb
    y = 15
    if card["colours"]:
        g.text("A", 1, y + 2)
        x = 10
        for ch in card["colours"]:
            fb.rect(x - 2, y, 11, 11, 1)
            g.text(ch, x, y + 2)
            x += 12
        g.line(tr("B 1-5") if card["ascending"] else tr("B 5-1"), 70, y)
    else:
        g.line(tr("A, B: on your card"), 1, y)
    g.text("C", 1, 30)
    x = 14
    for a in card["arrows"]:
        draw_arrow(fb, x, 30, a)
        x += 14
    g.line(tr("D same colour first") if card["same_colour"] else tr("D broken link: any"), 1, 39)
    g.action_bar(tr("OK: Khaos's tile"), False)


class KhaosTile(Screen):
    """The tile Khaos took: colour (in the card's colour order A, its first colour
    first), then value (in the card's value order B, its first value left first);
    the city is zoomed on the space the device computed for that colour
    (``khaos.placement``), so OK on the value places it: a typical Khaos turn is
    OK (draw) OK (card) OK OK, 4 presses.  BACK: one step back."""

    def __init__(self, app):
        Screen.__init__(self, app)
        gm = app.session.game
        card = gm.card()
        city = gm.city
        order = [LETTERS.index(ch) for ch in card["colours"]] if card["colours"] else list(range(5))
        left = colours_left(city)
        self.cols = [c for c in order if c in left]
        self.desc = card["ascending"] is False
        self.stage = 0
        self.ci = 0
        self.fit()

    def fit(self):
        city = self.app.session.game.city
        self.vals = [v for v in value_order(self.desc) if city.left(self.cols[self.ci], v)]
        self.vi = 0

    def draw(self, g):
        gm = self.app.session.game
        c = self.cols[self.ci]
        v = self.vals[self.vi]
        pos = gm.khaos_preview(COLOURS[c], v)
        g.title(tr("Khaos took"), tr("tile:%s") % tr(NAMES[c]) if self.stage == 0 else tr("value:%d") % v)
        draw_zoom(g, gm.city, pos, (c, v), gm.pidx[gm.kseat])

    def key(self, k):
        app = self.app
        d = -1 if k in (UP, LEFT) else 1
        if k == OK:
            if self.stage == 0:
                self.stage = 1
            else:
                app.do(["khaos", COLOURS[self.cols[self.ci]], self.vals[self.vi]])
                after_move(app)
                return
        elif k == BACK:
            if self.stage == 0:
                app.pop()
                return
            self.stage = 0
        elif self.stage == 0:
            self.ci = (self.ci + d) % len(self.cols)
            self.fit()
        else:
            self.vi = (self.vi + d) % len(self.vals)
        app.changed()


def enter_card(app):
    """Printed Khaos card: its arrows (C), left first, then its adjacency (D)."""
    order = []

    def ask():
        rest = [a for a in "DULR" if a not in order]
        if len(rest) == 1:
            order.append(rest[0])
            app.replace(ChoiceMenu(app, tr("Card D"), [tr("Same colour first"), tr("Broken link: any")], got_d))
            return
        names = {"D": tr("down (lowest)"), "U": tr("up (highest)"), "L": tr("left"), "R": tr("right")}

        def got(i):
            order.append(rest[i])
            ask()

        app.replace(ChoiceMenu(app, tr("Card C arrow %d") % (len(order) + 1), [names[a] for a in rest], got))

    def got_d(i):
        app.pop()
        app.do(["khaos_draw", "".join(order), 1 if i == 0 else 0])

    app.push(Screen(app))  # placeholder replaced by the first question
    ask()
