"""A play from the History to the phone on the emulated Pico: the image built with the tests'
page address (``make firmware PAGE_URL=https://example.github.io/delphi-table-companion/``).

The flash holds a finished 2-player Tholos game of Ann and Bob (hil_stats.finished_tholos).  The
History is opened and the play in it; while the play is read the device makes its QR code in the
background; OK shows it.  The panel's frame must be the host's, and zxing-cpp (PyPI) reads from
it the page's address with the play in its compact form (docs/phone.md).  The OK key's time to
its last frame is printed (docs/measured.md), once after the play was read and once at a
person's pace (OK 200 ms after the play opened).
"""
import device_run
import panel_qr
from hil_stats import finished_tholos

from tools.hil import host

TO_PLAY = "BACK OK DOWN OK"  # main menu: BACK -> the device menu, History, the play (under "Statistics")


def check_code(frame, files):
    import playcode

    texts = panel_qr.read(frame)
    assert len(texts) == 1, "one QR code on the panel"
    head, fragment = texts[0].split("#")
    assert head.lower() == device_run.PAGE, "the image must be built with PAGE_URL=%s" % device_run.PAGE
    log = host.save_doc(files["/saves/plays.dat"])
    assert fragment == playcode.encode(log["plays"][-1], log["dev"])
    return texts[0]


def test_a_play_from_history_shows_its_qr_code(hil):
    files = finished_tholos(hil.root)
    s = hil.session(files)
    s.play(TO_PLAY)  # each key waits for quiet: the code is made while the play is read
    r = s.key("OK")
    frame, app = host.play(hil.root, TO_PLAY + " OK", 3, files)
    assert type(app.top()).__name__ == "QrScreen"
    assert s.frame() == frame, "the QR code's screen differs from the host's"
    text = check_code(s.frame(), files)
    print("\nphone QR, OK after the play was read: %.1f ms to the last frame, %d bytes (%s)"
          % (r.done_ns / 1e6, r.nbytes, text))

    s = hil.session(files)
    res = s.pace(TO_PLAY + " OK", gaps=(200,))
    check_code(s.frame(), files)
    print("phone QR, OK 200 ms after the play opened: %.1f ms to the last frame (the play's key: %.1f ms)"
          % (res[-1].done_ns / 1e6, res[-2].done_ns / 1e6))
