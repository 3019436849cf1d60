"""Tholos: the end screen (each column's winner and points, both scores, the winner); OK:
"Phone" (``phone``) when the image knows the page's address."""
import lang
import names
import phone
from gfx import W
from keys import BACK, OK
from lang import tr
from ui import Screen

from games.tholos.rules import LETTERS, N_COLUMNS, WHITE, column_result
from games.tholos.ui_draw import GREEK_W, draw_greek, game_of, who, zh


class EndScreen(Screen):
    """Game over: each column's winner and points, both scores, columns won, the winner.
    OK: the play's QR code for the phone (made in the background meanwhile), when offered;
    else, and BACK: back to the final temple."""

    resume_key = "end"

    def draw(self, g):
        gm = game_of(self.app)
        winner = gm.result()[0]
        ws, bs, ww, bw = gm.scores()
        if winner < 0:
            head = tr("Draw")
        elif gm.device < 0:
            head = tr("%s wins") % who(gm, winner)
        else:
            head = tr("Device wins") if winner == gm.device else tr("You win!")
        g.title(head, tr("OK:Phone") if phone.offered(self.app) else "")
        if lang.cjk:
            zh().draw_end(g, gm, winner, ws, bs)
            return
        g.text("col", 1, 12)
        g.text("won", 1, 21)
        g.text("pts", 1, 30)
        for i in range(N_COLUMNS):
            x0 = 22 + i * 15
            w, wp, bp = column_result(gm.columns[i])
            draw_greek(g.fb, i, x0 + (15 - GREEK_W) // 2, 12)
            g.center("-" if w < 0 else LETTERS[w], 21, 1, x0=x0, x1=x0 + 15)
            g.center("-" if w < 0 else "%d" % (wp if w == WHITE else bp), 30, 1, x0=x0, x1=x0 + 15)
        g.fb.hline(0, 39, W, 1)
        for p in range(2):
            x0 = p * 64
            score = ws if p == WHITE else bs
            if p == winner:
                g.fb.fill_rect(x0 + 2, 41, 60, 15, 1)
            g.big("%s %d" % (LETTERS[p], score), x0 + 6, 41, 1, 0 if p == winner else 1)
            won = ww if p == WHITE else bw
            nm = names.label(p, "", 4) if p != gm.device else ""  # a picked name, cut to fit half the width
            g.center("%d col %s" % (won, nm) if nm else "%d columns" % won, 57, 1, x0=x0, x1=x0 + 64)

    def key(self, k):
        if k == OK and phone.offered(self.app):
            phone.show(self.app)
        elif k in (OK, BACK):
            self.app.pop()  # back to the final temple (BACK there: the game menu)
