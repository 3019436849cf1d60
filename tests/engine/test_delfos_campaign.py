"""Solo score and campaign (Delfos rulebook, Solo Mode: Campaign)."""
from engine.test_delfos_scoring import FULL
from games.delfos import campaign
from games.delfos.grid import Grid
from rng import Rng

try:
    from host_sim import delfos_doc as ddoc
except (ImportError, AttributeError):  # MicroPython: load the host module as a plain module
    import sys

    sys.path.append("host_sim")
    import delfos_doc as ddoc


def _full():
    return ddoc.parse({"game": "delfos", "players": ["green", "red"], "architect_side": "A",
                       "scoring_card": 1, "city": FULL})[5]


def _paths_grid():
    # 8 x 5, every tile green 1; player green (0) on all of row 2, all of column 0 and the
    # corners (7,0) (7,4); Khaos (red, 3) elsewhere.
    g = Grid(8, 5)
    for y in range(5):
        for x in range(8):
            mine = y == 2 or x == 0 or (x == 7 and y in (0, 4))
            g.put(x, y, 0, 1, 0 if mine else 3)
    return g


def test_goals_on_the_full_city_by_hand():
    # Green vs Khaos red, traced by hand (see test_delfos_scoring.FULL):
    # 1: green has more tokens than red in 11 areas -> met.  2: largest area 4 -> no.
    # 3: no area of 7+ -> met.  4/5: green groups span columns 0-1, 0-3, 5-7 and rows
    # 1-4 at most -> no.  6: (7,0) is red's -> no.  7: green has tokens on all 5 colours.
    # 8: isolated green tokens (4,0) (6,0) (7,1) = 3 -> no.  9: (2,2) is red's -> no.
    assert campaign.goals_met(_full(), 0, 3, "any") == [1, 3]
    # Red as the player against green: 12 areas controlled; isolated red tokens (5,0) (7,0)
    # (1,1) (0,2) = 4 -> goal 8 met.
    assert campaign.goals_met(_full(), 3, 0, "any") == [1, 3, 8]
    # Areas of 2+ tiles (the default reading): green G5 G4 G3 (green 3-0), red R1 R2 R4 R5
    # (red 3, green 1), blue B1 B2 B4 B3 (2-2), yellow Y1 Y2 Y3 (green 2-1), Y4 Y5 (1-1),
    # purple P1 P2 (1-1), P3 P4 (1-1): green controls 2, red 1 -> goal 1 not met.
    assert campaign.goals_met(_full(), 0, 3) == [3]
    assert campaign.goals_met(_full(), 3, 0) == [3, 8]


def test_goals_paths_corners_colours_and_centre():
    # One 40-tile green area (2 met, 3 not); row 2 joins left and right, column 0 upper and
    # lower; all four corners; 4 colours without the player's tokens; row 2 holds the centre
    # four; only (7,0) and (7,4) are isolated (8 not); 1 area with 14 vs 26 tokens (1 not).
    assert campaign.goals_met(_paths_grid(), 0, 3) == [2, 4, 5, 6, 7, 9]


def test_solo_result_needs_more_than_the_target():
    assert campaign.solo_result(81, "normal") == {"score": 81, "target": 80, "beaten": True}
    assert campaign.solo_result(80, "normal")["beaten"] is False
    assert campaign.solo_result(61, "easy")["beaten"] and not campaign.solo_result(100, "complex")["beaten"]
    assert campaign.solo_result(91, "hard")["target"] == 90


def test_new_campaign_lengths():
    for length, need, most in (("short", 3, 2), ("normal", 6, 4), ("long", 9, 6)):
        s = campaign.new_campaign("hard", length, Rng(3), max_games=True)
        assert s["goals_needed"] == need and s["max_games"] == most and s["target"] == 90
        assert len(s["face_up"]) == need and s["face_up"] == sorted(s["face_up"])
        assert len(set(s["face_up"])) == need and min(s["face_up"]) >= 1 and max(s["face_up"]) <= 9
    assert campaign.new_campaign("easy", "short", Rng(3))["max_games"] is None


