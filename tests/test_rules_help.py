"""Each game's menu reaches its rules help (the last line, "Rules help"), through the real App
on CPython; the page numbers and leaving with BACK.  The pages' fit on the screen is checked on
both interpreters by tests/engine/test_rules_help.py."""
import device_run
import pytest
from app import App
from keys import BACK, DOWN, OK, UP
from rules_help import HelpScreen

from host_sim.framebuf import FrameBuffer

KEY = {"UP": UP, "DOWN": DOWN, "OK": OK, "BACK": BACK}
# game -> (first page title, pages), as written in firmware/help_text.py
FIRST = {"oracle": ("Recover", 13), "delfos": ("Khaos turn", 9), "delphi": ("Turn", 10),
         "delphi-calc": ("Turn", 9), "tholos": ("Turn", 10)}


def boot(folder, seed=1):
    return App(device_run.BenchBoard(FrameBuffer, str(folder), seed)).boot()


def press(app, keys):
    for k in keys.split():
        app.handle(KEY[k])
        app.render()


@pytest.mark.parametrize("name", sorted(FIRST))
def test_the_game_menu_ends_with_rules_help_and_opens_it(name, tmp_path):
    app = boot(tmp_path)
    app.new_game(name)
    app.render()
    below = app.top()
    app.game_menu()
    app.render()
    menu = app.top()
    assert menu.items[-1] == "Rules help"
    assert menu.items[:4] == ["Back to game", "Undo last step", "End game", "Main menu"]  # their places kept
    assert menu.index == 1  # it opens on the undo
    press(app, "UP UP OK")  # UP from the first line wraps to the last
    help_screen = app.top()
    assert isinstance(help_screen, HelpScreen)
    title, pages = FIRST[name]
    assert help_screen.pages[0][0] == title and len(help_screen.pages) == pages
    press(app, "DOWN DOWN")
    assert help_screen.page == 2
    press(app, "BACK")
    assert app.top() is below, "BACK leaves the help for the screen the menu was opened from"


def test_the_dice_roller_has_no_rules_help(tmp_path):
    app = boot(tmp_path)
    app.new_game("dice")
    app.render()
    app.game_menu()
    assert "Rules help" not in app.top().items


def test_delphi_by_keys_from_a_running_march(tmp_path):
    app = boot(tmp_path)
    # Main menu -> Delphi -> set-up, three City States, start (tests/test_delphi_ui.py OPEN, THREE)
    press(app, "DOWN DOWN OK UP UP OK DOWN DOWN OK")
    assert type(app.top()).__name__ == "MarchScreen"
    press(app, "BACK UP UP OK")  # the game menu, its last line
    assert isinstance(app.top(), HelpScreen)
    frame = bytes(app.board.buf)
    press(app, "DOWN")
    assert bytes(app.board.buf) != frame, "DOWN shows the next page"
    press(app, "BACK")
    assert type(app.top()).__name__ == "MarchScreen"
    assert app.session is not None and app.game_name == "delphi", "the game goes on"
