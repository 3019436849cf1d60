"""A play to the phone on the emulated Pico: the image built with the tests' page address
(``make firmware PAGE_URL=https://example.github.io/delphi-table-companion/``).

The flash holds a finished 2-player Tholos game of Ann and Bob (hil_stats.finished_tholos): the
device comes back on its final temple, OK shows the end screen, and OK the QR code.  Then with
the plays log alone on the flash: the History is opened and the play in it, and OK shows it.  The
device makes the code in the background from the moment the game is over, or the cursor is on
the play in History.  The panel's frame must be the host's, and zxing-cpp (PyPI) reads from it the
page's address with the play in its compact form (docs/phone.md).  The OK key's time to its last
frame is printed (docs/measured.md), also at a person's pace (each key 200 ms after the last: the
code may not be made yet, and the key finishes it).
"""
import device_run
import panel_qr
from hil_stats import finished_tholos

from tools.hil import host
from tools.hil.session import QUIET_MS

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


def timed_ok(hil, files, script, want_top):
    """Play ``script`` on a Pico with ``files``, each key waiting for quiet (the code is made while
    the screen is read), then OK: the QR code, the host's frame.  Then again at a person's pace
    (OK 200 ms after the script's last key).  Returns the two OK keys' results."""
    s = hil.session(files)
    if script:
        s.play(script)
    r = s.key("OK")
    frame, app = host.play(hil.root, (script + " OK").strip(), 3, files)
    assert type(app.top()).__name__ == want_top == "QrScreen"
    assert s.frame() == frame, "the QR code's screen differs from the host's"
    text = check_code(s.frame(), files)
    s = hil.session(files)
    res = s.pace((script + " OK").strip(), gaps=(200,))
    check_code(s.frame(), files)
    return r, res[-1], text


def test_a_finished_game_shows_its_qr_code(hil):
    """The device comes back on the final temple; OK: the end screen ("OK:phone" in its title); OK."""
    files = finished_tholos(hil.root)
    r, paced, text = timed_ok(hil, files, "OK", "QrScreen")
    print("\nphone QR at the end: OK after the end was read %.1f ms to the last frame, %d bytes (%s); 200 ms"
          " after the end screen %.1f ms" % (r.done_ns / 1e6, r.nbytes, text, paced.done_ns / 1e6))


def test_a_play_from_history_shows_its_qr_code(hil):
    """Only the plays log and its totals on the flash (the game's save gone): the main menu, the
    History, the play, OK."""
    keep = ("plays", "totals")
    files = {k: v for k, v in finished_tholos(hil.root).items() if k.split("/")[-1].split(".")[0] in keep}
    r, paced, _text = timed_ok(hil, files, TO_PLAY, "QrScreen")
    print("\nphone QR from History: OK after the play was read %.1f ms to the last frame, %d bytes; 200 ms after"
          " the play opened (the cursor on it 200 ms before) %.1f ms"
          % (r.done_ns / 1e6, r.nbytes, paced.done_ns / 1e6))


def measured_plays():
    """Plays of the sizes docs/measured.md lists (bench/bench_phone.py's, 9-letter names): the
    largest codes of each game."""
    from bench import bench_phone

    return [bench_phone.play(g, n, True) for g, n in (("oracle", 2), ("oracle", 4), ("delphi", 4), ("delfos", 5))]


def test_the_codes_of_larger_plays(hil):
    """Each play alone in a plays log: History, the play under the cursor (the key waits until the
    device is quiet again: the code's work in the background ends), OK, OK.  Prints the background
    work's time (the key's quiet less the quiet window) and the last OK's time to its last frame."""
    import store

    for play in measured_plays():
        play = dict(play, n=1)
        doc = {"dev": "1a2b3c4d", "next": 2, "plays": [play]}
        files = {"/saves/plays.dat": store.encode(doc, 1)}
        s = hil.session(files)
        s.play("BACK OK")
        under = s.key("DOWN")
        work_ms = (s.pico.now - under.known) / 1e6 - QUIET_MS
        s.key("OK")
        r = s.key("OK")
        texts = panel_qr.read(s.frame())
        assert len(texts) == 1 and texts[0].split("#")[1] == playcode_of(play)
        print("\n%s %d players: code made in %.0f ms after the cursor came on the play (within %d ms); OK %.1f ms"
              " to the last frame" % (play["game"], len(play["players"]), work_ms, QUIET_MS, r.done_ns / 1e6))


def playcode_of(play):
    import playcode

    return playcode.encode(play, "1a2b3c4d")
