"""Delfos screens driven through the real App (CPython): legal positions only, the tile
supply in the pickers, whole solo and multi-player games to the end, resume after a
simulated power cut, the campaign stored across games, the score pad.

Whole games are played here rather than as golden frames: a full game's key script
does not fit the 128 KB MicroPython heap of tests/support/mp_device.py next to the other
scripts (see the report of the Delfos screens)."""
import device_run
import helpers

from games.delfos import SUPPLY
from games.delfos import ui as dui
from games.delfos import ui_base
from host_sim.framebuf import FrameBuffer
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP

K = {"UP": UP, "DOWN": DOWN, "OK": OK, "BACK": BACK, "LEFT": LEFT, "RIGHT": RIGHT}

# Menus to a new game: main menu -> Delfos -> New game.
NEW = "DOWN OK OK "
# 2 players Green and Yellow, side A, random card, goals later, Green first.
TWO = NEW + "DOWN OK OK OK OK OK OK DOWN OK "
# Solo: Green against Yellow, side A, scoring card 8, goals later, Normal, device deck.
SOLO = NEW + "OK OK OK OK DOWN DOWN DOWN DOWN DOWN DOWN DOWN DOWN OK OK DOWN OK OK "


def run(tmp_path, keys, seed=7, fresh=True):
    """Boot an App on a save folder (cleaned when ``fresh``) and press ``keys``."""
    if fresh:
        return device_run.play(FrameBuffer, str(tmp_path), keys, seed)[3]
    app = helpers.boot(tmp_path, seed, bench=True, render=False)
    press(app, keys)
    return app


press = helpers.presser()


def game(app):
    return app.session.game


def solo_game_keys():
    """A whole solo game with the default entries: the player's tile (colour, value,
    space) and Khaos's turn (draw, the card, colour, value); the player's two
    first-turn reminders take one key each."""
    keys = "OK OK OK OK " + "OK OK OK OK " + "OK OK OK OK " + "OK OK OK OK "
    for _ in range(18):
        keys += "OK OK OK " + "OK OK OK OK "
    return keys


def test_turn_screen_offers_exactly_the_legal_positions(tmp_path):
    app = run(tmp_path, TWO + "OK")  # the reminder dismissed
    top = app.top()
    assert isinstance(top, dui.TurnScreen)
    # the first tile goes on the canvas centre only (Placement Rules A)
    assert top.legal == [(7, 4)]
    # the rulebook's three-tile example: a tile, one above it, one beside the first
    for cmd in (["place", "green", 1, 7, 4], ["place", "blue", 2, 7, 3], ["place", "red", 3, 8, 4]):
        app.do(cmd)
    dui.resume(app, None)
    top = app.top()
    press(app, "OK OK OK")  # dismiss the second-turn reminder; colour, value: the spaces
    assert len(top.legal) == 7  # "there are exactly 7 legal positions"
    assert top.legal == game(app).city.legal_positions()
    # UP/DOWN walk the legal spaces, nothing else
    seen = []
    for _ in range(7):
        seen.append(top.cursor())
        press(app, "DOWN")
    assert top.cursor() == seen[0]
    assert sorted(seen) == sorted(top.legal)


def test_pickers_offer_only_tiles_left_in_the_supply(tmp_path):
    app = run(tmp_path, TWO + "OK")
    gm = game(app)
    # place both green 1s (supply: values 1, 4, 5 twice; 2 and 3 three times)
    for cmd in (["place", "green", 1, 7, 4], ["place", "green", 1, 7, 3]):
        app.do(cmd)
    dui.resume(app, None)
    press(app, "OK")  # dismiss the reminder: the colour step
    top = app.top()
    # Green's last tile was a green 1: none is left, so the value starts at 2
    assert (top.colour, top.value) == (0, 2)
    press(app, "OK")  # the value step: 2, 3, 4, 5 and round again
    seen = []
    for _ in range(5):
        seen.append(top.value)
        press(app, "DOWN")
    assert seen == [2, 3, 4, 5, 2] and SUPPLY[0] == 2
    # a colour with nothing left is skipped
    press(app, "BACK")
    city = gm.city
    for v in range(1, 6):
        city.supply[3 * 5 + v - 1] = 0
    seen = []
    for _ in range(5):
        seen.append(top.colour)
        press(app, "DOWN")
    assert seen == [0, 1, 2, 4, 0]


