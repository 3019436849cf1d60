"""The plays log's entry of each finished game (``plays``), one function per game named
as its save, each ``f(app)`` -> ``{"game", "variant", "players", "rounds"}`` (``plays.sync``
adds "n" and "minutes"; Delfos adds "board"); ``ranks`` and ``player`` shape the entries.
Each player carries its seat ("seat": the Delfos colour, White or Black, the City State,
the player's colour in the Oracle, "Khaos" / "Device" for the bot) and whether a stored player name
was picked for it ("named"; false: ``name`` is the seat's own label).

Ranks: 1 for the best, tied players share a rank (``ranks``); the tie-breaks are
the rulebooks', cited per game.  A game's UI module says when it is over (``ended``).
"""
import games
import names
from games.tholos import BLACK, WHITE


def ranks(keys):
    """Ranks for a list of sort keys, larger is better (tuples compare item by item):
    1 for the best, tied keys share a rank, the next rank skips the tied places
    (competition ranking: 1, 1, 3)."""
    out = []
    for k in keys:
        r = 1
        for other in keys:
            if other > k:
                r += 1
        out.append(r)
    return out


def player(name, score, rank, winner=None, start=False, bot=False, seat=None, named=False):
    """One entry of ``play["players"]``; ``winner`` defaults to ``rank == 1``; ``seat``
    defaults to ``name`` (a bot's, or an unnamed seat's label)."""
    return {"name": name, "score": score, "rank": rank, "winner": rank == 1 if winner is None else winner,
            "start": start, "bot": bot, "seat": name if seat is None else seat, "named": named}


def named(seat):
    """True when the open game's ``seat`` has a picked player name (``names.seats``)."""
    s = names.seats
    return bool(s is not None and 0 <= seat < len(s) and s[seat])


def tholos(app):
    """Most points win, then most columns won, else a shared place (Tholos rules,
    Game End and Scoring; the columns tie-break: Board Game Arena's implementation); White starts
    (the same implementation); rounds: turns of both players (a turn is one take, place or pass)."""
    gm = app.session.game
    ws, bs, ww, bw = gm.scores()
    rk = ranks([(ws, ww), (bs, bw)])
    out = []
    for p in (WHITE, BLACK):
        bot = p == gm.device
        side = ("White", "Black")[p]
        nm = "Device" if bot else names.label(p, side)
        out.append(player(nm, ws if p == WHITE else bs, rk[p], start=p == WHITE, bot=bot,
                          seat="Device" if bot else side, named=not bot and named(p)))
    turns = 0
    for c in app.session.cmds:
        if c[0] in ("take", "place", "pass"):
            turns += 1
    variant = "2 players" if gm.device < 0 else "vs device (%s)" % ("easy", "normal", "hard")[gm.level]
    return {"game": "tholos", "variant": variant, "players": out, "rounds": (turns + 1) // 2}


def oracle(app):
    """Only players back at Zeus can win: most oracle cards, then most favor, else a
    shared win (The Oracle of Delphi rules, 遊戲結束 (game end)); the others
    share the place after them.  No score (null); rounds: the round the game ended in."""
    gm = app.session.game
    rank = [0] * gm.n
    r = 1
    for group in gm.ranking():
        for p in group:
            rank[p] = r
        r += len(group)
    out = []
    for p in range(gm.n):
        seat = gm.colour_name(p)  # players are known by colour (003, 遊戲設置): the BG Stats role
        out.append(player(names.label(p, seat), None, rank[p] or r, start=p == gm.start, seat=seat,
                          named=named(p)))
    return {"game": "oracle", "variant": "%d players" % gm.n, "players": out, "rounds": gm.round}


def delfos(app):
    """Most points, then the scoring card's points, then the area-majority points of one's
    own colour, else a shared place (Delfos rulebook, Winner; ``scoring.rank``).
    Solo: the player wins by scoring more than the difficulty's target (Solo Mode), and in
    a campaign game only when a campaign goal card is completed too ("If you do not meet
    both conditions you lose that game", Campaign; ``campaign.game_won``); else Khaos wins.
    Khaos's score is its area-majority points.  Rounds: architect tokens per player (Game
    Length).  "board": the architect side and the scoring card (A or B, 1-8)."""
    gm = app.session.game
    res = gm.scores()
    sc = res["scores"]
    rank = {}
    r = 1
    for grp in res["ranking"]:
        for n in grp:
            rank[n] = r
        r += len(grp)
    won = False
    if gm.solo:
        won = gm.solo_result()["beaten"]
        camp = ""
        if gm.campaign is not None:
            camp = ", campaign game %d" % (gm.campaign + 1)
            if won:  # a rule of the campaign (its engine), given the stored campaign
                campaign = games.engine_module("delfos", "campaign")
                won = campaign.game_won(app.settings(campaign.KEY, None, campaign.check_state), gm)
        variant = "solo vs Khaos, %s%s" % (gm.difficulty, camp)
    else:
        variant = "%d players" % len(gm.players)
    out = []
    for seat in range(len(gm.players)):
        c = gm.players[seat]
        bot = seat == gm.kseat
        colour = c[0].upper() + c[1:]
        if gm.solo:
            win = won != bot
            q = player("Khaos" if bot else names.label(seat, "You"), sc[c]["total"], 1 if win else 2, win,
                       seat == gm.first, bot, "Khaos" if bot else colour, not bot and named(seat))
        else:
            nm = names.label(seat, colour)  # the colour, as the screens name it
            q = player(nm, sc[c]["total"], rank[c], start=seat == gm.first, seat=colour, named=named(seat))
        out.append(q)
    return {"game": "delfos", "variant": variant, "players": out, "rounds": gm.rounds,
            "board": "side %s, scoring card %d" % (gm.architect_side, gm.scoring_card)}


def delphi(app):
    """Most fame wins; equal fame shares a place: the rulebook gives no tie-break
    (Delphi rulebook, End of the Game).  Every City State plays its first card
    at once (all tie for the worst display), so nobody is the start player.  Rounds:
    the 9 Marches."""
    gm = app.session.game
    rk = ranks(gm.fame)
    out = []
    for ci in range(gm.players):
        c = gm.cities[ci]
        city = c[0].upper() + c[1:]
        out.append(player(names.label(ci, city), gm.fame[ci], rk[ci], seat=city, named=named(ci)))
    return {"game": "delphi", "variant": "%d players" % gm.players, "players": out, "rounds": gm.march_no}
