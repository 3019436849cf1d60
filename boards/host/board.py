"""The host board: the firmware's App on CPython with a frame in memory.

A display that keeps the frame (``host_sim.framebuf``), keys fed by the
simulator, a save folder instead of flash, seeds from ``os.urandom``
unless ``--seed`` fixes them, and the web page of "Phone"
(``--page-url``; by default the one `make web-serve` serves here).
"""
import os

from gfx import Glyphs

from host_sim import framebuf
from host_sim.framebuf import MONO_VLSB, FrameBuffer
from rng import new_seed
from store import OsFs

WIDTH = 128
HEIGHT = 64
# The page "Phone" leads to by default: the one `make web-serve` serves on this computer.
PAGE_URL = "http://127.0.0.1:8000/"
PAGE_HOW = "python3 -m host_sim --page-url URL (README)"


class HostBoard:
    page_how = PAGE_HOW

    def __init__(self, save_dir, seed=None, page_url=PAGE_URL):
        self.page_url = page_url  # the web page of "Phone" (firmware/phone.py); "": none
        os.makedirs(save_dir, exist_ok=True)
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        self.fb = FrameBuffer(self.buf, WIDTH, HEIGHT, MONO_VLSB)
        self.fb.glyph = Glyphs(self.fb, framebuf).glyph  # text blitted, as on the Pico
        self.fs = OsFs(save_dir)
        self.seed = seed
        self.frames = 0
        self.last_frame = bytes(self.buf)

    def show(self):
        self.frames += 1
        self.last_frame = bytes(self.buf)

    def new_seed(self):
        return new_seed() if self.seed is None else self.seed

    def random_id(self):
        """A fresh random 32-bit int from ``os.urandom``, whatever ``--seed`` says (the plays
        log's device id: two folders started with the same seed are two devices)."""
        return new_seed()

    def pixel(self, x, y):
        return (self.last_frame[(y >> 3) * WIDTH + x] >> (y & 7)) & 1
