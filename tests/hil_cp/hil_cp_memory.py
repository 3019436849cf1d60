"""Every game opened in turn under CircuitPython on the emulated Pico, the free heap asked after each.

``code.py`` is the probe (``tools/hil/cp_session.PROBE``): the device as deployed, which prints
``gc.mem_free()`` when asked over the USB serial.  The screen must be the one the host shows after
the same keys, a heap figure must come after every step, and no error may reach the USB serial
(the figures themselves are printed by ``make bench``).
"""
from tools.hil import cp_bench, host


def test_every_game_opens_and_reports_its_heap(cp):
    from tools.hil.cp_session import PROBE

    s = cp.session({"/code.py": PROBE})
    got = cp_bench.tour(s)
    assert s.errors() == ""
    assert [w for w, _free in got] == [w for _k, w in cp_bench.TOUR]
    assert all(free is not None and free > 0 for _w, free in got), got
    keys = " ".join(k for k, _w in cp_bench.TOUR if k)
    frame, app = host.play(cp.root, keys, 1)
    assert app.game_name == "oracle"
    assert s.frame() == frame
