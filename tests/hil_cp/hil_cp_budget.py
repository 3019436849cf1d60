"""The keys' budget under CircuitPython on the emulated Pico: the sessions ``make bench`` times.

Each game's script (``tools/hil/cp_bench.SCRIPTS``) and the panels' session on each chip and bus
(``cp_bench.PANELS``: the SSD1306 and the SH1106 on I2C, the SSD1309 on SPI), every key after the
one before has gone quiet: key -> last frame (bus time included) median, p95 and max, and the
project's part of the boot (``code.py`` -> the complete main menu), against ``cp_bench.BUDGET``
(50 / 120 / 250 ms, 300 ms).  The budget is the bench's; this scenario allows ``SLACK`` (10%) over
it for the emulator's noise (where a key's edge falls against CircuitPython's background tasks and
the USB host's polling).  No error may reach the USB serial.
"""
import pytest

from tools.hil import cp_bench

SLACK = 0.10


def _cfg(cp):
    return (cp.firmware, cp.root, cp.mpy_cross)


@pytest.mark.parametrize("game", [g for g, _s in cp_bench.SCRIPTS])
def test_a_games_keys_are_within_the_budget(cp, game):
    row = cp_bench.game_row(_cfg(cp), game, dict(cp_bench.SCRIPTS)[game])
    print("\n" + "\n".join(cp_bench.table([row])[:3]))
    assert cp_bench.over([row], SLACK) == []


@pytest.mark.parametrize("panel", cp_bench.PANELS, ids=[p[2] for p in cp_bench.PANELS])
def test_the_panels_keys_are_within_the_budget(cp, panel):
    row = cp_bench.panel_row(_cfg(cp), *panel)
    print("\n" + "\n".join(cp_bench.table([row])[:3]))
    assert cp_bench.over([row], SLACK) == []
