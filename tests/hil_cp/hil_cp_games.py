"""A scripted session of each game under CircuitPython on the emulated Pico, checked against the host.

The scripts are the MicroPython scenarios' (``hil_rig.GAME_SCRIPTS``, ``tests/hil/hil_games.py``):
the start of each game's golden script.  The device picks its own seed; the host App plays the
same keys with the seed read from the device's save on CIRCUITPY, and the last frame on the panel
must be the frame the host draws.  The Tholos solo script ends with the device's own move (its
search runs on a node budget, so the host finds the same move).  Nothing may be printed on the
USB serial: an uncaught error (a MemoryError) ends ``code.py`` with a traceback there.
"""
import pytest
from hil_rig import GAME_SCRIPTS, ends_on_the_hosts_frame


@pytest.mark.parametrize("name", sorted(GAME_SCRIPTS))
def test_session_ends_on_the_hosts_frame(cp, name):
    ends_on_the_hosts_frame(cp, name, where="CIRCUITPY", quiet=True)
