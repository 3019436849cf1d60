"""A ``boot.py`` that leaves the device exactly as ``main.py`` runs it and adds a memory report.

``boot.py`` runs before ``main.py`` on both layouts (the project's own image, whose frozen
``main`` runs in place of any ``/main.py``, and the stock image with ``make deploy``'s files): it
wraps ``board.Board.idle`` (called by ``App.run()`` between passes of the loop) so that when the
letter ``m`` arrives on the USB serial input, it runs ``gc.collect()`` and prints
``micropython.mem_info()``, ``micropython.qstr_info()`` and ``gc.mem_free()``.  Nothing else
changes, so the heap it reports is the running App's.  ``parse(text)`` reads the report: ``{"free":
bytes free, "largest": largest free block in bytes, "total": heap size}`` (``max free sz`` counts
16-byte blocks on the rp2 port); ``names(text)``: its qstr pools, ``(pools, names, bytes)``.
"""
import re

BOOT = b'''"""HIL probe: a memory report when 'm' arrives on the USB serial (board.Board.idle wrapped)."""
import sys

_p = sys.path
if ".frozen" in _p:  # as main.py orders it: the board file main.py will import
    _p.remove(".frozen")
    _p.insert(0, ".frozen")

import board

_idle = board.Board.idle
_poll = None


def idle(self):
    global _poll
    if _poll is None:
        import select

        _poll = select.poll()
        _poll.register(sys.stdin, select.POLLIN)
    if _poll.poll(0) and sys.stdin.read(1) == "m":
        import gc

        import micropython

        gc.collect()
        micropython.mem_info()
        micropython.qstr_info()
        print("mem_free", gc.mem_free())
    _idle(self)


board.Board.idle = idle
del _p
'''

FILES = {"/boot.py": BOOT}
BLOCK = 16


def parse(text):
    """The last report in ``text`` (str) as a dict, or None if there is none."""
    tot = re.findall(r"GC: total: (\d+), used: (\d+), free: (\d+)", text)
    mx = re.findall(r"max free sz: (\d+)", text)
    if not tot or not mx:
        return None
    total, _used, free = (int(x) for x in tot[-1])
    return {"total": total, "free": free, "largest": int(mx[-1]) * BLOCK}


def names(text):
    """MicroPython's qstr pools in the last report in ``text``: (pools, names, bytes of pools and
    names), or None."""
    q = re.findall(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=\d+, n_total_bytes=(\d+)", text)
    return tuple(int(x) for x in q[-1]) if q else None
