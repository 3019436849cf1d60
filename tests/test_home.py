"""HOME (BACK held) never changes a game: on every screen of every game it opens the game's
menu and leaves the command list, the plays log and the statistics as they were.

The screens come from the golden-frame key scripts (tests/golden/*.keys), which walk every
game's screens: each script is played to the first moment each kind of screen is on top, HOME
is pressed there and the game checked.  Tholos's solo game is checked where an undo would take
something back: the end screen after the player's ending move, and the device thinking.
"""
import os

import device_run
import pytest
from device_run import BenchBoard, settle, steps
from helpers import boot, press, top_name
from rng import Rng

from app import App
from host_sim.framebuf import FrameBuffer

HOME = 7
SCRIPTS = device_run.load_scripts()
# the scripts that walk each game's screens: the Oracle, Delfos (two players to the end, its menu,
# the score pad, solo against Khaos, the printed cards, the ancient board on the device), Delphi
# (its March, the fame prompt, its end, the calculator), Tholos (two players and solo), the dice roller
WALKS = ("oracle", "delfos", "delfos-end", "delfos-menu", "delfos-pad", "delfos-solo", "delfos-printed",
         "delfos-board-play", "delphi", "delphi-march", "delphi-prompt", "delphi-end", "delphi-calc",
         "tholos", "tholos-solo", "dice")


def _files(app):
    """The plays log and the statistics as stored: {file name: bytes}."""
    return {name: app.store.fs.read(name) for name in ("plays.dat", "totals.dat")}


def _run(path, script, seed, upto):
    """The App on the test bench, the first ``upto`` keys of ``script`` pressed (each settled,
    as the golden frames are made)."""
    os.makedirs(path, exist_ok=True)
    app = App(BenchBoard(FrameBuffer, path, seed)).boot()
    settle(app)
    for i, (_mark, key) in enumerate(steps(script)):
        if i == upto:
            break
        app.handle(key)
        settle(app)
    return app


def _probes(path, script, seed):
    """The key counts after which a new kind of screen (its class, its stage of an entry, the
    screen key the save would hold) is first on top of an open game."""
    os.makedirs(path, exist_ok=True)
    app = App(BenchBoard(FrameBuffer, path, seed)).boot()
    settle(app)
    seen = set()
    out = []
    for i, (_mark, key) in enumerate(steps(script)):
        app.handle(key)
        settle(app)
        if app.session is None:
            continue
        kind = (app.game_name, top_name(app), getattr(app.top(), "stage", None), app.screen_key())
        if kind not in seen:
            seen.add(kind)
            out.append((i + 1, kind))
    return out


def _home_keeps_the_game(app, where):
    cmds = [list(c) for c in app.session.cmds]
    logged = _files(app)
    name = app.game_name
    app.handle(HOME)
    settle(app)
    assert app.game_name == name, where
    assert [list(c) for c in app.session.cmds] == cmds, where
    assert _files(app) == logged, where
    assert top_name(app) in ("ChoiceMenu", "LayoutMenu"), (where, top_name(app))
    assert not app.toast_text, (where, app.toast_text)


@pytest.mark.parametrize("name", WALKS)
def test_home_changes_no_game_on_any_screen(tmp_path, name):
    script, seed = SCRIPTS[name]
    probes = _probes(str(tmp_path / "walk"), script, seed)
    assert len(probes) >= 3, probes  # the walk reaches the game's screens
    for n, kind in probes:
        app = _run(str(tmp_path / ("at%d" % n)), script, seed, n)
        _home_keeps_the_game(app, "%s after %d keys, %s" % (name, n, kind))


# ---- Tholos solo: where an undo takes back more than one step ----

SOLO_WHITE = "DOWN DOWN DOWN DOWN OK DOWN OK OK"  # Tholos, solo: the player White, level normal


def _solo_to_the_end(path, seed, player_ends):
    """A solo Tholos game played through the screens with random legal moves to its end, the
    ending move the player's (``player_ends``) or the device's; None if this seed ends the
    other way."""
    import test_tholos_ui as tholos

    app = boot(path, seed, settle=True)
    press(app, SOLO_WHITE, settle=True)
    tholos.play_solo(app, Rng(seed))
    device_ended = top_name(app) == "DeviceMoveScreen"
    if device_ended == player_ends:
        return None
    return app


def _an_ending(tmp_path, player_ends):
    for seed in range(1, 12):
        app = _solo_to_the_end(tmp_path / ("s%d" % seed), seed, player_ends)
        if app is not None:
            return app
    raise AssertionError("no seed ends the game that way")


def test_home_on_tholos_end_screen_after_the_players_ending_move(tmp_path):
    app = _an_ending(tmp_path, True)
    assert top_name(app) == "EndScreen" and app.session.game.over
    assert app.session.play  # logged, numbered
    play, cmds = app.session.play, list(app.session.cmds)
    _home_keeps_the_game(app, "the end screen")
    assert app.session.game.over and app.session.play == play and app.session.cmds == cmds
    press(app, "BACK", settle=True)  # back to the game: the end screen again
    assert top_name(app) == "EndScreen" and app.session.cmds == cmds


def test_home_on_tholos_device_move_after_its_ending_move(tmp_path):
    app = _an_ending(tmp_path, False)
    assert top_name(app) == "DeviceMoveScreen" and app.session.game.over
    _home_keeps_the_game(app, "the device's last move")
    assert app.session.game.over


def test_home_while_the_device_thinks_leaves_the_players_move(tmp_path):
    # the player's move made, the device's search started (no slice run yet)
    app = boot(tmp_path, 3, settle=True)
    press(app, SOLO_WHITE, settle=True)
    press(app, "OK")  # the first action (take a stone): the device to move
    assert top_name(app) == "TempleScreen" and app.job is not None
    cmds = list(app.session.cmds)
    assert cmds and app.session.game.turn == app.session.game.device
    app.handle(HOME)
    app.render()
    assert app.session.cmds == cmds and top_name(app) == "ChoiceMenu"
    # the device waits under the game's menu: its move is not made behind it
    settle(app)  # the background passes, as App.poll runs them
    assert app.session.cmds == cmds and top_name(app) == "ChoiceMenu" and app.job is None
    press(app, "BACK")  # back to the game: the device's turn starts again
    assert top_name(app) == "TempleScreen" and app.job is not None
    settle(app)
    assert app.session.cmds[:len(cmds)] == cmds and len(app.session.cmds) > len(cmds)
    assert top_name(app) == "DeviceMoveScreen"


def test_held_back_while_the_device_thinks(tmp_path):
    # BACK held on the device: BACK first ("play now": the best move found so far), then HOME
    # over the device's move; the player's move stays
    app = boot(tmp_path, 3, settle=True)
    press(app, SOLO_WHITE, settle=True)
    press(app, "OK")
    cmds = list(app.session.cmds)
    app.handle(4)  # BACK
    settle(app)
    assert top_name(app) == "DeviceMoveScreen"
    played = list(app.session.cmds)
    assert played[:len(cmds)] == cmds and len(played) > len(cmds)
    _home_keeps_the_game(app, "after play now")
