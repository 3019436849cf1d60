"""DelphiGame: worst display and ties, passing, supply, fame per March,
oracle visits, the Great Cessation, end of the game.

Rules: Delphi rulebook ("Play of the Game", "The Pass (Passe)
card", "Delphi", "Important", "End of the Game").  Expected values are the
rulebook's or computed by hand in the comments.
"""
from games.delphi import cards
from games.delphi.calc import DisplayCalc
from games.delphi.game import DelphiGame
from engine_shared import refused_by
from session import Session

C3 = ["athens", "thebes", "corinth"]
# Test stand-in for owner-entered Parade card values: every March -1 / 2 / 3.
FULL = [[[-1, 2, 3]] * 3] * 3


def _snap(g):
    return (repr(g.displays), repr(g.fame), g.phase, repr(g.must_play), g.march_no)


_must_raise = refused_by(_snap)


def _game(cities=C3, table=None):
    setup = {"cities": cities}
    if table is not None:
        setup["fame"] = table
    return DelphiGame(setup, 1)


def test_setup_and_first_face_down_play():
    g = _game(["corinth", "athens", "thebes"])
    assert g.cities == ("athens", "thebes", "corinth")
    assert (g.parade, g.march, g.phase) == (1, 1, "reveal")
    assert g.must_play == [0, 1, 2]   # all at 0: everybody plays face down
    assert g.values() == [0, 0, 0]
    assert DelphiGame({"players": 4}, 0).cities == tuple(cards.CITY_STATES)


def test_bad_setups():
    for setup in ({"cities": ["athens", "thebes"]}, {"cities": ["athens", "athens", "thebes"]},
                  {"cities": ["athens", "thebes", "rome"]}, {"players": 5}, {"colour": 1},
                  {"cities": C3, "fame": [None]}):
        try:
            DelphiGame(setup, 0)
        except ValueError:
            continue
        raise AssertionError("setup accepted: %r" % (setup,))


def test_march_with_worst_player_playing_on():
    g = _game()
    g.apply(["reveal", [["athens", "5"], ["thebes", "3"], ["corinth", "6"]]])
    assert g.values() == [5, 3, 6]
    assert (g.phase, g.must_play) == ("play", [1])    # Thebes alone is worst
    _must_raise(g, ["play", "athens", "4"])           # not the worst display
    g.apply(["play", "thebes", "2"])                  # 3 + 2 = 5, equal to Athens
    assert g.values() == [5, 5, 6]
    assert (g.phase, g.must_play) == ("reveal", [0, 1])  # tie: face down, together
    _must_raise(g, ["reveal", [["athens", "4"]]])        # both tied players reveal
    _must_raise(g, ["reveal", [["athens", "4"], ["corinth", "4"]]])
    g.apply(["reveal", [["thebes", "ares"], ["athens", "pass"]]])
    # Thebes: 3, 2, Ares = 3 + 4 = 7; Athens out first.
    assert g.values() == [5, 7, 6]
    assert g.competing == [False, True, True]
    assert g.groups == [[0]]
    assert g.must_play == [2]
    g.apply(["pass", "corinth"])
    # Thebes last survivor: +3, Corinth next to last +2, Athens -1.
    assert g.fame == [-1, 3, 2]
    assert g.results[0][1] == [-1, 3, 2]
    assert g.results[0][0] == [[0], [2], [1]]
    assert (g.parade, g.march, g.phase) == (1, 2, "reveal")
    assert g.displays == [[], [], []]


def test_worst_player_plays_until_no_longer_worst():
    g = _game()
    g.apply(["reveal", [["athens", "8"], ["thebes", "2"], ["corinth", "9"]]])
    g.apply(["play", "thebes", "3"])      # 5: still the worst, plays again
    assert (g.phase, g.must_play) == ("play", [1])
    g.apply(["play", "thebes", "4"])      # 9: Athens' 8 is now the worst
    assert g.values() == [8, 9, 9]
    assert g.must_play == [0]


