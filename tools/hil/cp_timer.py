"""Where a key's time goes under CircuitPython on the emulated Pico: the App's work, the drawing,
the frame's way to the panel, the save, collections, the bus.

``PROBE`` is a ``code.py`` that runs the device as the drive's own does, with the App's parts and
the board's frame path wrapped by ``time.monotonic_ns``: ``App.handle`` starts a key's record,
each wrapped call adds its microseconds under its name (``render`` holds ``draw``, ``show`` and
``commit``; ``show`` holds the board's own parts that exist: ``diff`` the changed area, ``blit``
into the shown bitmap and displayio's ``refresh`` (before the frames went below displayio), or
``pages`` (what changed, ``canvas.Pages``) and ``send`` on the bus), and the record is printed
on the USB serial at the next idle pass, after the key's frame (``T <key> name=us ...``).  ``gc``
is 1 when the heap in use went down between the start of ``handle`` and the end of its last
``render`` (a collection ran inside the key), ``alloc`` the bytes the key allocated when none ran.
``parse(text)`` reads the records.

    .venv/bin/python -m tools.hil.cp_timer --firmware ../shared/hil/circuitpython-10.2.1-raspberry_pi_pico.uf2 \\
        --mpy-cross ../shared/hil/mpy-cross-cp10.2.1 --game "Delfos solo"

boots the probe, plays a ``cp_bench.SCRIPTS`` script (each key after the previous one's quiet, as
the bench does) and prints a row per key: key -> last frame (ms, bus time included, the bench's
figure), the panel bytes and their bus time, and the probe's parts (ms); then each part's median.
The wrappers cost a few tens of microseconds a call.
"""
import re

PROBE = b'''"""HIL timer probe: code.py, with microseconds per part of every key printed at the next idle."""
import gc
import time

import cp_board
from app import App

_rec = {}
_n = [0]
_a0 = [0]
_ns = time.monotonic_ns


def _wrap(obj, name, tag):
    f = getattr(obj, name, None) if obj is not None else None
    if f is None:
        return

    def w(*a, **k):
        t = _ns()
        try:
            return f(*a, **k)
        finally:
            d = (_ns() - t) // 1000
            _rec[tag] = _rec.get(tag, 0) + d

    setattr(obj, name, w)


A = App
_handle = A.handle


def handle(self, k):
    global _rec
    _n[0] = k
    _rec = {}
    _a0[0] = gc.mem_alloc()
    t = _ns()
    try:
        return _handle(self, k)
    finally:
        _rec["work"] = (_ns() - t) // 1000


A.handle = handle
_render = A.render


def render(self):
    r = _rec
    t = _ns()
    try:
        return _render(self)
    finally:
        if r:
            r["render"] = r.get("render", 0) + (_ns() - t) // 1000
            a = gc.mem_alloc()
            if a < _a0[0]:
                r["gc"] = 1
            elif "gc" not in r:
                r["alloc"] = a - _a0[0]


A.render = render
_wrap(A, "_draw", "draw")
_wrap(A, "commit", "commit")
B = cp_board.Board
_wrap(B, "show", "show")
for _name in ("_send", "_refresh"):
    _wrap(B, _name, _name[1:])
_wrap(cp_board, "changed_area", "diff")
_wrap(getattr(cp_board, "Pages", None), "take", "pages")
_bt = getattr(cp_board, "bitmaptools", None)  # the board's blit into the shown bitmap, when it has one


class _Tools:
    def __getattr__(self, name):
        return getattr(_bt, name)


if _bt is not None:
    _tools = _Tools()
    _wrap(_tools, "blit", "blit")
    cp_board.bitmaptools = _tools

board = cp_board.Board()
_idle = board.idle
_said = [None]


def idle():
    r = _rec
    if r and _said[0] is not r:
        _said[0] = r
        print("T %d %s" % (_n[0], " ".join("%s=%d" % kv for kv in r.items())))
    _idle()


board.idle = idle
app = App(board).boot()
if board.note:
    app.toast(board.note)
app.run()
'''

PARTS = ("work", "draw", "diff", "blit", "refresh", "pages", "send", "show", "commit", "render")


def parse(text):
    """The records in ``text`` (the USB serial's output): [{name: us}], one per key."""
    out = []
    for line in text.splitlines():
        if line.startswith("T "):
            out.append({k: int(v) for k, v in re.findall(r"(\S+)=(\d+)", line)})
    return out


def rows(session, recs):
    """Per key: (key, done ms, bytes, bus ms, {part: ms}), the probe's records matched in order."""
    from tools.hil.session import BUS_NS_PER_BYTE

    out = []
    framed = [r for r in session.results if r.frames]
    for r, rec in zip(framed, recs, strict=False):
        bus = (r.nbytes + 1) * BUS_NS_PER_BYTE / 1e6 if r.nbytes else 0.0
        out.append((r.key, (r.done_ns or 0) / 1e6, r.nbytes, bus, {k: v / 1000 for k, v in rec.items()}))
    return out


def main(argv=None):
    import argparse
    import os

    from tools.hil import cp_bench
    from tools.hil.bench import pct
    from tools.hil.cp_session import CpSession

    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(prog="python -m tools.hil.cp_timer", description=__doc__.split("\n")[0])
    ap.add_argument("--firmware", required=True)
    ap.add_argument("--mpy-cross", default="")
    ap.add_argument("--root", default=here)
    ap.add_argument("--game", default="Delfos solo", help="a cp_bench.SCRIPTS game, or 'boot'")
    ap.add_argument("--script", default=None, help="keys to play instead of the game's script")
    args = ap.parse_args(argv)
    s = CpSession.deployed(args.firmware, os.path.abspath(args.root), args.mpy_cross or None, {"/code.py": PROBE})
    s.boot()
    print("boot: code.py starts %.0f ms, complete main menu %.0f ms (the project's part %.0f ms)"
          % (s.code_start_ns / 1e6, s.boot_ns / 1e6, (s.boot_ns - s.code_start_ns) / 1e6))
    if args.game == "boot":
        return 0
    script = args.script or dict(cp_bench.SCRIPTS)[args.game]
    s.play(script)
    s.pico.run_for(200 * 1_000_000)
    recs = parse(bytes(s.pico.serial).decode("utf-8", "replace"))
    got = rows(s, recs)
    print("%-6s %7s %6s %6s | %s" % ("key", "done ms", "bytes", "bus", " ".join("%7s" % p for p in PARTS + ("gc",))))
    for key, done, nbytes, bus, rec in got:
        print("%-6s %7.1f %6d %6.1f | %s" % (key, done, nbytes, bus, " ".join(
            "%7.1f" % rec.get(p, 0) for p in PARTS) + " %7d" % rec.get("gc", 0)))
    if got:
        print("%-6s %7.1f %6d %6.1f | %s" % ("median", pct([g[1] for g in got], 50), pct([g[2] for g in got], 50),
                                             pct([g[3] for g in got], 50), " ".join(
            "%7.1f" % pct([g[4].get(p, 0) for g in got], 50) for p in PARTS)) + " %7d" % sum(g[4].get("gc", 0)
                                                                                              for g in got))
    err = s.errors()
    if err:
        print("errors on the USB serial:", err[:500])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
