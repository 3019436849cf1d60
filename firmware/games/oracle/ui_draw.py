"""The Oracle of Delphi: what its screens share, below all of them.

Player labels by colour (``pname``), the oracle dice drawn as boxes with their colour's
letter (``draw_die``, ``draw_dice``), injury cards as colour letters, and the
colour menu that enters an injury card or a discard (``pick_colour``).

In 繁體中文 (``lang``) a colour is its one glyph (紅 黑 紫 藍 黃 綠, The Oracle of Delphi rules,
02 神諭 and the examples) where English has a letter or a three-letter name, the players' colours
and the gods and monsters are their names in the table (docs/glossary-zh-Hant.md).
"""
import lang
import names
from gfx import BIG
from lang import msg, tr
from ui import ChoiceMenu

from games.oracle import rules

LETTERS = msg("RKPBYG")  # rules.LETTER: the dice's colours, a character each (Chinese: a glyph each)
PLAYER_COLOURS = (msg("Green"), msg("Blue"), msg("Yellow"), msg("Red"))  # rules.PLAYER_COLOURS
MONSTERS = (msg("Cyclops"), msg("Minotaur"), msg("Hydra"), msg("Siren"), msg("Chimera"), msg("Gorgon"))
GODS = (msg("Aphrodite"), msg("Ares"), msg("Hermes"), msg("Poseidon"), msg("Apollo"), msg("Artemis"))


def letter(c):
    """Colour ``c``'s letter on a die ("K" for black), its glyph in Chinese ("黑")."""
    return tr(LETTERS)[c]


def short(c):
    """Colour ``c``'s short name ("Blk"), its glyph in Chinese ("黑")."""
    return tr(LETTERS)[c] if lang.cjk else rules.SHORT[c]


def monster(c):
    """The monster of colour ``c`` ("Cyclops")."""
    return tr(MONSTERS[c])


def god(c):
    """The god of colour ``c`` ("Aphrodite")."""
    return tr(GODS[c])


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
        return "%s %s" % (nm, tr(PLAYER_COLOURS[c])[0] if lang.cjk else rules.PLAYER_SHORT[c])
    return tr(PLAYER_COLOURS[c])


def pshort(p):
    """Player ``p`` in at most 5 characters, for the lines that list every player with their
    dice and tokens: the colour's short name ("Grn"), or the first 3 letters of the stored name
    and the colour's letter ("Ale/G")."""
    nm = names.label(p, "", 3)
    c = tr(PLAYER_COLOURS[colour_of(p)])[0] if lang.cjk else rules.PLAYER_SHORT[colour_of(p)]
    return "%s/%s" % (nm, c[0]) if nm else c


def draw_die(g, x, y, colour, size=22):
    """An oracle die: a box with the colour's letter; black is a filled box.

    Letters R K P B Y G (K = black) and the three-letter name under the box
    keep six colours apart on a one-colour screen.  In Chinese the box (``CJK_DIE`` px) holds the
    colour's glyph, which names it: no name under it.
    """
    fb = g.fb
    cjk = lang.cjk
    if cjk:
        size = CJK_DIE
    ink = 0 if colour == 1 else 1
    if colour == 1:  # black
        fb.fill_rect(x, y, size, size, 1)
    else:
        fb.rect(x, y, size, size, 1)
        if not cjk:
            fb.rect(x + 1, y + 1, size - 2, size - 2, 1)
    if cjk:
        g.text(letter(colour), x + 2, y + 2, ink)
        return
    g.text(rules.LETTER[colour], x + (size - 9) // 2, y + (size - 15) // 2 - 1, ink, BIG)
    g.center(rules.SHORT[colour], y + size + 2, 1, x0=x - 6, x1=x + size + 6)


CJK_DIE = 15  # a die's box in Chinese: its 11 px glyph, 1 px of space and the frame each side


def dice_names(dice):
    """The three oracle dice as their colours' short names, "Blk Grn Red" (the table view; in
    Chinese their glyphs, "黑綠紅")."""
    if lang.cjk:
        return letter(dice[0]) + letter(dice[1]) + letter(dice[2])
    return "%s %s %s" % (rules.SHORT[dice[0]], rules.SHORT[dice[1]], rules.SHORT[dice[2]])


def draw_dice(g, dice, y=12, x=14, step=38):
    for i in range(3):
        draw_die(g, x + i * step, y, dice[i])


def injury_letters(counts):
    """Injury cards as colour letters ("RRK"; in Chinese glyphs, "紅紅黑"), or "-" for none."""
    out = ""
    ls = tr(LETTERS)
    for c in range(6):
        out += ls[c] * counts[c]
    return out or "-"


def pick_colour(app, title, then, only=None):
    """Colour menu (name and god); ``only``: counts, to offer held colours only."""
    cols = [c for c in range(6) if only is None or only[c] > 0]
    items = ["%s %s" % (short(c), god(c)) if only is None else "%s x%d" % (short(c), only[c]) for c in cols]

    def chosen(i):
        app.pop()
        then(cols[i])

    app.push(ChoiceMenu(app, title, items, chosen))

