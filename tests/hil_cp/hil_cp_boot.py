"""Power-on to the main menu under CircuitPython on the emulated Pico."""


def test_boot_shows_the_golden_main_menu(cp):
    s = cp.session()
    assert s.errors() == ""
    assert s.code_start_ns is not None, "code.py never started"
    assert s.frame() == cp.golden("oracle")["menu"]
    assert s.read("/saves/app.dat") is None  # nothing saved by just booting
