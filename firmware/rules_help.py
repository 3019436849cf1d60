"""Rules help: a few short pages per game ("Rules help" in a game's menu).

``HelpScreen(app, name)`` shows the pages of ``help_text.TEXT[name]`` (and, last, how to open
the table view, ``help_text.TABLE``, but in ``NO_TABLE``): the title bar
holds the page's title and ``n/N``, below it up to ``ROWS`` lines of the small font
(``COLS`` characters, 125 px).  UP/LEFT: previous page, DOWN/RIGHT/OK: next page (both
wrap), BACK leaves.
"""
import loader
from gfx import LINE
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from ui import Screen

ROWS = 6  # lines under the title bar (y 12 .. 59)
COLS = 21  # small-font characters in a line: 21 * 6 - 1 = 125 px


def pages(name):
    """[(title, body), ...] (str) of game ``name``; KeyError if it has none; MemoryError short of
    RAM for the text (the App says "Low memory").

    ``help_text`` is imported here and let go before this returns (``loader.release``): on the
    ``make deploy`` route its 5 KB of bytes are heap the open game wants, and the pages, once
    decoded, no longer need the module."""
    text = loader.import_module("help_text")
    try:
        raw = text.TEXT[name].split(b"\n")
        if name not in text.NO_TABLE:
            raw.append(text.TABLE)  # how to open the table view, last
    finally:
        loader.release(("help_text",))
    out = []
    for line in raw:
        bar = line.find(b"|")
        out.append((line[:bar].decode(), line[bar + 1:].decode()))
    return out


def wrap(text, cols=COLS):
    """``text``'s words in lines of at most ``cols`` characters (a longer word stays whole)."""
    lines = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > cols:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    if line:
        lines.append(line)
    return lines


class HelpScreen(Screen):
    """The rules help of one game (module docstring)."""

    pauses = True  # a look at the rules stops the table's clock (games.clock.ui), as the game menu does

    def __init__(self, app, name):
        Screen.__init__(self, app)
        self.pages = pages(name)
        self.page = 0
        self.lines = None  # the page's wrapped lines, made at its first draw

    def draw(self, g):
        title, body = self.pages[self.page]
        if self.lines is None:
            self.lines = wrap(body)
        g.title(title, "%d/%d" % (self.page + 1, len(self.pages)))
        y = 12
        for t in self.lines[:ROWS]:
            g.text(t, 1, y)
            y += LINE

    def key(self, k):
        if k == BACK:
            self.app.pop()
            return
        step = -1 if k in (UP, LEFT) else 1 if k in (DOWN, RIGHT, OK) else 0
        if step:
            self.page = (self.page + step) % len(self.pages)
            self.lines = None
            self.app.changed()
