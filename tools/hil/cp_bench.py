"""CircuitPython 10.2.1 on the emulated Pico: the scenarios' saves and scripts, and ``make bench``'s figures.

Shared by the scenarios (``tests/hil_cp``) and the bench:

- ``DELFOS_SEED``, ``delfos_end_files(root)``: a whole Delfos solo game with the device moving
  Khaos (``host_sim.delfos_solo.play_device``: the device lays the ancient board, then 20 turns
  of the player and of Khaos), saved two commands before its end, with ``app.dat`` resuming it
  and the probe ``code.py``: the device replays the whole game at power-on, then ``DELFOS_END``
  plays the last player turn and Khaos's last turn, which end the game on its score.
- ``TOUR``: open every game in turn from the main menu, ``(keys, what)`` steps, the free heap
  asked after each.

``collect(firmware, root, mpy_cross, jobs)`` runs the sessions (``jobs`` processes) and
``table(rows)`` prints them: boot (reset -> ``code.py`` starts -> the complete main menu, the
second part being what the project adds), key -> last frame (known edge to the last frame before
quiet, bus time added) per game script, the free heap after each game opens and at the end of the
whole Delfos game, and the Tholos device's move.
"""
import multiprocessing
import time

from tools.hil import saves
from tools.hil.bench import pct, timed
from tools.hil.cp_session import PROBE, CpSession
from tools.hil.session import parse

MS = 1e6
DELFOS_SEED = 1
DELFOS_END = "OK OK OK OK"  # the first move offered, its city space; Khaos drawn and moved; pieces moved

# Each step: keys, then what is on the screen (the heap is asked there).
TOUR = [("", "main menu"), ("DOWN OK", "Delfos opened"), ("BACK DOWN OK", "Delphi opened"),
        ("BACK DOWN OK", "the Delphi calculator opened"), ("BACK DOWN DOWN OK DOWN OK", "Tholos opened"),
        ("BACK UP UP UP UP OK", "the Oracle opened")]

# (game, script): a mark move...: flags the key after which the Tholos device moves.
SCRIPTS = [
    ("Oracle", "OK OK DOWN OK OK OK OK OK OK OK OK OK OK"),
    ("Delfos solo", "DOWN OK OK OK OK DOWN DOWN OK OK DOWN DOWN DOWN DOWN DOWN DOWN OK OK DOWN OK OK "
                    "OK OK OK OK OK OK OK OK OK OK"),
    ("Delphi", "DOWN DOWN OK OK OK OK OK OK OK OK OK DOWN OK"),
    ("Tholos solo", "DOWN DOWN DOWN DOWN OK DOWN OK DOWN DOWN DOWN OK move1:OK"),
]


def delfos_end_files(root):
    """{path: bytes}: the probe code.py and the Delfos game two commands before its end."""
    setup, cmds = saves.delfos_played(root, lambda ds: ds.play_device(DELFOS_SEED))
    files = saves.game_files(root, "delfos", setup, DELFOS_SEED, cmds[:-2])
    files["/code.py"] = PROBE
    return files


def tour(s):
    """Play ``TOUR`` on a booted probe session: [(what, free heap bytes)]."""
    out = []
    for keys, what in TOUR:
        if keys:
            s.play(keys)
        out.append((what, s.mem()))
    return out


def _session(cfg, files=None):
    firmware, root, mpy_cross = cfg
    s = CpSession.deployed(firmware, root, mpy_cross, files)
    s.boot()
    return s


def game_row(cfg, game, script):
    s = _session(cfg, {"/code.py": PROBE})
    s.play(script)
    free = s.mem()
    done = [r.done_ns for r in s.results if r.frames]
    moves = [r.done_ns for (mark, _k, _h), r in zip(parse(script), s.results, strict=True)
             if mark and mark.startswith("move")]
    return {"game": game, "keys": len(s.results), "framed": len(done), "med": pct(done, 50),
            "p95": pct(done, 95), "max": max(done) if done else None, "moves": moves,
            "boot": s.boot_ns, "code": s.code_start_ns, "errors": s.errors(),
            "tour": [("after the %s script" % game, free)]}


