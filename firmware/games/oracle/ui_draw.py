"""The Oracle of Delphi: what its screens share, below all of them.

Player labels by colour (``pname``), the oracle dice drawn as boxes with their colour's
letter (``draw_die``, ``draw_dice``), injury cards as colour letters, and the
colour menu that enters an injury card or a discard (``pick_colour``).
"""
import names
from gfx import BIG
from ui import ChoiceMenu

from games.oracle import rules


colours = None  # the open game's players' colours (``OracleGame.colours``), set by ``use_colours``


def use_colours(gm):
    """Name the players of ``gm`` by its colours from now on (a new, resumed or replayed game;
    None: no game yet, the box's colours in seat order)."""
    global colours
    colours = gm.colours if gm is not None else None


def colour_of(p):
    """Player ``p``'s colour index (``rules.PLAYER_COLOURS``): the open game's, else the box's
    in seat order (before a game exists: the start player's menu)."""
    c = colours
    return c[p] if c is not None and 0 <= p < len(c) else p


def pname(p):
    """Player ``p`` as the table knows them: their colour ("Green"), or the name picked at
    set-up, cut to 5 characters, with the colour beside it ("Ana Grn"): at most 9 characters,
    so every line that names a player still fits the 21 of the screen."""
    nm = names.label(p, "", 5)
    c = colour_of(p)
    if nm:
        return "%s %s" % (nm, rules.PLAYER_SHORT[c])
    return rules.PLAYER_COLOURS[c]


def pshort(p):
    """Player ``p`` in at most 5 characters, for the lines that list every player with their
    dice and tokens: the colour's short name ("Grn"), or the first 3 letters of the stored name
    and the colour's letter ("Ale/G")."""
    nm = names.label(p, "", 3)
    c = rules.PLAYER_SHORT[colour_of(p)]
    return "%s/%s" % (nm, c[0]) if nm else c


def draw_die(g, x, y, colour, size=22):
    """An oracle die: a box with the colour's letter; black is a filled box.

    Letters R K P B Y G (K = black) and the three-letter name under the box
    keep six colours apart on a one-colour screen.
    """
    fb = g.fb
    letter = rules.LETTER[colour]
    lx = x + (size - 9) // 2
    ly = y + (size - 15) // 2 - 1
    if colour == 1:  # black
        fb.fill_rect(x, y, size, size, 1)
        g.text(letter, lx, ly, 0, BIG)
    else:
        fb.rect(x, y, size, size, 1)
        fb.rect(x + 1, y + 1, size - 2, size - 2, 1)
        g.text(letter, lx, ly, 1, BIG)
    g.center(rules.SHORT[colour], y + size + 2, 1, x0=x - 6, x1=x + size + 6)


def dice_names(dice):
    """The three oracle dice as their colours' short names, "Blk Grn Red" (the table view)."""
    return "%s %s %s" % (rules.SHORT[dice[0]], rules.SHORT[dice[1]], rules.SHORT[dice[2]])


def draw_dice(g, dice, y=12, x=14, step=38):
    for i in range(3):
        draw_die(g, x + i * step, y, dice[i])


def injury_letters(counts):
    """Injury cards as colour letters ("RRK"), or "-" for none."""
    out = ""
    for c in range(6):
        out += rules.LETTER[c] * counts[c]
    return out or "-"


def pick_colour(app, title, then, only=None):
    """Colour menu (name and god); ``only``: counts, to offer held colours only."""
    cols = [c for c in range(6) if only is None or only[c] > 0]
    items = ["%s %s" % (rules.SHORT[c], rules.GODS[c]) if only is None else
             "%s x%d" % (rules.SHORT[c], only[c]) for c in cols]

    def chosen(i):
        app.pop()
        then(cols[i])

    app.push(ChoiceMenu(app, title, items, chosen))