def test_a_whole_solo_game_to_the_target_screen(tmp_path):
    app = run(tmp_path, SOLO + solo_game_keys(), seed=31)
    gm = game(app)
    assert gm.phase() == "over" and gm.city.count == 40 and gm.tokens_left == [0, 0]
    assert gm.city.to_grid().cols == 8 and gm.city.to_grid().rows == 5
    top = app.top()
    assert top.__class__.__name__ == "SoloEnd" and top.missing == ["green"]
    # goal tiles entered at the end: Green's two goal colours (first two offered)
    press(app, "OK OK OK")
    assert gm is game(app) and game(app).goals == {0: (1, 2)}  # yellow, blue
    res = game(app).solo_result()
    assert top.res == res and res["target"] == 80 and res["beaten"] == (res["score"] > 80)
    # every Khaos tile was placed where the engine's rule puts it: replay to check
    assert len([c for c in app.session.cmds if c[0] == "khaos"]) == 20


def test_power_cut_resume_shows_the_same_screen_and_state(tmp_path):
    keys = SOLO + "OK OK OK OK OK"  # reminder, player's tile, Khaos card drawn and shown
    app = run(tmp_path, keys, seed=9)
    assert app.top().__class__.__name__ == "KhaosScreen"
    card = game(app).card()
    cmds = list(app.session.cmds)
    again = run(tmp_path, "", seed=9, fresh=False)  # a new App on the same save folder
    assert again.session.cmds == cmds
    assert again.top().__class__.__name__ == "KhaosScreen" and game(again).card() == card
    assert again.screen_key() == "khaos"
    # the resumed game goes on: Khaos's tile is placed where the engine says
    press(again, "OK")  # the colour starts on the card's first colour (A)
    first = card["colours"][0]
    c = "GYBRP".index(first)
    assert again.top().cols[0] == c
    pos = game(again).khaos_preview(("green", "yellow", "blue", "red", "purple")[c], 1)
    v = 5 if card["ascending"] is False else 1  # the value list starts at the card's first value
    press(again, "OK OK")  # colour, first value: placed
    assert game(again).city.at(pos[0], pos[1]) == (c, v, 1)  # Khaos's (yellow) token


def test_undo_from_the_game_menu_rebuilds_the_screens(tmp_path):
    app = run(tmp_path, SOLO + "OK OK OK OK OK", seed=9)
    assert game(app).phase() == "khaos_place"
    press(app, "BACK OK")  # Delfos menu: undo last step = the card goes back on top
    assert game(app).phase() == "khaos_draw" and app.top().__class__.__name__ == "KhaosScreen"
    press(app, "BACK OK")  # undo the player's tile
    assert game(app).phase() == "place" and isinstance(app.top(), dui.TurnScreen)


def test_campaign_is_stored_recorded_once_and_survives_a_power_cut(tmp_path):
    new_campaign = "DOWN OK DOWN OK OK DOWN OK OK OK "  # Normal, short, no game limit
    play_next = "OK OK OK OK OK DOWN OK OK OK OK "  # Green v Yellow, A, random card, goals now, deck
    app = run(tmp_path, new_campaign + play_next + solo_game_keys(), seed=52)
    camp = app.settings("delfos-campaign", None)
    assert camp["difficulty"] == "normal" and camp["goals_needed"] == 3
    assert len(camp["games"]) == 1 and game(app).campaign == 0
    g = camp["games"][0]
    assert g["score"] == game(app).solo_result()["score"]
    assert g["won"] == (g["beaten"] and len(g["met"]) > 0)
    assert camp["lost"] == (0 if g["won"] else 1)
    # a power cut at the end screen: the game is shown again, not recorded twice
    again = run(tmp_path, "", seed=52, fresh=False)
    assert again.top().__class__.__name__ == "SoloEnd"
    assert len(again.settings("delfos-campaign", None)["games"]) == 1
    # the campaign screen from the end screen, then the next game carries game number 1
    press(again, "UP OK OK OK OK OK OK DOWN OK OK OK OK")
    assert game(again).campaign == 1 and game(again).solo


