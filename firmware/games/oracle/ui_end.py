"""The Oracle of Delphi: the end of the game.

``ZeusScreen`` marks who is back at Zeus (the game ends when that round ends);
``EndScreen`` enters the oracle cards and favor of those players and names the
winner once all are entered (tie-break, 003 遊戲結束); then its last line is "Phone: scan to
log" (``phone``) when the image knows the page's address.
"""
import phone
from lang import tr
from ui import Menu, NumberPick

from games.oracle.ui_draw import pname


class ZeusScreen(Menu):
    """Mark who is back at Zeus; the game ends when this round ends."""

    def __init__(self, app):
        Menu.__init__(self, app, tr("Back at Zeus?"))
        self.shown()

    def shown(self):
        gm = self.app.session.game
        self.set_items(["[%s] %s" % ("x" if gm.returned[p] else " ", pname(p)) for p in range(gm.n)])

    def choose(self, p):
        self.app.do(["zeus", p])
        self.shown()
        self.app.changed()


class EndScreen(Menu):
    """Game over: oracle cards and favor of those back at Zeus, then the order."""

    resume_key = "end"

    def __init__(self, app):
        Menu.__init__(self, app, tr("Game over"))
        self.shown()

    def shown(self):
        gm = self.app.session.game
        items = []
        self.players = [p for p in range(gm.n) if gm.returned[p]]
        for p in self.players:
            f = gm.final[p]
            items.append(tr("%s cards %s fav %s") % (pname(p), "?" if f is None else f[0], "?" if f is None else f[1]))
        order = gm.ranking()
        if order:
            items.append(tr("Winner: %s") % " = ".join(pname(p) for p in order[0]))
            if phone.offered(self.app):
                if tr(phone.ACTION) not in self.items:
                    self.index = len(items)  # the winner known: OK shows the code for the phone
                items.append(tr(phone.ACTION))
        elif self.players:
            items.append(tr("Winner: enter all"))  # never before every entry (003, 遊戲結束)
        else:
            items.append(tr("Nobody back at Zeus"))
        self.set_items(items)

    def choose(self, i):
        if self.items[i] == tr(phone.ACTION):
            phone.show(self.app)
            return
        if i >= len(self.players):
            return
        app = self.app
        p = self.players[i]
        gm = app.session.game
        f = gm.final[p] or [0, gm.favor[p]]  # favor as tracked, to confirm

        def got_cards(cards):
            app.pop()

            def got_favor(favor):
                app.pop()
                app.do(["final", p, cards, favor])
                self.shown()

            most = gm.final_favor_max(p)  # the box's 34 tokens, less the others' entered
            app.push(NumberPick(app, tr("%s favor") % pname(p), min(f[1], most), 0, most, got_favor))

        app.push(NumberPick(app, tr("%s oracle cards") % pname(p), f[0], 0, 30, got_cards))

    def back(self):
        self.app.game_menu()
