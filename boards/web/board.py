"""The browser board: the firmware under MicroPython WebAssembly on a web page.

The only file that imports ``js`` (the JS global scope of ``web/worker.js``, a
Web Worker, so a long search never freezes the page).  The worker owns the loop:
it sets ``held`` (the bit mask of the on-screen buttons and keys held down now,
see ``keys.bit``) and calls ``App.poll()`` from a timer, about every 10 ms;
``App.run()`` is not used.  It provides:

- ``dtcShow(hex)``: paint a frame (1024 bytes MONO_VLSB as 2048 hex digits);
- ``dtcSeed()``: a fresh 32-bit seed as hex digits (``crypto.getRandomValues``,
  or the page's fixed ``?seed=N``);
- ``dtcStore(key, text or None)``: set (or remove) an item of the page's
  localStorage; False if it is refused (then the save fails as on a full flash).
  The save folder is kept there, one item per file (``STORE_PREFIX`` + name,
  hex digits), since the wasm file system lives in memory only; ``restore``
  reads it back through ``localStorage`` (the worker's copy) before the App boots.
"""
import os
import time

import framebuf
import js  # the worker's global scope, as MicroPython WebAssembly proxies it

from store import ENOSPC, OsFs

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
            raise OSError(ENOSPC)  # the browser's quota (or storage turned off): as a full flash


def restore(root):
    """Copy the files kept in localStorage into the (empty, in-memory) folder ``root``."""
    ls = js.localStorage
    names = []
    for i in range(ls.length):
        key = ls.key(i)
        if key and key.startswith(STORE_PREFIX):
            names.append(key[len(STORE_PREFIX):])
    for name in names:
        if "/" in name:
            continue  # not one of ours
        with open(root + "/" + name, "wb") as f:
            f.write(bytes.fromhex(ls.getItem(STORE_PREFIX + name)))


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
        restore(SAVE_DIR)
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
