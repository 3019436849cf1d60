"""Solo score and the solo campaign (Delfos rulebook, Solo Mode: Campaign).

The campaign spans games, so it is a plain JSON-able dict (the device saves it
as JSON and it survives power cycles); the functions here create and update it.

State dict::

    {"difficulty": "normal", "target": 80, "length": "short", "goals_needed": 3,
     "max_games": 2 or None,      # None unless the extreme-challenge option is on
     "face_up": [goal ids],        # drawn goals (1-9), still to complete
     "completed": [goal ids],      # flipped face-down after a successful game
     "games": [{"score": 85, "beaten": True, "met": [ids], "won": True}, ...],
     "lost": 0, "status": "playing" | "won" | "lost"}

Goal ids 1-9 follow the rulebook's list of Campaign Goal Cards:
1 control 4+ areas against Khaos, 2 an area of 9+ tiles, 3 no area of 7+ tiles,
4 own tokens join left and right borders, 5 upper and lower borders, 6 the four
corners, 7 two colours without own tokens, 8 four isolated own tokens, 9 the 4
centre spaces of the middle row.
"""

from games import msg
from games.delfos import TARGETS, solo_result  # noqa: F401  (the game's too: in the package, below both)

# Length -> (goals to complete, maximum games of the extreme option) (Select the Campaign Length).
LENGTHS = {"short": (3, 2), "normal": (6, 4), "long": (9, 6)}




GOAL_TEXTS = (
    "",
    msg("Control 4+ areas (more tokens than Khaos)"),
    msg("An area of 9+ building tiles"),
    msg("No area of 7+ building tiles"),
    msg("Your tokens: path left border to right border"),
    msg("Your tokens: path upper border to lower border"),
    msg("Your tokens on the four corners"),
    msg("2 colours with none of your tokens"),
    msg("4+ isolated tokens of yours"),
    msg("Your tokens on the 4 centre spaces of the middle row"),
)


# Readings of campaign goal 1, "You control 4 or more areas, by having more architect
# tokens than Khaos" with the note "Areas are groups of adjacent building tiles of the
# same colour" (Campaign Goal Cards).  A single tile is adjacent to nothing, so the
# device's default reads an area as 2 or more adjacent tiles; the player can switch to
# the largest area of each colour (the areas Area Majorities scores) or to every group,
# single tiles too.  Stored per campaign ("goal1"); shown on the goal card.
READINGS = ("group2", "largest", "any")
READING_TEXTS = {"group2": msg("2+ adjacent tiles"), "largest": msg("largest per colour"),
                 "any": msg("any group, 1 tile")}


def _ints(lst, lo, hi):
    if not isinstance(lst, list):
        raise ValueError("not a list")
    for x in lst:
        if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
            raise ValueError("bad number")


def check_state(state):
    """ValueError unless ``state`` is a campaign dict as described above (a stored
    one may be damaged or of another shape)."""
    if not isinstance(state, dict):
        raise ValueError("not a campaign")
    if state.get("difficulty") not in TARGETS or state.get("length") not in LENGTHS:
        raise ValueError("campaign level")
    if state.get("status") not in ("playing", "won", "lost"):
        raise ValueError("campaign status")
    _ints([state.get("target"), state.get("goals_needed"), state.get("lost")], 0, 1000)
    if state.get("max_games") is not None:
        _ints([state["max_games"]], 1, 100)
    _ints(state.get("face_up"), 1, 9)
    if state.get("id") is not None:
        _ints([state["id"]], 0, 1000000)
    if state.get("goal1", "group2") not in READINGS:
        raise ValueError("goal 1 reading")
    _ints(state.get("completed"), 1, 9)
    games = state.get("games")
    if not isinstance(games, list):
        raise ValueError("campaign games")
    for gm in games:
        if not isinstance(gm, dict) or not isinstance(gm.get("won"), bool):
            raise ValueError("campaign game")
        _ints([gm.get("score")], -1000, 10000)
        _ints(gm.get("met"), 1, 9)


def new_campaign(difficulty, length, rng, max_games=False):
    """A new campaign dict; the goal cards to complete are drawn with ``rng`` (an
    ``rng.Rng``) from the nine and listed face up in the rulebook's order."""
    if difficulty not in TARGETS:
        raise ValueError("difficulty: easy, normal, hard or complex")
    if length not in LENGTHS:
        raise ValueError("length: short, normal or long")
    need, most = LENGTHS[length]
    ids = list(range(1, 10))
    rng.shuffle(ids)
    cid = rng.below(1000000)  # after the draw: the same seed draws the same goals
    up = ids[:need]
    up.sort()
    return {"difficulty": difficulty, "target": TARGETS[difficulty], "length": length,
            "goals_needed": need, "max_games": most if max_games else None,
            "face_up": up, "completed": [], "games": [], "lost": 0, "status": "playing",
            "id": cid, "goal1": "group2"}


def _mine_components(grid, p):
    own = grid.owner
    return grid.components(lambda i: own[i] == p + 1)