def test_poseidon_makes_others_worst_and_counts_once():
    g = _game()
    g.apply(["reveal", [["athens", "10"], ["thebes", "4"], ["corinth", "8"]]])
    g.apply(["play", "thebes", "poseidon"])   # Athens 5, Corinth 4, Thebes 4
    assert g.values() == [5, 4, 4]
    assert g.halved(0) and not g.halved(1)
    assert g.must_play == [1, 2]
    g.apply(["reveal", [["thebes", "6"], ["corinth", "poseidon"]]])
    # Athens 10 // 2 = 5 (halved once), Thebes 10 // 2 = 5, Corinth 8 // 2 = 4.
    assert g.values() == [5, 5, 4]
    assert g.must_play == [2]


def test_passed_players_display_still_counts():
    g = _game()
    g.apply(["reveal", [["athens", "poseidon"], ["thebes", "pass"], ["corinth", "pass"]]])
    # Thebes and Corinth out together first; Athens last survivor.
    assert g.fame == [3, -1, -1]
    g.apply(["reveal", [["athens", "2"], ["thebes", "poseidon"], ["corinth", "6"]]])
    assert g.values() == [1, 0, 3]     # 2 // 2, 6 // 2
    g.apply(["pass", "thebes"])
    assert g.competing == [True, False, True]
    assert g.values() == [1, 0, 3]     # Thebes' Poseidon still lies there
    assert g.must_play == [0]
    assert g.phase == "play"
    # A Zeus may take a card out of a display whose owner passed.
    g.apply(["play", "athens", "zeus", "thebes", 0])
    assert g.displays[1] == []
    assert g.values() == [2, 0, 6]


def test_simultaneous_reveals_resolve_athens_thebes_corinth_sparta():
    g = _game()
    g.apply(["reveal", [["thebes", "7"], ["athens", "hades"], ["corinth", "2"]]])
    assert g.displays == [[cards.HADES], [7], [2]]  # Athens' Hades first: Thebes' 7 stays
    assert g.values() == [0, 7, 2]
    g = _game()
    g.apply(["reveal", [["thebes", "hades"], ["athens", "7"], ["corinth", "2"]]])
    assert g.displays == [[], [cards.HADES], [2]]   # Athens' 7 first, then Thebes' Hades takes it
    g = _game()
    # Corinth's Zeus sees Athens' and Thebes' cards already placed.
    g.apply(["reveal", [["corinth", "zeus", "thebes", 0], ["athens", "5"], ["thebes", "9"]]])
    assert g.displays == [[5], [], [cards.ZEUS]]
    _must_raise(_game(), ["reveal", [["athens", "zeus", "thebes", 0], ["thebes", "9"], ["corinth", "2"]]])


def test_march_ends_when_all_passed():
    g = _game()
    g.apply(["reveal", [["athens", "pass"], ["thebes", "pass"], ["corinth", "pass"]]])
    assert g.fame == [-1, -1, -1]
    assert g.results[0][0] == [[0, 1, 2]]


def test_last_two_pass_together_split():
    g = _game()
    g.apply(["reveal", [["athens", "5"], ["thebes", "5"], ["corinth", "2"]]])
    g.apply(["pass", "corinth"])
    g.apply(["reveal", [["athens", "pass"], ["thebes", "pass"]]])
    assert g.fame == [2, 2, -1]   # (2 + 3) // 2 each


def test_four_players_second_out_scores_nothing():
    g = DelphiGame({"players": 4}, 0)
    g.apply(["reveal", [["athens", "2"], ["thebes", "3"], ["corinth", "4"], ["sparta", "5"]]])
    g.apply(["pass", "athens"])
    g.apply(["pass", "thebes"])
    g.apply(["pass", "corinth"])
    assert g.fame == [-1, 0, 2, 3]


def test_supply_is_enforced_over_the_game():
    g = _game(table=FULL)
    g.apply(["reveal", [["athens", "5"], ["thebes", "7"], ["corinth", "7"]]])
    g.apply(["play", "athens", "5"])             # Pair: 25
    assert g.values() == [25, 7, 7]
    _must_raise(g, ["reveal", [["thebes", "7"], ["corinth", "8"]]])  # one 7 each
    assert g.supply_left(1, 7) == 0
    assert g.supply_left(0, 5) == 0
    g.apply(["reveal", [["thebes", "pass"], ["corinth", "pass"]]])
    # March 2: the 5s and the 7s are gone for the rest of the game.
    assert g.march == 2
    _must_raise(g, ["reveal", [["athens", "5"], ["thebes", "2"], ["corinth", "2"]]])
    _must_raise(g, ["reveal", [["athens", "2"], ["thebes", "7"], ["corinth", "2"]]])
    # The Pass card comes back every March.
    assert g.supply_left(1, cards.PASS) == 1
    _must_raise(g, ["reveal", [["athens", "2"], ["thebes", "rome"], ["corinth", "2"]]])


