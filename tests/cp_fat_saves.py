"""Saves on a CIRCUITPY-like FAT drive, in MicroPython's FatFs (the same FatFs CircuitPython
mounts CIRCUITPY with): which 4 KB flash blocks a save rewrites, and what a power cut inside
each rewrite leaves.  Run by tests/test_cp_saves_fat.py, from the repository root:

    micropython -X heapsize=8M tests/cp_fat_saves.py STUBS DRIVE SHIFT GUARD

``STUBS``: a folder of empty modules standing in for CircuitPython's hardware modules (so
``cp_board`` imports); ``DRIVE``: the drive's files laid out (``tools/cp_drive.py``); ``SHIFT``:
clusters of a filler file written before them, to move where the code ends against the flash
blocks; ``GUARD``: 1 makes the saves folder as the device does (``cp_board.open_fs``), 0 with a
bare ``os.mkdir`` (the layout before the guard).

As CircuitPython on a Pico: a 1 MiB FAT drive of 512-byte sectors whose first sector starts a
4 KB flash block (flash offset 0x100000), ``boot_out.txt`` written at boot, ``/saves`` made at
the first boot.  The saves of an Oracle game are written, the drive mounted again (a new
power-on: FatFs forgets where it allocated last), and more saves written, recording every
sector the saves write.  Then, for every flash block the saves wrote that lies wholly in the data area
(a cut inside the rewrite of the first blocks, the boot sector, FAT and root folder, loses the
whole drive: README), that block is erased in a copy of the drive, as a cut right after the
erase leaves it, and the copy is mounted.  One line per such cut::

    cut <flash block> code <files that no longer read back as copied> note <open_fs's note>
        load <what Store.load("oracle") gives: commands, or "none">

and a last line ``done <blocks written by the saves>``.
"""
import os
import sys

import vfs

STUBS, DRIVE, SHIFT, GUARD = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"
sys.path.insert(0, STUBS)
sys.path.insert(0, "firmware")
sys.path.insert(0, "boards/circuitpython_ssd1306")

import cp_board  # noqa: E402
from store import OsFs, Store  # noqa: E402

SECTOR = 512
SECTORS = 2048
BLOCK = 4096 // SECTOR  # sectors in a flash erase block


class Drive:
    """A block device over ``data`` (bytearray) that records the sectors written."""

    def __init__(self, data):
        self.data = data
        self.written = None  # a set while recording

    def readblocks(self, n, buf, off=0):
        at = n * SECTOR + off
        buf[:] = self.data[at:at + len(buf)]

    def writeblocks(self, n, buf, off=0):
        at = n * SECTOR + off
        self.data[at:at + len(buf)] = buf
        if self.written is not None:
            for k in range(len(buf) // SECTOR):
                self.written.add(n + k)

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return SECTORS
        if op == 5:  # block size
            return SECTOR
        return 0


def data_start(data):
    """The first sector of the data area, from the boot sector's BPB."""
    reserved = data[14] | data[15] << 8
    fats = data[16]
    roots = data[17] | data[18] << 8
    fat_size = data[22] | data[23] << 8
    return reserved + fats * fat_size + (roots * 32 + SECTOR - 1) // SECTOR


def files(top, rel=""):
    """[drive path] of every file under ``top``, folders in name order, as ``mcopy -s`` copies."""
    out = []
    names = sorted(os.listdir(top + rel))
    for n in names:
        p = rel + "/" + n
        if os.stat(top + p)[0] & 0x4000:
            out.extend(files(top, p))
        else:
            out.append(p)
    return out


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def copy_on(paths):
    for p in paths:
        parts = p.split("/")
        for i in range(2, len(parts)):
            try:
                os.mkdir("/fl" + "/".join(parts[:i]))
            except OSError:
                pass
        with open("/fl" + p, "wb") as f:
            f.write(read(DRIVE + p))


def boot(dev):
    """Mount the drive as a power-on does; the saves folder as the device opens it."""
    vfs.mount(vfs.VfsFat(dev), "/fl")
    if GUARD:
        fs, _note = cp_board.open_fs("/fl/saves")
        return fs
    try:
        os.mkdir("/fl/saves")
    except OSError:
        pass
    return OsFs("/fl/saves")


def oracle(n):
    """An Oracle save's document with ``n`` commands (what matters here is its length)."""
    return {"game": "oracle", "seed": 1745855622, "setup": {"players": 2},
            "cmds": [["consult", 1, [2, 3, 4]] for _ in range(n)], "screen": "turn"}


def main():
    vfs.VfsFat.mkfs(Drive(bytearray(b"\xff" * (SECTOR * SECTORS))))  # warm-up: the heap's big block
    dev = Drive(bytearray(b"\xff" * (SECTOR * SECTORS)))
    vfs.VfsFat.mkfs(dev)
    vfs.mount(vfs.VfsFat(dev), "/fl")
    if SHIFT:
        with open("/fl/filler.bin", "wb") as f:
            f.write(bytes(SHIFT * SECTOR))
    code = files(DRIVE)
    copy_on(code)
    with open("/fl/boot_out.txt", "wb") as f:  # CircuitPython writes it at boot, before code.py
        f.write(b"Adafruit CircuitPython 10.2.1 on 2026-12-02; Raspberry Pi Pico with rp2040\r\n")
    vfs.umount("/fl")

    fs = boot(dev)  # the first boot: the saves folder is made (the guard's one-time writes: not recorded)
    dev.written = set()
    store = Store(fs)
    store.save("app", {"last": "oracle"})
    for n in range(1, 6):
        store.save("oracle", oracle(n * 4))
    vfs.umount("/fl")
    fs = boot(dev)  # a new power-on
    store = Store(fs)
    for n in range(6, 9):
        store.save("oracle", oracle(n * 4))
    vfs.umount("/fl")

    first = data_start(dev.data)
    blocks = sorted(set(s // BLOCK for s in dev.written))
    for b in blocks:
        if b * BLOCK < first:
            continue
        cut = Drive(bytearray(dev.data))
        cut.data[b * 4096:(b + 1) * 4096] = b"\xff" * 4096
        vfs.mount(vfs.VfsFat(cut), "/fl")
        torn = [p for p in code if read("/fl" + p) != read(DRIVE + p)]
        fs, note = cp_board.open_fs("/fl/saves")
        doc, _warning = Store(fs).load("oracle")
        vfs.umount("/fl")
        print("cut", b, "code", ",".join(torn) or "-", "note", note or "-",
              "load", "none" if doc is None else len(doc["cmds"]))
    print("done", " ".join(str(b) for b in blocks))


main()
