"""Delphi end of game: cards left in hand and the final ranking.

Delphi rulebook, "End of the Game": one fame point per card left
in hand (the Pass card not counted, as for the Great Cessation); most fame
wins, equal fame shares a place.  Loaded only after the last March.  On the final ranking OK
is "Phone" (``phone``) when the image knows the page's address.
"""
import gfx
import lang
import phone
from gfx import BIG, TALL_W, W, Gfx, plain
from keys import BACK, DOWN, OK, UP
from lang import tr
from ui import Menu, NumberPick, Screen

from games.delphi.cardmenu import cname

def padded(name):
    """``name`` and spaces to 8 small-font characters' width (the glyphs' own width counted)."""
    while Gfx.width(name) < 47:
        name += " "
    return name


class HandsScreen(Menu):
    """After the last March: cards left in each hand (+1 fame each)."""

    resume_key = "hands"

    def __init__(self, app):
        Menu.__init__(self, app, tr("Cards left in hand"))
        self.shown()

    def shown(self):
        gm = self.app.session.game
        items = []
        for ci in range(gm.players):
            c = gm.hand_entries[ci]
            items.append("%s %s" % (padded(cname(gm, ci)), "? (~%d)" % gm.hand_estimate[ci] if c is None else str(c)))
        items.append(tr("Done: +1 fame each"))
        self.set_items(items)

    def choose(self, i):
        app = self.app
        gm = app.session.game
        if i == gm.players:
            if None in gm.hand_entries:
                raise ValueError(tr("enter every City State's cards first"))
            app.do(["hands"] + gm.hand_entries)
            app.replace(EndScreen(app))
            app.save()
            return

        def got(v):
            app.pop()
            app.do(["hand", gm.cities[i], v])  # each entry survives a power cut
            self.index = i + 1
            self.shown()

        c0 = gm.hand_entries[i]
        hi = gm.hand_max(i)
        app.push(NumberPick(app, tr("%s cards left") % cname(gm, i), min(gm.hand_estimate[i], hi) if c0 is None else c0,
                            0, hi, got, tr("no Pass")))

    def back(self):
        self.app.game_menu()


class EndScreen(Screen):
    """The final ranking: most fame first, equal fame shares a place.  OK: the play's QR code
    for the phone (made in the background meanwhile) when offered, else the game menu (BACK
    too)."""

    resume_key = "end"
    top = 0  # the first place shown below the winner (in a language of glyphs: 2 a page, UP/DOWN)

    def draw(self, g):
        gm = self.app.session.game
        if lang.cjk:
            self.draw_cjk(g, gm)
            return
        if phone.offered(self.app):
            g.title("Fame (+hand)", "OK:" + phone.ACTION)
        else:
            g.title("Final fame (+hand)")
        rk = gm.ranking()
        top = "=".join([cname(gm, gm.city(c)) for c in rk[0]])
        if g.width(top, BIG) <= W:
            g.big_center(top, 11)
        else:
            g.center(top, 15)
        y = 29
        place_no = 1
        for grp in rk:
            for c in grp:
                ci = gm.city(c)
                g.text("%d. %-8s%4d (+%d)" % (place_no, cname(gm, ci), gm.fame[ci], gm.hands[ci]), 1, y)
                y += 8
            place_no += len(grp)

    def draw_cjk(self, g, gm):
        """``draw`` in lines of glyphs: the winner in table text (22 px glyphs), the places two
        lines at a time under it, UP/DOWN for the others (a triangle says where they are)."""
        if phone.offered(self.app):
            g.title(tr("Fame (+hand)"), tr("OK: Phone"))
        else:
            g.title(tr("Final fame (+hand)"))
        rk = gm.ranking()
        top = "=".join([cname(gm, gm.city(c)) for c in rk[0]])
        if plain(top):  # the names the players typed: the big font, as in English
            if g.width(top, BIG) <= W:
                g.big_center(top, 17)
            else:
                g.center(top, 21)
        elif sum([22 if ord(ch) > 126 else TALL_W for ch in top]) <= W:
            gfx.intl.table_line(g, top, 14)  # pyright: ignore[reportAttributeAccessIssue]
        else:
            g.center(top, 19)
        rows = []
        place_no = 1
        for grp in rk:
            for c in grp:
                rows.append((place_no, gm.city(c)))
            place_no += len(grp)
        y = 38
        for place_no, ci in rows[self.top:self.top + 2]:
            g.line("%d. %s" % (place_no, cname(gm, ci)), 1, y)
            s = "%d (+%d)" % (gm.fame[ci], gm.hands[ci])
            g.line(s, W - 7 - g.width(s), y)
            y += 12
        for i in range(4):  # where the other places are: a triangle at the right end
            if self.top:
                g.fb.hline(W - 4 - i, 39 + i, 2 * i + 1, 1)
            if self.top + 2 < len(rows):
                g.fb.hline(W - 4 - i, 60 - i, 2 * i + 1, 1)

    def key(self, k):
        if lang.cjk and k in (UP, DOWN):
            n = self.app.session.game.players
            self.top = max(0, min(n - 2, self.top + (1 if k == DOWN else -1)))
            self.app.changed()
            return
        if k == OK and phone.offered(self.app):
            phone.show(self.app)
        elif k in (OK, BACK):
            self.app.game_menu()
