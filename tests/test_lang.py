"""The Language setting: the string tables complete, the glyph subset covering them, the block
up to date, the screens laid out within the panel in both languages, and a game that outlives a
change of language."""
import os
import struct
import sys

import pytest
from helpers import ROOT, as_keys, boot, press, top_name

sys.path.insert(0, os.path.join(ROOT, "tools"))
import mkstrings  # noqa: E402

import gfx  # noqa: E402
import lang  # noqa: E402
import lang_zh_hant  # noqa: E402


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use(0)  # the language is the firmware's module state: the next test starts in English


def block_parts(data):
    """(strings {key: text}, glyph code points) of a block, read by its documented layout
    (firmware/lang.py's docstring), not by the firmware's reader."""
    assert data[:3] == b"DL\x01" and data[3:6] == bytes((11, 11, 2))
    nstr, nglyph, text = struct.unpack_from("<HHI", data, 6)
    strings = {}
    for i in range(nstr):
        k, off, n = struct.unpack_from("<IHH", data, 16 + 8 * i)
        strings[k] = data[text + off:text + off + n].decode("utf-8")
    codes = struct.unpack_from("<%dH" % nglyph, data, 16 + 8 * nstr)
    return strings, codes


def missing_glyphs(texts, codes):
    """The characters of ``texts`` neither printable ASCII (the fonts') nor among ``codes``."""
    have = set(codes)
    return sorted({ch for t in texts for ch in t if not 32 <= ord(ch) <= 126 and ord(ch) not in have})


def test_every_english_string_has_its_chinese():
    eng = mkstrings.english()
    table = mkstrings.read_table()
    assert len(eng) >= 60
    assert mkstrings.check(table, eng) == []
    for s in eng:
        assert table[s].strip() and table[s] != s or s.startswith("%"), s


def test_the_table_check_names_what_is_missing():
    problems = mkstrings.check({"Settings": "設定", "Gone": "走"}, {"Settings": "x.py:1", "About": "x.py:2",
                                                                  "%d s": "x.py:3"})
    assert any("'About'" in p for p in problems)
    assert any("'Gone'" in p for p in problems)
    assert mkstrings.check({"%d s": "秒"}, {"%d s": "x.py:3"}) == ["'%d s': its translation has other %-fields"]


def test_the_block_has_every_string_under_its_key():
    strings, _codes = block_parts(lang_zh_hant.DATA)
    table = mkstrings.read_table()
    assert len(strings) == len(table)
    for en, zh in table.items():
        assert strings[mkstrings.key(en)] == zh


def test_every_character_of_the_strings_has_its_glyph():
    strings, codes = block_parts(lang_zh_hant.DATA)
    assert list(codes) == sorted(codes)
    assert missing_glyphs(list(strings.values()) + list(lang.NAMES), codes) == []
    # the check itself: a string with a character the subset lacks is caught
    assert missing_glyphs(["設定龘"], codes) == ["龘"]


def test_the_block_is_made_from_the_table_and_the_font():
    pytest.importorskip("PIL")
    data, n = mkstrings.build(mkstrings.read_table())
    assert data == lang_zh_hant.DATA, "run .venv/bin/python tools/mkstrings.py"
    assert n == len(block_parts(data)[1])


def test_a_glyph_is_the_fonts_own():
    # 中 drawn by the firmware: its lit columns as the font's pixels, the stroke down the middle
    lang.use(1)
    found = lang.text.glyph(ord("中"))
    assert found is not None
    g = bytes(found[:22])  # 11 columns of 2 bytes
    cols = [g[2 * i] | g[2 * i + 1] << 8 for i in range(11)]
    assert cols[5] == 0x7FF  # the middle column: all 11 rows
    assert cols[0] == 0 or bin(cols[0]).count("1") < 11


def test_tr_in_each_language():
    assert lang.tr("Settings") == "Settings"
    lang.use(1)
    assert lang.tr("Settings") == "設定"
    assert lang.tr("Contrast: %d of %d") % (5, 5) == "對比：5/5"
    assert lang.tr("not in the table") == "not in the table"
    lang.use(0)
    assert lang.tr("Settings") == "Settings" and not lang.cjk


