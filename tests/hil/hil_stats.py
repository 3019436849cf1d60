"""The History's statistics and a power cut between the plays log and its running totals, on the
emulated Pico.

The flash holds a finished 2-player Tholos game of Ann and Bob (made by the host App): its save,
its play in the plays log and in the totals.  The statistics screen of Ann must be the frame the
host draws from the same files.  Then the game's end is undone (game menu, "Undo last step"):
the totals let the play go, then the log.  The flash is copied at every emulated millisecond in
which it changed; the chip booted from copies taken at the first, the middle and the last change
(a power cut at that instant) must come back with the totals counting exactly the plays the log
holds (the resume mends them).
"""
import os
import tempfile

import pytest

from tools.hil import host

TO_STATS = "BACK DOWN DOWN OK BACK OK OK OK OK"  # main menu, History, Statistics, Tholos, Ann
UNDO = "BACK"  # the game menu opens on "Undo last step"


def finished_tholos(root):
    """{"/saves/<name>": bytes} of a finished Tholos game of Ann (White) and Bob (Black), made by
    the App of project ``root`` on the host."""
    host._paths(root)
    from app import App
    from device_run import BenchBoard
    from helpers import press
    from keys import DOWN, OK

    from host_sim.framebuf import FrameBuffer

    with tempfile.TemporaryDirectory() as d:
        app = App(BenchBoard(FrameBuffer, d, 3)).boot()
        app.save_settings("names", {"names": ["Ann", "Bob"]})
        press(app, [DOWN, DOWN, DOWN, DOWN, OK, OK, DOWN, OK, DOWN, OK])  # Tholos, 2 players, Ann, Bob
        gm = app.session.game
        while not gm.over:
            app.do(gm.legal_moves()[0][0])
            app.render()
            gm = app.session.game
        out = {}
        for n in sorted(os.listdir(d)):
            with open(os.path.join(d, n), "rb") as f:
                out["/saves/" + n] = f.read()
        return out


def counts(s):
    """(play numbers in the log, play numbers the totals count) on session ``s``'s flash."""
    log = s.read("/saves/plays.dat")
    tot = s.read("/saves/totals.dat")
    logged = [p["n"] for p in host.save_doc(log)["plays"]] if log else []
    counted = host.save_doc(tot)["counted"] if tot else []
    return logged, counted


@pytest.mark.stock_too
def test_statistics_and_a_power_cut_between_the_log_and_the_totals(hil):
    files = finished_tholos(hil.root)
    assert host.save_doc(files["/saves/totals.dat"])["counted"] == [1]
    s = hil.session(files)
    s.play(TO_STATS)
    frame, app = host.play(hil.root, TO_STATS, 3, files)
    assert type(app.top()).__name__ == "NameStats"
    assert s.frame() == frame, "the statistics screen differs from the host's"

    s = hil.session(files)
    s.play(UNDO)
    images = [s.fs_image()]

    def watch():
        img = s.fs_image()
        if img != images[-1]:
            images.append(img)

    s.key("OK", step_ms=1, on_step=watch)
    assert counts(s) == ([], [])
    cuts = images[1:]
    assert len(cuts) >= 2, "the undo wrote nothing"
    for i in sorted({0, len(cuts) // 2, len(cuts) - 1}):
        again = hil.session_from(cuts[i])
        logged, counted = counts(again)
        assert logged == counted, "cut %d of %d: log %s, totals %s" % (i, len(cuts), logged, counted)
