"""A timer probe: where a key's time goes on the emulated chip (work, drawing, the bus, the save).

``BOOT`` is a ``boot.py`` (as ``probe.BOOT``: it runs before ``main.py`` on both layouts) that
wraps the App's parts and the Delfos screens' functions with ``time.ticks_us``: for every key
``App.handle`` starts a record, each wrapped call adds its microseconds under its name (a call
inside another is counted in both: ``handle`` holds ``do`` and ``resume``, ``draw`` holds
``draw_zoom``), and the record is printed on the USB serial at the next idle pass, after the
key's frame (``T <key> name=us ...``).  A Delfos screen module is wrapped when ``games.delfos.load``
brings it in (again after a ``drop``).  ``parse(text)`` reads the records: a list of
``{name: us}`` dicts, one per key.

    .venv/bin/python -m tools.hil.timer --image build/firmware/....uf2 --rounds 3

plays ``bench.DELFOS_GAME``'s set-up, layout and first rounds at a person's pace and prints a
row per key after the layout: the bench's key -> last frame (ms, bus time included) beside the
probe's figures (ms).  The wrappers cost a few tens of microseconds a call: the rows' totals are
a little above the bench's.
"""
import re

BOOT = b'''"""HIL timer probe: microseconds per part of every key, printed at the next idle pass."""
import sys

_p = sys.path
if ".frozen" in _p:
    _p.remove(".frozen")
    _p.insert(0, ".frozen")

import time

import board

_rec = {}
_n = [0]


def _wrap(obj, name, tag):
    f = getattr(obj, name)

    def w(*a, **k):
        t = time.ticks_us()
        try:
            return f(*a, **k)
        finally:
            d = time.ticks_diff(time.ticks_us(), t)
            _rec[tag] = _rec.get(tag, 0) + d

    setattr(obj, name, w)


import app as _app  # noqa: E402
import saver  # noqa: E402

A = _app.App
_handle = A.handle


def handle(self, k):
    global _rec
    _n[0] = k
    _rec = {}
    t = time.ticks_us()
    try:
        return _handle(self, k)
    finally:
        _rec["handle"] = time.ticks_diff(time.ticks_us(), t)


A.handle = handle
_wrap(A, "_draw", "draw")
_wrap(A, "_show", "show")
_wrap(A, "commit", "commit")
_wrap(A, "do", "do")
_wrap(A, "render", "render")

SPEC = {
    "ui_base": (("TurnScreen", ("shown", "fit", "draw", "key")),
                (None, ("draw_zoom", "likely_cells", "pattern", "draw_tile", "view_origin", "zoom_origin"))),
    "ui_board": (("MoveScreen", ("__init__", "draw")), ("KhaosBoard", ("draw", "key")),
                 ("BoardTurn", ("place",)), ("Gains", ("order", "best")),
                 ("Ahead", ("step",)), (None, ("move_list", "resume", "moves_ahead"))),
    "ui_map": ((None, ("draw_board",)),),
    "ui": ((None, ("resume",)),),
    "game": (("DelfosGame", ("legal_positions", "apply")),),
    "ancient": (("BoardGame", ("apply",)), ("Board", ("player_moves",))),
}


def _patch(mod, short):
    if getattr(mod, "_timed", False):
        return
    mod._timed = True
    for cls, names in SPEC.get(short, ()):
        obj = getattr(mod, cls) if cls else mod
        for n in names:
            if getattr(obj, n, None) is not None:
                _wrap(obj, n, "%s.%s" % (cls or short, n))


import games.delfos as _gd  # noqa: E402

_load = _gd.load


def load(name):
    for short in ("ui_base", "ui_map", "ui", "game", "ancient"):  # wrapped before a module takes their names
        m = sys.modules.get("games.delfos." + short)
        if m is not None:
            _patch(m, short)
    m = _load(name)
    _patch(m, name)
    return m


_gd.load = load
_idle = board.Board.idle
_said = [None]


def idle(self):
    r = _rec
    if r and _said[0] is not r:
        for short in ("ui_base", "ui_map", "ui", "game", "ancient"):
            m = sys.modules.get("games.delfos." + short)
            if m is not None:
                _patch(m, short)
        _said[0] = r
        print("T %d %s" % (_n[0], " ".join("%s=%d" % kv for kv in r.items())))
    _idle(self)


board.Board.idle = idle
del _p
'''

FILES = {"/boot.py": BOOT}


def parse(text):
    """The records in ``text`` (the USB serial's output): [{name: us}], one per key."""
    out = []
    for line in text.splitlines():
        if line.startswith("T "):
            out.append({k: int(v) for k, v in re.findall(r"(\S+)=(\d+)", line)})
    return out


def main(argv=None):
    import argparse

    from tools.hil import bench
    from tools.hil.session import Session

    ap = argparse.ArgumentParser(prog="python -m tools.hil.timer")
    ap.add_argument("--image", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--show", default="handle,do,render,draw,show,commit",
                    help="the probe's names to print (comma-separated; 'all': every one)")
    args = ap.parse_args(argv)
    n = 3 + 4 * (args.rounds - 1)
    keys = " ".join([bench.DELFOS_SETUP] + ["OK"] * (bench.DELFOS_LAYOUT + n))
    s = Session.frozen(args.image, dict(FILES))
    s.boot()
    res = s.pace(keys)
    s.pico.run_for(300 * 1_000_000)
    recs = parse(bytes(s.pico.serial).decode("utf-8", "replace"))
    res = res[-n:]
    recs = recs[-n:]
    names = None if args.show == "all" else args.show.split(",")
    for i, (r, rec) in enumerate(zip(res, recs, strict=False)):
        cols = names or sorted(rec)
        print("%3d r%-2d %6.1f ms %5d B | %s" % (
            i, bench.delfos_round(i), (r.done_ns or 0) / 1e6, r.nbytes,
            " ".join("%s=%.1f" % (c, rec.get(c, 0) / 1000) for c in cols)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
