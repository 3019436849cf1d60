"""Tholos, the dice roller, the table's clock and the Timer in 繁體中文: every frame of their golden
scripts (tests/golden/tholos*.keys and dice.keys replayed with the device in Traditional Chinese;
zh-timer.keys and zh-clock.keys, Chinese already, on a clock that runs) checked for text cut,
overlapping or off the panel (test_lang's checker)."""
import os

import device_run
import pytest
from helpers import ROOT, as_keys, boot, press, top_name
from test_lang import Boxes, check_frame

import lang
from fonts import SMALL
from host_sim.clock import FakeClock

ZH = "BACK DOWN DOWN OK UP UP OK BACK BACK"  # Settings, two UP: the Language line (tests/golden/zh-names.keys)


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use(0)  # the language is the firmware's module state: the next test starts in English


def blank_last_row(ch):
    """True when the small font's ``ch`` has no pixel on its 7th (descender) row."""
    w, _h, first, _last, nb, data = SMALL
    o = (ord(ch) - first) * w * nb
    return not any(data[o + i] >> 6 & 1 for i in range(w))


def ink_box(b):
    """``b`` (x, y, w, h, s) as tall as its text's pixels: table text (the small font 3 px a row,
    21 px) of characters without a descender (the clock's "19:58") ends 3 px higher."""
    x, y, w, h, s = b
    if h == 21 and all(blank_last_row(ch) for ch in s):
        return (x, y, w, 18, s)
    return b


def checked(app, keys, monkeypatch, where, step=None):
    """Press ``keys`` on ``app`` (the device's turn run to its move, as the device loop runs it);
    each frame drawn again and checked; ``step(app)`` after each key.  The screens' names seen."""
    rec = Boxes(monkeypatch)
    seen = set()
    for i, k in enumerate(keys):
        press(app, [k], settle=True)
        if step is not None:
            step(app)
        if app.toast_text:
            continue  # a message boxed over the screen (test_lang: the message box)
        rec.boxes = []
        app.g.clear()
        app._draw()
        # a number alone on the table view (one die, the first player): its big digits tripled, drawn
        # to the bottom row as in English (their box, 45 px, counts the font's blank rows below)
        boxes = [ink_box(b) for b in rec.boxes if not (top_name(app) == "TableView" and b[4].isdigit() and b[1] == 21)]
        check_frame(boxes, "%s key %d (%s)" % (where, i, top_name(app)))
        seen.add(top_name(app))
    return seen


def script(name):
    return device_run.load_script(os.path.join(ROOT, "tests", "golden", name + ".keys"))


def keys_of(text):
    return [k for _n, k in device_run.steps(text)]


SEEN = {"tholos": {"TempleScreen", "ColumnPick", "TableView", "ChoiceMenu"},
        "tholos-solo": {"TempleScreen", "DeviceMoveScreen", "EndScreen", "ChoiceMenu"},
        "dice": {"DiceScreen", "TableView", "NumberPick", "ChoiceMenu"}}


@pytest.mark.parametrize("name", sorted(SEEN))
def test_the_golden_scripts_fit_in_chinese(name, tmp_path, monkeypatch):
    text, seed = script(name)
    app = boot(tmp_path, seed, bench=True)
    press(app, ZH)
    assert lang.index == 1 and top_name(app) == "MainMenu"
    seen = checked(app, keys_of(text), monkeypatch, name)
    assert lang.index == 1
    assert SEEN[name] <= seen, sorted(seen)


def ticking(app):
    """A second of the clock a key (the clock's field drawn with its time running)."""
    app.board.clock.advance(1000)
    app.session.clock.ui.tick(app) if app.session is not None and app.session.clock is not None else None


@pytest.mark.parametrize("name", ["zh-timer", "zh-clock"])
def test_the_timer_and_the_clock_fit_in_chinese(name, tmp_path, monkeypatch):
    text, seed = script(name)
    app = boot(tmp_path, seed, bench=True)
    app.board.clock = FakeClock()
    seen = checked(app, keys_of(text), monkeypatch, name, ticking)
    assert lang.index == 1
    want = {"TimerScreen", "AllScreen", "NumberPick", "ChoiceMenu"} if name == "zh-timer" else \
        {"TempleScreen", "TableView", "AllScreen", "ChoiceMenu"}
    assert want <= seen, sorted(seen)
    if name == "zh-timer":  # 0:30 a turn: 25 s on, the warning (the Timer inverted), then 8 players' times
        app.board.clock.advance(25000)
        app.session.clock.ui.tick(app)
        assert app.session.clock.ui.inverted(app)
        checked(app, as_keys("OK DOWN DOWN DOWN BACK"), monkeypatch, "warned", ticking)


def test_every_players_time_pages_eight_players_in_chinese(tmp_path, monkeypatch):
    app = boot(tmp_path, 7, bench=True)
    app.board.clock = FakeClock()
    press(app, ZH)
    press(app, "UP OK UP UP UP UP OK OK")  # the Timer: 8 players, Count
    seen = checked(app, as_keys("OK OK OK OK OK OK DOWN DOWN DOWN DOWN DOWN UP"), monkeypatch, "eight", ticking)
    assert "AllScreen" in seen and app.top().top == 3  # four lines a page: rows 4-7 after scrolling


def test_a_box_ends_with_its_texts_pixels():
    assert ink_box((0, 44, 50, 21, "19:58")) == (0, 44, 50, 18, "19:58")
    assert ink_box((0, 44, 80, 21, "Player 2")) == (0, 44, 80, 21, "Player 2")  # "y" reaches the 7th row
    assert ink_box((0, 0, 9, 7, "19")) == (0, 0, 9, 7, "19")  # the small font at 1x: as recorded


def test_the_check_catches_a_string_too_long_for_the_panel(tmp_path, monkeypatch):
    # the checker fails on a too-long translation: the bonus's title in Chinese made longer
    text, seed = script("tholos")
    app = boot(tmp_path, seed, bench=True)
    press(app, ZH)
    real = lang.text.tr

    def longer(s):
        return real(s) * 2 if s.startswith("Bonus:") else real(s)

    monkeypatch.setattr(lang.text, "tr", longer)
    with pytest.raises(AssertionError, match="off the panel"):
        checked(app, keys_of(text), monkeypatch, "tholos")
