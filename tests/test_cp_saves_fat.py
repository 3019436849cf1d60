"""A power cut inside a save's flash rewrite on CircuitPython's FAT drive, without the emulator.

CircuitPython rewrites a 512-byte FAT sector by erasing its whole 4 KB flash block and programming
it again; a cut after the erase loses the block's other seven sectors too.  On the emulated Pico
(tests/hil_cp/hil_cp_power.py::test_inside_a_sector_rewrite) a cut inside the rewrite of the
saves folder's directory sector also erased the last two sectors of ``ui.mpy`` (and ``version.mpy``):
FAT gave the new ``/saves`` the first free cluster, right after the code.  At the next power-on
``import ui`` never returned (MicroPython's and CircuitPython's ``.mpy`` loader reads the erased
bytes, 0xFF, as a length that never ends) and the device stayed dark.

Here the same drive state is made in the unix MicroPython's FatFs (the FatFs CircuitPython mounts
CIRCUITPY with) by ``tests/cp_fat_saves.py``: the drive's files, ``boot_out.txt``, the saves of
an Oracle game over two power-ons, then each flash block those saves rewrote erased in a copy,
as the cut leaves it.  A filler file of 0-7 clusters before the code puts the code's end at every
place in a flash block.
"""
import os

import pytest
from helpers import ROOT, micropython

from tools import cp_drive

SCRIPT = os.path.join("tests", "cp_fat_saves.py")
# What cp_board imports from CircuitPython beyond the firmware: empty modules will do for open_fs.
HARDWARE = ("adafruit_displayio_ssd1306", "adafruit_ticks", "bitmaptools", "board", "busio", "digitalio",
            "displayio", "fourwire", "i2cdisplaybus")
LOST = "Power cut during a save: saved games lost"  # cp_board.SAVES_LOST_NOTE


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    """(stubs folder, the drive's files laid out as `make circuitpython` does, as .py sources)."""
    import subprocess

    top = tmp_path_factory.mktemp("cpfat")
    stubs = top / "stubs"
    stubs.mkdir()
    for m in HARDWARE:
        (stubs / (m + ".py")).write_text("")
    out = top / "drive"
    cp_drive.write(str(out), cp_drive.files(ROOT, None))

    done = {}

    def run(shift, guard):
        if (shift, guard) not in done:
            done[shift, guard] = cut_lines(shift, guard)
        return done[shift, guard]

    def cut_lines(shift, guard):
        r = subprocess.run([micropython(), "-X", "heapsize=8M", SCRIPT, str(stubs), str(out), str(shift),
                            "1" if guard else "0"], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stdout + r.stderr
        lines = r.stdout.split("\n")
        cuts = []
        for line in lines:
            w = line.split(" ")
            if w[0] == "cut":  # cut <block> code <torn files> note <note...> load <n>
                note = " ".join(w[5:-2])
                cuts.append((int(w[1]), w[3], note, w[-1]))
        assert any(line.startswith("done ") for line in lines), r.stdout
        return cuts

    return run


@pytest.mark.parametrize("shift", range(8))
def test_a_cut_inside_a_saves_rewrite_never_tears_the_code(drive, shift):
    cuts = drive(shift, True)
    assert cuts, "the saves rewrote no flash block in the data area"
    for block, torn, _note, _load in cuts:
        assert torn == "-", "a cut inside the rewrite of flash block %d tears %s" % (block, torn)


@pytest.mark.parametrize("shift", range(8))
def test_a_cut_that_tears_the_saves_folder_is_said_and_loads_nothing(drive, shift):
    cuts = drive(shift, True)
    told = [c for c in cuts if c[2] == LOST]
    assert told, "no cut tore the saves folder: %r" % cuts
    for _block, _torn, _note, load in told:
        assert load == "none"  # the folder's entries are gone: no copy of the game is found
    for _block, _torn, note, load in cuts:
        assert note in ("-", LOST)
        assert load == "none" or int(load) in (7 * 4, 8 * 4)  # before or after the last save's key


def test_without_the_guard_the_saves_folder_shares_a_block_with_the_code(drive):
    """The layout before ``cp_board.make_saves``: a bare ``os.mkdir``.  Some place of the code's
    end makes a cut in the saves tear a module, as on the emulated Pico (so the tests above can
    fail)."""
    torn = [c[1] for shift in range(8) for c in drive(shift, False) if c[1] != "-"]
    # which module depends on the drive's file order (the last code written before saves/)
    assert any(".py" in t for t in torn), torn
