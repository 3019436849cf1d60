"""Delphi screens through the real App on CPython: a whole game by keys,
power-cut resume, stored fame values, undo, card supply, Zeus targets.

Expected values are worked out by hand from the rulebook
(Delphi rulebook) and the key sequences; see the comments.
"""
import helpers
from keys import BACK, DOWN, OK, UP


KEY = {"UP": UP, "DOWN": DOWN, "OK": OK, "BACK": BACK}


def no_message(app):
    assert app.toast_text is None, app.toast_text


boot = helpers.booter(1, bench=True, render=False)
press = helpers.presser(check=no_message)
top = helpers.top_name


# Main menu -> Delphi -> set-up (cursor on "Start"); UP UP OK leaves Sparta out.
OPEN = "DOWN DOWN OK"
THREE = "UP UP OK DOWN DOWN OK"
# One March where all three City States pass at once: the face-down flow,
# the Pass card is the last item of every card menu (UP from the top).
ALL_PASS = "OK UP OK UP OK UP OK"


def test_whole_game_by_keys(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN)
    assert top(app) == "SetupScreen"
    press(app, THREE)
    gm = app.session.game
    assert gm.cities == ("athens", "thebes", "corinth")
    assert top(app) == "MarchScreen"
    # March 1: Parade 1 March 1 is the rulebook's -1 / 2 / 3; all pass at
    # once, so each takes the full negative value ("The Pass card").
    press(app, ALL_PASS)
    assert top(app) == "ResultScreen"
    assert app.session.game.fame == [-1, -1, -1]
    press(app, "OK")
    # March 2: unset values -> the prompt; -2 (DOWN DOWN), 2 (UP UP), 2+2=4.
    press(app, ALL_PASS)
    assert top(app) == "FamePrompt"
    assert app.session.game.phase == "fame"
    press(app, "OK DOWN DOWN OK UP UP OK UP UP OK")
    assert app.session.game.table[1] == (-2, 2, 4)
    assert app.session.game.fame == [-3, -3, -3]
    press(app, "OK")
    # Marches 3-9: values 0 / 0 / 0 entered at each prompt (OK OK OK).
    for _ in range(7):
        press(app, ALL_PASS + " OK OK OK OK OK")
    gm = app.session.game
    assert gm.phase == "hands"
    assert top(app) == "HandsScreen"
    # Nobody played a card but the Pass: 3 Parades x 8 cards = 24 in hand
    # (the device's guide, offered as the starting number).
    assert gm.hand_estimate == [24, 24, 24]
    # Athens keeps 24; Thebes 24 - 1 = 23; Corinth UP from 24 wraps to 0 (the
    # pick is 0..24: 24 cards of the stack, none played).
    press(app, "OK OK OK DOWN OK OK UP OK")
    assert app.session.game.hands is None
    # A power cut: the three counts are commands, kept.
    app = boot(tmp_path)
    assert top(app) == "HandsScreen" and app.session.game.hand_entries == [24, 23, 0]
    app.top().index = 3
    press(app, "OK")  # "Done: +1 fame each"
    gm = app.session.game
    assert gm.hands == [24, 23, 0]
    assert gm.fame == [-3 + 24, -3 + 23, -3 + 0]
    assert gm.ranking() == [["athens"], ["thebes"], ["corinth"]]
    assert top(app) == "EndScreen"


def test_settings_persist_and_fixed_first_march(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN)
    # Fame values screen, Parade 1 March 2: -2, 3 (UP UP UP), 3+2=5.
    press(app, "UP OK DOWN OK DOWN DOWN OK UP UP UP OK UP UP OK")
    assert top(app) == "FameTable"
    # Parade 1 March 1 cannot be edited: a message, nothing stored.
    press(app, "UP")
    app.handle(OK)
    assert app.toast_text == "Parade 1 March 1 is fixed by the rulebook"
    # A new App on the same flash (a power cut) still has the values.
    app2 = boot(tmp_path)
    doc = app2.settings("delphi-fame", None)
    assert doc[1] == [-2, 3, 5]
    assert doc[0] == [-1, 2, 3]
    assert doc[2] == [None, None, None]
    # A new game takes them into its setup: March 2 needs no prompt.
    press(app2, OPEN + " " + THREE)
    assert app2.session.game.table[1] == (-2, 3, 5)


