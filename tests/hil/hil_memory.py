"""Every game opened in turn, then the 100-command Oracle game resumed, on the emulated Pico.

``boot.py`` is the probe (``tools/hil/probe.py``): the device as it runs, which prints
``micropython.mem_info()`` when asked over the USB serial.  The screen must be the one the host
shows after the same keys on the same saves, and the heap report must be there (its figures are
printed by ``make bench``, not judged here).
"""
from tools.hil import bench, host


def test_tour_of_every_game_then_the_long_resume(hil):
    files = bench.tour_files(hil.root)
    s = hil.session(files)
    s.play(bench.TOUR)
    s.pico.write(b"m")
    s.settle(s.pico.now)
    mem = bench.probe.parse(bytes(s.pico.serial).decode("utf-8", "replace"))
    assert mem is not None, "no memory report on the USB serial"
    assert 0 < mem["largest"] <= mem["free"] <= mem["total"]
    saves = {p: d for p, d in files.items() if p.startswith("/saves/")}
    frame, app = host.play(hil.root, bench.TOUR, 1, saves)
    assert app.game_name == "oracle" and len(app.session.cmds) == 100
    assert s.frame() == frame
