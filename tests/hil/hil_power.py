"""A power cut inside a save, on the emulated Pico.

The Oracle is set up and a consultation recorded; the next key (OK: the next consultation)
records a command and saves it.  While it is handled, the flash file system is copied at every
emulated millisecond in which it changed; the chip is then booted again from copies taken at
the first, the middle and the last change (a power cut at that instant keeps exactly that
flash: each flash operation is applied whole).  Each time the game must come back on the screen
it showed before that key, or the one after it (store.py: at most the last command is lost).
"""
import pytest

from tools.hil import host

BEFORE = "OK OK DOWN OK OK OK OK OK OK OK"  # set-up, 3 starting injury cards, the first consultation


@pytest.mark.stock_too
def test_power_cut_inside_a_save_comes_back_before_or_after_the_key(hil):
    s = hil.session()
    s.play(BEFORE)
    before = s.frame()
    images = [s.fs_image()]

    def watch():
        img = s.fs_image()
        if img != images[-1]:
            images.append(img)

    s.key("OK", step_ms=1, on_step=watch)
    after = s.frame()
    cuts = images[1:]
    assert len(cuts) >= 2, "the key wrote no save"
    assert before != after
    picks = sorted({0, len(cuts) // 2, len(cuts) - 1})
    for i in picks:
        again = hil.session_from(cuts[i])
        got = again.frame()
        assert got in (before, after), "cut %d of %d: the screen after the reboot is neither" % (i, len(cuts))
        doc = host.save_doc(again.read("/saves/oracle.dat"))
        assert len(doc["cmds"]) in (4, 5)  # 3 starting cards, 1 consultation, and the next
