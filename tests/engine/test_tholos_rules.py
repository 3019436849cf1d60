"""Tholos rules: set-up, take limits, placing, every bonus, the validity rule,
end of game and scoring with ties; all shared tholos cases.

Rules: Tholos rules (Turn, Column Bonus Actions, Game End and
Scoring) and Board Game Arena's implementation for what they leave out.  Expected numbers are the
rulebook's, a case's, or computed by hand in the comments.
"""
from engine_shared import case_files, load_case, refused_by
from games.tholos import rules
from games.tholos.game import TholosGame

W = 0
B = 1
G = 2
ALPHA, BETA, GAMMA, DELTA, PI, SIGMA, OMEGA = 0, 1, 2, 3, 4, 5, 6


def _col(text):
    return ["WBG".index(ch) for ch in text]


def _game(cols=None, quarry=None, shops=None, turn=W):
    g = TholosGame({}, 7)
    if cols is not None:
        g.st.cols = [_col(t) for t in cols]
    if quarry is not None:
        g.st.quarry = list(quarry)
    if shops is not None:
        g.st.shops = [list(shops[0]), list(shops[1])]
    g.st.turn = turn
    return g


def _snap(g):
    return (repr(g.st.cols), repr(g.st.quarry), repr(g.st.shops), g.st.turn, g.pending, g.over)


_must_raise = refused_by(_snap)


def _texts(g):
    return ["".join("WBG"[s] for s in c) for c in g.st.cols]


# -- cases -----------------------------------------------------------------

def test_all_shared_cases():
    files = case_files("tholos-")
    assert files, "no tholos cases found"
    names = {W: "white", B: "black", -1: None}
    for path in files:
        case = load_case(path)
        cols = [_col(t) for t in case["input"]["columns"]]
        ws, bs, ww, bw, res = rules.score_columns(cols)
        got = {"white": {"score": ws, "columns_won": ww}, "black": {"score": bs, "columns_won": bw}}
        win = rules.winner_of(ws, bs, ww, bw)
        got["winner"] = "draw" if win < 0 else names[win]
        got["columns"] = [{"winner": names[r[0]], "white": r[1], "black": r[2]} for r in res]
        for key, want in case["expect"].items():
            if isinstance(want, dict):
                for k2, v2 in want.items():
                    assert got[key][k2] == v2, "%s: %s.%s = %r, want %r" % (path, key, k2, got[key][k2], v2)
            else:
                assert got[key] == want, "%s: %s" % (path, key)


# -- set-up ----------------------------------------------------------------

def test_setup_from_facts():
    # Board Game Arena's implementation: quarry 13 white, 10 grey, 13 black; workshops 2 own; White starts.
    g = TholosGame({}, 1)
    assert g.quarry == [13, 13, 10]
    assert g.workshops == [[2, 0, 0], [0, 2, 0]]
    assert g.turn == W
    assert g.columns == [[], [], [], [], [], [], []]
    assert g.pending == -1 and not g.over


def test_setup_rejects_unknown_key():
    for setup in ({"colour": "white"}, {"device": "red"}, {"budget": 0}, "x"):
        try:
            TholosGame(setup, 1)
        except ValueError:
            continue
        raise AssertionError("setup %r accepted" % (setup,))


# -- take ------------------------------------------------------------------

def test_take_limits_by_colour():
    # Turn 1: 3 own, 2 grey, 1 rival's, from an empty workshop.
    for colour, n in (("W", 3), ("G", 2), ("B", 1)):
        g = _game(shops=([0, 0, 0], [0, 2, 0]))
        g.apply(["take", colour])
        c = "WBG".index(colour)
        assert g.workshops[W][c] == n
        assert g.quarry[c] == rules.QUARRY_START[c] - n
        assert g.turn == B


def test_take_limited_by_workshop_room():
    # Workshop holds 3: with 2 white inside only 1 more fits, whatever the colour.
    for colour in "WGB":
        g = TholosGame({}, 1)
        g.apply(["take", colour])
        assert sum(g.workshops[W]) == 3


def test_take_limited_by_quarry():
    g = _game(quarry=[1, 13, 1], shops=([0, 0, 0], [0, 2, 0]))
    g.apply(["take", "W"])
    assert g.workshops[W] == [1, 0, 0] and g.quarry == [0, 13, 1]
    g2 = _game(quarry=[13, 13, 1], shops=([0, 0, 0], [0, 2, 0]))
    g2.apply(["take", "G"])
    assert g2.workshops[W] == [0, 0, 1] and g2.quarry[G] == 0


def test_take_refused_when_full_or_quarry_empty():
    g = _game(shops=([3, 0, 0], [0, 2, 0]))
    _must_raise(g, ["take", "W"])
    g = _game(quarry=[13, 0, 10], shops=([0, 0, 0], [0, 2, 0]))
    _must_raise(g, ["take", "B"])
    _must_raise(g, ["take", "X"])
    _must_raise(g, ["take"])


