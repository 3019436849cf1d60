"""A scripted session of each game under CircuitPython on the emulated Pico, checked against the host.

The scripts are the MicroPython scenarios' (``tests/hil/hil_games.py``): the start of each
game's golden script.  The device picks its own seed; the host App plays the same keys with the
seed read from the device's save on CIRCUITPY, and the last frame on the panel must be the frame
the host draws.  The Tholos solo script ends with the device's own move (its search runs on a
node budget, so the host finds the same move).  Nothing may be printed on the USB serial: an
uncaught error (a MemoryError) ends ``code.py`` with a traceback there.
"""
import pytest

from tools.hil import host

SCRIPTS = {
    "oracle": ("oracle", "OK OK DOWN OK OK OK OK OK OK OK OK OK OK"),
    "delfos-solo": ("delfos", "DOWN OK OK OK OK DOWN DOWN OK OK DOWN DOWN DOWN DOWN DOWN DOWN OK OK DOWN OK OK "
                              "OK OK OK OK OK OK OK OK OK OK"),
    "delphi": ("delphi", "DOWN DOWN OK OK OK OK OK OK OK OK OK DOWN OK"),
    "tholos": ("tholos", "DOWN DOWN DOWN DOWN OK OK DOWN OK DOWN OK DOWN DOWN OK DOWN OK OK DOWN DOWN OK"),
    "tholos-solo": ("tholos", "DOWN DOWN DOWN DOWN OK DOWN OK DOWN DOWN DOWN OK OK"),
}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_session_ends_on_the_hosts_frame(cp, name):
    game, script = SCRIPTS[name]
    s = cp.session()
    s.play(script)
    assert s.errors() == ""
    data = s.read("/saves/%s.dat" % game)
    assert data is not None, "no %s game saved on CIRCUITPY" % game
    doc = host.save_doc(data)
    frame, app = host.play(cp.root, script, doc["seed"])
    assert app.session is not None and app.session.cmds == doc["cmds"]
    assert s.frame() == frame
