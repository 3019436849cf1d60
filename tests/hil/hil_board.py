"""Delfos solo with the device moving Khaos, on the emulated Pico, checked against the host.

The game is resumed from a save written after its layout (60 layout presses would take about 20
minutes of emulation; the layout screens are in the golden scripts).  Then one player turn (the
first move offered, placed at once: the first tile has one legal space) and Khaos's whole turn
(one press to draw and resolve it, one after the pieces are moved).  The host App resumes the
same save, presses the same keys, and must end on the same commands and the same frame.
"""
from tools.hil import host, saves

SETUP = {"players": ["green", "red"], "khaos": "red", "architect_side": "A", "scoring_card": 3,
         "goals": {}, "difficulty": "normal", "khaos_deck": "device",
         "ancient": {"cols": 9, "rows": 7, "whites": [30, 31, 32], "layout": "device"}}
SCRIPT = "OK OK OK"  # take the move (its only space); draw and move Khaos; pieces moved


def test_board_turns_end_on_the_hosts_frame(hil):
    files = saves.game_files(hil.root, "delfos", SETUP, 3, [["lay", 59], ["lay", 60]])
    s = hil.session(files)
    s.play(SCRIPT)
    doc = host.save_doc(s.read("/saves/delfos.dat"))
    ops = [c[0] for c in doc["cmds"]]
    assert ops == ["lay", "lay", "take", "khaos_turn"], ops  # a player turn, then Khaos's turn
    frame, app = host.play(hil.root, SCRIPT, 1, files)  # 1: the plays log's device id, should the game end
    assert app.session.cmds == doc["cmds"]
    assert s.frame() == frame
