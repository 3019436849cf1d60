"""The March screen in a language of glyphs (``lang``: 繁體中文), loaded only in such a language.

Its lines are taller than the small font's (``gfx.CJK_LINE``, ``CJK_BAR``): the title, the City
States' names and their displays' values fill the panel above the action bar, with no room for the
line of who plays; the first action says it (``ui.MarchScreen.actions``).  A passed display says
so in its column, in its value's place; the halving mark is the small font's line under the value.
Rules: Delphi rulebook, "Play of the Game", "The Display".  In English the device never loads it.
"""
from gfx import ASCII_DY, BIG, W, plain
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
