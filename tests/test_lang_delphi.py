"""Delphi and the Delphi calculator in 繁體中文: every golden script of the game (tests/golden/
delphi*.keys) replayed with the device in Traditional Chinese, every frame checked for text cut,
overlapping or off the panel (test_lang's checker); the game's messages fit their box."""
import os

import device_run
import pytest
from helpers import ROOT, boot, press, top_name
from test_lang import Boxes, check_frame, english_after  # noqa: F401 (the fixture: English after each test)

import gfx
import lang

ZH = "BACK DOWN DOWN OK UP UP OK BACK BACK"  # Settings, the Language line two UP from the first
SCRIPTS = sorted(n for n in device_run.load_scripts(os.path.join(ROOT, "tests", "golden")) if n.startswith("delphi"))


def replay_in_chinese(name, tmp_path, monkeypatch):
    """The screens (class names) the script ``name`` shows, in Chinese, each frame checked."""
    script, seed = device_run.load_script(os.path.join(ROOT, "tests", "golden", name + ".keys"))
    app = boot(tmp_path, seed, bench=True)
    press(app, ZH)
    assert lang.index == 1 and lang.cjk
    rec = Boxes(monkeypatch)
    seen = set()
    for i, (_mark, k) in enumerate(device_run.steps(script)):
        press(app, [k])
        if app.toast_text:
            continue  # a message boxed over the screen: test_the_messages_fit_their_box
        rec.boxes = []
        app.g.clear()
        app._draw()
        check_frame(rec.boxes, "%s key %d (%s)" % (name, i, top_name(app)))
        seen.add(top_name(app))
    return seen


def test_the_scripts_are_there():
    assert SCRIPTS == ["delphi", "delphi-calc", "delphi-end", "delphi-march", "delphi-oracle", "delphi-prompt"]


@pytest.mark.parametrize("name", SCRIPTS)
def test_each_golden_script_fits_in_chinese(name, tmp_path, monkeypatch):
    seen = replay_in_chinese(name, tmp_path, monkeypatch)
    want = {
        "delphi": {"SetupScreen", "FameTable", "NumberPick", "MarchScreen", "CardMenu", "TableView", "ChoiceMenu"},
        "delphi-calc": {"CalcScreen", "CardMenu", "ChoiceMenu"},
        "delphi-end": {"MarchScreen", "HandsScreen", "NumberPick", "EndScreen", "ResultScreen"},
        "delphi-march": {"DisplayView", "Standings", "OracleScreen", "CessationScreen", "ResultScreen"},
        "delphi-oracle": {"MarchScreen", "ChoiceMenu", "CardMenu"},
        "delphi-prompt": {"FamePrompt", "NumberPick", "ResultScreen"},
    }[name]
    assert want <= seen, want - seen


def test_the_check_catches_a_string_too_long(tmp_path, monkeypatch):
    # the March screen's first action said longer: the action bar runs off the panel
    import lang_text

    real = lang_text.tr

    def longer(s):
        t = real(s)
        return t + "還要更長的文字" if s == "%s plays face up" else t

    monkeypatch.setattr(lang_text, "tr", longer)
    with pytest.raises(AssertionError, match="off the panel"):
        replay_in_chinese("delphi", tmp_path, monkeypatch)


# The game's messages (a ValueError said in the App's box): each at most 3 lines of glyphs.
MESSAGES = ("the display is empty", "Parade 1 March 1 is fixed by the rulebook", "that March is already scored",
            "choose 3 or 4 City States", "enter every City State's cards first", "No card in any display")


def test_the_messages_fit_their_box(monkeypatch):
    from host_sim.framebuf import FrameBuffer

    import screens

    lang.use(1)
    for en in MESSAGES:
        zh = lang.tr(en)
        assert zh != en
        assert len(lang.text.split(zh, gfx.W - 14)) <= 3, zh

        class App:
            g = gfx.Gfx(FrameBuffer(bytearray(1024), 128, 64, 0))

        rec = Boxes(monkeypatch)
        screens._draw_toast(App, zh)
        check_frame(rec.boxes, zh)
        assert "".join(b[4] for b in rec.boxes).replace(" ", "") == zh.replace(" ", ""), zh


def test_the_table_view_in_chinese_is_two_lines_of_22_px(tmp_path, monkeypatch):
    # what the table reads: the Parade and the March, who plays; its glyphs doubled (22 px)
    script, seed = device_run.load_script(os.path.join(ROOT, "tests", "golden", "delphi.keys"))
    app = boot(tmp_path, seed, bench=True)
    press(app, ZH)
    press(app, script.split("tv_tie:")[0].replace("menu:", "").replace("setup:", "").replace("table:", "")
          .replace("first_out:", "").replace("last_survivor:", "").replace("table_set:", "")
          .replace("setup_3:", "").replace("start:", "").replace("face_down:", "").replace("tie:", ""))
    assert top_name(app) == "TableView"
    assert app.top().source.table_lines() == ["遊行1 行進1", "平手蓋牌"]
    rec = Boxes(monkeypatch)
    app.g.clear()
    app._draw()
    tall = [b for b in rec.boxes if not gfx.plain(b[4])]
    assert tall and all(b[3] == 22 for b in tall)
    assert all(b[3] >= 21 for b in rec.boxes)  # the digits: table text (18 px capitals in 21 rows)
