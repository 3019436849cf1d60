"""Press budgets at the table, measured over seeded games through the real keys.

The budgets are the README's press table ("### Presses", read by ``readme_budgets``): each row
is counted here by its function in ``MEASURES`` and a count above the table fails; a row without
a function, or a function without a row, fails too, so the README and this file cannot drift.
A held UP or DOWN (``keys.Buttons``' auto-repeat: the first repeat after 450 ms, then every
150 ms) is one press: the name is typed through ``keys.Buttons`` on a stepped clock, and typed
again with every letter step a press of its own (the row's "taps").

Oracle battle (from the turn screen to the first roll of the battle die, the monster of the
colour of one of the fighter's dice: its own "Fight" action), then 1 press a re-roll.  Oracle recolour (from the turn
screen to the favor paid, one step of any die, the cheapest change); a wrong die or colour is
fixed on the same screen.  Delfos tile with the ancient board kept by the device (from the move
list to the tile placed in the city): a median for a player who takes the move and space that
add the most to their score, at most 2 + moves // 2 + spaces // 2 for any tile.  Delfos tile on
the turn screen without the board (colour, value, space, OK after each): measured, a median of
5 (issue 33 keeps it so: no new keys there); at most 3 + 2 + 2 + spaces // 2.
``pytest -s`` prints the distributions.  A player presses the shorter way round a list (UP or
DOWN), with UP, DOWN and OK only (and BACK on the default wiring): the counts hold on 3 buttons
but for the Oracle recolour (RIGHT, then RIGHT/LEFT for the die; on three buttons "Recolour
dice", two UPs away, and BACK then UP/DOWN for the die).
"""
import copy
import os
import re
import statistics
from collections import Counter

import pytest

from games.oracle import rules
from helpers import ROOT, boot, press

UP, DOWN, OK, BACK, LEFT, RIGHT = 1, 2, 3, 4, 5, 6
# Oracle, 3 players, start P1, Start game (the 3 starting cards asked: red): P1's turn.
ORACLE_TURN = [OK, OK, DOWN, OK, OK, OK, OK, OK]
SEEDS = range(12)


def shortest(frm, to, n):
    """Keys from index ``frm`` to ``to`` in a wrapping list of ``n``: the shorter way."""
    down = (to - frm) % n
    return [DOWN] * down if down <= n - down else [UP] * (n - down)


def show(name, counts):
    print("%s: %s" % (name, ", ".join("%d presses x%d" % (k, counts[k]) for k in sorted(counts))))


def oracle_turn(tmp_path, seed):
    app = boot(tmp_path / ("s%d" % seed), seed)
    press(app, ORACLE_TURN)
    assert type(app.top()).__name__ == "TurnScreen"
    return app


def oracle_battle(tmp_path):
    """Presses from the turn screen to the battle die's first roll, for the monster of each
    of the fighter's dice over the seeds; then, after a miss, the presses for each re-roll."""
    counts = Counter()
    rerolls = Counter()
    for seed in SEEDS:
        for die in range(3):
            app = oracle_turn(tmp_path / ("d%d" % die), seed)
            gm = app.session.game
            want = gm.dice[0][die]
            # the turn screen's action line: "Fight <colour> <monster>" for each colour of the dice
            acts = app.top().actions()
            label = [a for a in acts if a.startswith("Fight " + rules.SHORT[want] + " ")]
            assert len(label) == 1 and rules.MONSTERS[want] in label[0]
            keys = shortest(0, acts.index(label[0]), len(acts)) + [OK]
            press(app, keys)
            gm = app.session.game
            assert gm.battle is not None or gm.favor[0] >= 0
            cmds = app.session.cmds
            assert ["battle", 0, want] in cmds and cmds[-1] in (["battle_roll"], ["battle_done"])
            if gm.battle is None:  # a win: back on the turn screen, which says so
                assert type(app.top()).__name__ == "TurnScreen" and app.top().note.startswith("Won")
            else:  # a miss: "Pay 1 favor, roll" is the battle screen's first action
                n = len(cmds)
                press(app, [OK])
                assert app.session.cmds[n] == ["battle_pay"]  # 1 favor paid, the die rolled again
                rerolls[1] += 1
            counts[len(keys)] += 1
    show("Oracle battle, turn screen to the first roll", counts)
    show("Oracle battle, a re-roll", rerolls)
    assert rerolls  # some first rolls missed: the re-roll was counted
    return counts, max(rerolls)


