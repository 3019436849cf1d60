"""A scripted session of each game on the emulated Pico, checked against the host.

Each script is the start of that game's golden script (``tests/golden``): its set-up and a few
turns (Delfos: solo, a building tile placed and Khaos's turn).  The device picks its own
seed (``os.urandom``); the host App then plays the same keys
with the seed read from the device's save, and the last frame on the panel must be the frame
the host draws.  The Tholos solo script ends with the device's own move: its search runs on a
node budget, so the host finds the same move.
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
def test_session_ends_on_the_hosts_frame(hil, name):
    _ends_on_the_hosts_frame(hil, name)


@pytest.mark.stock
def test_a_session_on_the_stock_image_ends_on_the_hosts_frame(hil):
    _ends_on_the_hosts_frame(hil, "oracle")


def _ends_on_the_hosts_frame(hil, name):
    game, script = SCRIPTS[name]
    s = hil.session()
    s.play(script)
    data = s.read("/saves/%s.dat" % game)
    assert data is not None, "no %s game saved on the device" % game
    doc = host.save_doc(data)
    frame, app = host.play(hil.root, script, doc["seed"])
    assert app.session is not None and app.session.cmds == doc["cmds"]
    assert s.frame() == frame
