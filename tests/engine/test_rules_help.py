"""Rules help pages (firmware/rules_help.py, help_text.py) fit the 128x64 screen in the
small font, and the help screen pages with UP/DOWN and leaves on BACK (both interpreters)."""
import help_text
import rules_help
from gfx import W, Gfx
from keys import BACK, DOWN, OK, UP

try:
    import framebuf  # MicroPython's, in C
except ImportError:
    from host_sim import framebuf

GAMES = ("oracle", "delfos", "delphi", "tholos")


class FakeApp:
    def __init__(self):
        self.popped = 0
        self.redraws = 0

    def pop(self):
        self.popped += 1

    def changed(self):
        self.redraws += 1


def test_every_game_with_a_menu_entry_has_pages():
    for name in GAMES + ("delphi-calc",):
        assert len(rules_help.pages(name)) >= 4, name


def test_the_text_is_in_the_fonts_range():
    for name in GAMES:
        for ch in help_text.TEXT[name]:
            assert ch == 10 or 32 <= ch <= 126, (name, ch)


def test_no_line_is_wider_than_the_screen_and_each_page_fits_its_rows():
    for name in GAMES:
        pages = rules_help.pages(name)
        for i in range(len(pages)):
            title, body = pages[i]
            badge = "%d/%d" % (i + 1, len(pages))
            # title at x 1, the page number right-aligned to x 127 (Gfx.title), a space between
            assert 1 + Gfx.width(title) + 6 + Gfx.width(badge) <= W - 1, (name, title)
            lines = rules_help.wrap(body)
            assert 1 <= len(lines) <= rules_help.ROWS, (name, title, lines)
            for t in lines:
                assert 1 + Gfx.width(t) <= W, (name, title, t)  # drawn from x 1: its last column < 128


def test_the_screen_pages_with_up_and_down_and_leaves_on_back():
    app = FakeApp()
    s = rules_help.HelpScreen(app, "tholos")
    n = len(s.pages)
    buf = bytearray(1024)
    g = Gfx(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB))
    seen = []
    for _ in range(n):
        g.clear()
        s.draw(g)
        assert any(buf[128:]), "text under the title bar"
        seen.append(s.pages[s.page][0])
        s.key(DOWN)
    assert s.page == 0, "DOWN past the last page wraps to the first"
    assert seen[0] == "Turn" and len(set(seen)) == n
    s.key(UP)
    assert s.page == n - 1
    s.key(OK)
    assert s.page == 0
    assert app.redraws == n + 2 and app.popped == 0
    s.key(BACK)
    assert app.popped == 1


def test_the_help_lets_its_text_go_once_its_pages_are_made():
    # On the device the text's module is heap the open game wants (loader.release): imported when
    # the help opens, gone again before the screen draws.  CPython keeps its modules (loader.release).
    import sys
    device = sys.implementation.name in ("micropython", "circuitpython")
    sys.modules.pop("help_text", None)
    assert rules_help.pages("tholos")[0][0] == "Turn"  # its first page (help_text.THOLOS)
    assert ("help_text" in sys.modules) is not device