# -- place -----------------------------------------------------------------

def test_place_moves_a_workshop_stone():
    g = TholosGame({}, 1)
    g.apply(["place", DELTA, "W"])  # delta bonus fetch is on offer
    assert g.columns[DELTA] == [W] and g.workshops[W] == [1, 0, 0]
    assert g.pending == DELTA and g.turn == W
    assert g.bonus_on_offer() == (DELTA, "delta", "fetch")
    g.apply(["decline"])
    assert g.pending == -1 and g.turn == B


def test_place_refused():
    g = _game(cols=["WWWWW", "", "", "", "", "", ""])
    _must_raise(g, ["place", ALPHA, "W"])  # full column
    _must_raise(g, ["place", BETA, "B"])  # no black stone in the workshop
    _must_raise(g, ["place", 7, "W"])
    _must_raise(g, ["place", -1, "W"])
    _must_raise(g, ["place", "1", "W"])
    _must_raise(g, ["move", 1, 2])  # no bonus on offer
    _must_raise(g, ["decline"])
    _must_raise(g, ["build", 1])
    _must_raise(g, [])


def test_no_bonus_for_other_colours():
    # Bonus only for a stone of the player's own colour.
    g = _game(cols=["", "", "", "W", "", "", ""], shops=([0, 1, 1], [0, 2, 0]))
    g.apply(["place", GAMMA, "G"])
    assert g.pending == -1 and g.turn == B
    g.apply(["take", "B"])  # black takes 1, back to white
    g.apply(["place", GAMMA, "B"])
    assert g.pending == -1 and g.turn == B


def test_no_bonus_when_no_legal_option():
    # Alpha moves a grey top stone; with no grey anywhere nothing is on offer.
    g = _game(cols=["", "W", "B", "", "", "", ""])
    g.apply(["place", ALPHA, "W"])
    assert g.pending == -1 and g.turn == B


# -- bonuses ---------------------------------------------------------------

def test_alpha_moves_top_grey_stone():
    g = _game(cols=["", "WG", "", "", "", "", ""])
    g.apply(["place", ALPHA, "W"])
    assert g.pending == ALPHA
    g.apply(["move", BETA, DELTA])
    assert _texts(g) == ["W", "W", "", "G", "", "", ""]
    assert g.turn == B


def test_alpha_needs_grey_on_top():
    # Reading 2: a grey stone under a white one is not the top stone.
    g = _game(cols=["", "GW", "G", "", "", "", ""])
    g.apply(["place", ALPHA, "W"])
    _must_raise(g, ["move", BETA, DELTA])
    g.apply(["move", GAMMA, DELTA])
    assert _texts(g) == ["W", "GW", "", "G", "", "", ""]


def test_beta_and_omega_move_white_and_black():
    g = _game(cols=["", "", "W", "B", "", "", ""])
    g.apply(["place", BETA, "W"])
    _must_raise(g, ["move", DELTA, PI])  # black top: not beta's colour
    g.apply(["move", GAMMA, PI])
    assert _texts(g) == ["", "W", "", "B", "W", "", ""]
    g = _game(cols=["", "", "W", "B", "", "", ""], shops=([0, 0, 0], [0, 2, 0]), turn=B)
    g.apply(["place", OMEGA, "B"])
    _must_raise(g, ["move", GAMMA, PI])
    g.apply(["move", DELTA, PI])
    assert _texts(g) == ["", "", "W", "", "B", "", "B"]


def test_move_target_validity():
    # Valid target: not full, not the column just played, not the source (Board Game Arena's implementation).
    g = _game(cols=["", "G", "WWWWW", "", "", "", ""])
    g.apply(["place", ALPHA, "W"])
    _must_raise(g, ["move", BETA, ALPHA])  # the column just played
    _must_raise(g, ["move", BETA, BETA])  # the source
    _must_raise(g, ["move", BETA, GAMMA])  # full
    _must_raise(g, ["move", ALPHA, DELTA])  # source is the column just played
    opts = [c for c, _ in g.legal_moves()]
    # decline + moves from beta to delta, pi, sigma, omega: 4 targets
    assert opts == [["decline"], ["move", 1, 3], ["move", 1, 4], ["move", 1, 5], ["move", 1, 6]]


def test_move_source_may_be_full():
    # Only targets must be valid; a full source column loses its top stone.
    g = _game(cols=["", "WWWWG", "", "", "", "", ""])
    g.apply(["place", ALPHA, "W"])
    g.apply(["move", BETA, DELTA])
    assert _texts(g)[1] == "WWWW" and _texts(g)[3] == "G"