def test_two_player_game_to_the_ranking(tmp_path):
    keys = TWO + "OK OK OK OK " * 4 + "OK OK OK " * 36
    app = run(tmp_path, keys, seed=21)
    top = app.top()
    assert top.__class__.__name__ == "EndScreen" and top.items[0] == "Enter goal tiles!"
    press(app, "OK OK OK OK OK DOWN OK OK OK")  # Green's, then Yellow's goal tiles
    assert len(game(app).goals) == 2
    want = game(app).scores()
    assert top.names == [n for grp in want["ranking"] for n in grp]
    assert top.items[0].startswith("1") and not top.items[0].startswith("Enter")
    press(app, "OK")  # the first player's breakdown
    bd = app.top()
    assert bd.d == want["scores"][top.names[0]]
    assert bd.d["total"] == bd.d["area_majorities"] + bd.d["architect_card"] + bd.d["scoring_card"]


def test_score_pad_is_stored_and_ranked(tmp_path):
    # start menu -> Score pad -> 2 players (Yellow, Red); Yellow's green area: 3 points
    app = run(tmp_path, "DOWN OK DOWN DOWN OK DOWN OK DOWN OK DOWN DOWN OK OK OK UP UP UP OK")
    doc = app.settings("delfos-pad", None)
    assert doc["players"] == ["yellow", "red"] and doc["pts"][0][0] == 3
    press(app, "BACK DOWN OK DOWN DOWN DOWN DOWN DOWN OK UP UP UP UP UP OK")  # Red: 5 on architect
    doc = app.settings("delfos-pad", None)
    assert doc["pts"][1][5] == 5
    press(app, "BACK DOWN OK")  # the ranking: Red 5 before Yellow 3 (totals typed in)
    assert app.top().names == ["red", "yellow"]
    # opened again later, the pad continues
    again = run(tmp_path, "DOWN OK DOWN DOWN OK OK", fresh=False)
    assert again.top().__class__.__name__ == "PadScreen" and again.top().items[1].endswith("5")


def test_difficulty_names_match_the_campaign_targets():
    from games.delfos import campaign, game as dgame

    assert sorted(dgame.DIFFICULTIES) == sorted(campaign.TARGETS)


def test_view_without_cursor_holds_the_whole_city():
    # a row of 8 tiles fills the 8-column limit (Placement Rules C): the window of
    # 8 x 5 cells must start at its left end when no cursor is shown
    from games.delfos.city import City

    city = City(8, 5)
    for x in range(7, 15):
        city.place(x % 5, 2, x, 4, 0)
    assert ui_base.view_origin(city, None, 8, 5)[0] == 7
    assert ui_base.view_origin(city, (7, 3), 8, 5)[0] == 7


def test_second_turn_reminder_says_move_the_second_marker():
    # Player Turn: "That second Architect is the one you must move during your second turn"
    text = " ".join(ui_base.REMINDERS["second_marker"]).lower()
    assert "2nd" in text and "move that one" in text


def test_khaos_value_list_starts_at_the_high_end_of_a_high_to_low_card(tmp_path):
    from games.delfos import khaos

    app = run(tmp_path, SOLO + "OK OK OK OK OK", seed=9)  # the Khaos card is shown
    gm = game(app)
    # value priority B "start from the highest value and descend" (Khaos Turn)
    gm.card_shown = [c for c in khaos.DECK if c[1] is False][0]
    press(app, "OK")  # the tile Khaos took: colour, then value
    assert app.top().vals[0] == 5
    gm.card_shown = [c for c in khaos.DECK if c[1] is True][0]
    app.pop()
    press(app, "OK")
    assert app.top().vals[0] == 1