def test_delphi_cards_oracle_visits_and_great_cessation():
    g = _game()
    _must_raise(g, ["cessation", "athens"])      # no Delphi card played yet
    g.apply(["reveal", [["athens", "delphi"], ["thebes", "delphi"], ["corinth", "4"]]])
    assert g.oracle_visits == [1, 1, 0]
    assert g.oracle_calls == [0, 1]              # Athens visits first
    assert g.notice == "oracle"
    g.apply(["cessation", "thebes"])
    assert g.cessation == (1, 1, 1)
    assert g.notice == "cessation"
    assert g.hand_estimate == [2, 2, 2]           # 8 - 1 = 7, down to 2
    _must_raise(g, ["cessation", "athens"])      # one Great Cessation card
    g.apply(["reveal", [["athens", "delphi"], ["thebes", "pass"]]])
    assert g.oracle_visits == [2, 1, 0]
    assert g.supply_left(0, cards.DELPHI) == 0
    assert g.must_play == [0]                    # Athens 0, Corinth 4
    _must_raise(g, ["play", "athens", "delphi"])  # two Delphi cards per City State


def test_unset_fame_values_are_asked_for():
    g = _game()
    g.apply(["reveal", [["athens", "pass"], ["thebes", "2"], ["corinth", "2"]]])
    g.apply(["reveal", [["thebes", "pass"], ["corinth", "3"]]])
    assert g.fame == [-1, 2, 3]
    assert (g.parade, g.march) == (1, 2)
    assert g.missing_fame() == ["first out", "next to last", "last survivor"]
    g.apply(["reveal", [["athens", "pass"], ["thebes", "4"], ["corinth", "4"]]])
    g.apply(["reveal", [["thebes", "pass"], ["corinth", "pass"]]])
    assert g.phase == "fame"
    _must_raise(g, ["reveal", [["athens", "2"]]])
    _must_raise(g, ["set_fame", 1, 1, -2, 2, 3])    # fixed by the rulebook
    _must_raise(g, ["set_fame", 1, 2, 1, 2, 3])     # first out must not be positive
    _must_raise(g, ["set_fame", 1, 2, -1, 2])
    _must_raise(g, ["set_fame", 4, 1, -1, 2, 3])
    # Owner enters (-2, 3, 6) for the test: Athens -2, Thebes and Corinth
    # (3 + 6) // 2 = 4 each.
    g.apply(["set_fame", 1, 2, -2, 3, 6])
    assert g.fame == [-3, 6, 7]
    assert (g.parade, g.march, g.phase) == (1, 3, "reveal")
    _must_raise(g, ["set_fame", 1, 2, -2, 3, 6])    # already scored
    g.apply(["set_fame", 3, 3, -4, 5, 9])           # entered early
    assert g.missing_fame(3, 3) == []


def _quick_march(g, survivor):
    """Everyone passes at once except ``survivor`` (a ci) who plays a 2 or 3."""
    plays = []
    for ci in range(g.players):
        if ci == survivor:
            card = "2" if g.supply_left(ci, 2) else "3"
            plays.append([g.cities[ci], card])
        else:
            plays.append([g.cities[ci], "pass"])
    g.apply(["reveal", plays])