def test_gamma_returns_top_stone_to_quarry():
    g = _game(cols=["WB", "", "", "", "", "", ""])
    g.apply(["place", GAMMA, "W"])
    _must_raise(g, ["return", GAMMA])  # not the column just played
    _must_raise(g, ["return", BETA])  # empty
    g.apply(["return", ALPHA])
    assert _texts(g)[0] == "W" and g.quarry == [13, 14, 10]


def test_delta_fetches_from_quarry():
    g = _game(quarry=[13, 0, 10])
    g.apply(["place", DELTA, "W"])
    _must_raise(g, ["fetch", "B"])  # none left in the quarry
    g.apply(["fetch", "G"])
    assert g.workshops[W] == [1, 0, 1] and g.quarry == [13, 0, 9]


def test_pi_steals_from_rival_workshop():
    g = _game(shops=([2, 0, 0], [0, 1, 1]))
    g.apply(["place", PI, "W"])
    _must_raise(g, ["steal", "W"])  # the rival has no white stone
    g.apply(["steal", "G"])
    assert g.workshops == [[1, 0, 1], [0, 1, 0]]


def test_pi_without_rival_stones_offers_nothing():
    g = _game(shops=([2, 0, 0], [0, 0, 0]))
    g.apply(["place", PI, "W"])
    assert g.pending == -1 and g.turn == B


def test_sigma_places_another_stone_without_its_bonus():
    # Sigma: another workshop stone on another valid column; a bonus never
    # triggers another column's bonus, so white on gamma opens nothing.
    g = _game(cols=["B", "", "", "", "", "", ""], shops=([2, 0, 1], [0, 2, 0]))
    g.apply(["place", SIGMA, "W"])
    _must_raise(g, ["extra", SIGMA, "W"])  # the column just played
    _must_raise(g, ["extra", BETA, "B"])  # no black stone in the workshop
    g.apply(["extra", GAMMA, "W"])
    assert _texts(g) == ["B", "", "W", "", "", "W", ""]
    assert g.pending == -1 and g.turn == B and g.workshops[W] == [0, 0, 1]


def test_sigma_needs_a_stone_left():
    g = _game(shops=([1, 0, 0], [0, 2, 0]))
    g.apply(["place", SIGMA, "W"])
    assert g.pending == -1 and g.turn == B


def test_bonus_options_are_listed_in_order():
    g = _game(shops=([2, 0, 0], [1, 1, 1]))
    g.apply(["place", PI, "W"])
    assert [c for c, _ in g.legal_moves()] == [["decline"], ["steal", "W"], ["steal", "G"], ["steal", "B"]]
    _must_raise(g, ["place", ALPHA, "W"])  # the bonus must be settled first
    _must_raise(g, ["take", "W"])
    _must_raise(g, ["fetch", "W"])  # not this column's bonus


# -- end and scoring -------------------------------------------------------

def test_last_stone_ends_game():
    # Box 15 W, 15 B, 10 G: 13 W, 13 B, 9 G in the temple after the move.
    g = _game(cols=["WWWWG", "BBBBG", "WWBBG", "GGGGG", "WWWWG", "BBBWW", "BBBW"],
              quarry=[2, 2, 1], shops=([0, 0, 0], [0, 1, 0]), turn=B)
    g.apply(["place", OMEGA, "B"])  # Omega's bonus has no valid target left: none on offer
    assert g.over and g.pending == -1
    # Hand count: alpha W 4 - 2 = 2; beta B 4 - 2 = 2; gamma 2-2 tie; delta 0-0 tie;
    # pi W 2; Sigma B 3 + 3 * 2 = 9; Omega B 4 + 3 = 7.
    # White 4 (2 columns won), black 18 (3 columns won).
    assert g.scores() == (4, 18, 2, 3)
    assert g.result() == (B, 4, 18)
    assert g.legal_moves() == []
    _must_raise(g, ["take", "W"])


def test_gamma_can_reopen_the_last_column():
    # Reading 3: the end is checked after the bonus.
    g = _game(cols=["WWWWG", "BBBBG", "WBBG", "GGGGG", "WWWWG", "BBBWW", "BBBWB"],
              quarry=[2, 2, 1], shops=([1, 0, 0], [0, 0, 0]))
    g.apply(["place", GAMMA, "W"])  # the seventh column is full now
    assert g.pending == GAMMA and not g.over
    g.apply(["return", OMEGA])
    assert not g.over and g.quarry == [2, 3, 1] and g.turn == B
    assert _texts(g)[6] == "BBBW"


def test_column_scoring_from_rulebook():
    # Rulebook example: 4 grey and 1 own stone gives -7.
    assert rules.column_result(_col("GGGGW")) == (W, -7, 0)
    # 3 black, 2 white: black 3 + 3 * 2 = 9.
    assert rules.column_result(_col("BBBWW")) == (B, 0, 9)
    # 2 - 2 tie scores for nobody, whatever the grey.
    assert rules.column_result(_col("WBWBG")) == (-1, 0, 0)
    assert rules.column_result([]) == (-1, 0, 0)