def test_campaign_intro_lists_every_difficulty_target():
    from games.delfos import ui_campaign

    text = " ".join(ui_campaign.INTRO)
    for level, target in (("easy", 60), ("normal", 80), ("hard", 90), ("complex", 100)):
        assert "%s %d" % (level, target) in text


NEW_CAMPAIGN = "DOWN OK DOWN OK OK DOWN OK OK OK "  # Normal, short, no game limit
PLAY_NEXT = "OK OK OK OK OK DOWN OK OK OK OK "  # Green v Yellow, A, random card, goals now, deck


def test_a_new_campaign_after_abandon_survives_a_restart(tmp_path):
    app = run(tmp_path, NEW_CAMPAIGN)
    first = app.settings("delfos-campaign", None)
    assert first["status"] == "playing"
    press(app, "UP OK DOWN OK")  # Abandon campaign, Yes
    assert app.settings("delfos-campaign", None) is None
    press(app, "OK OK OK OK")  # New campaign: Easy, short, no game limit
    again = run(tmp_path, "", fresh=False)  # a restart reads the flash again
    camp = again.settings("delfos-campaign", None)
    assert camp is not None and camp["difficulty"] == "easy" and camp["games"] == []


def test_a_game_of_an_abandoned_campaign_is_not_recorded_in_the_next(tmp_path):
    from games.delfos import campaign
    from rng import Rng

    app = run(tmp_path, NEW_CAMPAIGN + PLAY_NEXT, seed=52)
    assert game(app).campaign == 0
    # the campaign is abandoned and a new one started while this game is still saved
    other = campaign.new_campaign("easy", "short", Rng(99))
    app.save_settings("delfos-campaign", other)
    press(app, solo_game_keys())
    assert game(app).phase() == "over"
    assert app.settings("delfos-campaign", None)["games"] == []


def test_goal_tiles_are_entered_privately_and_hidden_until_the_end(tmp_path):
    # Player Set-Up B: goal tiles are kept "face-down hidden from the other players"
    from games.delfos import ui_goals

    app = run(tmp_path, NEW + "DOWN OK OK OK OK OK DOWN OK DOWN OK")  # goals now, Green first
    top = app.top()
    assert type(top).__name__ == "PassScreen" and top.colour == 0  # "Pass to Green"
    press(app, "OK")
    assert app.top().title.startswith("Green: goal tile 1")
    press(app, "OK OK")  # Green: yellow, blue
    assert game(app).goals == {0: (1, 2)}
    top = app.top()  # the next pass screen covers Green's choice
    assert type(top).__name__ == "PassScreen" and top.colour == 1 and not top.first
    press(app, "OK DOWN OK OK")  # Yellow: blue, green
    assert game(app).goals == {0: (1, 2), 1: (2, 0)}
    assert type(app.top()).__name__ == "HiddenScreen"
    press(app, "OK")
    assert type(app.top()).__name__ == "TurnScreen"
    # during the game the device says only who has entered them
    ui_goals.goal_menu(app)
    assert app.top().items == ["Green: entered", "Yellow: entered"]
    app.pop()
    # the scores so far leave the scoring card (it reads the goal tiles) out
    so_far = game(app).scores(False)["scores"]
    assert so_far["green"]["scoring_card"] == 0 and so_far["yellow"]["scoring_card"] == 0


def test_the_delfos_menu_is_one_press_from_the_turn_screen(tmp_path):
    app = run(tmp_path, TWO + "OK")  # the reminder dismissed: the turn screen
    assert isinstance(app.top(), dui.TurnScreen)
    press(app, "BACK")
    assert app.top().title == "Delfos" and "Scores so far" in app.top().items


