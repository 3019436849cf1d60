"""The rules help in 繁體中文: every page of every game is in the string table (tools/mkstrings.py
collects help_text's pages), shown in Chinese when the language is, and each page fits under its
title bar whole: nothing cut, overlapping or off the panel (test_lang's checker), no line opening
on a closing mark."""
import ast
import os
import sys

import help_text
import lang
import pytest
import rules_help
from gfx import CJK_BAR, Gfx, plain
from helpers import ROOT
from keys import DOWN
from test_lang import Boxes, check_frame

from host_sim.framebuf import FrameBuffer

sys.path.insert(0, os.path.join(ROOT, "tools"))
import mkstrings  # noqa: E402

GAMES = sorted(help_text.TEXT)
CLOSING = "，。：；、？)"  # marks that end a phrase: never the first of a line


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use(0)


class FakeApp:
    def changed(self):
        pass


def english_pages():
    """Every page of help_text, as the table keys it (its line ``title|body``)."""
    out = []
    for raw in list(help_text.TEXT.values()) + [help_text.TABLE]:
        out += [p.decode() for p in raw.split(b"\n")]
    return set(out)


def test_mkstrings_collects_each_page_of_the_help():
    eng = mkstrings.english()
    pages = english_pages()
    for p in pages:
        assert eng[p].startswith("firmware/help_text.py:"), p
    tree = ast.parse('X = (b"A|one"\n     b" two\\nB|three")\nY = 1\nZ = "not bytes"\n')
    assert mkstrings.help_pages(tree) == [("A|one two", 1), ("B|three", 1)]


def page_problems(screen, g, rec):
    """What is wrong with the page ``screen`` shows: its text cut, overlapping or off the panel,
    a line opening on a closing mark, text left in English."""
    rec.boxes = []
    g.clear()
    screen.draw(g)
    try:
        check_frame(rec.boxes, "page %d" % (screen.page + 1))
    except AssertionError as e:
        return [str(e)]
    out = []
    title, body = lang.tr("%s|%s" % screen.pages[screen.page]).split("|")
    drawn = [b for b in rec.boxes if b[1] > CJK_BAR]  # the lines under the title bar
    if "".join(b[4] for b in drawn).replace(" ", "") != body.replace(" ", ""):
        out.append("%s: not all of it drawn: %r" % (title, [b[4] for b in drawn]))
    if rec.boxes[0][4] != title or plain(title):
        out.append("%s: not its title in Chinese: %r" % (title, rec.boxes[0][4]))
    out += ["%s: a line opens on %r" % (title, b[4][0]) for b in drawn if b[4][0] in CLOSING]
    return out


@pytest.mark.parametrize("name", GAMES)
def test_each_page_is_in_chinese_and_fits_under_its_title(name, monkeypatch):
    lang.use(1)
    g = Gfx(FrameBuffer(bytearray(1024), 128, 64, 0))
    rec = Boxes(monkeypatch)
    s = rules_help.HelpScreen(FakeApp(), name)
    for _ in range(len(s.pages)):
        assert page_problems(s, g, rec) == []
        s.key(DOWN)
    assert s.page == 0


def test_the_check_fails_on_a_page_too_long_or_opening_on_a_mark(monkeypatch):
    lang.use(1)
    g = Gfx(FrameBuffer(bytearray(1024), 128, 64, 0))
    rec = Boxes(monkeypatch)
    s = rules_help.HelpScreen(FakeApp(), "tholos")
    monkeypatch.setattr(lang, "tr", lambda p: "回合|" + "拿石頭到工坊" * 8)  # 48 glyphs: 5 lines, 4 fit
    assert any("not all of it drawn" in p for p in page_problems(s, g, rec))
    s.lines = None
    monkeypatch.setattr(lang, "tr", lambda p: "回合|拿石頭到你自己的工坊：3個")  # the colon the 11th glyph
    assert any("a line opens on '：'" in p for p in page_problems(s, g, rec))
    s.lines = None
    monkeypatch.setattr(lang, "tr", lambda p: "Turn|" + p.split("|")[1])  # left in English
    assert any("not its title in Chinese" in p for p in page_problems(s, g, rec))


def test_in_english_the_pages_are_the_english_ones():
    s = rules_help.HelpScreen(FakeApp(), "oracle")
    g = Gfx(FrameBuffer(bytearray(1024), 128, 64, 0))
    s.draw(g)
    assert s.title == "Recover" and s.lines[0].startswith("At the start of")


def test_the_lines_hold_ten_glyphs_and_words_stay_whole():
    # lang_text.split measures as it goes (one pass): 10 glyphs of 11 px, 1 px apart, in 127 px;
    # an ASCII word (6 px a character) never broken, a line never wider than the panel
    import lang_text

    lang.use(1)
    assert [len(t) for t in lang_text.split("神" * 25, 127)] == [10, 10, 5]
    lines = lang_text.split("回合開始時 alpha beta 神諭骰 gamma", 60)
    assert lines == ["回合開始時", "alpha beta", "神諭骰", "gamma"]  # 59, 59, 35, 29 px
    for t in lang_text.split("拿石頭到工坊 (最多3個): 3個你的顏色、2灰 or 1 rival", 127):
        assert Gfx.width(t) <= 127
