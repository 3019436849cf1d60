"""Self-playing Delfos solo games: a random player against the Khaos automa.

``play(seed, side="A", scoring_card=None, printed=False)`` plays one whole solo
game on the host-side ancient board model (``delfos_board``) through the
engine's commands and returns ``(game, cmds, board)``.  Khaos's moves use the
engine's ``khaos.choose_move`` and ``khaos.placement``; the player moves a
random marker to a random reachable tile and places it on a random legal space.
Plain code: runs on CPython and MicroPython (an engine test plays 20 games there).
"""
from games.delfos import COLOURS
from games.delfos import khaos as kh
from games.delfos.game import DelfosGame
from rng import Rng

try:
    from host_sim.delfos_board import WHITES, Board
except (ImportError, AttributeError):  # MicroPython: host_sim/__init__ is CPython-only
    from delfos_board import WHITES, Board

ME = "k0"  # board marker keys
KHAOS = "k1"


def _player_options(board, t, rng):
    # (marker, start, target) choices of the player this turn.
    ms = board.markers[ME]
    if t < 2:
        # first / second turn: place marker t on a white-outlined or occupied space, move it
        spaces = board.relocation_spaces(ME, t)
        rng.shuffle(spaces)
        for s in spaces:
            opts = [(t, s, q) for q in kh.reach(board.cols, board.rows, board.tcol, s)]
            if opts:
                return opts
        return []
    opts = []
    for m in (0, 1):
        for q in kh.reach(board.cols, board.rows, board.tcol, ms[m]):
            opts.append((m, ms[m], q))
    if opts:
        return opts
    # Movement Rule D: put a marker on a white-outlined / occupied space, then move
    for m in (0, 1):
        for s in board.relocation_spaces(ME, m):
            for q in kh.reach(board.cols, board.rows, board.tcol, s):
                opts.append((m, s, q))
    return opts


def play(seed, side="A", scoring_card=None, printed=False, me="green", khaos="red", on_cmd=None):
    """One full solo game; see the module docstring.  ``on_cmd(game, cmd)`` (optional)
    is called after every command (the benchmark samples the heap there)."""
    rng = Rng(seed ^ 0x5A5A5A5A)
    board = Board(rng)
    board.markers[ME] = [-1, -1]
    board.markers[KHAOS] = [WHITES[0], WHITES[2]]
    others = [c for c in COLOURS if c != me]
    goals = [others[rng.below(4)]]
    while len(goals) < 2:
        g = others[rng.below(4)]
        if g not in goals:
            goals.append(g)
    setup = {"players": [me, khaos], "khaos": khaos, "architect_side": side,
             "scoring_card": scoring_card, "goals": {me: goals}, "difficulty": "normal",
             "khaos_deck": "printed" if printed else "device"}
    game = DelfosGame(setup, seed)
    cmds = []

    def do(cmd):
        game.apply(cmd)
        cmds.append(cmd)
        if on_cmd:
            on_cmd(game, cmd)

    while not game.is_over():
        if game.phase() == "place":
            t = game.turns_taken[game.active]
            opts = _player_options(board, t, rng)
            if not opts:
                raise ValueError("player cannot reach any tile")
            m, s, q = opts[rng.below(len(opts))]
            c, v = board.take(ME, m, q)
            spaces = game.legal_positions()
            x, y = spaces[rng.below(len(spaces))]
            do(["place", COLOURS[c], v, x, y])
        else:
            if printed:
                card = kh.DECK[rng.below(20)]
                do(["khaos_draw", card[2], 1 if card[3] else 0])
            else:
                do(["khaos_draw"])
                card = game.card_shown
            ms = board.markers[KHAOS]
            mv = kh.choose_move(board.cols, board.rows, board.tcol, board.tval,
                                [(0, ms[0]), (1, ms[1])], card)
            if mv is None:  # Movement Rule D for Khaos: every allowed relocation competes
                starts = []
                for m in (0, 1):
                    for s in board.relocation_spaces(KHAOS, m):
                        starts.append((m, s))
                mv = kh.choose_move(board.cols, board.rows, board.tcol, board.tval, starts, card)
            if mv is None:
                raise ValueError("Khaos cannot reach any tile")
            c, v = board.take(KHAOS, mv[0], mv[2])
            do(["khaos", COLOURS[c], v])
    return game, cmds, board
