"""The dice roller through the real App: opened from the main menu, every roll saved
(a power cut shows the same result again), undo from the game menu, pickers in range."""
from test_robustness import boot, press

UP, DOWN, OK, BACK, LEFT, RIGHT = 1, 2, 3, 4, 5, 6
OPEN = [UP, UP, OK]  # the main menu's last entry but one (the Timer is last)


def test_roll_survives_a_power_cut_and_undo_rolls_the_same_again(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN)
    assert app.game_name == "dice" and type(app.top()).__name__ == "DiceScreen"
    press(app, [DOWN, OK, DOWN, DOWN, OK, UP, OK, OK])  # dice: 2d20, then roll (the bar is on Roll)
    g = app.session.game
    assert (g.count, g.sides, g.rolls) == (2, 20, 1) and len(g.result) == 2
    first = list(g.result)
    press(app, [OK])
    second = list(app.session.game.result)
    again = boot(tmp_path)  # power cut: the same screen and result come back
    assert again.game_name == "dice" and again.session.game.result == second
    assert type(again.top()).__name__ == "DiceScreen"
    press(again, [BACK, OK])  # game menu: undo last step
    assert again.session.game.result == first and again.session.game.rolls == 1
    press(again, [OK])
    assert again.session.game.result == second


def test_first_player_and_custom_dice(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN + [DOWN, DOWN, OK])  # First player: picker at 4
    press(app, [UP, OK])
    g = app.session.game
    assert g.players == 5 and 1 <= g.first <= 5 and g.shown == "first"
    press(app, [UP, OK, UP, OK])  # Dice -> Custom sides (the picker starts at 6)
    press(app, [UP, UP, OK, OK])  # 8 sides, 1 die
    press(app, [OK])  # the bar is back on Roll
    g = app.session.game
    assert (g.count, g.sides) == (1, 8) and 1 <= g.result[0] <= 8


def test_after_changing_the_dice_ok_rolls_them_as_the_screen_says(tmp_path):
    # Bug: after the dice were changed the screen said "OK rolls 3d6" with the bar still on
    # "Dice:", so OK opened the picker again.
    app = boot(tmp_path)
    press(app, OPEN + [DOWN, OK, OK, UP, UP, OK])  # Dice: d6, 3 of them
    top = app.top()
    assert top.actions()[top.action] == "Roll 3d6"
    app.render()
    press(app, [OK])
    g = app.session.game
    assert g.rolls == 1 and len(g.result) == 3 and type(app.top()).__name__ == "DiceScreen"
