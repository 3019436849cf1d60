"""One way back: HOME (BACK held 450 ms, ``keys.Buttons``) opens the game's menu from any screen
of a game; the Delfos menu's "End game, main menu" offers no second undo; the main menu's
cursor is on the game just left, also after a resume at power-on."""
import pytest

from helpers import boot, press, top_name

ORACLE_TURN = "OK OK DOWN OK OK OK OK OK "  # 3 players, start P1, 3 starting injury cards: P1's turn
DELFOS_TWO = "DOWN OK OK DOWN OK OK OK OK OK OK DOWN OK "  # tests/test_delfos_ui.py TWO

# (game, keys to its main screen, keys from there to a screen deeper in, that main screen)
DEEP = [
    ("oracle", ORACLE_TURN, "DOWN DOWN DOWN OK OK", "TurnScreen"),  # All players, the first one's entry
    ("delfos", DELFOS_TWO + "OK", "BACK DOWN OK", "TurnScreen"),  # the Delfos menu, Scores so far
    ("dice", "UP UP OK", "DOWN OK", "DiceScreen"),
]


@pytest.mark.parametrize("game, to_main, deeper, main", DEEP, ids=[d[0] for d in DEEP])
def test_home_opens_the_game_menu_from_a_screen_deep_in_the_game(tmp_path, game, to_main, deeper, main):
    app = boot(tmp_path)
    press(app, to_main)
    assert app.game_name == game
    if game != "delfos":  # (Delfos's turn screen is under its first-turn reminder: one key)
        assert top_name(app) == main
    press(app, deeper)
    deep = app.top()
    assert len(app.stack) >= 3 and top_name(app) != main and "Undo last step" not in getattr(deep, "items", ())
    cmds = list(app.session.cmds)
    press(app, "HOME")
    menu = app.top()
    assert menu is not deep and top_name(app) == "ChoiceMenu" and menu.items[1] == "Undo last step"
    assert menu.index == 1 and len(app.stack) == 3 and app.session.cmds == cmds
    press(app, "BACK")
    assert top_name(app) == main and len(app.stack) == 2


def test_home_outside_a_game_changes_nothing(tmp_path):
    app = boot(tmp_path)
    press(app, "BACK")  # the device menu
    menu = app.top()
    press(app, "HOME")
    assert app.top() is menu and app.game_name is None


def test_the_delfos_menus_way_out_offers_no_second_undo(tmp_path):
    app = boot(tmp_path)
    press(app, DELFOS_TWO + "OK BACK")
    assert app.top().items[0] == "Undo last step" and app.top().items[-1] == "End game, main menu"
    press(app, "UP OK")
    assert app.top().items == ["Back to game", "End game", "Main menu"]
    press(app, "DOWN DOWN OK")
    assert top_name(app) == "MainMenu" and app.top().index == 1 and app.store.fs.exists("delfos.dat")


def test_the_main_menus_cursor_is_on_the_game_left_also_after_a_power_on_resume(tmp_path):
    app = boot(tmp_path)
    press(app, "UP UP OK OK")  # the dice roller, a roll: a saved game
    again = boot(tmp_path)  # a power cut: the dice roller again
    assert again.game_name == "dice" and again.stack[0].index == 5
    press(again, "BACK DOWN DOWN OK")  # the game menu (on its undo): Main menu
    assert top_name(again) == "MainMenu" and again.top().index == 5
    press(again, "DOWN DOWN DOWN OK")  # from the dice roller, past the Timer, wrapping: Delfos
    assert again.game_name == "delfos"
