"""The emulated chip's figures for ``make bench``: Markdown tables, the stock layout and the
project's image side by side against the budgets of issue 21.

Two layouts (``LAYOUTS``): ``stock``, MicroPython's own image with ``make deploy``'s files on the
flash; ``frozen``, the project's image (``make firmware``) with only saves on the flash.

Per game, a scripted session (the start of its golden script, ``SCRIPTS``) played at a person's
pace (``Session.pace``: 80 ms presses, gaps of 150-300 ms, whether or not the device is done):
key -> last frame (``KeyResult.done_ns``: from the key known — press edge; release for OK — to
the last I2C byte of the last frame before the next key is known, plus 9 bit times per byte at
400 kHz), median and p95 (nearest rank) over the keys that changed the screen but the Tholos
device's moves; I2C bytes per key (median, max); the Tholos device's move (keys marked
``move...``: the player waits for it, its own budget and row).  The
same script again, each key followed by quiet and a memory report (``probe``): the smallest
largest free heap block seen after any key.  Then: boot to the main menu; boot with the resume of
the longest save of each game (``saves.LONGEST``) and the largest free block after it; 20 ms taps
30 ms apart on the main menu, counted.  On the stock layout, the names file's worth (``names_row``):
the main menu's free heap and largest block after the boot and after every game and saved game
opened, with and without ``qstr_names.bin``.

The whole games (``oracle_game``, ``delfos_game``) can be played with the device set to another
language (``lang``: a name of ``lang.LANGS``, stored with the device's settings as Settings,
Language stores it, before the boot); English is the default and its figures are those above.

Sessions run in parallel (``jobs`` processes).
"""
import multiprocessing
import time

from tools.hil import fsimage, probe, saves
from tools.hil.session import Session, parse

MS = 1e6
LAYOUTS = ("stock", "frozen")
# Budgets (issue 21, section 3), for the table's last column.
BUDGET = {"lat_med": 30, "lat_p95": 100, "bytes_med": 256, "boot": 120, "resume": 300, "largest": 150 * 1024,
          "move": 2.0}

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
TOUR = "DOWN OK BACK DOWN OK BACK DOWN OK BACK DOWN DOWN OK DOWN OK BACK UP UP UP UP OK OK"
# A whole Delfos solo game with the device moving Khaos, set-up to the final score: Delfos, New
# game, Solo, Green, Khaos Yellow, architect side B, scoring card 3, goal tiles later, Normal,
# "Device moves Khaos", "Device draws layout", "Matches my board"; the layout, a row a press (7 rows
# on the 9 x 7 board); then
# OK on every screen: the likeliest move, its best space (the first tile has one: placed at once),
# Khaos's turn (draw and move, then "pieces moved"), 20 rounds, ending on the solo score (the game
# saved).  The keys after the layout are DELFOS_KEYS: round 1 three, the others four each.
DELFOS_SETUP = "DOWN OK OK OK OK OK DOWN OK DOWN DOWN DOWN OK OK DOWN OK DOWN DOWN OK OK OK"
DELFOS_LAYOUT = 7
DELFOS_KEYS = 79
DELFOS_GAME = " ".join([DELFOS_SETUP] + ["OK"] * (DELFOS_LAYOUT + DELFOS_KEYS))
# Budgets of the whole game (issue 36): every key after the layout, in every round; and the Oracle
# golden session's (a whole 3-player game) median bytes and ms a key.
GAME_BUDGET = {"p95": 60, "max": 100, "bytes": 1100, "oracle_bytes_med": 500, "oracle_med": 25}
TAPS = 4  # DOWN taps on the main menu, TAP_MS long, TAP_GAP_MS apart
TAP_MS = 20
TAP_GAP_MS = 30


