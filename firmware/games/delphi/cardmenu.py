"""Card entry widgets shared by the Delphi March screens and the calculator.

``CardMenu`` offers the cards still in a supply, ``pick_zeus`` asks which
card a Zeus removes (display, then card), ``action_bar`` draws the
inverted action line, ``card_list`` a display's cards as short names.  Also what
every Delphi screen module shares (``ui``, ``ui_more``, ``ui_march``, ``ui_fame``, ``ui_end``,
which import it rather than each other; ``ui_fame`` takes the fame entries from ``ui_march``):
``NAMES`` and ``cname`` (City State names), and ``SETTINGS`` (the stored fame table's name).  A
module of its own so ``games.delphi.ui`` and ``games.delphi.calc_ui`` each
load only what they use (RAM on the Pico).  Rules:
Delphi rulebook, "The Display", "God cards", "Important".
"""
import names
from lang import msg, tr
from ui import ChoiceMenu, Menu

from games.delphi import cards

# Menu label of each card code, "|" between them (index = code): the rulebook's Hero names and a
# word on each God's effect so the table needs no card reference.  One string, one entry of the
# string table (the God names are the Oracle's too, whose table has its own entries for them).
LABELS = msg("||2|3 Archer|4|5 Rider|6 Chariot|7 Achilles|8|9 Prometheus|10 Herakles|Hades: no 7s|"
             "Moira: no 9s|Hera: no 10s|Hephaistos x|Zeus: remove 1|Poseidon: /2|Ares: square|"
             "Apollo: double|Delphi: oracle|Pass")

# Short card names for display listings, the same way.
SHORT = msg("||2|3|4|5|6|7|8|9|10|Hades|Moira|Hera|Heph|Zeus|Pos|Ares|Apollo|Delphi|Pass")


def labels():
    """The card labels in the language in use, as a list (index = code)."""
    return tr(LABELS).split("|")


def card_list(codes):
    """The cards of a display as one string, left to right ("-" if empty)."""
    if not codes:
        return "-"
    short = tr(SHORT).split("|")
    return " ".join([short[c] for c in codes])


def card_items(codes):
    """Menu lines "1. <label>" of a display's cards, left to right."""
    lab = labels()
    return ["%d. %s" % (k + 1, lab[c]) for k, c in enumerate(codes)]


class CardMenu(Menu):
    """Cards still in a supply; OK pops the menu and calls ``on_code(code)``.

    ``left(code)``: copies still playable; the Pass card is offered last
    when ``with_pass`` (it is never used up).
    """

    def __init__(self, app, title, left, with_pass, on_code):
        codes = []
        for c in range(2, cards.PASS):
            if left(c) > 0:
                codes.append(c)
        if with_pass:
            codes.append(cards.PASS)
        lab = labels()
        Menu.__init__(self, app, title, [lab[c] for c in codes])
        self.codes = codes
        self.on_code = on_code

    def badge(self):
        return ""  # the title is long; the scroll bar shows the place

    def choose(self, i):
        self.app.pop()
        self.on_code(self.codes[i])


def pick_zeus(app, displays, names, on_target):
    """Ask which card Zeus removes: ``on_target(None)`` or ``(display, index)``.

    ``displays``: lists of card codes as they lie before the Zeus card is
    placed; ``names``: a name per display.  With several displays, first
    the display, then the card; removing nothing is allowed
    (../march.py reading of "he is allowed to remove").
    """

    def pick_card(t, first):
        items = ([first] if first else []) + card_items(displays[t])

        def chosen(i):
            app.pop()
            if first:
                i -= 1
            on_target(None if i < 0 else (t, i))

        app.push(ChoiceMenu(app, tr("Zeus: %s card") % names[t], items, chosen))

    if len(displays) == 1:
        pick_card(0, tr("Remove nothing"))
        return
    ts = [t for t in range(len(displays)) if displays[t]]
    if not ts:
        on_target(None)
        return
    items = [tr("Remove nothing")] + ["%s (%d)" % (names[t], len(displays[t])) for t in ts]

    def chosen(i):
        app.pop()
        if i == 0:
            on_target(None)
        else:
            pick_card(ts[i - 1], None)

    app.push(ChoiceMenu(app, tr("Zeus: which display"), items, chosen))


SETTINGS = "delphi-fame"

NAMES = (msg("Athens"), msg("Thebes"), msg("Corinth"), msg("Sparta"))


def cname(gm, ci, width=8):
    """Display name of City State ``ci`` of the game: the name of its player, picked at
    set-up (cut to ``width``), else the City State's (in the language in use)."""
    return names.label(ci, tr(NAMES[cards.city_index(gm.cities[ci])]), width)