def goal_met(goal, grid, p, khaos, reading="group2"):
    """True when campaign goal ``goal`` (1-9) holds in the final ``grid`` for the player
    colour index ``p`` against Khaos colour index ``khaos``.

    Readings chosen: goal 1 counts the areas where the player has strictly more tokens
    than Khaos, an area read as ``reading`` (``READINGS``: "group2" groups of 2 or more
    adjacent same-colour tiles, "largest" the largest group of each colour (ties all
    count), "any" every group, single tiles too); goals 2 and 3 look at every group;
    goal 7 holds with 2 or more colours without the player's tokens; goals 4/5 need
    one orthogonally connected group of the player's tokens touching both borders;
    goal 9 uses the 4 middle columns of the middle row (columns 2-5 of 8, rows 0-4:
    row 2; in a 9-column city columns 2-5 too, the centre four from the left).
    """
    cols = grid.cols
    rows = grid.rows
    own = grid.owner
    me = p + 1
    if goal in (1, 2, 3):
        n = 0
        areas = grid.areas()
        big = [0] * 5
        for c, cells in areas:
            big[c] = max(big[c], len(cells))
        for c, cells in areas:
            if goal == 1:
                if reading == "group2" and len(cells) < 2 or reading == "largest" and len(cells) < big[c]:
                    continue
                mine = 0
                theirs = 0
                for i in cells:
                    if own[i] == me:
                        mine += 1
                    elif own[i] == khaos + 1:
                        theirs += 1
                if mine > theirs:
                    n += 1
            elif goal == 2 and len(cells) >= 9:
                return True
            elif goal == 3 and len(cells) >= 7:
                return False
        return n >= 4 if goal == 1 else goal == 3
    if goal in (4, 5):
        for g in _mine_components(grid, p):
            lo = hi = False
            for i in g:
                k = i % cols if goal == 4 else i // cols
                last = (cols if goal == 4 else rows) - 1
                if k == 0:
                    lo = True
                if k == last:
                    hi = True
            if lo and hi:
                return True
        return False
    if goal == 6:
        for i in (0, cols - 1, (rows - 1) * cols, rows * cols - 1):
            if own[i] != me:
                return False
        return True
    if goal == 7:
        used = [False] * 5
        for i in range(cols * rows):
            if own[i] == me:
                used[grid.colour[i] - 1] = True
        return used.count(False) >= 2
    if goal == 8:
        n = 0
        for i in range(cols * rows):
            if own[i] == me:
                alone = True
                for j in grid.neighbours(i):
                    if own[j] == me:
                        alone = False
                if alone:
                    n += 1
        return n >= 4
    if goal == 9:
        y = rows // 2
        x0 = (cols - 4) // 2
        for x in range(x0, x0 + 4):
            if own[y * cols + x] != me:
                return False
        return True
    raise ValueError("campaign goal 1-9")


def goals_met(grid, p, khaos, reading="group2"):
    """Ids 1-9 of all campaign goals met by the final city (checked automatically)."""
    return [g for g in range(1, 10) if goal_met(g, grid, p, khaos, reading)]


KEY = "delfos-campaign"  # the stored campaign's settings document (``app.settings``)


def game_won(state, gm):
    """Was the finished campaign game ``gm`` (its score above the target) won: is one
    face-up campaign goal card completed too (Delfos rulebook, Campaign: "If you do not meet
    both conditions you lose that game")?  ``state``: the stored campaign (``check_state``'s
    shape) or None.  As the campaign recorded the game (``games[k]["won"]``), else checked
    now against its face-up goals; with the campaign gone (abandoned, or another one
    started since: ``id`` differs from ``gm.campaign_id``), against every goal card.
    Reads only; True/False."""
    me = gm.pidx[1 - gm.kseat]
    kh = gm.pidx[gm.kseat]
    grid = gm.city.to_grid()
    if state is not None and state.get("id") == gm.campaign_id:
        k = gm.campaign
        if k < len(state["games"]):
            return bool(state["games"][k]["won"])
        reading = state.get("goal1", "group2")
        for g in state["face_up"]:
            if goal_met(g, grid, me, kh, reading):
                return True
        return False
    return len(goals_met(grid, me, kh)) > 0


def record_game(state, score, grid, p, khaos):
    """Record one finished solo game in the campaign ``state`` (mutated and returned).

    A game is won when the score beats the target and at least one face-up goal is
    met (Campaign, Gameplay A and B); then the met face-up goals are flipped
    (completed).  The campaign is won when ``goals_needed`` goals are completed; it is
    lost after 2 lost games (read as 2 in total, "If you lose 2 games you are
    defeated"), or, with ``max_games``, when that many games are played without
    winning.  ValueError if the campaign is over.
    """
    if state["status"] != "playing":
        raise ValueError("campaign over")
    beaten = score > state["target"]
    reading = state.get("goal1", "group2")
    met = [g for g in state["face_up"] if goal_met(g, grid, p, khaos, reading)]
    won = beaten and len(met) > 0
    if won:
        for g in met:
            state["face_up"].remove(g)
            state["completed"].append(g)
    else:
        state["lost"] += 1
    state["games"].append({"score": score, "beaten": beaten, "met": met, "won": won})
    if len(state["completed"]) >= state["goals_needed"]:
        state["status"] = "won"
    elif state["lost"] >= 2:
        state["status"] = "lost"
    elif state["max_games"] and len(state["games"]) >= state["max_games"]:
        state["status"] = "lost"
    return state