def test_resume_after_power_cut(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN + " " + THREE)
    # Face down: Athens 5, Thebes 5, Corinth 3 (menus start at "2").
    press(app, "OK DOWN DOWN DOWN OK DOWN DOWN DOWN OK DOWN OK")
    gm = app.session.game
    assert gm.values() == [5, 5, 3]
    assert gm.phase == "play" and gm.must_play == [2]
    cmds = list(app.session.cmds)
    # Power cut: a new App boots on the same save folder.
    app2 = boot(tmp_path)
    assert top(app2) == "MarchScreen"
    assert app2.session.cmds == cmds
    assert app2.session.game.values() == [5, 5, 3]
    assert app2.session.game.must_play == [2]
    # Same frame as before the cut.
    app.changed()
    app.render()
    app2.changed()
    app2.render()
    assert bytes(app.board.buf) == bytes(app2.board.buf)


def test_resume_on_fame_prompt(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN + " " + THREE + " " + ALL_PASS + " OK " + ALL_PASS)
    assert top(app) == "FamePrompt"
    app2 = boot(tmp_path)
    assert top(app2) == "FamePrompt"
    assert app2.session.game.phase == "fame"


def test_undo_from_game_menu(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN + " " + THREE)
    press(app, "OK DOWN DOWN DOWN OK DOWN DOWN DOWN OK DOWN OK")
    assert len(app.session.cmds) == 3  # one command per face-down card
    press(app, "BACK OK")  # game menu: "Undo last step": Corinth's card
    assert len(app.session.cmds) == 2
    assert top(app) == "MarchScreen"
    assert app.session.game.values() == [0, 0, 0]
    assert app.session.game.next_face_down() == 2


def test_card_menu_offers_only_the_supply(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN + " " + THREE)
    # Corinth plays 5 face down, then (worst) the second 5 face up: a Pair, 25.
    press(app, "OK DOWN DOWN DOWN DOWN OK DOWN DOWN DOWN DOWN OK DOWN DOWN DOWN OK")
    gm = app.session.game
    assert gm.values() == [6, 6, 5]
    press(app, "OK DOWN DOWN DOWN OK")
    assert app.session.game.values() == [6, 6, 25]
    # Athens and Thebes tie at 6: face down.  Corinth's supply has no 5 left
    # (two per set, published component lists); Athens still has two.
    press(app, "OK")
    assert top(app) == "CardMenu"
    assert "5 Rider" in app.top().items
    assert app.top().items[-1] == "Pass"
    from games.delphi.cardmenu import CardMenu

    left = CardMenu(app, "x", lambda c: app.session.game.supply_left(2, c), True, None)
    assert "5 Rider" not in left.items
    assert "6 Chariot" in left.items


def test_zeus_target_in_a_tie_reads_the_displays_as_they_will_lie(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN + " " + THREE)
    # Face down: Athens 7, Thebes 7, Corinth 3.
    press(app, "OK DOWN DOWN DOWN DOWN DOWN OK DOWN DOWN DOWN DOWN DOWN OK DOWN OK")
    # Corinth (3) plays 4 face up -> 7: a three-way tie, all face down.
    press(app, "OK DOWN DOWN OK")
    gm = app.session.game
    assert gm.values() == [7, 7, 7] and gm.phase == "reveal"
    # Athens: Hades (every 7 goes, resolved first in the rulebook's order);
    # Thebes: Zeus -> the display menu lists only displays with cards as
    # they will lie after Hades: Athens (the Hades card) and Corinth (3, 4);
    # Thebes' 7 is gone.  Menus lack the 7 (one per set, already played).
    press(app, "OK " + "DOWN " * 8 + "OK")  # 2 3 4 5 6 8 9 10 Hades
    press(app, "UP " * 6 + "OK")  # from the end: Pass Delphi Apollo Ares Poseidon Zeus
    assert top(app) == "ChoiceMenu"
    assert app.top().items == ["Remove nothing", "Athens (1)", "Corinth (2)"]
    press(app, "DOWN DOWN OK")  # Corinth's display
    assert app.top().items == ["1. 3 Archer", "2. 4"]
    press(app, "DOWN OK")  # remove the 4
    press(app, "UP OK")  # Corinth passes
    gm = app.session.game
    assert app.session.cmds[-3:] == [["face_down", "athens", "hades"], ["face_down", "thebes", "zeus", "corinth", 1],
                                     ["face_down", "corinth", "pass"]]
    # Athens: Hades only (0); Thebes: Zeus only (0); Corinth passed with 3.
    assert gm.values() == [0, 0, 3]
    assert gm.competing == [True, True, False]


