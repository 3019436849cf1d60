"""Power-on to the main menu on the emulated Pico."""
import pytest


@pytest.mark.stock_too
def test_boot_shows_the_golden_main_menu(hil):
    s = hil.session()
    assert s.panel.on, "the display was never switched on"
    assert s.frame() == hil.golden("oracle")["menu"]
    assert s.read("/saves/app.dat") is None  # nothing saved by just booting