def pct(values, q):
    """Nearest-rank percentile ``q`` (0-100) of ``values``; None when empty."""
    v = sorted(values)
    if not v:
        return None
    k = max(0, min(len(v) - 1, int(-(-q * len(v) // 100)) - 1))
    return v[k]


def lang_files(root, language):
    """The device's settings with ``language`` (a name of ``lang.LANGS``; None or "en": English, no
    file) as a flash file ({path: bytes}), written as the firmware stores them (``store.encode``)."""
    if not language or language == "en":
        return {}
    import os
    import sys

    sys.path.insert(0, os.path.join(root, "firmware"))
    try:
        import lang
        import store
    finally:
        sys.path.pop(0)
    return {"/saves/set-device.dat": store.encode({"lang": lang.LANGS.index(language)}, 1)}


def _session(cfg, files=None):
    """A booted-later Session for ``cfg`` = (layout, image, root, driver)."""
    layout, image, root, driver = cfg
    if layout == "frozen":
        return Session.frozen(image, files)
    return Session.deployed(image, root, driver, files)


def _memory(s):
    """Ask the probe for a report, wait for quiet; its figures (dict) or None."""
    n = len(s.pico.serial)
    s.pico.write(b"m")
    s.settle(s.pico.now)
    return probe.parse(bytes(s.pico.serial[n:]).decode("utf-8", "replace"))


def game_row(cfg, game, script):
    s = _session(cfg)
    s.boot()
    res = s.pace(script)
    marks = [mark for mark, _k, _h in parse(script)]
    # the Tholos device's moves have their own budget (2 s) and row: not in the keys' figures
    lat = [r.done_ns for mark, r in zip(marks, res, strict=True)
           if r.done_ns is not None and not (mark and mark.startswith("move"))]
    nb = [r.nbytes for r in res]
    moves = [r.done_ns for mark, r in zip(marks, res, strict=True) if mark and mark.startswith("move")]
    return {"game": game, "keys": len(res), "framed": len(lat), "lat_med": pct(lat, 50),
            "lat_p95": pct(lat, 95), "lat_max": max(lat) if lat else None, "bytes_med": pct(nb, 50),
            "bytes_max": max(nb), "moves": moves, "boot": s.boot_ns}


def delfos_round(i):
    """The round (1-20) of key ``i`` after the layout of ``DELFOS_GAME``."""
    return 1 if i < 3 else 2 + (i - 3) // 4


def delfos_game_row(cfg, rounds=20, language=None):
    """The whole Delfos solo game of ``DELFOS_GAME`` at a person's pace (``rounds`` < 20: its
    first rounds only, a shorter run): per round the keys' key -> last frame (ns) and bytes;
    whether the last frame is the host's for the same keys and the chip's seed (read from its
    save), and whether the game was saved over.  ``language``: the device's (``lang_files``)."""
    from tools.hil import host

    n = DELFOS_KEYS if rounds >= 20 else 3 + 4 * (rounds - 1)
    keys = " ".join([DELFOS_SETUP] + ["OK"] * (DELFOS_LAYOUT + n))
    files = lang_files(cfg[2], language)
    s = _session(cfg, files)
    s.boot()
    res = s.pace(keys)[-n:]
    per = {}
    for i, r in enumerate(res):
        per.setdefault(delfos_round(i), []).append((r.done_ns, r.nbytes))
    out = {"delfos_game": rounds, "keys": n, "lost": sum(1 for r in res if r.done_ns is None),
           "rounds": [[k, [t for t, _b in v], [b for _t, b in v]] for k, v in sorted(per.items())]}
    data = s.read("/saves/delfos.dat")
    if data:
        doc = host.save_doc(data)
        frame, app = host.play(cfg[2], keys, doc["seed"], files)
        out["host_frame"] = frame == s.frame()
        out["saved"] = len(doc["cmds"]) == len(app.session.cmds)
    if language:
        out["lang"] = language
    return out


SEED_BOOT = """\"\"\"HIL: every new game's seed is %d (the key script's), so the chip plays the game the script was
written for, whatever the boot's timing (which differs with the language) makes of the seed.\"\"\"
import sys

_p = sys.path
if ".frozen" in _p:  # as main.py orders it: the board file main.py will import
    _p.remove(".frozen")
    _p.insert(0, ".frozen")

import board

board.Board.new_seed = lambda self: %d
del _p
"""


def seed_files(seed):
    """A ``boot.py`` that makes ``seed`` every new game's seed on the chip (``SEED_BOOT``)."""
    return {"/boot.py": (SEED_BOOT % (seed, seed)).encode()}


def oracle_game_row(cfg, language=None):
    """The Oracle golden session (tests/golden/oracle.keys: a whole 3-player game, set-up to the
    ranking, the chip's seed the script's: ``seed_files``) at a person's pace: the median key ->
    last frame and I2C bytes a key; whether the last frame is the host's for the same keys and
    the chip's seed (read from its save).
    ``language``: the device's (``lang_files``)."""
    import os

    from tools.hil import host

    with open(os.path.join(cfg[2], "tests", "golden", "oracle.keys")) as f:
        lines = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    script = " ".join(line for line in lines if not line.startswith("seed "))
    seed = [int(line[5:]) for line in lines if line.startswith("seed ")][0]
    files = lang_files(cfg[2], language)
    files.update(seed_files(seed))
    s = _session(cfg, files)
    s.boot()
    res = s.pace(script)
    lat = [r.done_ns for r in res if r.done_ns is not None]
    nb = [r.nbytes for r in res]
    out = {"oracle_game": len(res), "framed": len(lat), "lat_med": pct(lat, 50), "lat_p95": pct(lat, 95),
           "lat_max": max(lat) if lat else None, "bytes_med": pct(nb, 50), "bytes_max": max(nb)}
    data = s.read("/saves/oracle.dat")
    if data:
        frame, _app = host.play(cfg[2], script, host.save_doc(data)["seed"], files)
        out["host_frame"] = frame == s.frame()
    if language:
        out["lang"] = language
    return out


def game_memory_row(cfg, game, script):
    """The script again, a memory report after every key (and after boot): the smallest largest
    free block and the smallest free heap seen."""
    s = _session(cfg, dict(probe.FILES))
    s.boot()
    mems = [_memory(s)]
    for _mark, key, hold in parse(script):
        s.key(key, hold)
        mems.append(_memory(s))
    got = [m for m in mems if m]
    return {"game_memory": game, "largest_min": min(m["largest"] for m in got) if got else None,
            "free_min": min(m["free"] for m in got) if got else None, "reports": len(got), "keys": len(mems) - 1}


def resume_row(cfg, name):
    files = dict(saves.long_saves(cfg[2], (name,))[name])
    files.update(probe.FILES)
    s = _session(cfg, files)
    boot = s.boot()
    mem = _memory(s)
    return {"resume": name, "boot": boot, "largest": mem and mem["largest"], "free": mem and mem["free"]}


def tour_files(root):
    """The probe boot.py and the 100-command Oracle save, without the app.dat that resumes it."""
    files = dict(probe.FILES)
    files.update({p: d for p, d in saves.long_saves(root)["oracle-100"].items() if not p.endswith("/app.dat")})
    return files


# From the main menu after TOUR (every game opened, the Oracle's saved game resumed): back to the
# menu (BACK: the game menu; End game, Main menu), then the saved Oracle and Delfos games opened from
# it ("Resume saved game") and left, one after another: the menu after each of the four.
LEAVE = "BACK DOWN DOWN OK"
REOPEN = (TOUR, "OK OK", "DOWN OK OK", "UP OK OK")


def names_row(cfg, with_names):
    """``make deploy``'s layout on ``cfg``'s image (MicroPython's stock one) with or without the
    names file (``qstr_names.bin``, games.intern_names) and the two long saves: after the boot and
    at the main menu after each game of ``REOPEN`` left, the free heap and largest free block
    (bytes) and the qstr pools; the last screen compared with the host's after the same keys."""
    from tools.hil import host

    _layout, image, root, driver = cfg
    files = fsimage.deploy_files(root, driver)
    if not with_names:
        files.pop("/qstr_names.bin")
    files.update(probe.FILES)
    kept = {}
    for got in saves.long_saves(root, ("oracle-100", "delfos-solo")).values():
        kept.update({p: d for p, d in got.items() if not p.endswith("/app.dat")})
    files.update(kept)
    s = Session(image, fsimage.build_image(files))
    boot = s.boot()

    def report():
        n = len(s.pico.serial)
        s.pico.write(b"m")
        s.settle(s.pico.now)
        text = bytes(s.pico.serial[n:]).decode("utf-8", "replace")
        mem = probe.parse(text)
        return mem and (mem["free"], mem["largest"]), probe.names(text)

    after_boot, boot_pools = report()
    menus, pools = [], None
    for keys in REOPEN:
        s.play(keys + " " + LEAVE)
        mem, pools = report()
        menus.append(mem)
    frame, _app = host.play(root, " ".join(k + " " + LEAVE for k in REOPEN), 1, kept)
    return {"names": with_names, "boot": boot, "after_boot": after_boot, "boot_pools": boot_pools,
            "menus": menus, "pools": pools, "host_frame": s.frame() == frame}


def taps_row(cfg):
    """Short taps (TAP_MS, TAP_GAP_MS apart) on the main menu: how many moved the cursor, found
    by the host's frames after 0..TAPS DOWN keys."""
    from tools.hil import host

    s = _session(cfg)
    s.boot()
    s.pace(" ".join(["DOWN/%d" % TAP_MS] * TAPS), gaps=(TAP_GAP_MS,))
    got = s.frame()
    counted = None
    for n in range(TAPS + 1):
        frame, _app = host.play(cfg[2], " ".join(["DOWN"] * n), 1)
        if frame == got:
            counted = n
    return {"taps": counted, "of": TAPS}


def timed(row, what):
    """``row()`` (a dict of figures) with its wall time in seconds (``wall_s``); an exception
    becomes ``{"error": "<what>: <type>: <message>"}``: one broken session must not hide the
    others' figures."""
    t = time.time()
    try:
        out = row()
    except Exception as e:
        out = {"error": "%s: %s: %s" % (what, type(e).__name__, e)}
    out["wall_s"] = time.time() - t
    return out


def _row(kind, cfg, arg, language=None):
    if kind == "game":
        return game_row(cfg, *arg)
    if kind == "game_memory":
        return game_memory_row(cfg, *arg)
    if kind == "resume":
        return resume_row(cfg, arg)
    if kind == "delfos_game":
        return delfos_game_row(cfg, arg, language)
    if kind == "oracle_game":
        return oracle_game_row(cfg, language)
    if kind == "names":
        return names_row(cfg, arg)
    return taps_row(cfg)


def _run(job):
    kind, cfg, arg, language = job
    out = timed(lambda: _row(kind, cfg, arg, language),
                "%s %s %s" % (cfg[0], kind, arg[0] if isinstance(arg, tuple) else arg or ""))
    out["layout"] = cfg[0]
    return out


def collect(images, root, driver, jobs=2, memory=("frozen",), progress=None, rounds=20, only=None,
            whole=("frozen",), language=None):
    """Rows for every layout of ``images`` ({layout: .uf2 path}); for the layouts in ``memory``,
    also the runs with a memory report after every key (about as long again: by default only on
    the image players get, whose budget it is).  The whole games (``delfos_game``, ``rounds`` of
    it, and ``oracle_game``) on the layouts of ``whole`` (by default the project's image only),
    with the device in ``language`` (None: English).  ``only``: these kinds of row alone.
    ``progress(row)`` (optional) as each one ends."""
    work = []
    for layout in LAYOUTS:
        if not images.get(layout):
            continue
        cfg = (layout, images[layout], root, driver)
        work += [("game", cfg, g) for g in SCRIPTS]
        if layout in memory:
            work += [("game_memory", cfg, g) for g in SCRIPTS]
        work += [("resume", cfg, n) for n in saves.LONGEST]
        work.append(("taps", cfg, None))
        if layout in whole:
            work += [("oracle_game", cfg, None), ("delfos_game", cfg, rounds)]
        if layout != "frozen":
            work += [("names", cfg, True), ("names", cfg, False)]
    if only:
        work = [j for j in work if j[0] in only]
    # The short sessions first, then each game on both layouts in turn, the memory runs last, the
    # whole games at the very end: a run cut short still has whole rows.
    kinds = ("resume", "taps", "game", "game_memory", "names", "oracle_game", "delfos_game")
    games = [g for g, _s in SCRIPTS]
    work.sort(key=lambda j: (kinds.index(j[0]), games.index(j[2][0]) if j[0].startswith("game") else 0))
    work = [j + (language if j[0] in ("oracle_game", "delfos_game") else None,) for j in work]
    rows = []
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for r in pool.imap_unordered(_run, work, chunksize=1):
            rows.append(r)
            if progress:
                progress(r)
    return rows


def _ms(ns):
    return "-" if ns is None else "%d" % round(ns / MS)


def _kb(b):
    return "-" if b is None else "%d" % (b // 1024)


def _pair(rows, f):
    """'stock / frozen' of f(row) for the rows given per layout."""
    return " / ".join(f(rows[lay]) if lay in rows else "-" for lay in LAYOUTS)


def table(rows):
    """Markdown lines for the rows ``collect`` returns: each cell 'stock / frozen'."""
    out = []
    for r in rows:
        if "error" in r:
            out.append("**failed**: %s" % r["error"])
    by = {}
    for r in rows:
        for k in ("game", "game_memory", "resume", "taps"):
            if k in r:
                by.setdefault((k, r[k] if k != "taps" else None), {})[r["layout"]] = r
    out.append("| emulated Pico, MicroPython's stock image + files / the project's image | key → last frame, "
               "median (ms) | p95 (ms) | max (ms) | I2C bytes per key, median | max | smallest largest free "
               "block at any key (KB) | keys (with a frame) |")
    out.append("|---|---|---|---|---|---|---|---|")
    for game, _script in SCRIPTS:
        g = by.get(("game", game), {})
        m = by.get(("game_memory", game), {})
        if not g:
            continue
        out.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            game, _pair(g, lambda r: _ms(r["lat_med"])), _pair(g, lambda r: _ms(r["lat_p95"])),
            _pair(g, lambda r: _ms(r["lat_max"])), _pair(g, lambda r: "%d" % r["bytes_med"]),
            _pair(g, lambda r: "%d" % r["bytes_max"]), _pair(m, lambda r: _kb(r["largest_min"])),
            _pair(g, lambda r: "%d (%d)" % (r["keys"], r["framed"]))))
    out.append("| budget | ≤ %d | ≤ %d | | ≤ %d | | ≥ %d | |" % (
        BUDGET["lat_med"], BUDGET["lat_p95"], BUDGET["bytes_med"], BUDGET["largest"] // 1024))
    out.append("")
    out.append("| emulated Pico | stock + files | frozen image | budget |")
    out.append("|---|---|---|---|")
    boots = {}
    for (k, _n), per in by.items():
        if k == "game":
            for lay, r in per.items():
                boots.setdefault(lay, []).append(r["boot"])
    out.append("| boot to the complete main menu | %s | ≤ %d ms |" % (
        " | ".join("%s ms" % _ms(min(boots[lay])) if lay in boots else "-" for lay in LAYOUTS), BUDGET["boot"]))
    for name, what in saves.LONGEST.items():
        per = by.get(("resume", name), {})
        out.append("| boot and resume of %s; then the largest free block | %s | ≤ %d ms; ≥ %d KB |" % (
            what, " | ".join("%s ms; %s KB" % (_ms(per[lay]["boot"]), _kb(per[lay]["largest"])) if lay in per
                             else "-" for lay in LAYOUTS), BUDGET["resume"], BUDGET["largest"] // 1024))
    per = by.get(("game", "Tholos solo"), {})
    out.append("| Tholos: the device's move (key known → its last frame) | %s | ≤ %.0f s |" % (
        " | ".join(" / ".join("%.2f s" % (t / 1e9) for t in per[lay]["moves"]) if lay in per else "-"
                   for lay in LAYOUTS), BUDGET["move"]))
    per = by.get(("taps", None), {})
    out.append("| %d ms taps %d ms apart (DOWN on the main menu), counted | %s | all |" % (
        TAP_MS, TAP_GAP_MS, " | ".join("%s of %d" % ("?" if per[lay]["taps"] is None else per[lay]["taps"],
                                                     per[lay]["of"]) if lay in per else "-" for lay in LAYOUTS)))
    return out + game_table(rows) + names_table(rows)


def names_table(rows):
    """Markdown lines for the ``names`` rows: the main menu's heap with and without the names file."""
    got = {r["names"]: r for r in rows if "names" in r and "error" not in r}
    if not got:
        return []

    def cell(m):
        return "-" if not m else "%s / %s" % (format(m[0], ","), format(m[1], ","))

    out = ["", "| make deploy's files on the stock image: the main menu's free heap / largest free block (bytes) "
           "| with the names file | without |", "|---|---|---|"]
    both = [got.get(True), got.get(False)]
    out.append("| after the boot (boot to the menu) | %s |" % " | ".join(
        "%s (%s ms)" % (cell(r["after_boot"]), _ms(r["boot"])) if r else "-" for r in both))
    for i, what in enumerate(("every game opened, the Oracle's saved game resumed, left",
                              "then the saved Oracle game opened from the menu, left", "then the saved Delfos game",
                              "then the saved Oracle game again")):
        out.append("| %s | %s |" % (what, " | ".join(cell(r["menus"][i]) if r else "-" for r in both)))
    out.append("| qstr pools at the end: pools, names, bytes | %s |" % " | ".join(
        "%s, %s, %s" % tuple(r["pools"]) if r and r["pools"] else "-" for r in both))
    out.append("| last frame the host's | %s |" % " | ".join(str(r["host_frame"]) if r else "-" for r in both))
    return out


def game_table(rows):
    """Markdown lines for the whole games: the Delfos solo game per round, then the Oracle game's
    medians, each with its layout and language."""
    out = []
    for r in rows:
        if "delfos_game" not in r:
            continue
        every = [t for _k, ts, _b in r["rounds"] for t in ts if t is not None]
        nbs = [b for _k, _t, bs in r["rounds"] for b in bs]
        out.append("")
        out.append("Delfos solo, the device moving Khaos, %d rounds (%d keys after the layout, OK on every "
                   "screen; %d keys without a frame; last frame the host's: %s; saved: %s), key → last frame:"
                   % (r["delfos_game"], r["keys"], r["lost"], r.get("host_frame", "-"), r.get("saved", "-")))
        out.append("")
        out.append("| round | keys | median (ms) | p95 (ms) | max (ms) | I2C bytes per key, median | max |")
        out.append("|---|---|---|---|---|---|---|")
        for k, ts, bs in r["rounds"]:
            t = [x for x in ts if x is not None]
            out.append("| %d | %d | %s | %s | %s | %d | %d |" % (k, len(ts), _ms(pct(t, 50)), _ms(pct(t, 95)),
                                                              _ms(max(t) if t else None), pct(bs, 50), max(bs)))
        out.append("| the game | %d | %s | %s | %s | %d | %d |" % (
            len(nbs), _ms(pct(every, 50)), _ms(pct(every, 95)), _ms(max(every) if every else None), pct(nbs, 50),
            max(nbs)))
        out.append("| budget | | | ≤ %d | ≤ %d | | ≤ %d |" % (GAME_BUDGET["p95"], GAME_BUDGET["max"],
                                                            GAME_BUDGET["bytes"]))
    for r in rows:
        if "oracle_game" not in r:
            continue
        out.append("")
        out.append("The Oracle on the %s layout%s: last frame the host's: %s" % (
            r.get("layout", "-"), ", the device in %s" % r["lang"] if r.get("lang") else "", r.get("host_frame", "-")))
        out.append("")
        out.append("| the Oracle, a whole 3-player game (tests/golden/oracle.keys, %d keys) | median | p95 | "
                   "budget |" % r["oracle_game"])
        out.append("|---|---|---|---|")
        out.append("| key → last frame (ms) | %s | %s (max %s) | median ≤ %d |" % (
            _ms(r["lat_med"]), _ms(r["lat_p95"]), _ms(r.get("lat_max")), GAME_BUDGET["oracle_med"]))
        out.append("| I2C bytes per key | %d | max %d | median ≤ %d |" % (
            r["bytes_med"], r["bytes_max"], GAME_BUDGET["oracle_bytes_med"]))
    return out
