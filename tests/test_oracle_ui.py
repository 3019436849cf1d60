"""The Oracle of Delphi screens: set-up entries, recovery and the end, through the keys."""
from games.oracle import rules
from helpers import boot, press

UP, DOWN, OK, BACK, RIGHT = 1, 2, 3, 4, 6
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
    from games.oracle.ui_turn import TurnScreen

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
    from games.oracle.ui_end import EndScreen

    end = EndScreen(app)
    app.push(end)
    app.render()
    assert [i for i in end.items if i.startswith("Winner")] == ["Winner: enter all"]
    app.do(["final", 0, 2, 1])
    app.do(["final", 1, 2, 3])
    end.shown()
    # the second player, by the box's second colour ("Phone" may follow)
    assert [i for i in end.items if i.startswith("Winner")] == ["Winner: Blue"]


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


def top_name(app):
    return type(app.top()).__name__


def test_start_game_asks_the_starting_cards_not_entered(tmp_path):
    # Set-up 07: every player draws one injury card.  Bug: "Start game" went on with the
    # cards shown as "?", and P1 was offered "No injury: +2 favor" on turn 1.
    app = boot(tmp_path)
    press(app, START + [DOWN, OK, OK, DOWN, OK, BACK])  # P1's card entered: black
    press(app, [UP, OK])  # Start game
    assert top_name(app) == "ChoiceMenu" and app.top().title.startswith("Blue")
    press(app, [OK, DOWN, DOWN, OK])  # P2 red, P3 pink
    gm = app.session.game
    assert top_name(app) == "TurnScreen" and gm.start_card == [1, 0, 2]
    assert not any(a.startswith("No injury") for a in app.top().actions())


def test_a_ship_tile_held_by_another_player_is_refused_on_screen(tmp_path):
    app = boot(tmp_path)
    press(app, START + [DOWN, DOWN, OK, OK, DOWN, OK])  # P1: "Shield starts at 2"
    press(app, [DOWN, OK, DOWN, OK])  # P2 the same tile
    assert app.toast_text == "Green has that ship tile"
    assert app.session.game.ships == [0, -1, -1]


def test_all_players_shows_a_taken_injury_card_at_once(tmp_path):
    # Bug: after "Take injury card" the list still showed the old cards until reopened.
    app = boot(tmp_path)
    press(app, START + [OK, OK, OK, OK])  # red starting cards
    press(app, [DOWN, DOWN, DOWN, OK])  # All players
    assert top_name(app) == "PlayersScreen" and app.top().items[0].endswith(" R")
    press(app, [OK, DOWN, DOWN, OK, DOWN, OK])  # P1: take injury card, black
    assert top_name(app) == "PlayersScreen" and app.top().items[0].endswith(" RK")


def test_recolour_fixes_a_wrong_die_or_colour_without_starting_over(tmp_path):
    # Bug: on "Pay N favor" UP/DOWN did nothing and BACK left the whole tool.
    app = boot(tmp_path)
    press(app, START + [OK, OK, OK, OK, RIGHT])  # the recolour tool
    gm = app.session.game
    top = app.top()
    assert top_name(app) == "RecolourScreen"
    d2 = gm.dice[0][1]
    press(app, [DOWN])  # the colour: two steps clockwise instead of one
    assert top.die == 0 and top.dst == (gm.dice[0][0] + 2) % 6 and top.cost() == 2
    press(app, [UP])  # back to one step
    assert top.dst == (gm.dice[0][0] + 1) % 6
    press(app, [BACK, DOWN])  # the wrong die: BACK to the die, the next one
    assert app.top() is top and top.die == 1 and top.dst == (d2 + 1) % 6
    press(app, [OK, OK])  # its colour, pay
    assert top_name(app) == "TurnScreen"
    assert gm.dice[0][1] == (d2 + 1) % 6 and gm.favor[0] == 3 - 1


