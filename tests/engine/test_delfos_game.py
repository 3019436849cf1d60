"""DelfosGame: set-up, turns, commands, Khaos turns and undo through the Session."""
from engine_shared import raises
from games.delfos import khaos
from games.delfos.game import DelfosGame
from rng import Rng
from session import Session

SOLO = {"players": ["green", "red"], "khaos": "red", "architect_side": "A", "scoring_card": 8,
        "difficulty": "easy"}




def test_rounds_tokens_and_limits_by_player_count():
    # 2 -> 20, 3 -> 15, 4 -> 10, 5 -> 9 rounds/tokens; 8 x 5 for 2 and 4, 9 x 5 for 3 and 5.
    cols = ("green", "yellow", "blue", "red", "purple")
    for n, rounds, width in ((2, 20, 8), (3, 15, 9), (4, 10, 8), (5, 9, 9)):
        g = DelfosGame({"players": list(cols[:n]), "architect_side": "B", "first": 0}, 1)
        assert g.rounds == rounds and g.tokens_left == [rounds] * n
        assert g.city.cols == width and g.city.rows == 5
        assert 1 <= g.scoring_card <= 8
    g = DelfosGame(dict(SOLO), 1)
    assert g.rounds == 20 and g.city.cols == 8


def test_scoring_card_and_first_player_from_the_seed():
    s = {"players": ["green", "yellow", "blue"]}
    a = DelfosGame(s, 42)
    b = DelfosGame(s, 42)
    assert (a.scoring_card, a.first) == (b.scoring_card, b.first)
    seen = set()
    for seed in range(60):
        seen.add(DelfosGame(s, seed).scoring_card)
    assert seen == set(range(1, 9))


def test_turn_order_reminders_and_tokens():
    g = DelfosGame({"players": ["green", "yellow", "blue"], "first": 1}, 3)
    assert g.active_colour() == "yellow" and g.reminder() == "first_marker" and g.phase() == "place"
    g.apply(["place", "blue", 3, 8, 4])
    assert g.active_colour() == "blue" and g.reminder() == "first_marker"
    g.apply(["place", "red", 3, 9, 4])
    g.apply(["place", "red", 2, 10, 4])
    assert g.active_colour() == "yellow" and g.reminder() == "second_marker" and g.round == 2
    g.apply(["place", "red", 2, 11, 4])
    g.apply(["place", "red", 2, 12, 4])
    g.apply(["place", "red", 1, 13, 4])
    assert g.reminder() is None and g.tokens_left == [13, 13, 13]
    assert g.city.at(8, 4) == (2, 3, 1)  # blue 3 with yellow's token (the first player's)


def test_illegal_commands_change_nothing():
    g = DelfosGame({"players": ["green", "yellow"], "first": 0}, 3)
    for cmd in (["place", "blue", 3, 0, 0], ["place", "pink", 3, 7, 4], ["place", "blue", 6, 7, 4],
                ["khaos_draw"], ["khaos", "blue", 3], ["jump"], [], ["place", "blue", 3, 7]):
        assert raises(g.apply, cmd), cmd
    assert g.turn == 0 and g.city.count == 0 and g.active == 0
    g.apply(["place", "blue", 1, 7, 4])
    g.apply(["place", "blue", 1, 8, 4])
    assert raises(lambda: g.apply(["place", "blue", 1, 9, 4]))  # only 2 blue 1s exist
    assert g.turn == 2 and g.active == 0


def test_goals_entered_now_or_later():
    g = DelfosGame({"players": ["green", "yellow"], "goals": {"green": ["blue", "red"]}}, 3)
    assert g.goals == {0: (2, 3)}
    g.apply(["goals", "yellow", "purple", "green"])
    assert g.goals[1] == (4, 0)
    for bad in (["goals", "yellow", "yellow", "green"], ["goals", "yellow", "red", "red"],
                ["goals", "purple", "red", "blue"]):
        assert raises(g.apply, bad), bad
    assert raises(lambda: DelfosGame(dict(SOLO, goals={"red": ["blue", "green"]}), 1))


def test_solo_turns_khaos_card_and_undo_puts_it_back():
    s = Session(DelfosGame, dict(SOLO), 9)
    g = s.game
    assert g.active_colour() == "green" and g.phase() == "place" and g.cards_left() == 20
    s.do(["place", "blue", 2, 7, 4])
    assert s.game.phase() == "khaos_draw" and s.game.reminder() is None
    s.do(["khaos_draw"])
    top = khaos.DECK[khaos.shuffled_deck(Rng(9))[0]]
    # the deck is shuffled from the seed after the scoring card draw; here the scoring card is
    # fixed (8), so the first Rng draws are the shuffle's
    card = s.game.card()
    assert (card["colours"], card["ascending"], card["arrows"], card["same_colour"]) == top
    assert s.game.cards_left() == 19 and s.game.phase() == "khaos_place"
    s.undo()
    assert s.game.cards_left() == 20 and s.game.card() is None
    s.do(["khaos_draw"])
    assert s.game.card()["arrows"] == top[2]
    # Khaos takes a blue 5: only blue tile is (7,4); with adjacency the 4 spaces around it
    # tie; otherwise all 4 legal spaces: either way the card's arrows pick among the same 4.
    expect = {"D": (7, 5), "U": (7, 3), "L": (6, 4), "R": (8, 4)}[top[2][0]]
    assert s.game.khaos_preview("blue", 5) == expect
    s.do(["khaos", "blue", 5])
    assert s.game.city.at(expect[0], expect[1]) == (2, 5, 3)
    assert s.game.active_colour() == "green" and s.game.round == 2
    assert s.game.reminder() == "second_marker"


def test_printed_khaos_cards():
    g = DelfosGame(dict(SOLO, khaos_deck="printed"), 9)
    g.apply(["place", "blue", 2, 7, 4])
    assert raises(lambda: g.apply(["khaos_draw"]))
    assert raises(lambda: g.apply(["khaos_draw", "LLUD", 1]))
    g.apply(["khaos_draw", "LUDR", 1])
    assert g.card() == {"colours": None, "ascending": None, "arrows": "LUDR", "same_colour": True}
    g.apply(["khaos", "red", 4])
    assert g.city.at(6, 4) == (3, 4, 3)  # no red tile: every space; left first -> (6,4)


def test_game_ends_when_tokens_run_out():
    # 4 players x 10 tokens fill 8 x 5: place row by row, snake-free left to right.
    g = DelfosGame({"players": ["green", "yellow", "blue", "red"], "first": 0, "scoring_card": 7}, 5)
    supply = []
    for c in ("green", "yellow", "blue", "red", "purple"):
        for v, n in ((1, 2), (2, 3), (3, 3), (4, 2), (5, 2)):
            supply += [(c, v)] * n
    cells = [(7 + x, 4 + y) for y in range(5) for x in range(8)]
    for k in range(40):
        assert not g.is_over()
        c, v = supply[k]
        g.apply(["place", c, v, cells[k][0], cells[k][1]])
    assert g.is_over() and g.phase() == "over" and g.tokens_left == [0, 0, 0, 0]
    assert g.city.to_grid().cols == 8 and g.city.to_grid().rows == 5
    assert raises(lambda: g.apply(["place", "purple", 5, 6, 4]))
    res = g.scores()
    for name in g.players:
        s = res["scores"][name]
        assert s["total"] == s["area_majorities"] + s["architect_card"] + s["scoring_card"]
