"""Delfos's screens in 繁體中文: every golden script of Delfos (tests/golden/delfos*.keys) replayed
with the language set to Chinese first, each frame checked by test_lang's layout check (no text
cut, overlapping or off the panel)."""
import glob
import os

import pytest
from helpers import ROOT, boot, press, top_name
from test_lang import Boxes, check_frame

import lang

LANG_KEYS = "BACK DOWN DOWN OK UP UP OK BACK BACK"  # Settings, two UP: the Language line (test_lang)
SCRIPTS = sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "delfos*.keys")))


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use(0)  # the language is the firmware's module state: the next test starts in English


def replay_in_chinese(path, tmp_path, monkeypatch):
    """Play the script at ``path`` after the language switch, checking every frame; the names of
    the screens seen."""
    import device_run

    script, seed = device_run.load_script(path)
    app = boot(tmp_path, seed, bench=True)
    press(app, LANG_KEYS)
    assert lang.index == 1 and top_name(app) == "MainMenu"
    rec = Boxes(monkeypatch)
    seen = set()
    for i, (_name, k) in enumerate(device_run.steps(script)):
        press(app, [k])
        if app.toast_text:
            continue  # a message boxed over the screen (test_lang checks the message box)
        rec.boxes = []
        app.g.clear()
        app._draw()
        check_frame(rec.boxes, "%s key %d (%s)" % (os.path.basename(path), i, top_name(app)))
        seen.add(top_name(app))
    return seen


def test_there_are_delfos_scripts():
    assert len(SCRIPTS) >= 10


@pytest.mark.parametrize("path", SCRIPTS, ids=[os.path.basename(p)[:-5] for p in SCRIPTS])
def test_delfos_screens_fit_in_chinese(path, tmp_path, monkeypatch):
    seen = replay_in_chinese(path, tmp_path, monkeypatch)
    assert lang.index == 1 and len(seen) >= 2