def oracle_recolour(tmp_path):
    """Presses from the turn screen to the favor paid for one step of any die (and, printed,
    any die and colour, also on three buttons)."""
    one_step = Counter()
    every = Counter()
    three_buttons = Counter()
    for seed in SEEDS[:6]:
        for die in range(3):
            for steps in range(1, 6):
                app = oracle_turn(tmp_path / ("d%ds%d" % (die, steps)), seed)
                app.do(["favor", 0, 5])  # enough favor for 5 steps
                gm = app.session.game
                src = gm.dice[0][die]
                dst = (src + steps) % 6
                # RIGHT: the recolour screen, on die 1 one step clockwise; RIGHT/LEFT: the die
                keys = [RIGHT] + ([] if die == 0 else [RIGHT] if die == 1 else [LEFT])
                keys += shortest(0, steps - 1, 5) + [OK]
                favor = gm.favor[0]
                press(app, keys)
                gm = app.session.game
                assert gm.dice[0][die] == dst and favor - gm.favor[0] == steps  # no ship tile: 1 a step
                every[len(keys)] += 1
                if steps == 1:
                    one_step[len(keys)] += 1
                # UP, DOWN, OK only: "Recolour dice" two UPs away, then BACK (a long OK) to
                # the die, UP/DOWN, OK to its colour
                three = 3 + (0 if die == 0 else 3) + len(shortest(0, steps - 1, 5)) + 1
                three_buttons[three] += 1
    show("Oracle recolour, one step of any die", one_step)
    show("Oracle recolour, any die and colour", every)
    show("Oracle recolour, any die and colour, three buttons", three_buttons)
    assert max(every) <= 6
    return one_step


def test_a_wrong_die_and_colour_are_fixed_on_the_recolour_screen(tmp_path):
    app = oracle_turn(tmp_path, 3)
    gm = app.session.game
    press(app, [RIGHT, DOWN, DOWN])  # die 1, three steps: the wrong colour and the wrong die
    tool = app.top()
    press(app, [UP, UP, BACK, DOWN, OK])  # the colour back to one step; BACK: the die, die 2
    assert app.top() is tool and tool.die == 1 and tool.field == 1
    src = gm.dice[0][1]
    press(app, [OK])
    assert gm.dice[0][1] == (src + 1) % 6 and gm.favor[0] == 3 - 1


class PlaceReachedError(Exception):
    """The turn screen's place command (raised by ``Screenless.do``: the test applies it)."""


class Screenless:
    """What the Delfos TurnScreen reads of the App: the session's game, ``changed`` and ``do``
    (the command is handed back by raising ``PlaceReachedError``)."""

    def __init__(self, game):
        self.session = type("S", (), {})()
        self.session.game = game

    def changed(self):
        pass

    def do(self, cmd):
        raise PlaceReachedError(cmd)


def plain_tile_keys(g, c, v, space):
    """Press the Delfos turn screen without the board (``games.delfos.ui.TurnScreen``) from its
    defaults to building tile colour ``c`` (index), value ``v`` on ``space`` (x, y): UP/DOWN the
    shorter way round the colours left, the values left of that colour and the spaces (in the
    screen's order), OK after each.  Returns (presses, presses had the space been the first one
    offered), the key that dismisses the first- and second-turn reminders left out; asserts the
    screen's command is that tile on that space."""
    from games.delfos import COLOURS
    from games.delfos import ui_base as dui

    top = dui.TurnScreen(Screenless(g))
    if g.reminder():  # the first- and second-turn reminder: one key, before the tile's entry
        top.key(OK)
    cols = dui.colours_left(g.city)
    keys = shortest(cols.index(top.colour), cols.index(c), len(cols)) + [OK]
    vals = [x for x in range(1, 6) if g.city.left(c, x)]
    for k in keys:
        top.key(k)
    more = shortest(vals.index(top.value), vals.index(v), len(vals)) + [OK]
    for k in more:
        top.key(k)
    keys += more
    to_space = shortest(top.index, top.cells.index(tuple(space)), len(top.cells))
    try:
        for k in to_space + [OK]:
            top.key(k)
    except PlaceReachedError as placed:
        assert placed.args[0] == ["place", COLOURS[c], v, space[0], space[1]]
    else:
        raise AssertionError("the turn screen placed no tile")
    return len(keys) + len(to_space) + 1, len(keys) + 1


