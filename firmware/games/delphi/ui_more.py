"""Delphi screens opened now and then from the March screen's actions (loaded on demand): a
display's cards (``DisplayView``) and the running fame and Oracle visits (``Standings``).  Rules:
Delphi rulebook, "The Display", "The Oracle".  Dropped again when the March screen is back on top
(``games.delphi.unload``); the March's own flow is ``ui_march``.
"""
import lang
from gfx import CJK_BAR, W
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from lang import tr
from ui import Screen

from games.delphi.cardmenu import card_list, cname


class DisplayView(Screen):
    """One display's cards left to right; UP/DOWN: the next display."""

    def __init__(self, app, ci):
        Screen.__init__(self, app)
        self.ci = ci

    def draw(self, g):
        gm = self.app.session.game
        ci = self.ci
        if lang.cjk:  # the taller lines: two of cards, the key hint a line of glyphs under its rule
            g.title(cname(gm, ci), "" if gm.competing[ci] else tr("passed"))
            x = g.big(str(gm.values()[ci]), 1, 14)
            g.line(tr("halved: Poseidon") if gm.halved(ci) else tr("value"), x + 6, 15)
            g.wrap(tr("Cards: %s") % card_list(gm.displays[ci]), 29, 2)
            g.fb.hline(0, 52, W, 1)
            g.line(tr("UP/DOWN: other City"), 1, 53)
            return
        g.title(cname(gm, ci), "" if gm.competing[ci] else "passed")
        x = g.big(str(gm.values()[ci]), 1, 12)
        g.text("halved: Poseidon" if gm.halved(ci) else "value", x + 6, 16)
        g.wrap("Cards: " + card_list(gm.displays[ci]), 30, 3)
        g.footer("UP/DOWN: other City")

    def key(self, k):
        if k in (UP, DOWN, LEFT, RIGHT):
            n = self.app.session.game.players
            self.ci = (self.ci + (1 if k in (DOWN, RIGHT) else -1)) % n
            self.app.changed()
        elif k in (OK, BACK):
            self.app.pop()


class Standings(Screen):
    """Running fame, Oracle visits (2 per game) and cards in hand (a guide)."""

    top = 0  # the first line shown (in a language of glyphs: 4 lines a page, UP/DOWN)

    def draw(self, g):
        gm = self.app.session.game
        if lang.cjk:
            self.draw_cjk(g, gm)
            return
        g.title("Fame and oracle")
        g.text("City    Fame Ora Hand", 1, 11)
        y = 20
        for ci in range(gm.players):
            g.text("%-7s %4d  %d/2 ~%d" % (cname(gm, ci), gm.fame[ci], gm.oracle_visits[ci],
                                        gm.hand_estimate[ci]), 1, y)
            y += 8
        c = gm.cessation
        g.text("Cessation: not yet" if c is None else "Cessation: P%d M%d %s" % (c[0], c[1], cname(gm, c[2])),
               1, 55)

    def draw_cjk(self, g, gm):
        """``draw`` in lines of glyphs: the columns' headings in the title bar, a line a City
        State and the Great Cessation's line after them, 4 lines a page."""
        g.fb.fill_rect(0, 0, W, CJK_BAR, 1)
        for s, x1 in ((tr("City State"), 0), (tr("Fame"), 70), (tr("Oracle"), 98), (tr("Hand"), W - 1)):
            g.line(s, 1 if not x1 else x1 - g.width(s), 1, 0)
        n = gm.players
        y = 14
        for i in range(self.top, min(self.top + 4, n + 1)):
            if i == n:
                c = gm.cessation
                g.line(tr("Cessation: not yet") if c is None else
                       tr("Cessation: P%d M%d %s") % (c[0], c[1], cname(gm, c[2])), 1, y)
                break
            g.line(cname(gm, i), 1, y)
            for s, x1 in (("%d" % gm.fame[i], 70), ("%d/2" % gm.oracle_visits[i], 98),
                          ("~%d" % gm.hand_estimate[i], W - 1)):
                g.line(s, x1 - g.width(s), y)
            y += 12
        if n + 1 > 4:  # the other page's triangle, at the right end of the last line
            for i in range(4):
                if self.top:
                    g.fb.hline(W - 4 - i, 15 + i, 2 * i + 1, 1)
                else:
                    g.fb.hline(W - 4 - i, 60 - i, 2 * i + 1, 1)

    def key(self, k):
        n = self.app.session.game.players + 1
        if lang.cjk and k in (UP, DOWN) and n > 4:
            self.top = 0 if self.top else 4
            self.app.changed()
        elif k in (OK, BACK):
            self.app.pop()
