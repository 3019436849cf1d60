"""``make soak``: random keys with power cuts through the real App under MicroPython, at the tightest
heap the tests use (``tests/support/helpers.HEAP``), long enough to reach the end of whole games.

    python tools/soak.py [--minutes M | --power-ons N] [--seed S] [--save DIR] [--lang zh-Hant]

One micropython process per power-on (``tests/support/mp_soak.py``): it boots on the save folder,
checks that the game the last power-on saved comes back, plays 20-400 random keys, and the power
goes between two keys or inside a save; a game with a save is resumed from the main menu every other
time it comes round. A save that does not open there is printed as a REFUSED line and fails the run;
one the menu has no room for makes the device restart into it (``opening.resume_saved``: the power-on
ends there, counted as a restart, not a cut) and the next boot must bring it back.
Why it could: on this port's model of the ``make deploy`` route MicroPython interned a game's names
as it opened, in pools that are never freed, each twice the last; opened late, the seventh pool
(1,280 names, 14 KB here) found the heap in pieces (400 power-ons: 192K 15 refused of 115, 208K-240K
1-6 of 113-145, each with 75-108 KB free). The App now interns every name of the firmware at
power-on (``games.intern_names``; the frozen image keeps names in flash): 224K 1 of 134 (the heap
full: 16 KB free, opening Delfos), 232K 0 of 164, 240K (the tests' heap) 0 of 164, and with
``--seed 7`` 0 of 109. A save refused at boot fails too. Stops after ``--minutes`` (default 6) of
wall time, or after ``--power-ons`` (the same keys and cuts on any machine, what CI runs; the heap's
layout still varies from run to run), and prints the
figures: events (keys), power cuts, games opened and finished, MemoryErrors that escaped the App,
lockups (30 keys in a row, BACK among them, with no change on the screen), good saves refused after
a cut, defects (an "Error: ..." message: an exception the App caught, its traceback printed), then
the messages shown by kind and the screens where BACK changed nothing. Exit status 1 if anything
escaped, locked up, was refused (at boot or from the menu) or was a defect (each escape, lockup and
refusal at boot also printed as a FAIL line, each refusal from the menu as a REFUSED line).
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))

import helpers  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=6.0)
    ap.add_argument("--power-ons", type=int, default=0,
                    help="stop after this many power-ons instead (the same run on any machine)")
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--save", default=None, help="the save folder (default: a fresh temporary one)")
    ap.add_argument("--lang", default="en", choices=("en", "zh-Hant"),
                    help="the device's language at the first power-on (the keys may change it in Settings)")
    args = ap.parse_args(argv)
    fw = helpers.build_mpy(pico=True)  # the firmware and the Pico board's display, oled
    harness = os.path.join(fw, "soak-harness")  # the soak's own code compiled too, as the firmware:
    os.makedirs(harness, exist_ok=True)        # its source would be compiled in the App's heap
    for name in ("mp_soak", "device_run", "fake_display"):
        subprocess.run([helpers.mpy_cross(), "-o", os.path.join(harness, name + ".mpy"),
                        os.path.join(ROOT, "tests", "support", name + ".py")], check=True)
    save = args.save or tempfile.mkdtemp(prefix="soak-")
    shutil.rmtree(save, ignore_errors=True)
    if args.lang != "en":  # the settings the Language line stores (prefs "lang": an index of lang.LANGS)
        sys.path.insert(0, os.path.join(ROOT, "firmware"))
        import lang
        import store
        os.makedirs(save, exist_ok=True)
        with open(os.path.join(save, "set-device.dat"), "wb") as f:
            f.write(store.encode({"lang": lang.LANGS.index(args.lang)}, 1))
    rnd = random.Random(args.seed)
    total = {}
    toasts = {}
    dead = {}
    short = {}
    fails = []
    episode, left, done = 0, 0, 0
    expect = None
    cuts = {"between keys": 0, "inside a save": 0}
    boots = 0
    end = time.monotonic() + args.minutes * 60
    t0 = time.monotonic()
    while (boots < args.power_ons) if args.power_ons else (time.monotonic() < end):
        n = 20 + rnd.randrange(381)
        mid = rnd.randrange(2)
        argv = ["mp_soak", "--fw=" + fw, save, str(rnd.randrange(1 << 30)), str(n), str(mid),
                str(episode), str(left), str(done)]
        if expect is not None:
            argv.append(json.dumps(expect))
        run = "import sys; sys.path.insert(0, %r); sys.argv[:] = %r; import mp_soak" % (harness, argv)
        before = save.rstrip("/") + "-before"  # the files this power-on boots on, kept until the next
        shutil.rmtree(before, ignore_errors=True)
        if os.path.isdir(save):
            shutil.copytree(save, before)
        r = helpers.run_mp(["-c", run], timeout=600)
        boots += 1
        expect = None
        state = None
        restarted = False
        for line in r.stdout.splitlines():
            word, _, rest = line.partition(" ")
            if word == "restart":
                restarted = True
            elif word == "expect":
                expect = json.loads(rest)
            elif word == "state":
                episode, left, done = (int(x) for x in rest.split())
                state = True
            elif word == "figures":
                for k, v in json.loads(rest).items():
                    total[k] = total.get(k, 0) + v
            elif word == "toast":
                c, _, text = rest.partition(" ")
                toasts[text] = toasts.get(text, 0) + int(c)
            elif word == "short":
                c, _, game = rest.partition(" ")
                short[game] = short.get(game, 0) + int(c)
            elif word == "deadback":
                c, _, screen = rest.partition(" ")
                dead[screen] = dead.get(screen, 0) + int(c)
            elif word in ("alloc", "qstr", "GC:", "Traceback", "File", "MemoryError:") or line.startswith(" "):
                print(line[:1500], flush=True)
            elif word == "REFUSED":
                print(line, "(power-on %d)" % boots, flush=True)
            elif word == "FAIL":
                fails.append(line)
                kept = "%s-fail-%d" % (save.rstrip("/"), len(fails))
                shutil.rmtree(kept, ignore_errors=True)
                if os.path.isdir(before):
                    shutil.copytree(before, kept)  # the files that power-on booted on: run it again
                print(line, "(files before: %s; power-on %d: %s)" % (kept, boots, " ".join(argv[3:])), flush=True)
        if "Traceback" in r.stdout:
            print(r.stdout[r.stdout.index("Traceback"):][:1500], flush=True)
        if r.returncode != 0 or state is None:
            fails.append("FAIL power-on %d stopped (status %d): %s" % (boots, r.returncode, r.stderr[-800:]))
            print(fails[-1], flush=True)
            total["escaped"] = total.get("escaped", 0) + 1
            episode += 1
            left = 0
        if not restarted:
            cuts["inside a save" if mid else "between keys"] += 1
    print("soak: %d events, %d power-ons, %d power cuts (%d between keys, %d inside a save), heap %s, %s, %.1f min"
          % (total.get("events", 0), boots, cuts["between keys"] + cuts["inside a save"], cuts["between keys"],
             cuts["inside a save"], helpers.HEAP, args.lang,
             (time.monotonic() - t0) / 60))
    print("games opened %d (saved ones resumed from the main menu %d, of which by a restart %d, refused %d), "
          "finished %d" % (total.get("games", 0), total.get("resumed", 0), total.get("restarts", 0),
                           total.get("menu_refused", 0), total.get("finished", 0)))
    defects = sum(c for text, c in toasts.items() if text.startswith("Error"))
    print("MemoryError escaped %d, lockups %d, good saves refused %d, defects (\"Error: ...\") %d"
          % (total.get("escaped", 0), total.get("lockups", 0), total.get("refused", 0), defects))
    print("keys answered by the out-of-memory frame %d; saves too big for the heap at boot, kept and "
          "said so %d" % (total.get("starved", 0), total.get("kept", 0)))
    print("saved games that came back on the main menu (the record of the open game still waiting for "
          "RAM at the cut) %d" % total.get("menu", 0))
    print("keys answered \"Out of memory\" by game: "
          + ", ".join("%s %d" % kv for kv in sorted(short.items(), key=lambda kv: -kv[1])))
    print("messages by kind:")
    for text, c in sorted(toasts.items(), key=lambda kv: -kv[1]):
        print("  %6d  %s" % (c, text))
    if dead:
        print("BACK changed nothing on: " + ", ".join("%s %d" % kv for kv in sorted(dead.items())))
    shutil.rmtree(save.rstrip("/") + "-before", ignore_errors=True)
    if not args.save:
        shutil.rmtree(save, ignore_errors=True)
    shutil.rmtree(fw, ignore_errors=True)  # this run's compiled firmware (helpers.build_mpy)
    bad = (total.get("escaped", 0) + total.get("lockups", 0) + total.get("refused", 0) + total.get("menu_refused", 0)
           + defects)
    return 1 if bad or fails else 0


if __name__ == "__main__":
    sys.exit(main())
