"""The March screen in a language of glyphs (``lang``: 繁體中文), loaded only in such a language.

Its lines are taller than the small font's (``gfx.CJK_LINE``, ``CJK_BAR``): the title, the City
States' names and their displays' values fill the panel above the action bar, with no room for the
line of who plays; the first action says it (``ui.MarchScreen.actions``).  A passed display says
so in its column, in its value's place; the halving mark is the small font's line under the value.
Rules: Delphi rulebook, "Play of the Game", "The Display".  In English the device never loads it.
"""
from gfx import ASCII_DY, BIG, CJK_BAR, W, plain
from lang import tr

from games.delphi.cardmenu import cname


def draw_march(screen, g, tall_center):
    """``ui.MarchScreen.draw`` for ``screen`` on ``g``; ``tall_center``: ``ui``'s 14 px digits
    (passed in: this module does not import ``ui``)."""
    app = screen.app
    gm = app.session.game
    fb = g.fb
    t = tr("Parade %d  March %d") % (gm.parade, gm.march)
    if app.session.clock is not None:  # its time on the left (games.clock.ui)
        g.title("", t)
    else:
        g.title(t)
    n = gm.players
    cw = W // n
    vals = gm.values()
    for ci in range(n):
        x0 = ci * cw
        x1 = x0 + cw if ci < n - 1 else W
        if ci:
            fb.vline(x0, 25, 26, 1)
        name = cname(gm, ci)
        while g.width(name) > cw - 1:
            name = name[:-1]
        g.center(name, 14 + (ASCII_DY if plain(name) else 0), x0=x0, x1=x1)
        c = 1
        if ci in gm.must_play:  # who must play: the value inverted
            fb.fill_rect(x0 + 2, 26, cw - 3, 17, 1)
            c = 0
        if not gm.competing[ci]:
            g.center(tr("out (passed)"), 29, c, x0=x0 + 1, x1=x1)
        else:
            s = str(vals[ci])
            if g.width(s, BIG) <= cw - 3:
                g.center(s, 27, c, BIG, 1, x0 + 1, x1)
            elif len(s) * 7 - 1 <= cw - 3:
                tall_center(g, s, 28, c, x0 + 1, x1)
            else:
                g.center(s, 31, c, x0=x0 + 1, x1=x1)
        if gm.halved(ci):
            g.center("/2", 44, x0=x0 + 1, x1=x1)
    screen.draw_actions(g)


def draw_standings(screen, g, gm):
    """``ui_more.Standings.draw`` in lines of glyphs: the columns' headings in the title bar, a
    line a City State and the Great Cessation's line after them, 4 lines a page."""
    g.fb.fill_rect(0, 0, W, CJK_BAR, 1)
    for s, x1 in ((tr("City State"), 0), (tr("Fame"), 70), (tr("Oracle"), 98), (tr("Hand"), W - 1)):
        g.line(s, 1 if not x1 else x1 - g.width(s), 1, 0)
    n = gm.players
    y = 14
    for i in range(screen.top, min(screen.top + 4, n + 1)):
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
            if screen.top:
                g.fb.hline(W - 4 - i, 15 + i, 2 * i + 1, 1)
            else:
                g.fb.hline(W - 4 - i, 60 - i, 2 * i + 1, 1)


def draw_result(screen, g, gm, fame_after):
    """``ui_more.ResultScreen.draw`` in lines of glyphs (``fame_after``: ``ui_more``'s, passed in):
    what comes next said in the title (no line for it under four City States), a line a City
    State: place, name, fame gained, fame after."""
    groups, gained = gm.results[screen.idx]
    p = screen.idx // 3 + 1
    t = tr("Parade %d March %d over") % (p, screen.idx % 3 + 1)
    if screen.idx == len(gm.results) - 1:
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
            s = tr("fame %d") % fame_after(gm, screen.idx, ci)
            g.line(s, W - 1 - g.width(s), y)
            y += 12
