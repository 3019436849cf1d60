"""A ``main.py`` that runs the device exactly as ``firmware/main.py`` does and reports memory.

The board's ``idle()`` (called by ``App.run()`` between passes of the loop) is wrapped: when the
letter ``m`` arrives on the USB serial input, it runs ``gc.collect()`` and prints
``micropython.mem_info()`` and ``gc.mem_free()``.  Nothing else changes, so the heap it reports
is the running App's.  ``parse(text)`` reads the report: ``{"free": bytes free,
"largest": largest free block in bytes, "total": heap size}`` (``max free sz`` counts 16-byte
blocks on the rp2 port).
"""
import re

MAIN = b'''"""HIL probe: main.py, plus a memory report when 'm' arrives on the USB serial."""
import gc
import select
import sys

import micropython

import board
from app import App

b = board.Board()
_idle = b.idle
_poll = select.poll()
_poll.register(sys.stdin, select.POLLIN)


def idle():
    if _poll.poll(0) and sys.stdin.read(1) == "m":
        gc.collect()
        micropython.mem_info()
        print("mem_free", gc.mem_free())
    _idle()


b.idle = idle
App(b).boot().run()
'''

FILES = {"/main.py": MAIN}
BLOCK = 16


def parse(text):
    """The last report in ``text`` (str) as a dict, or None if there is none."""
    tot = re.findall(r"GC: total: (\d+), used: (\d+), free: (\d+)", text)
    mx = re.findall(r"max free sz: (\d+)", text)
    if not tot or not mx:
        return None
    total, _used, free = (int(x) for x in tot[-1])
    return {"total": total, "free": free, "largest": int(mx[-1]) * BLOCK}
