"""The Oracle of Delphi screens: set-up entries, recovery and the end, through the keys."""
from helpers import boot, press

UP, DOWN, OK, BACK = 1, 2, 3, 4
START = [OK, OK, DOWN, OK]  # Oracle, 3 players, start P1: the set-up screen


def test_setup_entries_survive_a_power_cut(tmp_path):
    app = boot(tmp_path)
    # Starting injuries: P1 red; ship tiles: P2 "shield starts at 2".
    press(app, START + [DOWN, OK, OK, OK, BACK, DOWN, OK, DOWN, OK, DOWN, OK, BACK])
    gm = app.session.game
    assert gm.injuries[0] == [1, 0, 0, 0, 0, 0] and gm.shields == [0, 2, 0]
    again = boot(tmp_path)
    assert type(again.top()).__name__ == "SetupScreen"
    assert again.session.game.injuries[0][0] == 1 and again.session.game.shields[1] == 2


def test_recovery_turn_from_the_turn_screen(tmp_path):
    app = boot(tmp_path)
    press(app, START)
    for p in range(3):  # the starting cards: black
        app.do(["start_injury", p, 1])
    press(app, [OK])  # start the game (every starting card entered): P1's turn
    for _ in range(2):  # two more black injury cards entered by hand
        app.do(["injury", 0, 1, 1])
    app.changed()
    from games.oracle.ui import TurnScreen

    top = app.top()
    assert isinstance(top, TurnScreen)
    assert top.actions()[0] == "Recover: discard 3"
    top.action = 0
    press(app, [OK, OK, OK, OK])  # discard black, black, black
    gm = app.session.game
    assert gm.injuries[0] == [0] * 6 and gm.active() == 1 and gm.last_consult is None
    again = boot(tmp_path)
    assert again.session.game.active() == 1


def test_no_winner_before_the_entries(tmp_path):
    app = boot(tmp_path)
    press(app, START + [OK, OK, OK, OK])  # Start game asks the 3 starting cards
    for cmd in (["zeus", 0], ["zeus", 1], ["consult"], ["consult"], ["consult"], ["titan"]):
        app.do(cmd)
    from games.oracle.ui import EndScreen

    end = EndScreen(app)
    app.push(end)
    app.render()
    assert end.items[-1] == "Winner: enter all"
    app.do(["final", 0, 2, 1])
    app.do(["final", 1, 2, 3])
    end.shown()
    assert end.items[-1] == "Winner: P2"


def test_old_save_that_no_longer_replays_falls_back_with_a_message(tmp_path):
    # A save from before favor was tracked: 6 paid re-rolls with 3 favor.  It no
    # longer replays; the boot says so and carries on (no crash).
    from store import OsFs, Store

    st = Store(OsFs(str(tmp_path)))
    cmds = [["battle", 0, 1], ["battle_roll"]] + [["battle_pay"]] * 6
    st.save("oracle", {"game": "oracle", "setup": {"players": 3, "start": 0}, "seed": 1, "cmds": cmds,
                       "screen": "turn"})
    st.save("app", {"last": "oracle"})
    app = boot(tmp_path)
    assert app.session is None and type(app.top()).__name__ == "MainMenu"
    assert app.toast_text
