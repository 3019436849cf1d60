"""Delphi screens that follow a play (loaded on demand): the Oracle visit after a Delphi card
(``OracleScreen``, ``oracle_card``), the Great Cessation reminder (``CessationScreen``), a March's
fame values prompt (``FamePrompt``, the fame table's entries: ``enter_triple``) and its result
(``ResultScreen``).  Rules: Delphi rulebook, "Delphi", "The Oracle", "Fame".  A module of its own,
apart from ``ui_more``'s views: on the make deploy route the OK that ends a March loads this half
alone (ui_more whole was 6.3 KB of .mpy, and the key that needed it found no room in
``make soak`` 61 times in 400 power-ons).  Dropped again when the March screen is back on top
(``games.delphi.unload``).
"""
import gfx
import lang
from gfx import W
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from lang import msg, tr
from ui import ChoiceMenu, NumberPick, Screen

from games.delphi import cards, fame
from games.delphi.cardmenu import CardMenu, card_items
from games.delphi.cardmenu import SETTINGS, cname


def oracle_card(app, remove):
    """An Oracle card's instruction (texts unknown but the Great Cessation):
    add a card to any display, or remove one from any display; each a
    command ("oracle_add" / "oracle_remove"), undone from the game menu."""
    gm = app.session.game
    cis = [ci for ci in range(gm.players) if gm.displays[ci] or not remove]
    if not cis:
        app.toast(tr("No card in any display"))
        return
    items = ["%s (%d)" % (cname(gm, ci), len(gm.displays[ci])) for ci in cis]

    def on_city(i):
        app.pop()
        ci = cis[i]
        city = gm.cities[ci]
        if remove:
            def on_card(k):
                app.pop()
                app.do(["oracle_remove", city, k])

            app.push(ChoiceMenu(app, tr("Remove from %s") % cname(gm, ci), card_items(gm.displays[ci]), on_card))
        else:
            app.push(CardMenu(app, tr("Add to %s") % cname(gm, ci), lambda c: gm.supply_left(ci, c), False,
                              lambda code: app.do(["oracle_add", city, cards.NAMES[code]])))

    app.push(ChoiceMenu(app, tr("Oracle: remove from") if remove else tr("Oracle: add to"), items, on_city))


def load_table(app):
    """The stored Parade card values, normalised (all unset if missing or broken)."""
    try:
        return fame.normalise_table(app.settings(SETTINGS, None))
    except Exception:  # a damaged file of any shape
        return fame.normalise_table(None)


def store_triple(app, k, triple):
    """Store one March's values (index ``k`` = (parade-1)*3 + march-1)."""
    t = load_table(app)
    t[k] = fame.check_triple(triple)
    app.save_settings(SETTINGS, [list(x) for x in t])


