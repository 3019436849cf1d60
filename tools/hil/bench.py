"""The emulated chip's figures for ``make bench``: one Markdown table.

Per game, a scripted session (the start of its golden script, ``SCRIPTS``): key -> frame done
on the glass (``session.KeyResult.latency_ns``: from the key known — press edge; release for
OK — to the last I2C byte of the first frame after it, plus 9 bit times per byte at 400 kHz),
median and p95 (nearest rank) over the keys that changed the screen; I2C bytes per key
(median, max).  Then: boot to the main menu; boot with the resume of two long saved games
(``saves``); free heap and the largest free block after opening every game in turn and
resuming the 100-command game (``probe``); 20 ms taps handled; the Tholos device's move (keys marked ``move...:``
in the solo script: known edge to the last frame before the device is quiet).

Sessions run in parallel (``jobs`` processes).
"""
import multiprocessing
import time

from tools.hil import probe, saves
from tools.hil.session import Session

MS = 1e6

# (game, script): marks named move... flag the keys after which the Tholos device moves.
SCRIPTS = [
    ("Oracle", "OK OK DOWN OK OK OK OK OK OK OK OK OK OK DOWN DOWN DOWN OK OK UP UP OK DOWN OK UP OK BACK "
               "UP UP OK OK DOWN OK OK OK DOWN OK"),
    ("Delfos solo", "DOWN OK OK OK OK DOWN DOWN OK OK DOWN DOWN DOWN DOWN DOWN DOWN OK OK DOWN OK OK "
                    "OK OK OK OK OK OK OK OK OK OK OK OK OK OK OK OK"),
    ("Delphi", "DOWN DOWN OK UP UP OK DOWN OK DOWN OK DOWN DOWN OK UP UP UP OK UP UP OK BACK DOWN OK "
               "OK DOWN DOWN DOWN OK DOWN DOWN DOWN OK DOWN OK OK DOWN DOWN DOWN OK OK"),
    ("Delphi calculator", "DOWN DOWN DOWN OK OK OK DOWN OK DOWN DOWN OK OK UP OK OK DOWN OK OK OK OK"),
    ("Tholos", "DOWN DOWN DOWN DOWN OK OK DOWN OK DOWN OK DOWN DOWN OK DOWN OK OK DOWN DOWN OK OK OK "
               "DOWN DOWN DOWN OK DOWN DOWN DOWN OK DOWN OK DOWN DOWN DOWN DOWN OK OK"),
    ("Tholos solo", "DOWN DOWN DOWN DOWN OK DOWN OK DOWN DOWN DOWN OK move1:OK "
                    "OK DOWN DOWN DOWN OK DOWN DOWN OK OK move2:OK OK"),
]
# Open every game in turn from the main menu (Delfos, Delphi, the Delphi calculator, whose BACK
# opens its game menu, Tholos), then the Oracle: "Resume saved game".
TOUR = "DOWN OK BACK DOWN OK BACK DOWN OK BACK DOWN DOWN DOWN OK DOWN OK BACK UP UP UP UP OK OK"


