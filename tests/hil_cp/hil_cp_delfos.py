"""A whole Delfos solo game with the device moving Khaos, under CircuitPython on the emulated Pico.

The game (``tools/hil/cp_bench.delfos_end_files``: the device's own ancient board, 20 turns of
the player and of Khaos) is on CIRCUITPY two commands before its end, and the device replays all
of it at power-on; then the last player turn and Khaos's last turn are played with the keys
(``DELFOS_END``), which end the game.  The host App resumes the same save and presses the same
keys: it must end on the same commands and the same frame, and the game must be over.  No error
may reach the USB serial, and the probe ``code.py`` must report the heap at the end.
"""
from tools.hil import cp_bench, host


def test_whole_delfos_game_with_the_device_moving_khaos(cp):
    files = cp_bench.delfos_end_files(cp.root)
    s = cp.session(files)
    s.play(cp_bench.DELFOS_END)
    assert s.errors() == ""
    doc = host.save_doc(s.read("/saves/delfos.dat"))
    ops = [c[0] for c in doc["cmds"]]
    assert ops[0] == "lay" and ops[-2:] == ["take", "khaos_turn"], ops
    saves = {p: d for p, d in files.items() if p.startswith("/saves/")}
    frame, app = host.play(cp.root, cp_bench.DELFOS_END, 1, saves)  # 1: the plays log's device id at the end
    assert app.session.cmds == doc["cmds"]
    assert app.session.game.is_over()
    assert s.frame() == frame
    assert s.mem() is not None