def test_three_parades_and_end_of_game():
    g = _game(table=FULL)
    notices = []
    for m in range(9):
        assert (g.parade, g.march) == (m // 3 + 1, m % 3 + 1)
        _quick_march(g, m % 3)
        notices.append(g.notice)
    # Each City State survives 3 Marches (3 x +3) and goes out first in 6 (6 x -1).
    assert g.fame == [3, 3, 3]
    assert notices[2] == "parade" and notices[5] == "parade" and notices[8] == "end"
    assert g.phase == "hands"
    # 8 drawn per Parade, 3 cards played each: 24 - 3 = 21.
    assert g.hand_estimate == [21, 21, 21]
    _must_raise(g, ["hands", 1, 2])
    _must_raise(g, ["hands", 1, 2, 22])     # only 21 cards were never played
    _must_raise(g, ["hands", 1, -1, 2])
    g.apply(["hands", 2, 0, 5])
    assert g.fame == [5, 3, 8]
    assert g.phase == "over"
    assert g.ranking() == [["corinth"], ["athens"], ["thebes"]]
    _must_raise(g, ["reveal", []])


def test_cards_left_in_hand_entered_one_by_one():
    s = Session(DelphiGame, {"cities": C3, "fame": FULL}, 1)
    raises_early = ["hand", "athens", 3]
    _must_raise(s.game, raises_early)  # only after the last March
    for m in range(9):
        g = s.game
        s.do(["reveal", [[g.cities[ci], ("2" if g.supply_left(ci, 2) else "3") if ci == m % 3 else "pass"]
                         for ci in range(3)]])
    s.do(["hand", "athens", 2])
    s.do(["hand", "corinth", 5])
    _must_raise(s.game, ["hand", "thebes", 22])  # 24 - 3 played: 21 at most
    _must_raise(s.game, ["hand", "thebes", True])
    # A power cut: the entries are rebuilt from the commands.
    again = Session(DelphiGame, {"cities": C3, "fame": FULL}, 1, list(s.cmds))
    assert again.game.hand_entries == [2, None, 5] and again.game.phase == "hands"


def test_ranking_shares_equal_fame():
    g = _game(table=FULL)
    for m in range(9):
        _quick_march(g, m % 3)
    g.apply(["hands", 1, 1, 0])
    assert g.ranking() == [["athens", "thebes"], ["corinth"]]


def test_session_undo_replays_the_same_state():
    s = Session(DelphiGame, {"cities": C3}, 5)
    s.do(["reveal", [["athens", "5"], ["thebes", "3"], ["corinth", "6"]]])
    s.do(["play", "thebes", "zeus", "athens", 0])
    assert s.game.displays == [[], [3, cards.ZEUS], [6]]
    s.do(["play", "athens", "5"])   # Athens (0) has the worst display now
    assert s.game.values() == [5, 3, 6]
    s.undo()
    s.undo()
    assert s.game.displays == [[5], [3], [6]]
    s2 = Session(DelphiGame, s.setup, s.seed, s.cmds)
    assert s2.game.displays == s.game.displays


def test_calculator_one_display():
    c = DisplayCalc({}, 0)
    for cmd in (["card", "5"], ["card", "3"], ["card", "hephaistos"], ["card", "5"]):
        c.apply(cmd)
    assert c.value() == 20                 # rulebook: 5 + (3 x 5)
    c.apply(["poseidon", 1])
    assert c.value() == 10 and c.raw() == 20
    try:
        c.apply(["card", "5"])             # a third Rider does not exist
        raise AssertionError("expected ValueError")
    except ValueError:
        pass
    c.apply(["card", "zeus", 2])           # Zeus removes Hephaistos: 5 + 3 + 5
    assert c.names() == ["5", "3", "5", "zeus"]
    assert c.raw() == 13
    c.apply(["remove", 1])                 # an opponent's Zeus takes the 3: Pair
    assert c.raw() == 25
    assert c.left(3) == 1
    c.apply(["card", "7"])
    c.apply(["card", "hades"])
    assert c.names() == ["5", "5", "zeus", "hades"]
    c.apply(["clear"])
    assert c.value() == 0 and c.left(5) == 2


# -- face-down cards one at a time (survive a power cut, undo) ----------------

def test_face_down_cards_entered_one_by_one_reveal_together():
    s = Session(DelphiGame, {"cities": C3}, 1)
    s.do(["face_down", "athens", "5"])
    g = s.game
    assert g.phase == "reveal" and g.values() == [0, 0, 0]  # still face down
    assert g.next_face_down() == 1
    # A power cut: the game is rebuilt from its commands alone.
    again = Session(DelphiGame, {"cities": C3}, 1, list(s.cmds))
    assert again.game.next_face_down() == 1 and len(again.game.hidden) == 1
    _must_raise(again.game, ["face_down", "athens", "6"])  # one card each
    again.do(["face_down", "thebes", "3"])
    again.do(["face_down", "corinth", "6"])
    # The same as the rulebook's simultaneous reveal.
    assert again.game.values() == [5, 3, 6] and again.game.must_play == [1]
    assert again.game.hidden == [] and again.game.phase == "play"
    again.undo()
    assert again.game.values() == [0, 0, 0] and again.game.next_face_down() == 2


def test_face_down_zeus_reads_the_displays_as_they_resolve():
    s = Session(DelphiGame, {"cities": C3}, 1)
    s.do(["face_down", "athens", "5"])
    s.do(["face_down", "thebes", "9"])
    # Corinth's Zeus removes Athens' 5, placed before it (Athens, Thebes, Corinth).
    s.do(["face_down", "corinth", "zeus", "athens", 0])
    assert s.game.values() == [0, 9, 0]


def test_face_down_cards_come_in_city_state_order_and_a_zeus_target_is_checked_at_once():
    # Bug: a face-down card was taken in any order, so a Zeus target (read from the
    # displays as they will lie when it resolves) could name a card an earlier City
    # State's Hades takes away: then the LAST entry was refused, whatever it was.
    s = Session(DelphiGame, {"cities": C3}, 1)
    s.do(["reveal", [["athens", "7"], ["thebes", "5"], ["corinth", "5"]]])
    g = s.game
    assert g.must_play == [1, 2]  # Thebes and Corinth tied for the worst display
    # Simultaneous reveals resolve Athens, Thebes, Corinth, Sparta (rulebook, "Delphi").
    _must_raise(g, ["face_down", "corinth", "zeus", "athens", 0])  # Thebes first
    s.do(["face_down", "thebes", "hades"])  # removes Athens' 7 when it resolves
    _must_raise(s.game, ["face_down", "corinth", "zeus", "athens", 0])  # no card there then
    assert len(s.game.hidden) == 1
    s.do(["face_down", "corinth", "zeus", "thebes", 0])  # Thebes' 5
    assert s.game.displays == [[], [11], [5, 15]]


def test_face_down_only_for_the_tied_players():
    g = _game()
    g.apply(["reveal", [["athens", "5"], ["thebes", "3"], ["corinth", "6"]]])
    _must_raise(g, ["face_down", "thebes", "4"])  # Thebes plays face up alone


# -- Oracle cards: a card added to or removed from any display ----------------

def test_oracle_card_adds_to_any_display():
    s = Session(DelphiGame, {"cities": C3}, 1)
    s.do(["reveal", [["athens", "5"], ["thebes", "3"], ["corinth", "6"]]])
    # Rulebook scoring example "Ares squares the Archer": 5 + (3 x 3) + 5 = 19.
    s.do(["oracle_add", "thebes", "ares"])
    assert s.game.values()[1] == 3 * 3
    assert s.game.must_play == [0]  # Athens (5) is now the worst display
    s.do(["oracle_add", "thebes", "5"])
    assert s.game.values()[1] == 3 * 3 + 5
    assert s.game.supply_left(1, cards.ARES) == 0
    raises_add = ["oracle_add", "thebes", "ares"]  # no Ares left in Thebes' set
    _must_raise(s.game, raises_add)
    s.undo()
    s.undo()
    assert s.game.values() == [5, 3, 6] and s.game.must_play == [1]


def test_oracle_card_removes_from_any_display():
    s = Session(DelphiGame, {"cities": C3}, 1)
    s.do(["reveal", [["athens", "5"], ["thebes", "3"], ["corinth", "6"]]])
    s.do(["play", "thebes", "3"])  # a Pair of Archers: 3 x 3 = 9
    assert s.game.values() == [5, 9, 6]
    s.do(["oracle_remove", "thebes", 1])
    assert s.game.values() == [5, 3, 6] and s.game.must_play == [1]
    _must_raise(s.game, ["oracle_remove", "thebes", 1])
    _must_raise(s.game, ["oracle_remove", "sparta", 0])
    s.undo()
    assert s.game.values() == [5, 9, 6]


def test_oracle_card_waits_while_face_down_cards_are_entered():
    g = _game()
    g.apply(["face_down", "athens", "5"])
    _must_raise(g, ["oracle_add", "athens", "4"])
