"""The Tholos device's move on the emulated Pico, at each level that searches (issue 54): from the
key that makes the player's move known to the last frame of the device's answer, on the project's
own image.

The game: a solo game (the player White) the host App played to the player's 11th turn, seed 5
(``DOWN DOWN DOWN DOWN OK DOWN OK`` then the level, then ``OK`` 19 times), saved and
resumed at power-on, the player to move; then ``OK`` places the player's stone and the device
answers.  The limits are
the issue's (Hard 5 s, Normal 2 s) with no slack: the emulated chip counts cycles, and the level's
time cap (``ai.LEVEL_CAP_MS``) is what keeps Hard inside it on a slower position.  The move is
checked against the host's for the same save: the chip, like the host, stops on its node budget.
"""
import pytest

from tools.hil import host

SET_UP = "DOWN DOWN DOWN DOWN OK DOWN OK"  # Tholos, "Solo: I play White"; then the level's menu (Normal first)
LEVEL_KEYS = {"normal": "OK", "hard": "DOWN OK"}
LIMIT_S = {"normal": 2.0, "hard": 5.0}  # the issue's: key known -> the device's move on the panel
TURNS = 19  # the player's OK presses before the save


def saved_game(root, level):
    """({"/saves/<name>": bytes}, commands) of the game above, made by the host App."""
    keep = {}
    script = " ".join([SET_UP, LEVEL_KEYS[level]] + ["OK"] * TURNS)
    _frame, app = host.play(root, script, 5, keep=keep)
    assert app.session.setup["level"] == level and type(app.stack[-1]).__name__ == "TempleScreen"
    return keep, len(app.session.cmds)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_devices_move_is_on_the_panel_within_its_levels_limit(hil, level):
    files, before = saved_game(hil.root, level)
    s = hil.session(files)
    r = s.key("OK")  # the player's stone; the device's search and its move
    secs = r.done_ns / 1e9
    print("Tholos %s: the device's move %.2f s from the key known to its last frame (%d frames, %d bytes)"
          % (level, secs, r.frames, r.nbytes))
    doc = host.save_doc(s.read("/saves/tholos.dat"))
    frame, app = host.play(hil.root, "OK", 5, files)
    assert doc["cmds"] == app.session.cmds
    assert len(doc["cmds"]) > before + 1  # the player's move and the device's whole turn
    assert s.frame() == frame
    assert secs <= LIMIT_S[level], "%s: %.2f s" % (level, secs)