def test_a_line_of_mixed_text_is_drawn_and_measured():
    from host_sim.framebuf import FrameBuffer

    lang.use(1)
    buf = bytearray(1024)
    g = gfx.Gfx(FrameBuffer(buf, 128, 64, 0))
    x = g.text("OK：5 分", 0, 0)
    assert x == 2 * 6 + 12 + 2 * 6 + 12  # two ASCII, a glyph, digit and space, a glyph
    assert gfx.Gfx.width("OK：5 分") == x - 1
    lit_rows = {y for y in range(64) for xx in range(128) if buf[(y // 8) * 128 + xx] >> (y % 8) & 1}
    assert max(lit_rows) <= 10  # an 11 px line
    assert min(y for y in lit_rows) >= 0


# --- Layout: every text on the panel, none over another -------------------------------------------------

class Boxes:
    """The boxes of the text drawn in one frame: (x, y, w, h, s) of each outermost text call."""

    def __init__(self, monkeypatch):
        self.boxes = []
        self.depth = 0
        import lang_text

        def glyph_line(s, font, scale, sy):
            return 11 * (sy or scale) if lang.cjk and not gfx.plain(s) else font[1] * (sy or scale)

        monkeypatch.setattr(gfx.Gfx, "text", self.recorder(gfx.Gfx.text, glyph_line))
        monkeypatch.setattr(lang_text, "mixed", self.recorder(lang_text.mixed, lambda s, f, sc, sy: 11 * (sy or sc)))

    def recorder(self, draw, height):
        """``draw`` (a text call's function) that records the box of each outermost call, its
        height ``height(s, font, scale, sy)``."""

        def record(g, s, x, y, c=1, font=gfx.SMALL, scale=1, sy=0, gap=1):
            self.depth += 1
            try:
                end = draw(g, s, x, y, c, font, scale, sy, gap)
            finally:
                self.depth -= 1
            if not self.depth and s:
                self.boxes.append((x, y, end - x - gap * scale, height(s, font, scale, sy), s))
            return end

        return record


def check_frame(boxes, where):
    for x, y, w, h, s in boxes:
        assert x >= 0 and y >= 0 and x + w <= 128 and y + h <= 64, "%s: %r off the panel at (%d, %d)" % (where, s, x, y)
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            a = boxes[i]
            b = boxes[j]
            apart = a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
            assert apart, "%s: %r and %r overlap" % (where, a[4], b[4])


# The path through the translated screens: the main menu's every line, the device menu, every Settings
# line, About's lines, the dice roller opened and its game menu, "End this game?".
WALK = ("DOWN DOWN DOWN DOWN DOWN DOWN DOWN BACK DOWN DOWN DOWN DOWN DOWN DOWN OK "
        "DOWN DOWN DOWN DOWN DOWN DOWN DOWN DOWN DOWN BACK DOWN OK DOWN DOWN DOWN DOWN DOWN BACK BACK "
        "UP UP OK BACK DOWN DOWN DOWN DOWN DOWN UP UP UP OK DOWN")


@pytest.mark.parametrize("language", [0, 1])
def test_the_screens_fit_in_each_language(language, tmp_path, monkeypatch):
    app = boot(tmp_path, 7, bench=True)
    if language:
        press(app, "BACK DOWN DOWN OK UP UP OK BACK BACK")  # Settings, two UP: the language
        assert lang.index == 1 and top_name(app) == "MainMenu"
    rec = Boxes(monkeypatch)
    seen = set()
    for i, k in enumerate(as_keys(WALK)):
        press(app, [k])
        if app.toast_text:
            continue  # a message boxed over the screen: the screen under it is checked without it
        rec.boxes = []
        app.g.clear()
        app._draw()
        check_frame(rec.boxes, "key %d (%s, %s)" % (i, top_name(app), lang.LANGS[language]))
        seen.add(top_name(app))
    assert {"MainMenu", "DeviceMenu", "SettingsMenu", "About", "ChoiceMenu"} <= seen


def test_history_and_the_names_fit_in_chinese(tmp_path, monkeypatch):
    # tests/golden/zh-names.keys: the name wheel, the names menu, a Tholos game, the History's list,
    # a play, the statistics and a name's figures (both pages), a message box; every frame checked
    import device_run

    script, seed = device_run.load_script(os.path.join(ROOT, "tests", "golden", "zh-names.keys"))
    app = boot(tmp_path, seed, bench=True)
    rec = Boxes(monkeypatch)
    seen = set()
    for i, (_name, k) in enumerate(device_run.steps(script)):
        press(app, [k])
        if app.toast_text:
            continue  # a message boxed over the screen (test_the_message_box_holds_each_message)
        rec.boxes = []
        app.g.clear()
        app._draw()
        # a play's winner: the rank drawn again, inverted, over its own line's start
        boxes = [b for b in rec.boxes if not any(o is not b and o[:2] == b[:2] and o[4].startswith(b[4] + " ")
                                                  for o in rec.boxes)]
        check_frame(boxes, "key %d (%s)" % (i, top_name(app)))
        seen.add(top_name(app))
    assert lang.index == 1
    assert {"LetterWheel", "NamesMenu", "History", "PlayScreen", "Stats", "NameStats"} <= seen


def test_a_game_started_in_one_language_resumes_in_the_other(tmp_path):
    app = boot(tmp_path, 7, bench=True)
    press(app, "UP UP OK OK OK")  # the dice roller, two rolls
    assert app.game_name == "dice" and len(app.session.cmds) == 2
    before = app.session.to_doc()
    press(app, "HOME DOWN DOWN OK")  # the game menu: Main menu
    assert top_name(app) == "MainMenu"
    press(app, "BACK DOWN DOWN OK UP UP OK BACK BACK")  # 繁體中文
    assert lang.index == 1
    app2 = boot(tmp_path, 7, bench=True)  # a power-on: the settings say Chinese, the last game comes back
    assert lang.index == 1
    if app2.session is None:
        press(app2, "OK OK")  # the cursor on the last game: Resume saved game
    assert app2.game_name == "dice" and app2.session.to_doc() == before
    press(app2, "OK")  # and it goes on
    assert len(app2.session.cmds) == 3


def test_the_layout_check_fails_on_text_off_the_panel_or_overlapping():
    with pytest.raises(AssertionError, match="off the panel"):
        check_frame([(100, 0, 30, 7, "too long")], "t")
    with pytest.raises(AssertionError, match="overlap"):
        check_frame([(0, 12, 40, 11, "設定"), (30, 20, 20, 7, "x")], "t")
    check_frame([(0, 0, 40, 11, "a"), (0, 12, 40, 11, "b")], "t")


# The App's messages, each boxed over the screen (screens._draw_toast: 3 lines of glyphs at most),
# with their %-fields filled as long as the device fills them.
MESSAGES = {
    "Out of memory": (), "Out of memory: game closed, saved; resume it from the menu": (),
    "Low memory: last step not saved": (), "Low memory: save kept; try again": (),
    "Low memory: try again": (), "Nothing to undo": (), "Flash full: last step not saved": (),
    "Flash full: setting not saved": (), "Flash full: play not logged": (), "Saved": (),
    "Statistics damaged: rebuilt from the log": (), "This game is not on the device": (),
    "No saved game": (), "Save %s: restored backup": ("too big",),
    "Save unreadable (%s): new start": ("damaged",), "%s is in the list": ("Alexandra",),
    "Opening %s": ("Oracle of Delphi",), "Starting": (), "New game": (), "Khaos's turn": (),
    "Play not logged yet": (), "Play not readable": (), "Play too long for a QR code": (),
}


def test_the_message_box_holds_each_message(monkeypatch):
    from host_sim.framebuf import FrameBuffer

    import screens

    lang.use(1)
    table = mkstrings.read_table()
    for en, args in MESSAGES.items():
        zh = table[en] % tuple(lang.tr(a) for a in args) if args else table[en]
        assert len(lang.text.split(zh, gfx.W - 14)) <= 3, zh
        buf = bytearray(1024)

        class App:
            g = gfx.Gfx(FrameBuffer(buf, 128, 64, 0))

        rec = Boxes(monkeypatch)
        screens._draw_toast(App, zh)
        check_frame(rec.boxes, zh)
        for x, y, w, h, s in rec.boxes:  # inside the box's double frame (4-123, 8-55)
            assert x >= 6 and x + w <= 122 and y >= 10 and y + h <= 54, (s, x, y, w, h)
        assert "".join(b[4] for b in rec.boxes).replace(" ", "") == zh.replace(" ", ""), zh  # none left out


def test_an_engines_refusal_is_said_in_the_language(tmp_path):
    # The Oracle's engine refuses an action during a fight (The Oracle's rules, 行動說明: one action
    # at a time); loop.py says its sentence, marked for the table with games.msg, in Chinese
    from games.oracle.game import FINISH_BATTLE
    from ui import Screen

    class Refuses(Screen):
        def key(self, k):
            raise ValueError(FINISH_BATTLE)

    app = boot(tmp_path, 7, bench=True)
    app.push(Refuses(app))
    press(app, "OK")
    assert app.toast_text == "Finish the battle first"
    app.toast_text = None
    lang.use(1)
    try:
        press(app, "OK")
        assert app.toast_text == "先完成戰鬥"
    finally:
        lang.use(0)


def test_a_refusal_naming_a_player_is_said_whole_in_the_language(tmp_path):
    # The Oracle's set-up (03 船板塊): a ship tile another player holds is refused, naming its
    # holder.  The sentence and the colour are each the table's (綠色, "Green"), not English
    # around a Chinese word; the same keys in both languages (the press table does not move)
    keys = "OK OK DOWN OK  DOWN DOWN OK OK DOWN OK  DOWN OK DOWN OK"  # 3 players; P1 and P2: tile 1
    app = boot(tmp_path / "en", 7, bench=True)
    press(app, keys)
    assert app.toast_text == "Green has that ship tile"
    app = boot(tmp_path / "zh", 7, bench=True)
    lang.use(1)
    press(app, keys)
    assert app.toast_text == "綠色已有這個船板塊"