def test_a_typical_turn_takes_four_presses_on_three_buttons(tmp_path):
    app = run(tmp_path, TWO + "OK")
    for cmd in (["place", "green", 3, 7, 4], ["place", "yellow", 2, 7, 3],
                ["place", "green", 2, 8, 4], ["place", "yellow", 4, 6, 3]):
        app.do(cmd)
    dui.resume(app, None)
    gm = game(app)
    assert gm.active_colour() == "green" and gm.reminder() is None
    top = app.top()
    assert app.job is None  # App.poll() runs it: no background work here
    # Green took a green 3 (last tile: green 2) and puts it where it is offered first,
    # next to a green tile (its area grows): colour OK, value DOWN, OK, space OK.
    first = None
    keys = "OK DOWN OK OK".split()
    for n, k in enumerate(keys):
        if n == 3:
            first = top.cursor()
        press(app, k)
    assert len(keys) == 4 and gm.turn == 5
    assert gm.city.at(first[0], first[1]) == (0, 3, 0)
    assert any(gm.city.at(first[0] + dx, first[1] + dy) is not None and
               gm.city.at(first[0] + dx, first[1] + dy)[0] == 0
               for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)))


def test_left_right_move_the_cursor_across_the_city(tmp_path):
    app = run(tmp_path, TWO + "OK")
    for cmd in (["place", "green", 3, 7, 4], ["place", "yellow", 2, 8, 4]):
        app.do(cmd)
    dui.resume(app, None)
    press(app, "OK OK OK")  # the second-turn reminder; colour, value: the spaces
    top = app.top()
    top.index = top.cells.index((9, 4))
    press(app, "LEFT")  # the nearest space to the left: (7, 3) / (7, 5) or (6, 4)
    assert top.cursor()[0] < 9 and top.cursor() in ((8, 3), (8, 5))
    top.index = top.cells.index((6, 4))
    press(app, "RIGHT")
    assert top.cursor() in ((7, 3), (7, 5))


def test_a_typical_khaos_turn_takes_four_presses(tmp_path):
    app = run(tmp_path, SOLO + "OK OK OK OK", seed=9)  # reminder, the player's tile
    gm = game(app)
    assert gm.phase() == "khaos_draw" and gm.city.count == 1
    press(app, "OK OK OK OK")  # draw, the card's priorities, its first colour, value
    assert gm.city.count == 2 and gm.phase() == "place"


def test_the_final_city_is_shown_at_the_end_owners_values_and_zoom(tmp_path):
    keys = TWO + "OK OK OK OK " * 4 + "OK OK OK " * 36
    app = run(tmp_path, keys, seed=21)
    top = app.top()
    assert top.__class__.__name__ == "EndScreen" and top.items[-1] == "Final city"
    top.index = len(top.items) - 1
    press(app, "OK")
    city = app.top()
    assert city.__class__.__name__ == "CityScreen" and city.mode == 0  # token owners
    press(app, "OK OK")  # values, then the zoom
    assert city.mode == 2 and len(city.tiles()) == 40  # a full 8 x 5 city (Placement Rules C)
    seen = set()
    for _ in range(40):
        seen.add(city.tiles()[city.index % 40])
        press(app, "DOWN")
    assert len(seen) == 40
    press(app, "BACK")
    assert app.top() is top


def test_the_delfos_menu_lets_go_of_the_score_pad_and_campaign_screens(tmp_path):
    # Bug: every screen module opened from the Delfos menu stayed imported until the
    # next resume; a long game through them all ran out of the Pico's heap (128K).
    import sys

    app = run(tmp_path, TWO + "OK BACK DOWN DOWN DOWN DOWN DOWN OK")  # the Delfos menu: Score pad
    assert "games.delfos.ui_pad" in sys.modules
    for _ in range(6):
        if isinstance(app.top(), dui.TurnScreen):
            break
        press(app, "BACK")
    assert isinstance(app.top(), dui.TurnScreen)
    press(app, "BACK")  # the Delfos menu again
    assert app.top().title == "Delfos"
    assert "games.delfos.ui_pad" not in sys.modules and "games.delfos.ui_campaign" not in sys.modules
    press(app, "DOWN DOWN DOWN DOWN DOWN OK")  # and the score pad opens again
    assert "games.delfos.ui_pad" in sys.modules and app.top().title != "Delfos"


