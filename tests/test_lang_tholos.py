"""Tholos, the dice roller, the table's clock and the Timer in 繁體中文: every frame of their golden
scripts (tests/golden/tholos*.keys, dice.keys) and of the Timer's and the clock's screens drawn with
the device in Traditional Chinese, none with text cut, overlapping or off the panel
(test_lang's checker)."""
import os

import device_run
import pytest
from helpers import ROOT, as_keys, boot, press, top_name
from test_lang import Boxes, check_frame

import lang
from host_sim.clock import FakeClock

ZH = "BACK DOWN DOWN OK UP UP OK BACK BACK"  # Settings, two UP: the Language line (tests/golden/zh-names.keys)


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use(0)  # the language is the firmware's module state: the next test starts in English


def checked(app, keys, monkeypatch, where):
    """Press ``keys`` on ``app``; each frame drawn again and checked.  The screens' names seen."""
    rec = Boxes(monkeypatch)
    seen = set()
    for i, k in enumerate(keys):
        press(app, [k], settle=True)  # the device's turn run to its move, as the device loop runs it
        if app.toast_text:
            continue  # a message boxed over the screen (test_lang: the message box)
        rec.boxes = []
        app.g.clear()
        app._draw()
        # a number alone on the table view (one die, the first player): its big digits tripled, drawn
        # to the bottom row as in English (their box, 45 px, counts the font's blank rows below)
        boxes = [b for b in rec.boxes if not (top_name(app) == "TableView" and b[4].isdigit() and b[1] == 21)]
        check_frame(boxes, "%s key %d (%s)" % (where, i, top_name(app)))
        seen.add(top_name(app))
    return seen


def chinese(path, seed):
    app = boot(path, seed, bench=True)
    press(app, ZH)
    assert lang.index == 1 and top_name(app) == "MainMenu"
    return app


@pytest.mark.parametrize("name", ["tholos", "tholos-solo", "dice"])
def test_the_golden_scripts_fit_in_chinese(name, tmp_path, monkeypatch):
    script, seed = device_run.load_script(os.path.join(ROOT, "tests", "golden", name + ".keys"))
    app = chinese(tmp_path, seed)
    seen = checked(app, [k for _n, k in device_run.steps(script)], monkeypatch, name)
    assert lang.index == 1
    want = {"tholos": {"TempleScreen", "ColumnPick", "TableView", "ChoiceMenu"},
            "tholos-solo": {"TempleScreen", "DeviceMoveScreen", "EndScreen", "ChoiceMenu"},  # noqa
            "dice": {"DiceScreen", "TableView", "NumberPick", "ChoiceMenu"}}[name]
    assert want <= seen, sorted(seen)


def test_the_timer_and_the_clock_fit_in_chinese(tmp_path, monkeypatch):
    # tests/test_clock.py's Timer: 4 players, a turn limit of 0:30; every player's time; a pass undone
    app = chinese(tmp_path, 7)
    app.board.clock = FakeClock()
    seen = checked(app, as_keys("UP OK OK DOWN OK UP UP OK OK OK DOWN UP BACK BACK OK BACK"), monkeypatch, "timer")
    assert {"TimerScreen", "AllScreen", "NumberPick", "ChoiceMenu"} <= seen
    app.board.clock.advance(25000)  # the warning: the Timer drawn inverted
    app.session.clock.ui.tick(app)
    seen = checked(app, as_keys("OK DOWN"), monkeypatch, "timer warned")
    # a Tholos game timed by a chess clock: its set-up's clock menus, the temple with the clock
    app2 = chinese(tmp_path / "t", 5)
    app2.board.clock = FakeClock()
    seen = checked(app2, as_keys("DOWN DOWN DOWN DOWN OK OK DOWN OK OK BACK DOWN OK DOWN DOWN DOWN OK OK BACK"),
                   monkeypatch, "tholos timed")
    assert "TempleScreen" in seen


def test_the_check_catches_a_string_too_long_for_the_panel(tmp_path, monkeypatch):
    # the checker fails on a too-long translation: the bonus's title in Chinese made longer
    script, seed = device_run.load_script(os.path.join(ROOT, "tests", "golden", "tholos.keys"))
    app = chinese(tmp_path, seed)
    real = lang.text.tr

    def longer(s):
        return real(s) * 2 if s.startswith("Bonus:") else real(s)

    monkeypatch.setattr(lang.text, "tr", longer)
    with pytest.raises(AssertionError, match="off the panel"):
        checked(app, [k for _n, k in device_run.steps(script)], monkeypatch, "tholos")
