"""CircuitPython 10.2.1 on the emulated Pico: the scenarios' saves and scripts, and ``make bench``'s figures.

Shared by the scenarios (``tests/hil_cp``) and the bench:

- ``DELFOS_SEED``, ``delfos_end_files(root)``: a whole Delfos solo game with the device moving
  Khaos (``host_sim.delfos_solo.play_device``: the device lays the ancient board, then 20 turns
  of the player and of Khaos), saved two commands before its end, with ``app.dat`` resuming it
  and the probe ``code.py``: the device replays the whole game at power-on, then ``DELFOS_END``
  plays the last player turn and Khaos's last turn, which end the game on its score.
- ``TOUR``: open every game in turn from the main menu, ``(keys, what)`` steps, the free heap
  asked after each.

- ``PANELS``: the panels' session (``PANEL_SCRIPT``: a screen or two of each game, a setting)
  on the SSD1306 and the SH1106 on I2C and the SSD1309 on SPI, each chip stored in the settings.

``collect(firmware, root, mpy_cross, jobs)`` runs the sessions (``jobs`` processes) and
``table(rows)`` prints them against ``BUDGET``: boot (reset -> ``code.py`` starts -> the complete
main menu, the second part being what the project adds), key -> last frame (known edge to the
last frame before quiet, bus time added) per game script and panel, the free heap after each game
opens and at the end of the whole Delfos game, and the Tholos device's move.  ``over(rows,
slack)`` lists what is over the budget (the scenario ``tests/hil_cp/hil_cp_budget.py`` allows a
slack for the emulator's noise).
"""
import multiprocessing
import time

from tools.hil import saves
from tools.hil.bench import pct, timed
from tools.hil.cp_session import PROBE, CpSession
from tools.hil.session import parse

MS = 1e6
# Key -> last frame (ms): median, p95, max of a session's keys (the Tholos device's move, which has
# its own row, left out); the project's part of the boot (ms): code.py starts -> the complete main
# menu.  No session may print an error (a MemoryError) on the USB serial.
BUDGET = {"med": 50, "p95": 120, "max": 250, "boot": 300}
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


# The panels' session (tests/support/hil_rig.py's PANEL_SCRIPT): each game's first screen and BACK,
# the dice roller and its game menu's "Main menu", Settings and "Dim after" stepped.
PANEL_SCRIPT = ("OK BACK DOWN OK BACK DOWN OK BACK DOWN DOWN OK BACK DOWN OK BACK DOWN DOWN OK "
                "BACK DOWN DOWN OK DOWN OK")
# (what, the chip's index in the settings (cp_board.Board.CHIPS), the emulated chip, bus)
PANELS = [("panels: SSD1306 on I2C", 0, "ssd1306", "i2c"), ("panels: SH1106 on I2C", 1, "sh1106", "i2c"),
          ("panels: SSD1309 on SPI", 2, "ssd1309", "spi")]


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


def _session(cfg, files=None, chip="ssd1306", bus="i2c"):
    firmware, root, mpy_cross = cfg
    s = CpSession.deployed(firmware, root, mpy_cross, files, chip=chip, bus=bus)
    s.boot()
    return s


def _figures(name, s, script):
    done = [r.done_ns for (mark, _k, _h), r in zip(parse(script), s.results, strict=True)
            if r.frames and not (mark and mark.startswith("move"))]
    return {"game": name, "keys": len(s.results), "framed": len(done), "med": pct(done, 50),
            "p95": pct(done, 95), "max": max(done) if done else None,
            "bytes": pct([r.nbytes for r in s.results], 50), "boot": s.boot_ns, "code": s.code_start_ns,
            "errors": s.errors()}


def panel_row(cfg, what, chip, emulated, bus):
    saves._paths(cfg[1])
    from store import encode

    files = {"/code.py": PROBE, "/saves/set-device.dat": encode({"chip": chip}, 1)}
    if bus == "spi":
        files["/settings.toml"] = b'PANEL_WIRING = "spi"\n'
    s = _session(cfg, files, emulated, bus)
    s.play(PANEL_SCRIPT)
    return _figures(what, s, PANEL_SCRIPT)


def game_row(cfg, game, script):
    s = _session(cfg, {"/code.py": PROBE})
    s.play(script)
    free = s.mem()
    moves = [r.done_ns for (mark, _k, _h), r in zip(parse(script), s.results, strict=True)
             if mark and mark.startswith("move")]
    out = _figures(game, s, script)
    out.update(moves=moves, errors=s.errors(), tour=[("after the %s script" % game, free)])
    return out


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
    if kind == "panel":
        return panel_row(cfg, *arg)
    if kind == "tour":
        return tour_row(cfg)
    return delfos_row(cfg)


def _run(job):
    kind, cfg, arg = job
    return timed(lambda: _row(kind, cfg, arg), "%s %s" % (kind, arg[0] if arg else ""))


def collect(firmware, root, mpy_cross=None, jobs=2):
    cfg = (firmware, root, mpy_cross)
    work = [("delfos", cfg, None), ("game", cfg, SCRIPTS[-1])] + [("game", cfg, g) for g in SCRIPTS[:-1]]
    work += [("panel", cfg, p) for p in PANELS]
    work.append(("tour", cfg, None))
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(_run, work, chunksize=1)


def _ms(ns):
    return "-" if ns is None else "%d" % round(ns / MS)


def over(rows, slack=0.0):
    """What is over ``BUDGET`` (times ``1 + slack``) in ``rows``: a list of lines, empty when
    every session is within it."""
    out = []
    for r in rows:
        if "error" in r:
            out.append("%s" % r["error"])
        if r.get("errors"):
            out.append("error on the USB serial: %s" % r["errors"][:200])
        if "game" not in r:
            continue
        for k in ("med", "p95", "max"):
            if r.get(k) is not None and r[k] > BUDGET[k] * MS * (1 + slack):
                out.append("%s: key -> last frame %s %s ms > %d ms" % (r["game"], k, _ms(r[k]), BUDGET[k]))
        if r.get("code") and r["boot"] - r["code"] > BUDGET["boot"] * MS * (1 + slack):
            out.append("%s: boot (code.py -> main menu) %s ms > %d ms" % (r["game"], _ms(r["boot"] - r["code"]),
                                                                     BUDGET["boot"]))
    return out


def table(rows):
    """Markdown lines for the rows ``collect`` returns, with ``BUDGET`` and what is over it."""
    out = ["| emulated Pico, CircuitPython 10.2.1 | key -> last frame, median (ms) | p95 (ms) | max (ms) "
           "| bus bytes a key, median | keys (with a frame) | code.py -> main menu (ms) |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        if "game" in r:
            out.append("| %s | %s | %s | %s | %s | %d (%d) | %s |" % (
                r["game"], _ms(r["med"]), _ms(r["p95"]), _ms(r["max"]), r.get("bytes", "-"), r["keys"],
                r["framed"], _ms(r["boot"] - r["code"]) if r.get("code") else "-"))
    out.append("| budget | ≤ %d | ≤ %d | ≤ %d | | | ≤ %d |" % (BUDGET["med"], BUDGET["p95"], BUDGET["max"],
                                                         BUDGET["boot"]))
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
    bad = over(rows)
    out += ["", "Over the budget: " + ("; ".join(bad) if bad else "nothing.")]
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
