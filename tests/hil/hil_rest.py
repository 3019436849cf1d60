"""The screen's rest on the emulated Pico (firmware/rest.py, issue 14).

The stored settings dim the panel after 1 s and switch it off after 2 s without a key
(the settings document takes seconds, so this runs in a few emulated seconds; the
screen offers minutes).  The panel must receive the contrast command (0x81, rest.DIM)
and the display-off command (0xAE) at those times, and the first key after that must
only wake it (0xAF and the full contrast again) and not move the menu's cursor.
"""
from tools.hil.chip import MS

SETTINGS = {"contrast": 255, "dim": 1, "off": 2, "flip": False, "long": 1000, "back": True, "lr": False}


def settings_file():
    import os
    import sys

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, os.path.join(root, "firmware"))
    try:
        import store
    finally:
        sys.path.pop(0)
    return store.encode(SETTINGS, 1)


def since(panel, t):
    return [c for ns, c in panel.commands if ns >= t]


def test_the_panel_dims_then_goes_off_and_the_waking_key_only_wakes_it(hil):
    s = hil.session({"/saves/set-device.dat": settings_file()})
    panel = s.panel
    menu = s.frame()
    t0 = s.pico.now
    s.pico.run_for(700 * MS)  # boot took some of the first second already
    assert (0x81, 1) not in since(panel, t0) and panel.on
    s.pico.run_for(600 * MS)
    assert (0x81, 1) in since(panel, t0) and panel.on  # dimmed after 1 s
    s.pico.run_for(1000 * MS)
    assert (0xAE,) in since(panel, t0) and not panel.on  # off after 2 s
    t1 = s.pico.now
    s.key("DOWN")
    woke = since(panel, t1)
    assert panel.on and (0xAF,) in woke and (0x81, 255) in woke
    assert s.frame() == menu  # the waking DOWN did not move the cursor
    s.key("DOWN")
    assert s.frame() != menu  # the next one does