def test_campaign_flow_win_and_flip():
    s = campaign.new_campaign("easy", "short", Rng(1))
    s["face_up"] = [1, 3, 8]  # fixed for the test
    s["goal1"] = "any"  # single tiles count as areas (the hand trace above)
    campaign.record_game(s, 70, _full(), 0, 3)  # 70 > 60 and goals 1, 3 met -> won, flipped
    assert s["games"][-1]["won"] and s["completed"] == [1, 3] and s["face_up"] == [8]
    assert s["status"] == "playing"
    campaign.record_game(s, 60, _full(), 3, 0)  # goal 8 met but 60 is not above 60 -> lost
    assert s["lost"] == 1 and s["face_up"] == [8] and s["status"] == "playing"
    campaign.record_game(s, 65, _full(), 3, 0)  # red meets 8 -> third goal -> campaign won
    assert s["status"] == "won" and s["completed"] == [1, 3, 8]
    try:
        campaign.record_game(s, 65, _full(), 3, 0)
        raise AssertionError()
    except ValueError:
        pass


def test_campaign_two_lost_games_end_it():
    s = campaign.new_campaign("normal", "normal", Rng(2))
    s["face_up"] = [2, 4, 5, 6, 7, 9]
    campaign.record_game(s, 99, _full(), 0, 3)  # beats 80 but no face-up goal met -> lost
    campaign.record_game(s, 50, _paths_grid(), 0, 3)  # goals met but score too low -> lost
    assert s["status"] == "lost" and s["lost"] == 2 and s["completed"] == []


def test_campaign_max_games_option():
    s = campaign.new_campaign("easy", "short", Rng(2), max_games=True)
    s["face_up"] = [2, 4, 5]
    campaign.record_game(s, 70, _paths_grid(), 0, 3)  # won: goals 2, 4, 5 all met -> done
    assert s["status"] == "won"
    s = campaign.new_campaign("easy", "short", Rng(2), max_games=True)
    s["face_up"] = [2, 4, 8]
    campaign.record_game(s, 70, _paths_grid(), 0, 3)  # 2 and 4 met, 8 still face up
    assert s["status"] == "playing"
    campaign.record_game(s, 40, _paths_grid(), 0, 3)  # lost, and 2 games played = the maximum
    assert s["status"] == "lost"


def test_campaign_state_is_json_able():
    import json

    s = campaign.new_campaign("easy", "long", Rng(5))
    campaign.record_game(s, 70, _full(), 0, 3)
    assert json.loads(json.dumps(s)) == s


def _singles_grid():
    # 8 x 5: a checkerboard of green (0) and yellow (1) in rows 0-3 (32 single tiles) over
    # a blue (2) row 4 (one group of 8).  The player (red, 3) holds every tile; Khaos
    # (purple, 4) none.
    g = Grid(8, 5)
    for y in range(5):
        for x in range(8):
            g.put(x, y, 2 if y == 4 else (x + y) % 2, 1, 3)
    return g


def test_goal_1_readings_of_an_area():
    # "You control 4 or more areas, by having more architect tokens than Khaos"; "Areas
    # are groups of adjacent building tiles of the same colour" (Campaign Goal Cards).
    g = _singles_grid()
    # 32 single green/yellow tiles and one blue group of 8: one area of 2+ tiles
    assert not campaign.goal_met(1, g, 3, 4, "group2")
    # every group, single tiles too: 33 areas
    assert campaign.goal_met(1, g, 3, 4, "any")
    # the largest group of each colour: 16 tied green singles, 16 yellow, 1 blue -> 33
    assert campaign.goal_met(1, g, 3, 4, "largest")
    # the stored campaign carries the reading; a campaign without one reads "group2"
    s = campaign.new_campaign("easy", "short", Rng(3))
    assert s["goal1"] == "group2"
    s["face_up"] = [1]
    campaign.record_game(s, 99, g, 3, 4)
    assert s["games"][-1]["met"] == []
    s["goal1"] = "any"
    campaign.record_game(s, 99, g, 3, 4)
    assert s["games"][-1]["met"] == [1]


def test_each_campaign_has_its_own_id():
    a = campaign.new_campaign("easy", "short", Rng(3))
    b = campaign.new_campaign("easy", "short", Rng(4))
    assert a["id"] != b["id"]
    campaign.check_state(a)