def enter_triple(app, k, cur, done):
    """Ask the three values of March ``k``: first out, next to last, last
    survivor; ``done((a, b, c))``.  Starts from the values set, else 0:
    never a guessed Parade card value."""
    pm = (k // 3 + 1, k % 3 + 1)

    def got_a(a):
        app.pop()

        def got_b(b):
            app.pop()

            def got_c(c):
                app.pop()
                done((a, b, c))

            c0 = cur[2] if cur[2] is not None and cur[2] >= b else b
            app.push(NumberPick(app, tr("P%d M%d last survivor") % pm, c0, b, fame.LIMIT, got_c))

        app.push(NumberPick(app, tr("P%d M%d next to last") % pm, cur[1] or 0, 0, fame.LIMIT, got_b))

    app.push(NumberPick(app, tr("P%d M%d first out") % pm, cur[0] or 0, -fame.LIMIT, 0, got_a))

CONTINUE = msg("Continue")
CESSATION = msg("Great Cessation")
ORACLE_ADD = msg("Oracle: add a card")
ORACLE_REMOVE = msg("Oracle: remove card")


class OracleScreen(Screen):
    """A Delphi card was played: the Oracle visit; the Great Cessation."""

    def __init__(self, app, ci):
        Screen.__init__(self, app)
        self.ci = ci
        self.choice = 0

    def options(self):
        gm = self.app.session.game
        more = (ORACLE_ADD, ORACLE_REMOVE)
        return (CONTINUE,) + more if gm.cessation is not None else (CONTINUE, CESSATION) + more

    def draw(self, g):
        gm = self.app.session.game
        bar = g.title(tr("Oracle: %s") % cname(gm, self.ci), "%d/2" % gm.oracle_visits[self.ci])
        g.wrap(tr("Draw the top Oracle card. If it does not please you, put it under the stack "
                  "and follow the next one."), bar + 3 if bar > 9 else 12, 5 if bar == 9 else 3)
        opts = self.options()
        self.choice %= len(opts)
        g.action_bar(tr(opts[self.choice]))

    def key(self, k):
        app = self.app
        opts = self.options()
        if k in (UP, DOWN, LEFT, RIGHT):
            self.choice = (self.choice + 1) % len(opts)
            app.changed()
        elif k == OK and opts[self.choice] == CESSATION:
            app.do(["cessation", app.session.game.cities[self.ci]])
            app.replace(CessationScreen(app))
        elif k == OK and self.choice:
            oracle_card(app, opts[self.choice] == ORACLE_REMOVE)
        elif k in (OK, BACK):
            app.pop()


class CessationScreen(Screen):
    """The Great Cessation reminder."""

    def draw(self, g):
        if lang.cjk:  # the hint in the title bar: two lines of glyphs under the big line
            g.title(tr(CESSATION), tr("OK: continue"))
            gfx.intl.table_line(g, tr("2 cards"), 15)  # pyright: ignore[reportAttributeAccessIssue]
            g.wrap(tr("All discard down to 2 hand cards; the Pass card does not count."), 39, 2)
            return
        g.title("Great Cessation")
        g.big_center("2 cards", 12)
        # game.CESSATION_TEXT, shortened to fit under the big "2 cards"
        g.wrap("All discard down to 2 hand cards; the Pass card does not count.", 30, 3)
        g.footer("OK: continue")

    def key(self, k):
        if k in (OK, BACK):
            self.app.pop()


class FamePrompt(Screen):
    """The March is over and its Parade card values are unset: ask them."""

    resume_key = "fame"

    def __init__(self, app, follow_up):
        Screen.__init__(self, app)
        self.follow_up = follow_up  # ui.follow_up, passed in: this module does not import ui

    def draw(self, g):
        gm = self.app.session.game
        p = self.app.prefs
        if lang.cjk:
            g.title(tr("Fame values"), tr("P%d M%d") % (gm.parade, gm.march))
            g.wrap(tr("March %d is over. Enter its 3 values off the Parade %d card (kept on the device).")
                   % (gm.march, gm.parade), 14, 3)
            g.fb.hline(0, 51, W, 1)
            g.line(tr("OK:enter hold OK:menu") if p and not p["back"] else tr("OK: enter  BACK: menu"), 1, 53)
            return
        g.title("Fame values", "P%d M%d" % (gm.parade, gm.march))
        g.text("March %d is over." % gm.march, 1, 12)
        g.text("Enter its 3 values", 1, 21)
        g.text("off the Parade %d card" % gm.parade, 1, 30)
        g.text("(kept on the device).", 1, 39)
        g.footer("OK:enter hold OK:menu" if p and not p["back"] else "OK: enter  BACK: menu")

    def key(self, k):
        app = self.app
        gm = app.session.game
        if k == OK:
            kk = gm.march_no

            def done(t):
                n = len(gm.results)
                app.do(["set_fame", kk // 3 + 1, kk % 3 + 1, t[0], t[1], t[2]])
                store_triple(app, kk, t)
                app.pop()
                self.follow_up(app, n)

            enter_triple(app, kk, gm.table[kk], done)
        elif k == BACK:
            app.game_menu()


class ResultScreen(Screen):
    """A scored March: elimination order, fame gained, running fame."""

    def __init__(self, app, idx):
        Screen.__init__(self, app)
        self.idx = idx

    def draw(self, g):
        gm = self.app.session.game
        if lang.cjk:
            self.draw_cjk(g, gm)
            return
        groups, gained = gm.results[self.idx]
        g.title("Parade %d March %d over" % (self.idx // 3 + 1, self.idx % 3 + 1))
        g.text("#  City     gain fame", 1, 11)
        y = 20
        for i in range(len(groups)):
            for ci in groups[i]:
                d = gained[ci]
                g.text("%d. %-8s %3s %4d" % (i + 1, cname(gm, ci), "%+d" % d if d else "0",
                                            fame_after(gm, self.idx, ci)), 1, y)
                y += 8
        note = "OK: next March"
        if self.idx == len(gm.results) - 1:
            if gm.march_no == 9:
                note = "Last March: OK"
            elif gm.march_no % 3 == 0:
                note = "Parade %d: draw 8 each" % gm.parade
        g.center(note, 55)

    def draw_cjk(self, g, gm):
        """``draw`` in lines of glyphs: what comes next said in the title (no line for it under
        four City States), a line a City State: place, name, fame gained, fame after."""
        groups, gained = gm.results[self.idx]
        p = self.idx // 3 + 1
        t = tr("Parade %d March %d over") % (p, self.idx % 3 + 1)
        if self.idx == len(gm.results) - 1:
            if gm.march_no == 9:
                t = tr("Last March over")
            elif gm.march_no % 3 == 0:
                t = tr("Parade %d over: draw 8 each") % p
        g.title(t)
        y = 14
        for i in range(len(groups)):
            for ci in groups[i]:
                d = gained[ci]
                g.line("%d." % (i + 1), 1, y)
                g.line(cname(gm, ci), 14, y)
                s = "%+d" % d if d else "0"
                g.line(s, 82 - g.width(s), y)
                s = tr("fame %d") % fame_after(gm, self.idx, ci)
                g.line(s, W - 1 - g.width(s), y)
                y += 12

    def key(self, k):
        if k in (OK, BACK):
            self.app.pop()


def fame_after(gm, idx, ci):
    """Fame of ``ci`` after the March ``idx`` was scored."""
    s = 0
    for j in range(idx + 1):
        s += gm.results[j][1][ci]
    return s