def test_the_equipment_card_is_the_way_out_of_recover_first(tmp_path):
    # 003, 裝備卡說明: recovery only at 4 of a colour or 8 in all.  Bug: it could not be
    # entered, so its holder was told "Recover first" with 3 of a colour.
    app = boot(tmp_path)
    press(app, START)
    for p in range(3):
        app.do(["start_injury", p, 1])
    press(app, [OK])
    for _ in range(2):
        app.do(["injury", 0, 1, 1])  # 3 black: recover
    app.changed()
    top = app.top()
    assert top.actions()[:2] == ["Recover: discard 3", "Has equip card 4/8"]
    press(app, [DOWN, OK])
    gm = app.session.game
    assert gm.equip[0] and gm.due() == rules.CHECK_NOTHING
    press(app, [OK])  # the message
    assert top.actions()[0] == "Consult oracle"


def test_a_battle_needs_no_fighter_question_and_starts_with_the_dice_colours(tmp_path):
    app = boot(tmp_path)
    press(app, START + [OK, OK, OK, OK])
    acts = app.top().actions()
    press(app, [DOWN] * acts.index("Battle: any colour") + [OK])
    gm = app.session.game
    menu = app.top()
    assert menu.title == "Green fights: monster"
    first = [it.split()[0] for it in menu.items]
    dice = [rules.SHORT[c] for c in gm.dice[0]]
    assert first[0] == dice[0] and dice[1] in (first[0], first[1]) and dice[2] in (first[0], first[1], first[-1])
    assert sorted(first) == sorted(rules.SHORT)


def test_each_die_colour_is_a_fight_a_press_or_two_from_consult(tmp_path):
    # A fight needs an oracle die of the monster's colour (the rules, 與一個怪物戰鬥): one
    # action for each colour among the dice rolls the battle die at once.
    app = boot(tmp_path)
    press(app, START + [OK, OK, OK, OK])
    gm = app.session.game
    turn = app.top()
    acts = turn.actions()
    fights = [a for a in acts if a.startswith("Fight ")]
    cols = []
    for c in gm.dice[0]:
        if c not in cols:
            cols.append(c)
    assert fights == ["Fight %s %s" % (rules.SHORT[c], rules.MONSTERS[c]) for c in cols]
    assert acts[1] == fights[0] and acts[2:5] == ["Shields", "All players", "Back at Zeus"]
    assert acts[-1] == fights[-1]  # the last die's colour: one UP
    n = len(app.session.cmds)
    press(app, [UP, OK])
    assert app.session.cmds[n:n + 2] == [["battle", 0, cols[-1]], ["battle_roll"]]


def won_fight(tmp_path):
    """The App on P1's turn with a Fight action whose first battle roll wins (shield 5:
    strength 4, a seed found by trying), and the index of that action; None if no seed of 20
    wins."""
    for seed in range(20):
        app = boot(tmp_path / str(seed), seed)
        press(app, START + [OK, OK, OK, OK])
        app.do(["shield", 0, 5])
        gm = app.session.game
        acts = app.top().actions()
        a = [i for i, x in enumerate(acts) if x.startswith("Fight ")][0]
        probe = type(gm)({"players": 3, "start": 0}, seed)
        probe.rng.state = gm.rng.state  # the same draws as the game's next ones
        probe.shields[0] = 5
        probe.apply(["battle", 0, 0])
        probe.apply(["battle_roll"])
        if probe.battle.outcome == rules.WIN:
            return app, a
    return None


def test_a_won_fight_is_drawn_with_its_line_and_the_favor(tmp_path):
    # Fight <colour> <monster> that wins at the first roll stays on the turn screen: the key
    # must mark the screen changed, so "Won: ..." reaches the glass.
    got = won_fight(tmp_path)
    assert got is not None, "a seed whose first battle roll wins"
    app, a = got
    turn = app.top()
    turn.action = a
    app.render()
    app.handle(OK)
    assert app.session.cmds[-1] == ["battle_done"] and app.session.game.battle is None
    assert turn.note.startswith("Won: ")
    assert app.dirty, "the frame with the win is drawn"