def test_the_end_of_a_solo_game_lets_go_of_the_khaos_screens(tmp_path):
    # Bug: at the end of a long solo game the Khaos modules (no longer used) stayed
    # imported while the final scoring ran: "Out of memory" under the Pico's heap.  The
    # Khaos automa is the engine's now (``game`` imports it at its top, issue 22): its
    # screens go, and the module is not imported twice when they come back.
    import sys

    app = run(tmp_path, SOLO + solo_game_keys(), seed=31)
    assert app.top().__class__.__name__ == "SoloEnd"
    assert "games.delfos.ui_khaos" not in sys.modules
    khaos = sys.modules["games.delfos.khaos"]
    app.game_menu()
    press(app, "OK")  # Undo last step (the cursor is on it): Khaos's last tile again, its screens imported anew
    assert game(app).phase() != "over" and app.toast_text is None
    press(app, "OK OK OK")
    assert game(app).phase() == "over" and app.toast_text is None
    assert sys.modules["games.delfos.khaos"] is khaos


def test_the_turn_title_keeps_its_round_with_a_long_name_and_colour(tmp_path):
    # Bug: with a long player name and colour the title dropped its round ("R4").
    app = run(tmp_path, TWO + "OK")
    gm = game(app)
    app.do(["place", "green", 3, 7, 4])  # Yellow's turn now
    dui.resume(app, None)
    top = app.top()
    top.colour = 4  # Purple: "tile:Purple" beside "R1 Yellow"
    seen = []
    title = app.g.title
    app.g.title = lambda left, right="": seen.append((left, right)) or title(left, right)
    app.changed()
    app.render()
    left, right = seen[-1]
    assert right == "tile:Purple" and left.startswith("R%d " % gm.round)


def test_drop_forgets_a_screen_module_without_listing_the_package(monkeypatch):
    # ui.drop runs at every Delfos screen change: it must not call dir() on the package
    # (MicroPython's dir() tests every interned name, about 0.2 s on the Pico each time).
    import builtins
    import sys

    from games.delfos import ui_more  # noqa: F401  (loaded, so there is something to drop)

    def no_dir(*_a):
        raise AssertionError("dir() called")

    monkeypatch.setattr(builtins, "dir", no_dir)
    pkg = sys.modules["games.delfos"]
    dui.drop(("ui_more", "ui_pad"))  # one loaded, one not
    assert "games.delfos.ui_more" not in sys.modules
    assert getattr(pkg, "ui_more", None) is None
    assert pkg.LETTERS == "GYBRP"  # the package's own names stay


def test_the_khaos_turn_screen_comes_before_the_save_of_the_placed_tile(tmp_path):
    # Placing the player's tile in solo shows "Khaos's turn..." at once and then Khaos's
    # screen; the flash write of that step (about 0.1 s on the Pico) comes after both
    # frames, not between them, and holds the step.
    app = run(tmp_path, SOLO + "OK OK OK")  # the first-turn reminder, colour, value
    assert type(app.top()).__name__ == "TurnScreen" and app.top().stage == 2
    n = len(app.session.cmds)
    events = []
    show = app.board.show
    save = app.store.save

    def showing():
        events.append("show")
        show()

    def saving(name, doc):
        events.append("save %d" % len(doc["cmds"]) if "cmds" in doc else "save " + name)
        return save(name, doc)

    app.board.show = showing
    app.store.save = saving
    press(app, "OK")  # the space: the tile goes out, Khaos's turn comes
    assert type(app.top()).__name__ == "KhaosScreen"
    assert events[:3] == ["show", "show", "save %d" % (n + 1)], events