def plain_games(player, seeds):
    """Solo games of host_sim/delfos_solo's set-up (side A or B and scoring card 1-8 by seed)
    without the board on the device: an ancient board (``ancient.Board``, the assumed 9 x 7,
    laid from the seed) kept beside the game, Khaos's turns by ``Board.khaos_move``.  Yields
    (game, colour index, value, space) for each tile the player takes (``player(gm, rng, board)``
    chooses the move and the space) before it is placed."""
    from games.delfos import COLOURS
    from games.delfos.ancient import Board
    from games.delfos.ancient import DEFAULT
    from games.delfos.game import DelfosGame
    from rng import Rng

    from host_sim import delfos_solo

    for seed in seeds:
        rng = Rng(seed ^ 0x5A5A5A5A)
        board = Board(DEFAULT, seed)
        board.lay(60)
        g = DelfosGame(delfos_solo._setup(seed, "AB"[seed % 2], 1 + seed % 8, False, "green", "red", rng), seed)
        rng = Rng(seed * 7 + 1)
        while not g.is_over():
            if g.phase() == "place":
                mv, space = player(g, rng, board)
                c, v = board.take(mv[0], mv[2])
                yield g, c, v, space
                g.apply(["place", COLOURS[c], v, space[0], space[1]])
            else:
                g.apply(["khaos_draw"])
                mv = board.khaos_move(g.card_shown)
                c, v = board.take(mv[0], mv[2])
                g.apply(["khaos", COLOURS[c], v])


def test_delfos_tile_presses_over_seeded_games():
    # The tile entry of the Delfos turn screen without the board (colour, value, space; OK
    # after each), from its own defaults (the player's last tile, the likeliest spaces first),
    # for every tile of 8 seeded solo games: a player who takes a random reachable tile and
    # puts it on a random space (host_sim/delfos_solo's player), or the move and space that
    # add the most to their score (``best_scoring``, as on the ancient board below).
    likeliest = Counter()
    for player, name in ((any_choice, "a random tile and space"), (best_scoring, "the best-scoring player")):
        counts = Counter()
        first = Counter()
        for g, c, v, space in plain_games(player, range(8)):
            n, n_first = plain_tile_keys(g, c, v, space)
            counts[n] += 1
            first[n_first] += 1
            # each list wraps: at most half of it away, one OK each
            assert n <= 3 + 5 // 2 + 5 // 2 + len(g.legal_positions()) // 2
        summary("Delfos tile on the turn screen, %s" % name, counts)
        assert summary("Delfos tile on the turn screen, %s, on the space offered first" % name, first) <= 5
        likeliest.update(first)  # (issue 33: the printed board's turn screen stays at a median of 5)
    # the typical turn of the screen's docstring (same colour, value one step away, the
    # likeliest space): OK DOWN OK OK
    assert min(likeliest) <= 4 and 4 in likeliest


# Delfos solo, "Device moves Khaos", the device's layout: main menu > Delfos > New game,
# Solo, Green, Khaos Yellow, then the architect side and the scoring card (below), goal tiles
# later, Normal, "Device moves Khaos", "Device draws layout", "Matches my board".
NEW_DELFOS = [DOWN, OK, OK, OK, OK, OK]
AFTER_CARD = [OK, OK, DOWN, OK, DOWN, DOWN, OK, OK, OK]
LAYOUT_9X7 = 7  # the device's layout of the assumed 9 x 7 board: a row a press


