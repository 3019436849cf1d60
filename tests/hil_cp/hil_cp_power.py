"""A power cut inside a save on CircuitPython's FAT drive, on the emulated Pico.

The Oracle is set up and a consultation recorded; the next key (OK: the next consultation)
records a command and saves it (``store.py``: ``oracle.tmp`` written whole, ``oracle.dat`` renamed
to ``oracle.bak``, ``oracle.tmp`` to ``oracle.dat``).  While it is handled, the CIRCUITPY drive is
copied at every emulated millisecond in which the flash changed (a power cut at that instant
keeps exactly that flash: each flash operation is applied whole).

FAT has no journal: a cut between two flash writes can leave a directory entry without its
data, a cluster chain lost or a file cut short, which FAT itself never notices.  What makes the
save safe is the store's: every copy carries its length and an Adler-32, ``load`` takes the
newest copy that is whole, and the previous save is never overwritten before the new one is
complete.  So every copy of the drive is read on the host with mtools and the store's own
``load``: it must give the game before the key (1 command) or after it (2).  Then the chip is
booted again from the middle copy and from the last one before the key's save ended, and must come back on
the screen it showed before that key or the one after it.
"""
import os
import sys
import tempfile

from tools.hil import cp_fat, host

BEFORE = "OK OK DOWN OK OK OK OK"  # set-up, the first consultation recorded


def host_load(image):
    """The Oracle save in a copy of the drive, as the store's ``load`` reads it: its commands."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    fw = os.path.join(root, "firmware")
    if fw not in sys.path:
        sys.path.insert(0, fw)
    from store import OsFs, Store

    with tempfile.TemporaryDirectory() as d:
        for ext in (".dat", ".tmp", ".bak"):
            data = cp_fat.read_file(image, "/saves/oracle" + ext)
            if data is not None:
                with open(os.path.join(d, "oracle" + ext), "wb") as f:
                    f.write(data)
        doc, _warning = Store(OsFs(d)).load("oracle")
    return None if doc is None else doc["cmds"]


def test_power_cut_inside_a_save_on_fat_comes_back_before_or_after_the_key(cp):
    s = cp.session()
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
    counts = [len(host_load(img) or []) for img in cuts]
    assert all(n in (1, 2) for n in counts), counts
    assert counts[-1] == 2
    for i in sorted({len(cuts) // 2, len(cuts) - 2}):
        again = cp.session_from(cuts[i])
        assert again.errors() == ""
        got = again.frame()
        assert got in (before, after), "cut %d of %d: the screen after the reboot is neither" % (i, len(cuts))
        doc = host.save_doc(again.read("/saves/oracle.dat") or again.read("/saves/oracle.bak"))
        assert len(doc["cmds"]) in (1, 2)