def test_no_favor_taken_or_spent_during_a_fight(tmp_path):
    # The Oracle rulebook, 行動說明: "一個行動進行完才能進行下一個行動。範例：不能在「與一個怪物戰鬥」時
    # 「拿取 2 個恩賜指示物」來延長戰鬥。" -- one action at a time; no 2 favor taken mid-fight.
    app = boot(tmp_path)
    press(app, START + [OK, OK, OK, OK])
    app.do(["battle", 0, 0])
    gm = app.session.game
    favor = list(gm.favor)
    for cmd in (["favor", 0, 2], ["favor", 0, -1], ["favor", 1, 2], ["recolour", 0, (gm.dice[0][0] + 1) % 6]):
        try:
            app.do(cmd)
        except ValueError as e:
            assert str(e) == "Finish the battle first"
        else:
            raise AssertionError("%r accepted during a fight" % (cmd,))
    assert gm.favor == favor
    # the turn screen's All players offers no favor line while the fight is on
    app.push(__import__("games.oracle.ui_tools", None, None, ["PlayersScreen"]).PlayersScreen(app))
    press(app, [OK])
    assert app.top().items[:2] == ["Take injury card", "Discard injury"]
    press(app, [OK, OK])  # Take injury card: red
    assert gm.injuries[0][0] >= 1


def test_each_seat_by_colour_the_box_preselected_and_ok_accepts_them(tmp_path):
    # The Oracle of Delphi rules, 遊戲設置: each player takes the ship, shield, Zeus tiles and player
    # board of their colour.  The box's colours are preselected in seat order: "Start game" (OK)
    # accepts them, no press more; "Colours" (one UP) changes a seat's, swapping with its holder.
    app = boot(tmp_path)
    press(app, START)
    gm = app.session.game
    assert [gm.colour_name(p) for p in range(3)] == ["Green", "Blue", "Yellow"]
    assert app.top().actions()[-1] == "Colours"
    press(app, [UP, OK])  # Colours
    assert app.top().items == ["1. Green", "2. Blue", "3. Yellow"]
    press(app, [DOWN, OK])  # seat 2's colour, its own first
    assert app.top().title == "Seat 2 colour" and app.top().items[:2] == ["Green", "Blue"]
    press(app, [DOWN, DOWN, OK])  # Red: nobody's
    assert [gm.colour_name(p) for p in range(3)] == ["Green", "Red", "Yellow"]
    assert app.top().items == ["1. Green", "2. Red", "3. Yellow"]
    app.top().index = 2  # seat 3 ...
    press(app, [OK, UP, UP, OK])  # ... takes Green (two UP from its own Yellow): seat 1 gets Yellow
    assert [app.session.game.colour_name(p) for p in range(3)] == ["Yellow", "Red", "Green"]
    press(app, [BACK, DOWN, OK, OK, OK, OK])  # "Start game" (DOWN from "Colours"): the 3 starting cards, the turn
    turn = app.top()
    assert type(turn).__name__ == "TurnScreen" and turn.table_lines()[1] == "Yellow turn"
    again = boot(tmp_path)  # a power cut: the colours are in the save
    assert [again.session.game.colour_name(p) for p in range(3)] == ["Yellow", "Red", "Green"]


def test_all_players_lines_fit_with_names_and_many_injury_cards(tmp_path):
    # Every line of "All players" within the screen's 21 characters, a stored name with its
    # colour ("Ale/G") and six injury cards included: the count stands for the cards then.
    import names
    from games.oracle.ui_tools import PlayersScreen

    app = boot(tmp_path)
    press(app, START + [OK, OK, OK, OK])
    app.session.names = names.seats = ["Alexandra", None, "Bob"]
    for c in (0, 1, 2, 3, 4):
        app.do(["injury", 0, c, 1])
    app.do(["equip", 0, 1])
    app.push(PlayersScreen(app))
    items = app.top().items
    assert all(len(s) <= 21 for s in items), items
    assert items[0].startswith(">Ale/G ") and items[0].endswith(" i6*")  # 6 cards: its own and 5
    assert items[1].startswith(" Blu ")