def test_face_down_card_survives_a_power_cut(tmp_path):
    # Bug: the face-down cards lived only in the screens until the last one, so
    # Athens' card entered before a power cut was lost.
    app = boot(tmp_path)
    press(app, OPEN + " " + THREE)
    press(app, "OK DOWN OK")  # Athens: 3 face down; Thebes' card menu opens
    assert top(app) == "CardMenu"
    again = boot(tmp_path)
    gm = again.session.game
    assert len(gm.hidden) == 1 and gm.next_face_down() == 1 and gm.values() == [0, 0, 0]
    assert top(again) == "MarchScreen"
    press(again, "OK DOWN DOWN OK DOWN DOWN DOWN OK")  # Thebes 4, Corinth 5: all revealed
    assert again.session.game.values() == [3, 4, 5]
    assert again.session.game.must_play == [0]


def test_oracle_card_adds_and_removes_a_card_and_undoes(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN + " " + THREE)
    press(app, "OK DOWN OK DOWN DOWN OK DOWN DOWN DOWN OK")  # 3, 4, 5 face down
    # The March screen's "Oracle card" action (UP from the first): add Ares to
    # Athens' Archer: 3 x 3 = 9 ("Ares squares the Archer").
    press(app, "UP OK OK OK UP UP UP OK")
    assert app.session.game.displays[0] == [3, 17] and app.session.game.values() == [9, 4, 5]
    press(app, "OK DOWN OK DOWN OK OK")  # remove Thebes' 4
    assert app.session.game.values() == [9, 0, 5]
    press(app, "BACK OK")  # game menu: undo
    assert app.session.game.values() == [9, 4, 5]


def test_march_columns_keep_names_clear_of_the_column_lines(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN + " " + THREE)
    fb = app.board.fb
    # 3 City States: columns 42 px wide; "Corinth" (41 px) gets its column's
    # whole width on the name row, with no column line beside it.
    corinth = [x for x in range(84, 128) if any(fb.pixel(x, y) for y in range(11, 18))]
    assert corinth and all(not fb.pixel(84, y) for y in range(11, 18))
    thebes_end = max(x for x in range(42, 84) if any(fb.pixel(x, y) for y in range(11, 18)))
    assert min(corinth) - thebes_end >= 3  # a clear gap between the two names


def test_4_digit_value_in_a_4_player_column_is_not_small_text(tmp_path):
    app = boot(tmp_path)
    press(app, OPEN + " OK")  # 4 City States: columns 32 px wide
    fb = app.board.fb
    press(app, "OK OK OK OK OK")  # 2, 2, 2, 2 face down: a four-way tie again
    # Sparta: 2 + (6 x 6)^2 = 1298 (a Pair of Chariots squared by Ares).
    for cmd in (["oracle_add", "sparta", "6"], ["oracle_add", "sparta", "6"], ["oracle_add", "sparta", "ares"]):
        app.do(cmd)
    assert app.session.game.values()[3] == 1298
    app.changed()
    app.render()
    assert app.session.game.must_play == [0, 1, 2]  # Sparta's value is not inverted
    lit = [y for y in range(19, 38) if any(fb.pixel(x, y) for x in range(98, 128))]
    # At least the big font's 10-px digits; the small font's are 7 px.
    assert lit and max(lit) - min(lit) + 1 >= 10
