"""A saved game the main menu has no room for, on the emulated Pico (``opening.resume_saved``).

The flash holds an Oracle save that is sound on the flash (its header and checksum) but whose
body, 32,000 bytes of empty lists, needs more RAM than the heap has to decode: "Resume saved
game" runs short of RAM, so the device names the game in app.dat and restarts itself
(``machine.soft_reset``: MicroPython's "soft reboot" on the USB serial).  The boot tries the game
in its fresh heap, runs short too, and says so on the main menu; from there the menu does not
restart again (a fresh heap gives no more room than the boot's).  On the project's image and on
MicroPython's own image with ``make deploy``'s files, whose main.py the soft reset runs again.
"""
import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _store():
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    try:
        import store
    finally:
        sys.path.pop(0)
    return store


def files():
    store = _store()
    body = ("[" + ",".join(["[]"] * 10666) + "]").encode()  # 31,999 bytes: under restore.MAX_SAVE
    big = b"%s%d %d %d\n" % (store.MAGIC, 7, len(body), store.adler32(body)) + body
    return {"/saves/oracle.dat": big, "/saves/app.dat": store.encode({"last": None, "menu": "oracle"}, 1)}


def reboots(s):
    return bytes(s.pico.serial).count(b"soft reboot")


@pytest.mark.stock_too
def test_a_save_with_no_room_restarts_the_device_once_then_says_so(hil):
    s = hil.session(files())
    menu = s.frame()
    assert reboots(s) == 0
    s.play("OK")  # the Oracle's line (the cursor is on it): "Resume saved game" or "New game"
    s.play("OK")  # "Resume saved game": no room, the restart, the boot's own try
    assert reboots(s) == 1
    print("%s: Resume, the restart and the boot's own try: key to its last frame %.0f ms"
          % (hil.layout, s.results[-1].done_ns / 1e6))  # pytest -s
    told = s.frame()
    assert told != menu  # the main menu with "Low memory: save kept; try again"
    doc = json.loads(s.read("/saves/app.dat").split(b"\n", 1)[1])
    assert doc["last"] == "oracle"  # named before the restart: the boot tried it
    s.play("OK OK OK")  # the message away; the line; "Resume saved game" once more
    assert reboots(s) == 1  # said again, no second restart
    assert s.frame() == told