def tour_row(cfg):
    s = _session(cfg, {"/code.py": PROBE})
    return {"tour": tour(s), "errors": s.errors()}


def delfos_row(cfg):
    s = _session(cfg, delfos_end_files(cfg[1]))
    resumed = s.boot_ns
    start = s.mem()
    s.play(DELFOS_END)
    return {"delfos": [("the whole Delfos game resumed", start), ("the Delfos game ended", s.mem())],
            "resume": resumed, "errors": s.errors()}


def _row(kind, cfg, arg):
    if kind == "game":
        return game_row(cfg, *arg)
    if kind == "tour":
        return tour_row(cfg)
    return delfos_row(cfg)


def _run(job):
    kind, cfg, arg = job
    return timed(lambda: _row(kind, cfg, arg), "%s %s" % (kind, arg[0] if arg else ""))


def collect(firmware, root, mpy_cross=None, jobs=2):
    cfg = (firmware, root, mpy_cross)
    work = [("delfos", cfg, None), ("game", cfg, SCRIPTS[-1])] + [("game", cfg, g) for g in SCRIPTS[:-1]]
    work.append(("tour", cfg, None))
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(_run, work, chunksize=1)


def _ms(ns):
    return "-" if ns is None else "%d" % round(ns / MS)


def table(rows):
    """Markdown lines for the rows ``collect`` returns."""
    out = ["| emulated Pico, CircuitPython 10.2.1 | key -> last frame, median (ms) | p95 (ms) | max (ms) "
           "| keys (with a frame) |", "|---|---|---|---|---|"]
    for r in rows:
        if "game" in r:
            out.append("| %s | %s | %s | %s | %d (%d) |" % (r["game"], _ms(r["med"]), _ms(r["p95"]), _ms(r["max"]),
                                                          r["keys"], r["framed"]))
    out += ["", "| emulated Pico, CircuitPython 10.2.1 | figure |", "|---|---|"]
    boots = [r for r in rows if "game" in r and r.get("code")]
    if boots:
        b = min(boots, key=lambda r: r["boot"])
        out.append("| reset -> code.py starts -> complete main menu | %s ms -> %s ms (the project's part: %s ms) |"
                   % (_ms(b["code"]), _ms(b["boot"]), _ms(b["boot"] - b["code"])))
    for r in rows:
        for what, free in r.get("tour", []) + r.get("delfos", []):
            out.append("| free heap (gc.mem_free after gc.collect): %s | %s bytes |" % (what, free))
        if "resume" in r:
            out.append("| boot and resume of the whole Delfos game (39 commands) | %s ms |" % _ms(r["resume"]))
        if r.get("moves"):
            out.append("| Tholos: the device's move (key known -> its last frame) | %s s |"
                       % " / ".join("%.2f" % (t / 1e9) for t in r["moves"]))
        if r.get("errors"):
            out.append("| **error on the USB serial** | %s |" % r["errors"].strip().replace("\n", " / ")[:300])
        if "error" in r:
            out.append("| **failed**: %s | - |" % r["error"])
    return out


def main(argv=None):
    import argparse
    import os
    import sys

    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(prog="python -m tools.hil.cp_bench", description=__doc__.split("\n")[0])
    ap.add_argument("--firmware", required=True, help="CircuitPython 10.2.1's .uf2 for the Raspberry Pi Pico")
    ap.add_argument("--mpy-cross", default="", help="CircuitPython's own mpy-cross (empty: .py sources)")
    ap.add_argument("--root", default=here)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    t = time.time()
    rows = collect(args.firmware, os.path.abspath(args.root), args.mpy_cross or None, args.jobs)
    for line in table(rows):
        print(line)
    print("(%d sessions, %.0f s of wall time with %d jobs)" % (len(rows), time.time() - t, args.jobs))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