def pct(values, q):
    """Nearest-rank percentile ``q`` (0-100) of ``values``; None when empty."""
    v = sorted(values)
    if not v:
        return None
    k = max(0, min(len(v) - 1, int(-(-q * len(v) // 100)) - 1))
    return v[k]


def _session(cfg, files=None):
    firmware, root, driver = cfg
    return Session.deployed(firmware, root, driver, files)


def game_row(cfg, game, script):
    s = _session(cfg)
    s.boot()
    s.play(script)
    from tools.hil.session import parse

    lat = [r.latency_ns for r in s.results if r.latency_ns is not None]
    nb = [r.nbytes for r in s.results]
    moves = [r.done_ns for (mark, _k, _h), r in zip(parse(script), s.results, strict=True)
             if mark and mark.startswith("move")]
    return {"game": game, "keys": len(s.results), "framed": len(lat), "lat_med": pct(lat, 50),
            "lat_p95": pct(lat, 95), "lat_max": max(lat) if lat else None, "bytes_med": pct(nb, 50),
            "bytes_max": max(nb), "moves": moves, "boot": s.boot_ns}


def resume_row(cfg, name):
    files = saves.long_saves(cfg[1])[name]
    s = _session(cfg, files)
    return {"resume": name, "boot": s.boot()}


def tour_files(root):
    """The probe main.py and the 100-command Oracle save, without the app.dat that resumes it."""
    files = dict(probe.FILES)
    files.update({p: d for p, d in saves.long_saves(root)["oracle-100"].items() if not p.endswith("/app.dat")})
    return files


def memory_row(cfg):
    """Open every game in turn from the main menu, resume the 100-command Oracle game, report."""
    s = _session(cfg, tour_files(cfg[1]))
    s.boot()
    s.play(TOUR)
    s.pico.write(b"m")
    s.settle(s.pico.now)
    mem = probe.parse(bytes(s.pico.serial).decode("utf-8", "replace"))
    return {"memory": mem, "frame": s.frame()}


TAPS = "DOWN/20 DOWN/20 DOWN/20 DOWN/20"  # on the main menu: each one moves the cursor


def taps_row(cfg):
    """Short taps (20 ms, the shortest a key must count from): how many changed the screen."""
    s = _session(cfg)
    s.boot()
    s.play(TAPS)
    return {"taps": sum(1 for r in s.results if r.frames), "of": len(s.results)}


def _run(job):
    kind, cfg, arg = job
    t = time.time()
    try:
        if kind == "game":
            out = game_row(cfg, *arg)
        elif kind == "resume":
            out = resume_row(cfg, arg)
        elif kind == "taps":
            out = taps_row(cfg)
        else:
            out = memory_row(cfg)
    except Exception as e:  # one broken session must not hide the others' figures
        out = {"error": "%s %s: %s: %s" % (kind, arg[0] if kind == "game" else arg or "", type(e).__name__, e)}
    out["wall_s"] = time.time() - t
    return out


def collect(firmware, root, driver, jobs=2):
    cfg = (firmware, root, driver)
    work = [("game", cfg, g) for g in SCRIPTS]
    work += [("resume", cfg, n) for n in ("oracle-100", "delfos-solo")] + [("memory", cfg, None)]
    work.append(("taps", cfg, None))
    work.sort(key=lambda j: j[0] != "game" or j[2][0] != "Tholos solo")  # the longest first
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(_run, work, chunksize=1)


def _ms(ns):
    return "-" if ns is None else "%d" % round(ns / MS)


def table(rows):
    """Markdown lines for the rows ``collect`` returns."""
    out = ["| emulated Pico, MicroPython v1.26.1 | key -> frame done, median (ms) | p95 (ms) | max (ms) "
           "| I2C bytes per key, median | max | keys (with a frame) |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        if "game" in r:
            out.append("| %s | %s | %s | %s | %d | %d | %d (%d) |" % (
                r["game"], _ms(r["lat_med"]), _ms(r["lat_p95"]), _ms(r["lat_max"]), r["bytes_med"],
                r["bytes_max"], r["keys"], r["framed"]))
    out.append("")
    out.append("| emulated Pico | figure |")
    out.append("|---|---|")
    boots = [r["boot"] for r in rows if "game" in r]
    if boots:
        out.append("| boot to the complete main menu | %s ms |" % _ms(min(boots)))
    for r in rows:
        if "resume" in r:
            what = {"oracle-100": "a 100-command Oracle game", "delfos-solo": "a whole 60-command Delfos solo game"}
            out.append("| boot and resume of %s | %s ms |" % (what[r["resume"]], _ms(r["boot"])))
        if "memory" in r:
            m = r["memory"] or {}
            out.append("| after opening every game and resuming the 100-command game: free heap / largest "
                       "free block | %s / %s bytes (heap %s) |" % (m.get("free"), m.get("largest"), m.get("total")))
        if "taps" in r:
            out.append("| 20 ms taps handled (DOWN on the main menu) | %d of %d |" % (r["taps"], r["of"]))
        if "error" in r:
            out.append("| **failed**: %s | - |" % r["error"])
        if r.get("moves"):
            out.append("| Tholos: the device's move (key known -> its last frame) | %s s |"
                       % " / ".join("%.2f" % (t / 1e9) for t in r["moves"]))
    return out
