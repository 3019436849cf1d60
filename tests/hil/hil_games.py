"""A scripted session of each game on the emulated Pico, checked against the host.

Each script (``hil_rig.GAME_SCRIPTS``) is the start of that game's golden script
(``tests/golden``): its set-up and a few turns (Delfos: solo, a building tile placed and
Khaos's turn).  The device picks its own seed (``os.urandom``); the host App then plays the
same keys with the seed read from the device's save, and the last frame on the panel must be
the frame the host draws.  The Tholos solo script ends with the device's own move: its search
runs on a node budget, so the host finds the same move.
"""
import pytest
from hil_rig import GAME_SCRIPTS, ends_on_the_hosts_frame


@pytest.mark.parametrize("name", sorted(GAME_SCRIPTS))
def test_session_ends_on_the_hosts_frame(hil, name):
    ends_on_the_hosts_frame(hil, name)


@pytest.mark.stock
def test_a_session_on_the_stock_image_ends_on_the_hosts_frame(hil):
    ends_on_the_hosts_frame(hil, "oracle")