def summary(name, counts):
    """The distribution of presses per tile: min, median, max and a histogram."""
    vals = sorted(counts.elements())
    print("%s, %d tiles: min %d, median %s, max %d" % (name, len(vals), vals[0], statistics.median(vals),
                                                      vals[-1]))
    for k in sorted(counts):
        print("  %2d presses %4d %s" % (k, counts[k], "#" * ((counts[k] + 1) // 2)))
    return statistics.median(vals)


def delfos_board_game(tmp_path, seed, player, khaos=None):
    """One solo game with the device keeping the ancient board, played through the keys:
    side A or B and scoring card 1-8 by ``seed``, the player's two goal tiles entered (the
    Delfos menu's entry, here as its command).  Every player turn: ``player(gm, rng)``
    chooses a (marker, start, target) move and a city space; the keys from the move list
    to the tile placed, the shorter way round each list, are pressed and counted.  Returns
    [(presses, moves offered, spaces offered)] per tile; the presses of each of Khaos's
    turns are added to the list ``khaos`` when given."""
    from games.delfos import COLOURS

    from rng import Rng

    side = seed % 2
    card = 1 + seed % 8
    app = boot(tmp_path / ("b%d" % seed), seed)
    for k in NEW_DELFOS + [DOWN] * side + [OK] + [DOWN] * card + AFTER_CARD + [OK] * (LAYOUT_9X7 - 1):
        app.handle(k)  # the set-up and the layout unseen (drawing their frames is most of the time)
    app.render()
    rng = Rng(seed * 7 + 1)
    goals = [c for c in COLOURS if c != "green"]
    first = goals.pop(rng.below(4))
    app.do(["goals", "green", first, goals[rng.below(3)]])
    press(app, [OK])  # the last row of the layout: the move list
    gm = app.session.game
    assert gm.architect_side == "AB"[side] and gm.scoring_card == card and gm.phase() == "place"
    out = []
    while gm.phase() == "place":
        moves = app.top()
        assert type(moves).__name__ == "MoveScreen"
        mv, space = player(gm, rng)
        at = [i for i, m in enumerate(moves.moves) if (m[0], m[2]) == (mv[0], mv[2])]
        keys = shortest(moves.index, at[0], len(moves.moves)) + [OK]
        n_spaces = len(gm.legal_positions())
        press(app, keys)
        turn = app.top()
        if gm.last is None or type(turn).__name__ == "BoardTurn":  # the space step
            assert turn.stage == 2 and len(turn.cells) == n_spaces > 1
            more = shortest(turn.index, turn.cells.index(space), n_spaces) + [OK]
            press(app, more)
            keys += more
        assert gm.last[3:] == space and gm.board.markers[mv[0]] == mv[2]  # that tile, there
        out.append((len(keys), len(moves.moves), n_spaces))
        if gm.phase() == "khaos_draw":
            n = len(app.session.cmds)
            press(app, [OK, OK])  # Khaos's turn: draw and move, "pieces moved"
            assert app.session.cmds[n:] == [["khaos_turn"]] and gm.phase() in ("place", "over")
            assert gm.phase() == "over" or type(app.top()).__name__ == "MoveScreen"
            if khaos is not None:
                khaos.append(2)
    assert gm.phase() == "over" and len(out) == 20
    return out


def best_scoring(gm, rng, board=None):
    """The move and space that add the most to the player's score so far (the rulebook's
    scoring, ``scoring.score_city``: area majorities, the architect card, the scoring card
    with the goal tiles), one of the best at random: the typical player."""
    from games.delfos import scoring

    board = board or gm.board  # the ancient board beside a game without it (plain_games)
    me = gm.players[gm.active]
    best = None
    ties = []
    for mv in board.player_moves(gm.turns_taken[gm.active]):
        c, v = board.tile(mv[2])
        for space in gm.legal_positions():
            city = copy.deepcopy(gm.city)
            city.place(c, v, space[0], space[1], gm.pidx[gm.active])
            s = scoring.score_city(city.to_grid(), gm.pidx, gm.architect_side, gm.scoring_card, gm.goals,
                                   gm.pidx[gm.kseat])["scores"][me]["total"]
            if best is None or s > best:
                best = s
                ties = []
            if s == best:
                ties.append((mv, space))
    return ties[rng.below(len(ties))]


def any_choice(gm, rng, board=None):
    """Any legal move and space, at random (host_sim/delfos_solo's player)."""
    moves = (board or gm.board).player_moves(gm.turns_taken[gm.active])
    spaces = gm.legal_positions()
    return moves[rng.below(len(moves))], spaces[rng.below(len(spaces))]


def delfos_ancient_tile(tmp_path):
    # Budget: a typical tile, counted from the move list to the tile placed; the typical
    # player takes the move and space that add the most to their score so far (a median:
    # ``typical``).  Cap for any tile: each list wraps, so a choice is at most half a list
    # away, plus one OK a list: 2 + moves // 2 + spaces // 2 (1 + moves // 2 for the first
    # tile, whose only space is the city's centre).  At most 12 moves are offered (three
    # white-outlined spaces x four directions in the first two turns; two markers x four
    # directions later), and an 8 x 5 city has at most 23 legal spaces in 200 self-played
    # games (host_sim/delfos_solo), so no tile takes more than 2 + 6 + 11 = 19 presses.
    typical = Counter()
    anyone = Counter()
    for seed in range(8):
        for player, counts in ((best_scoring, typical), (any_choice, anyone)):
            for n, moves, spaces in delfos_board_game(tmp_path / player.__name__, seed, player):
                counts[n] += 1
                assert moves <= 12 and n <= (2 if spaces > 1 else 1) + moves // 2 + spaces // 2 <= 19
    summary("Delfos tile with the ancient board, the best-scoring player", typical)
    summary("Delfos tile with the ancient board, any move and space at random", anyone)
    return typical


# --- the README's press table ---------------------------------------------------------------

def readme_budgets():
    """{action: (presses, median?, presses per re-roll or None, taps or None)} from the table
    under "### Presses" in README.md: | Action | From | Presses |, the presses as "1", "≤ 2",
    "median ≤ 3" or "≤ 4 + 1 per re-roll"; a note in brackets after it is left out but for
    "N taps" in it (the presses when no key is held)."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    part = text[text.index("\n### Presses\n") + 1:]
    out = {}
    for line in part.splitlines()[1:]:
        if line.startswith("#"):
            break
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0] == "Action":
            continue
        note = re.search(r"\((.*)\)$", cells[2])
        taps = re.search(r"(\d+) taps", note.group(1)) if note else None
        cell = re.sub(r"\s*\(.*\)$", "", cells[2])
        m = re.fullmatch(r"(median )?(?:≤ )?(\d+)(?: \+ (\d+) per re-roll)?", cell)
        assert m, "README press table: %r" % cells[2]
        out[cells[0]] = (int(m.group(2)), bool(m.group(1)), None if m.group(3) is None else int(m.group(3)),
                         int(taps.group(1)) if taps else None)
    return out


def dice_roll(tmp_path):
    app = boot(tmp_path, 1)
    press(app, [UP, UP, OK])  # the dice roller, the main menu's last game but the Timer
    counts = []
    for _ in range(3):
        n = len(app.session.cmds)
        press(app, [OK])
        assert len(app.session.cmds) == n + 1 and app.session.game.shown == "roll"
        counts.append(1)
    return counts


def next_turn(tmp_path):
    """The Oracle: "Consult oracle" ends the turn, its roll stays big for the table, OK goes on
    to the next player's turn screen (BACK there opens the game menu instead)."""
    counts = []
    for seed in SEEDS[:4]:
        app = oracle_turn(tmp_path / str(seed), seed)
        press(app, [OK])
        assert app.session.game.active() == 1 and app.session.cmds[-1] == ["consult"]
        assert type(app.top()).__name__ == "ConsultScreen"
        press(app, [OK])
        assert type(app.top()).__name__ == "TurnScreen"
        counts.append(2)
    app = oracle_turn(tmp_path / "back", 1)
    press(app, [OK, BACK])
    assert type(app.top()).__name__ == "ChoiceMenu" and app.top().items[app.top().index] == "Undo last step"
    press(app, [OK])  # the consultation undone: the first player's turn again
    assert app.session.game.active() == 0 and type(app.top()).__name__ == "TurnScreen"
    return counts


def undo(tmp_path):
    """From a game's main screen: BACK (the game menu, its cursor on "Undo last step"), OK."""
    counts = []
    app = oracle_turn(tmp_path / "oracle", 1)
    press(app, [OK, OK])  # a consultation, its roll closed: the second player's turn
    n = len(app.session.cmds)
    press(app, [BACK, OK])
    assert len(app.session.cmds) == n - 1 and app.session.game.active() == 0
    assert type(app.top()).__name__ == "TurnScreen"
    counts.append(2)
    app = boot(tmp_path / "dice", 1)
    press(app, [UP, UP, OK, OK])
    press(app, [BACK, OK])
    assert app.session.cmds == [] and type(app.top()).__name__ == "DiceScreen"
    counts.append(2)
    return counts


def titan_die(tmp_path):
    """From the Titan die's screen at the end of a round to the next round's turn screen."""
    counts = []
    for seed in SEEDS[:4]:
        app = oracle_turn(tmp_path / str(seed), seed)
        for _ in range(12):  # the three consultations (each roll closed) until the Titan die is due
            if type(app.top()).__name__ == "TitanScreen":
                break
            press(app, [OK])
        assert type(app.top()).__name__ == "TitanScreen" and app.session.cmds.count(["consult"]) == 3
        press(app, [OK, OK])  # roll it; its result read, on to the next round
        gm = app.session.game
        assert app.session.cmds[-1] == ["titan"] and gm.round == 2 and type(app.top()).__name__ == "TurnScreen"
        counts.append(2)
    return counts


def khaos_turn(tmp_path):
    khaos = []
    delfos_board_game(tmp_path, 1, any_choice, khaos)
    assert len(khaos) == 20
    return khaos


def tholos_move(tmp_path):
    """Two-player games, a random legal move each time, entered through the temple screen's
    actions and column cursors (``test_tholos_ui.keys_for``), each list the shorter way round."""
    from test_tholos_ui import TWO_PLAYERS, keys_for
    from rng import Rng

    def shorter(keys):
        # keys_for goes DOWN from the top of each list (the action, then the columns): each run
        # of DOWNs before an OK goes the shorter way round that list instead
        out = []
        run = 0
        lists = iter(sizes)
        for k in keys:
            if k == DOWN:
                run += 1
            else:
                out += shortest(0, run, next(lists))
                out.append(k)
                run = 0
        return out

    counts = Counter()
    for seed in (1, 2):
        app = boot(tmp_path / str(seed), seed)
        press(app, TWO_PLAYERS)
        rng = Rng(seed)
        for _ in range(30):
            gm = app.session.game
            if gm.over:
                break
            moves = gm.legal_moves()
            cmd = moves[rng.below(len(moves))][0]
            sizes = list_sizes(gm, cmd)
            keys = shorter(keys_for(gm, cmd))
            press(app, keys)
            assert app.session.cmds[-1] == cmd
            counts[len(keys)] += 1
    summary("Tholos move, a random legal move", counts)
    return counts


def list_sizes(gm, cmd):
    """The lengths of the lists ``keys_for`` goes down for ``cmd`` on the Tholos temple screen:
    the actions, then the column lists of a placement, a return or a move."""
    from games.tholos import ui_temple
    from games.tholos.rules import LETTERS

    v = cmd[0]
    out = [len(ui_temple.actions_of(gm))]
    if v in ("place", "extra"):
        out.append(len(ui_temple.legal_columns(gm, v, LETTERS.index(cmd[2]))))
    elif v == "return":
        out.append(len(ui_temple.legal_columns(gm, "return")))
    elif v == "move":
        out.append(len(ui_temple.legal_columns(gm, "move")))
        out.append(len(ui_temple.legal_columns(gm, "move", -1, cmd[1])))
    return out


def delphi_face_down(tmp_path):
    """The first City State's face-down card from the March screen: OK opens its card menu,
    the card the shorter way round it, OK; every card of the menu counted once."""
    from test_delphi_ui import OPEN, THREE

    counts = Counter()
    app = boot(tmp_path / "menu", 1)
    press(app, OPEN + " " + THREE)
    press(app, [OK])
    n = len(app.top().items)
    for i in range(n):
        app = boot(tmp_path / str(i), 1)
        press(app, OPEN + " " + THREE)
        keys = [OK]
        press(app, keys)
        menu = app.top()
        more = shortest(menu.index, i, n) + [OK]
        press(app, more)
        keys += more
        gm = app.session.game
        assert len(gm.hidden) == 1 or app.session.cmds[-1][0] == "face_down"
        counts[len(keys)] += 1
    show("Delphi face-down card, any card of the menu (%d)" % n, counts)
    return counts


class StepClock:
    """``keys.Buttons``' clock on CPython: ticks_ms wraps as on the Pico."""

    from host_sim.clock import ticks_add, ticks_diff

    ticks_add = staticmethod(ticks_add)
    ticks_diff = staticmethod(ticks_diff)


def by_hand(app, presses):
    """Press buttons as a person does, through ``keys.Buttons`` polled every 5 ms: each entry
    a key (pressed for 100 ms) or (key, n), held until it has given n key events (the
    auto-repeat); each event goes to the App as the device loop hands it on.  Returns the
    number of presses and the longest hold in ms."""
    from keys import Buttons, bit

    b = Buttons(StepClock())
    t = 0
    longest = 0

    def poll(mask):
        nonlocal t
        b.update(mask, t)
        t += 5
        got = 0
        k = b.get()
        while k:
            app.handle(k)
            got += 1
            k = b.get()
        return got

    for p in presses:
        key, n = (p, 0) if isinstance(p, int) else p
        start = t
        got = 0
        while (t - start < 100) if not n else got < n and t - start < 5000:  # a person holds a few s
            got += poll(bit(key))
        longest = max(longest, t - start)
        for _ in range(20):
            poll(0)
    app.render()
    return len(presses), longest


def three_letter_name(tmp_path):
    """"Ana" typed on the letter wheel, from the names list with "+ Add name" chosen: the
    wheel starts on "A"; OK, UP held to "n" (13 letters on), OK, OK keeps the last "a", BACK
    ends the name.  The presses (UP held once) and the taps (UP pressed 13 times instead)."""
    import names_ui

    counts = []
    n_letters = names_ui.CHARS.index("n") - names_ui.CHARS.index("a")
    for held in (True, False):
        app = boot(tmp_path / str(held), 1)
        press(app, [BACK, DOWN])  # the device menu, Player names
        press(app, [OK])
        assert type(app.top()).__name__ == "NamesMenu" and app.top().items[0] == names_ui.ADD
        turn = [(UP, n_letters)] if held else [UP] * n_letters
        n, longest = by_hand(app, [OK, OK] + turn + [OK, OK, BACK])
        assert names_ui.stored(app) == ["Ana"]
        assert longest <= (2500 if held else 100)  # UP held 2.1 s: 450 ms to the first repeat, then 150 ms each
        counts.append(n)
    return {"presses": [counts[0]], "taps": counts[1]}


def history(tmp_path):
    app = boot(tmp_path, 1)
    press(app, [BACK, OK])
    assert type(app.top()).__name__ == "History"
    return [2]


def player_names(tmp_path):
    app = boot(tmp_path, 1)
    press(app, [BACK, DOWN, OK])
    assert type(app.top()).__name__ == "NamesMenu"
    return [3]


def timer_pass(tmp_path):
    """The Timer (the main menu's last line): a pass of the turn, the next player's time running."""
    app = boot(tmp_path, 1)
    press(app, [UP, OK, OK, OK])  # the Timer, 4 players, the clock counting
    assert type(app.top()).__name__ == "TimerScreen" and app.session.game.turn == 0
    press(app, [OK])
    assert app.session.game.turn == 1 and app.session.cmds == [["pass"]]
    return [1]


def clock_at_setup(tmp_path):
    """The Oracle's set-up screen to the game started with a turn limit (1:00, the limit under
    the cursor), its starting cards already entered; with the clock off, none (it costs nothing)."""
    app = boot(tmp_path, 1)
    press(app, [OK, OK, DOWN, OK])  # 3 players, the first seat starts: the set-up screen
    for p in range(3):
        app.do(["start_injury", p, 0])
    keys = [DOWN, DOWN, DOWN, OK, DOWN, DOWN, OK, OK, DOWN, DOWN, OK]  # Clock; Turn limit, 1:00; Start game
    press(app, keys)
    c = app.session.clock
    assert type(app.top()).__name__ == "TurnScreen" and c is not None and c.secs == 60
    off = boot(tmp_path / "off", 1)
    press(off, [OK, OK, DOWN, OK])
    for p in range(3):
        off.do(["start_injury", p, 0])
    press(off, [OK])  # Start game: no clock, as before
    assert type(off.top()).__name__ == "TurnScreen" and off.session.clock is None
    return [len(keys) - 1]  # the set-up's own "Start game" OK left out: the clock's presses


def ancient_layout(tmp_path):
    """The device's layout, from its first row to the move list, on the assumed 9 x 7 board
    and on every other board of 63 spaces the geometry setting allows."""
    from test_delfos_board_break import store_geometry
    from test_delfos_board_ui import DEVICE

    from games.delfos.ancient import middle_whites

    counts = []
    for cols, rows in ((9, 7), (7, 9), (21, 3), (3, 21)):
        path = tmp_path / ("%dx%d" % (cols, rows))
        store_geometry(path, {"cols": cols, "rows": rows, "whites": middle_whites(cols, rows), "confirmed": True})
        app = boot(path, 3)
        press(app, DEVICE)
        assert type(app.top()).__name__ == "LayoutScreen" and app.session.game.board.cols == cols
        n = 0
        while type(app.top()).__name__ == "LayoutScreen":
            press(app, [OK])
            n += 1
            assert n <= 60
        gm = app.session.game
        assert gm.board.tiles_left() == 60 and type(app.top()).__name__ == "MoveScreen"
        print("Ancient board layout %d x %d: %d presses" % (cols, rows, n))
        counts.append(n)
    return counts


MEASURES = {
    "Roll the dice": dice_roll,
    "Next turn": next_turn,
    "Undo the last step": undo,
    "Oracle battle": oracle_battle,
    "Oracle recolour, one step of a die": oracle_recolour,
    "Titan die": titan_die,
    "Delfos tile, ancient board on the device": delfos_ancient_tile,
    "Khaos's turn, ancient board on the device": khaos_turn,
    "Tholos move": tholos_move,
    "Delphi face-down card": delphi_face_down,
    "A 3-letter name": three_letter_name,
    "History": history,
    "Player names": player_names,
    "Laying out the ancient board": ancient_layout,
    "Pass the turn": timer_pass,
    "A turn limit": clock_at_setup,
}


def test_the_readme_press_table_has_a_count_for_each_row():
    assert sorted(readme_budgets()) == sorted(MEASURES)


@pytest.mark.parametrize("action", sorted(MEASURES))
def test_no_action_takes_more_presses_than_the_readme_says(tmp_path, action):
    budget, median, per_reroll, tap_budget = readme_budgets()[action]
    got = MEASURES[action](tmp_path)
    reroll = taps = None
    if isinstance(got, tuple):
        got, reroll = got
    if isinstance(got, dict) and "taps" in got:  # not a Counter of presses
        got, taps = got["presses"], got["taps"]
    assert (taps is None) == (tap_budget is None)
    if taps is not None:
        print("%s: %d taps (README: %d)" % (action, taps, tap_budget))
        assert taps <= tap_budget
    vals = sorted(Counter(got).elements()) if isinstance(got, Counter) else sorted(got)
    print("%s: %s presses, median %s (README: %s%d)" % (action, vals, statistics.median(vals),
                                                       "median " if median else "", budget))
    if median:
        assert statistics.median(vals) <= budget
    else:
        assert vals[-1] <= budget
    assert (reroll is None) == (per_reroll is None)
    if reroll is not None:
        assert reroll <= per_reroll