def test_formats_example_temple():
    # The Tholos document's example (tests/cases/README.md), by hand: alpha tie; beta B 3+6=9; gamma W 1-8=-7;
    # delta tie; pi tie; Sigma W 4+3=7; Omega B 2-6=-4 -> white 0 (2 won), black 5 (2 won).
    cols = [_col(t) for t in ["WWBGB", "BBBWW", "GGGGW", "WBWBG", "BBWWG", "WWWWB", "GBGBG"]]
    ws, bs, ww, bw, _ = rules.score_columns(cols)
    assert (ws, bs, ww, bw) == (0, 5, 2, 2)
    assert rules.winner_of(ws, bs, ww, bw) == B


def test_tie_break_is_columns_won():
    # White "WG" = 1 - 2 = -1 and "WW" = 2: 1 point, 2 columns; black "B" = 1 point, 1 column.
    cols = [_col(t) for t in ["WG", "WW", "B", "", "", "", ""]]
    ws, bs, ww, bw, _ = rules.score_columns(cols)
    assert (ws, bs, ww, bw) == (1, 1, 2, 1)
    assert rules.winner_of(ws, bs, ww, bw) == W
    assert rules.winner_of(3, 3, 2, 2) == -1


def test_pass_only_when_nothing_else():
    # Empty workshop, empty quarry: no take, no placement (reading 4).  A
    # hand-made position: the real box always leaves 5 stones outside the temple.
    g = _game(cols=["WWWWG", "BBBBG", "WWBBG", "GGGGG", "WWWWG", "BBBWW", "BBBW"],
              quarry=[0, 0, 0], shops=([0, 0, 0], [0, 1, 1]))
    assert [c for c, _ in g.legal_moves()] == [["pass"]]
    _must_raise(g, ["take", "G"])
    g.apply(["pass"])
    assert g.turn == B
    _must_raise(g, ["pass"])  # black can place


def test_legal_moves_all_apply_and_labels_fit():
    g = _game(cols=["G", "W", "B", "", "", "", "WWWWW"], shops=([1, 1, 1], [0, 2, 0]))
    moves = g.legal_moves()
    assert moves[0][0] == ["take", "W"] or moves[0][0][0] == "place"
    for cmd, label in moves:
        assert len(label) <= 21, label
        h = _game(cols=["G", "W", "B", "", "", "", "WWWWW"], shops=([1, 1, 1], [0, 2, 0]))
        h.apply(cmd)
        if h.pending >= 0:
            for _c2, l2 in h.legal_moves():
                assert len(l2) <= 21, l2
    # 6 open columns x 3 colours, no take (workshop full).
    assert len(moves) == 18


def test_whole_turns_match_commands():
    # Every whole turn of rules.gen_turns plays through the command game.
    g = _game(cols=["G", "W", "B", "WG", "", "BW", ""], shops=([2, 0, 1], [1, 1, 0]))
    turns = rules.gen_turns(g.st)
    # Workshop full: no take.  7 open columns x {W, G} = 14 plain placements,
    # plus the bonus options of the 7 white ones (each replayed below).
    assert len([t for t in turns if t[2] == rules.NO_BONUS]) == 14
    assert len(turns) > 14 and turns[0][0] == ALPHA
    for mv in turns:
        h = _game(cols=["G", "W", "B", "WG", "", "BW", ""], shops=([2, 0, 1], [1, 1, 0]))
        st = h.st.copy()
        tok = rules.do_turn(st, mv)
        for c in rules.turn_commands(h.st, mv):
            h.apply(c)
        assert h.pending == -1 and h.st.turn == st.turn
        assert repr(h.st.cols) == repr(st.cols) and h.st.shops == st.shops and h.st.quarry == st.quarry
        rules.undo_turn(st, mv, tok)
        fresh = _game(cols=["G", "W", "B", "WG", "", "BW", ""], shops=([2, 0, 1], [1, 1, 0]))
        assert _snap(fresh) == (repr(st.cols), repr(st.quarry), repr(st.shops), st.turn, -1, False)


def test_bonus_table_matches_rulebook_order():
    # alpha grey, beta white, gamma return, delta quarry, pi rival, Sigma extra, Omega black.
    assert rules.COLUMN_BONUS == (rules.B_MOVE, rules.B_MOVE, rules.B_RETURN, rules.B_FETCH,
                                  rules.B_STEAL, rules.B_EXTRA, rules.B_MOVE)
    assert rules.MOVE_COLOUR[ALPHA] == G and rules.MOVE_COLOUR[BETA] == W and rules.MOVE_COLOUR[OMEGA] == B
    for t in rules.COLUMN_BONUS_TEXT:
        assert len(t) <= 21
