"""The Oracle of Delphi's screens in 繁體中文: every frame of its golden scripts (tests/golden/oracle*.keys)
replayed with the device in Chinese, no text cut, overlapping or off the panel (test_lang's checker);
the same with five-letter names on every seat and with four players, whose lines are the longest."""
import glob
import os

import pytest
from helpers import ROOT, boot, press, top_name
from test_lang import Boxes, check_frame

import lang  # noqa: E402
import names  # noqa: E402

LANG_KEYS = "BACK DOWN DOWN OK UP UP OK BACK BACK"  # Settings, two UP: the language (zh-names.keys)
SCRIPTS = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(ROOT, "tests", "golden", "oracle*.keys")))


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use(0)  # the language is the firmware's module state: the next test starts in English


def long_names(monkeypatch):
    """Every seat named, each name cut to 5 characters by ``ui_draw.pname``: "Alexa 綠", a player's widest label."""
    full = ("Alexandra", "Bartholomew", "Christophe", "Dominique")
    monkeypatch.setattr(names, "label", lambda seat, default, width=10: full[seat][:width])


def chinese(tmp_path, seed):
    app = boot(tmp_path, seed, bench=True)
    press(app, LANG_KEYS)
    assert lang.index == 1 and top_name(app) == "MainMenu"
    return app


def walk(app, keys, rec, where):
    """Press ``keys`` (names) one by one; every frame but a message's checked.  Returns the screens seen."""
    seen = set()
    for i, k in enumerate(keys):
        press(app, k)
        if app.toast_text:
            continue  # a message boxed over the screen: test_lang checks the message box
        rec.boxes = []
        app.g.clear()
        app._draw()
        check_frame(rec.boxes, "%s key %d %s (%s)" % (where, i, k, top_name(app)))
        seen.add(top_name(app))
    return seen


def golden_keys(name):
    import device_run

    script, seed = device_run.load_script(os.path.join(ROOT, "tests", "golden", name + ".keys"))
    return [k for _mark, k in device_run.steps(script)], seed


# Every screen of the Oracle that the golden session shows (tests/golden/oracle.keys)
SCREENS = {"NumberPick", "ChoiceMenu", "SetupScreen", "StartInjuryScreen", "ShipScreen", "ColourScreen",
           "TurnScreen", "TableView", "ConsultScreen", "TitanScreen", "PlayersScreen", "RecolourScreen",
           "BattleScreen", "ZeusScreen", "EndScreen"}


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_golden_script_fits_in_chinese(name, tmp_path, monkeypatch):
    keys, seed = golden_keys(name)
    app = chinese(tmp_path, seed)
    rec = Boxes(monkeypatch)
    seen = walk(app, keys, rec, name)
    assert lang.index == 1
    if name == "oracle":
        assert SCREENS <= seen, SCREENS - seen


def test_the_golden_script_fits_with_names_on_every_seat(tmp_path, monkeypatch):
    # names cut to 5 characters (ui_draw.pname): "Alexa 綠", the widest label of a player
    keys, seed = golden_keys("oracle")
    app = chinese(tmp_path, seed)
    long_names(monkeypatch)
    rec = Boxes(monkeypatch)
    seen = walk(app, keys, rec, "names")
    assert {"SetupScreen", "TurnScreen", "PlayersScreen", "BattleScreen", "EndScreen"} <= seen


# Four players: the set-up's four lines (no title then), the starting cards entered, the turn, its
# table view, All players, a battle (the fight on die 1's colour) and its re-roll, Shields, the Titan die.
FOUR = ("OK UP OK OK "  # the Oracle, 4 players, random start player
        "OK OK OK OK OK "  # Start game: each seat's starting injury card
        "LEFT OK DOWN DOWN DOWN OK OK DOWN DOWN OK OK BACK "  # the table view; All players, an injury card
        "DOWN DOWN OK OK UP OK BACK "  # Shields: the first seat's raised
        "DOWN OK DOWN OK "  # a fight on die 1's colour, missed: given up
        "OK OK OK OK OK OK OK OK OK OK OK")  # four consultations, the Titan die rolled, the Titan cards due


def test_four_named_players_fit(tmp_path, monkeypatch):
    app = chinese(tmp_path, 11)
    long_names(monkeypatch)
    rec = Boxes(monkeypatch)
    seen = walk(app, FOUR.split(), rec, "four")
    assert app.session.game.n == 4
    assert {"SetupScreen", "TurnScreen", "TableView", "PlayersScreen", "ShieldScreen", "BattleScreen",
            "ConsultScreen", "TitanScreen"} <= seen


def test_the_check_catches_a_line_too_long(tmp_path, monkeypatch):
    # the same walk with the players' colours made longer: the set-up's lines run off the panel
    import games.oracle.ui_draw as ui_draw

    app = chinese(tmp_path, 11)
    monkeypatch.setattr(ui_draw, "PLAYER_COLOURS", ("Green", "Blue", "Yellow", "Red"))
    monkeypatch.setattr(lang, "tr", lambda s: "綠色綠色綠色綠色綠色" if s in ("Green", "Blue", "Yellow", "Red")
                        else lang.text.tr(s))
    monkeypatch.setattr(ui_draw, "tr", lang.tr)
    rec = Boxes(monkeypatch)
    with pytest.raises(AssertionError, match="off the panel|overlap"):
        walk(app, "OK OK OK".split(), rec, "long")
