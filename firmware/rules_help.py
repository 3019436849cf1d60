"""Rules help: a few short pages per game ("Rules help" in a game's menu).

``HelpScreen(app, name)`` shows the pages of ``help_text.TEXT[name]`` (and, last, how to open
the table view, ``help_text.TABLE``, but in ``NO_TABLE``): the title bar
holds the page's title and ``n/N``, below it up to ``ROWS`` lines of the small font
(``COLS`` characters, 125 px).  UP/LEFT: previous page, DOWN/RIGHT/OK: next page (both
wrap), BACK leaves.

In another language (``lang``) a page is its translation in the string table, looked up by the
page's English line (``title|body``) when the page is shown, one look-up a page; with the
language's glyphs its title bar and lines are the language's (``gfx.Gfx.title``, ``gfx.Gfx.wrap``):
each page's translation is written to fit under the bar (tests/test_lang_help.py).
"""
import lang
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
        self.title = ""

    def draw(self, g):
        title, body = self.pages[self.page]
        if self.lines is None:
            if lang.index:  # the page in the language in use, by its English line (module docstring)
                page = lang.tr(title + "|" + body)
                bar = page.find("|")
                title = page[:bar]
                body = page[bar + 1:]
            self.title = title
            self.lines = [body] if lang.cjk else wrap(body)  # with the glyphs: wrapped as drawn
        top = g.title(self.title, "%d/%d" % (self.page + 1, len(self.pages)))
        if lang.cjk:
            g.wrap(self.lines[0], top + 1, ROWS)  # the language's lines, as many as fit under the bar
            return
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
