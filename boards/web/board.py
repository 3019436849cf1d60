"""The browser board: the firmware under MicroPython WebAssembly on a web page.

The only file that imports ``js`` (the JS global scope of ``web/worker.js``, a
Web Worker, so a long search never freezes the page).  The worker owns the loop:
it sets ``held`` (the bit mask of the on-screen buttons and keys held down now,
see ``keys.bit``) and calls ``App.poll()`` from a timer, about every 10 ms;
``App.run()`` is not used.  It provides:

- ``dtcShow(hex)``: paint a frame (1024 bytes MONO_VLSB as 2048 hex digits);
- ``dtcSeed()``: a fresh 32-bit seed as hex digits (``crypto.getRandomValues``,
  or the page's fixed ``?seed=N``); ``dtcRandom()``: the same from
  ``crypto.getRandomValues`` always;
- ``dtcStore(key, text or None)``: set (or remove) an item of the page's
  localStorage; False if it is refused (then the save fails as on a full flash).
  The save folder is kept there, one item per file (``STORE_PREFIX`` + name,
  hex digits), since the wasm file system lives in memory only; ``restore``
  reads it back through ``localStorage`` (the worker's copy, whose ``size(key)``
  gives an item's length unread) before the App boots.  An item that is no file
  of ours (an odd name, text that is not hex, larger than any save) is skipped,
  the others kept; ``note`` says how many were skipped and ``skipped`` which.
"""
import os
import time

import framebuf
import js  # the worker's global scope, as MicroPython WebAssembly proxies it

from store import ENOSPC, OsFs

MAX_SAVE = 32768  # restore.MAX_SAVE: a larger item is no save of ours

WIDTH = 128
HEIGHT = 64
SAVE_DIR = "/saves"
STORE_PREFIX = "dtc-save/"


class WebFs(OsFs):
    """``store.OsFs`` on the memory file system, each change mirrored to localStorage."""

    def write(self, path, parts):
        OsFs.write(self, path, parts)
        self._mirror(path)

    def rename(self, a, b):
        OsFs.rename(self, a, b)
        self._mirror(a)
        self._mirror(b)

    def remove(self, path):
        OsFs.remove(self, path)
        self._mirror(path)

    def _mirror(self, path):
        data = self.read(path)
        if not js.dtcStore(STORE_PREFIX + path, None if data is None else data.hex()):
            raise OSError(ENOSPC)  # the browser refused it (its quota, storage off): as a full flash


_NAME = "abcdefghijklmnopqrstuvwxyz0123456789-"


def ours(name):
    """True for a file name the firmware writes: a save name (letters, digits, ``-``)
    and ``.dat``, ``.bak`` or ``.tmp``."""
    stem = name[:-4]
    if not stem or len(name) > 40 or name[-4:] not in (".dat", ".bak", ".tmp"):
        return False
    for ch in stem:
        if ch not in _NAME:
            return False
    return True


def restore(root):
    """Copy the files kept in localStorage into the (empty, in-memory) folder ``root``.
    Returns the names of the items skipped (see the module docstring); never raises."""
    ls = js.localStorage
    names = []
    skipped = []
    for i in range(ls.length):
        key = ls.key(i)
        if key and key.startswith(STORE_PREFIX):
            names.append(key[len(STORE_PREFIX):])
    for name in names:
        key = STORE_PREFIX + name
        data = None
        try:
            if not ours(name) or ls.size(key) > 2 * MAX_SAVE:
                raise ValueError(name)  # not read: no file of ours
            data = bytes.fromhex(ls.getItem(key))  # ValueError: not hex digits, or an odd count
            with open(root + "/" + name, "wb") as f:
                f.write(data)
        except Exception:  # (MemoryError too) one bad item never stops the page
            skipped.append(name)
        data = None
    return skipped


class Board:
    def __init__(self):
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.clock = time
        self.held = 0  # set by the page before each poll
        try:
            os.mkdir(SAVE_DIR)
        except OSError:
            pass  # already there
        self.skipped = restore(SAVE_DIR)
        n = len(self.skipped)
        self.note = ("Skipped %d damaged saved item%s; the others are kept" % (n, "s" if n > 1 else "")
                     if n else None)
        self.fs = WebFs(SAVE_DIR)
        self.frames = 0

    def read_keys(self):
        return self.held

    def show(self):
        self.frames += 1
        js.dtcShow(self.buf.hex())

    def idle(self):
        pass  # the page's timer waits between polls

    def new_seed(self):
        return int(js.dtcSeed(), 16) & 0xFFFFFFFF

    def random_id(self):
        """A fresh random 32-bit int from ``crypto.getRandomValues`` (``dtcRandom``), never
        the page's fixed ``?seed=N``: the plays log's device id."""
        return int(js.dtcRandom(), 16) & 0xFFFFFFFF
