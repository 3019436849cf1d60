"""Self-playing Delfos solo games: a random player against the Khaos automa.

``play(seed, side="A", scoring_card=None, printed=False)`` plays one whole solo
game through the engine's commands on an ancient board (``games.delfos.ancient``,
the assumed 9 x 7 geometry, laid from the seed) kept here beside the game, with
Khaos's moves by ``Board.khaos_move`` and its tiles entered with ``["khaos", ...]``
(the players resolve Khaos on the table).  ``play_device(seed, ...)`` plays the same
kind of game with the board inside the game (setup "ancient"): the layout, the
player's ``["take", ...]`` turns and the device's one-command Khaos turns.  Both
return ``(game, cmds, board)``; the player moves a random marker to a random
reachable tile and places it on a random legal space.
Plain code: runs on CPython and MicroPython (an engine test plays games there).
"""
from games.delfos import COLOURS
from games.delfos import khaos as kh
from games.delfos.ancient import DEFAULT, Board, BoardGame
from games.delfos.game import DelfosGame
from rng import Rng


def _setup(seed, side, scoring_card, printed, me, khaos, rng, difficulty="normal"):
    others = [c for c in COLOURS if c != me]
    goals = [others[rng.below(4)]]
    while len(goals) < 2:
        g = others[rng.below(4)]
        if g not in goals:
            goals.append(g)
    return {"players": [me, khaos], "khaos": khaos, "architect_side": side,
            "scoring_card": scoring_card, "goals": {me: goals}, "difficulty": difficulty,
            "khaos_deck": "printed" if printed else "device"}


def play(seed, side="A", scoring_card=None, printed=False, me="green", khaos="red", on_cmd=None,
         difficulty="normal"):
    """One full solo game; see the module docstring.  ``on_cmd(game, cmd)`` (optional)
    is called after every command (the benchmark samples the heap there); ``difficulty``:
    easy, normal, hard or complex (the target score of Solo Mode)."""
    rng = Rng(seed ^ 0x5A5A5A5A)
    board = Board(DEFAULT, seed)
    board.lay(60)
    game = DelfosGame(_setup(seed, side, scoring_card, printed, me, khaos, rng, difficulty), seed)
    cmds = []

    def do(cmd):
        game.apply(cmd)
        cmds.append(cmd)
        if on_cmd:
            on_cmd(game, cmd)

    while not game.is_over():
        if game.phase() == "place":
            opts = board.player_moves(game.turns_taken[game.active])
            if not opts:
                raise ValueError("player cannot reach any tile")
            m, _s, q = opts[rng.below(len(opts))]
            c, v = board.take(m, q)
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
            mv = board.khaos_move(card)
            if mv is None:
                raise ValueError("Khaos cannot reach any tile")
            c, v = board.take(mv[0], mv[2])
            do(["khaos", COLOURS[c], v])
    return game, cmds, board


def play_device(seed, side="A", scoring_card=None, geometry=None, entered=False, on_cmd=None):
    """One full solo game with the ancient board in the game (module docstring):
    ``geometry`` (default ``DEFAULT``); ``entered``: the layout is entered tile by tile
    (a random draw of the 60 tiles) instead of drawn by the device."""
    rng = Rng(seed ^ 0x5A5A5A5A)
    setup = _setup(seed, side, scoring_card, False, "green", "red", rng)
    anc = dict(geometry or DEFAULT)
    anc["layout"] = "entered" if entered else "device"
    setup["ancient"] = anc
    game = BoardGame(setup, seed)
    cmds = []

    def do(cmd):
        game.apply(cmd)
        cmds.append(cmd)
        if on_cmd:
            on_cmd(game, cmd)

    if entered:
        bag = []
        for c in range(5):
            for v in range(1, 6):
                for _ in range(game.board.left_in_bag(c, v)):
                    bag.append((c, v))
        rng.shuffle(bag)
        codes = ""
        for c, v in bag:
            codes += chr(97 + c * 5 + v - 1)
        do(["tiles", codes[:25]])  # in two steps, as the screen's growing command
        do(["tiles", codes])
    else:
        do(["lay", 60])
    while not game.is_over():
        if game.phase() == "place":
            opts = game.board.player_moves(game.turns_taken[game.active])
            if not opts:
                raise ValueError("player cannot reach any tile")
            m, s, q = opts[rng.below(len(opts))]
            spaces = game.legal_positions()
            x, y = spaces[rng.below(len(spaces))]
            do(["take", m, s, q, x, y])
        else:
            do(["khaos_turn"])
    return game, cmds, game.board
