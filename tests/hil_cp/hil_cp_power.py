"""A power cut inside a save on CircuitPython's FAT drive, on the emulated Pico.

The Oracle is set up and a consultation recorded; the next key (OK: the next consultation)
records a command and saves it (``store.py``: ``oracle.tmp`` written whole, ``oracle.dat`` renamed
to ``oracle.bak``, ``oracle.tmp`` to ``oracle.dat``).  Every flash operation of that key is
recorded (``CpPico.record_flash``), so the drive a power cut leaves after any of them is known
exactly.

What FAT on CircuitPython promises, and what it cannot: CircuitPython writes a 512-byte FAT
sector by erasing its whole 4 KB flash sector and programming it again (sixteen 256-byte pages).
A cut *between* two such rewrites leaves every sector whole: then the store's own safety holds
(each copy carries its length and an Adler-32, ``load`` takes the newest whole copy, the previous
save is not touched before the new one is complete), so the game comes back as it was before
the key or after it.  A cut *inside* a rewrite (after the erase, before the last page) loses the
other seven FAT sectors of that flash sector too: the directory of ``/saves`` (every save and the
settings), or a data sector holding both copies of the game, or the boot sector and the FAT.
FAT has no journal, and nothing the firmware writes can stop that; ``test_inside_a_sector_rewrite``
records what a cut there does and what the device then shows.  Measured once by hand (not run
here, a boot each): a cut inside the rewrite of flash sector 0 (boot sector and FAT) leaves a
drive CircuitPython cannot mount, and at the next power-on it formats a new, empty CIRCUITPY
(its own default ``code.py``): the companion is gone until its files are copied on again.

The code itself is kept out of the flash sectors the saves rewrite: ``cp_board.make_saves`` puts a
4 KB guard file (``saves.pad``) between the last code file and a new ``/saves``.  Before it, the
saves' directory shared flash sector 50 with the end of ``ui.mpy``: a cut there tore the module,
and CircuitPython's ``.mpy`` loader then looped for ever at ``import ui`` (code.py started, no
frame came).  tests/test_cp_saves_fat.py checks the same on MicroPython's FatFs, fast.
"""
import os
import sys
import tempfile

import pytest

from tools.hil import cp_fat, host

BEFORE = "OK OK DOWN OK OK OK OK OK OK OK"  # set-up, 3 starting injury cards, the first consultation
N = 4  # the commands BEFORE records: 3 starting injury cards and the first consultation
_state = {}


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


def saved(cp):
    """The session of the key that saves (run once): (session, frame before, frame after)."""
    if "s" not in _state:
        s = cp.session()
        s.play(BEFORE)
        before = s.frame()
        s.pico.record_flash()
        s.key("OK")
        _state["s"] = (s, before, s.frame())
    return _state["s"]


@pytest.mark.xdist_group("power")  # both tests share the recorded save: one worker (--dist loadgroup)
def test_between_sector_rewrites_the_game_comes_back_before_or_after_the_key(cp):
    s, before, after = saved(cp)
    assert before != after
    ops = s.pico.flash_ops
    erases = [k for k, op in enumerate(ops) if op[1] == "erase"]
    assert len(erases) >= 2, "the key wrote no save"
    cuts = [k - 1 for k in erases] + [len(ops) - 1]  # just before each erase, and at the end
    counts = [len(host_load(s.pico.image_after(k)) or []) for k in cuts]
    assert all(n in (N, N + 1) for n in counts), counts
    assert counts[-1] == N + 1
    for k in sorted({cuts[len(cuts) // 2], cuts[-2]}):
        again = cp.session_from(s.pico.image_after(k))
        assert again.errors() == ""
        assert again.frame() in (before, after), "cut after flash operation %d: neither screen" % k
        doc = host.save_doc(again.read("/saves/oracle.dat") or again.read("/saves/oracle.bak"))
        assert len(doc["cmds"]) in (N, N + 1)


@pytest.mark.xdist_group("power")
def test_inside_a_sector_rewrite(cp):
    """A cut right after each erase: which flash sectors, and whether the game survives (printed,
    as the module docstring says what FAT cannot promise); the device booted from a cut that
    lost the game must still start, with no error, on its main menu, saying the saves are lost
    (``cp_board.SAVES_LOST_NOTE``, a message until the next key)."""
    s, before, after = saved(cp)
    ops = s.pico.flash_ops
    lost = []
    for k, (t, kind, at, _block) in enumerate(ops):
        if kind == "erase":
            n = len(host_load(s.pico.image_after(k)) or [])
            print("cut after the erase of flash sector %d of the drive (%.1f ms into the save): %s"
                  % (at // 4096, (t - ops[0][0]) / 1e6, "%d command(s) come back" % n if n else "the game is lost"))
            if not n:
                lost.append((at // 4096, k))
    dir_cuts = [k for sector, k in lost if sector != 0]
    assert dir_cuts, "no cut inside a rewrite lost the game: update the module docstring"
    again = cp.session_from(s.pico.image_after(dir_cuts[0]))
    assert again.errors() == ""
    assert again.frame() == told_menu(cp.root, SAVES_LOST)
    again.key("BACK")  # the message goes
    assert again.frame() == cp.golden("oracle")["menu"]


SAVES_LOST = "Power cut during a save: saved games lost"  # cp_board.SAVES_LOST_NOTE


def told_menu(root, note):
    """The main menu under the message ``note``, as the App draws it on CPython (no saves)."""
    host._paths(root)
    from app import App
    from device_run import BenchBoard, settle

    from host_sim.framebuf import FrameBuffer

    with tempfile.TemporaryDirectory() as d:
        board = BenchBoard(FrameBuffer, d, 1)
        app = App(board).boot()
        app.toast(note)
        settle(app)
        return bytes(board.buf)
