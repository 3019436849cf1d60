"""Command line of the HIL harness (run with the project's .venv python).

    python tools/hil keys  (--firmware F --driver D | --image I) [--root R] [--script "KEYS" | --keys FILE]
                           [--saves NAME] [--pace] [--lang zh-Hant]
    python tools/hil bench [--firmware F --driver D] [--image I] [--root R] [--jobs 2] [--memory frozen]
                           [--rounds 20] [--only delfos_game,oracle_game] [--whole stock,frozen] [--lang zh-Hant]

``--firmware``/``--driver``: MicroPython's stock image with ``make deploy``'s files of ``--root``
(default: this project; run ``make mpy`` there first); ``--image``: the project's own image
(``make firmware``), the flash holding only saves.  ``keys``: boot, press the keys (golden-script
format: ``name:KEY``, ``KEY/ms`` for a hold), each after the previous one's quiet or, with
``--pace``, at a person's pace; print the boot time and a table per key (ms from the key known to
its first frame done, to the last frame, panel bytes, frames).  ``bench``: the Markdown tables of
``tools/hil/bench.py`` for each layout given; ``--whole`` the layouts that play the whole games
(default: the project's image), ``--lang`` the device's language for them (default English).
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if HERE not in sys.path:
    sys.path.insert(0, HERE)


def _script(args):
    if args.keys:
        lines = []
        with open(args.keys) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#") and not line.startswith("seed "):
                    lines.append(line)
        return " ".join(lines)
    return args.script or ""


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tools/hil", description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=("keys", "bench"))
    ap.add_argument("--firmware", help="MicroPython's stock .uf2 (with --driver): make deploy's layout")
    ap.add_argument("--driver", help="micropython-lib's ssd1306.py")
    ap.add_argument("--image", help="the project's own .uf2 (make firmware)")
    ap.add_argument("--pace", action="store_true", help="keys at a person's pace (80 ms, gaps 150-300 ms)")
    ap.add_argument("--memory", default="frozen",
                    help="bench: the layouts (comma-separated, or none) with a memory report after every key")
    ap.add_argument("--root", default=HERE)
    ap.add_argument("--script")
    ap.add_argument("--keys", help="a key script file (tests/golden/*.keys; its seed line is ignored)")
    ap.add_argument("--saves", choices=("oracle-100", "delfos-solo", "delphi-end", "tholos-solo"),
                    help="boot with this long saved game")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=20,
                    help="bench: the rounds of the whole Delfos solo game played (20: all of it)")
    ap.add_argument("--only", help="bench: these kinds of row alone (comma-separated: resume, taps, game, names, "
                                   "game_memory, oracle_game, delfos_game)")
    ap.add_argument("--whole", default="frozen",
                    help="bench: the layouts (comma-separated) that play the whole games (oracle_game, delfos_game)")
    ap.add_argument("--lang", choices=("en", "zh-Hant"),
                    help="the device's language (keys; bench: for the whole games), stored with its settings "
                         "(default en)")
    args = ap.parse_args(argv)
    root = os.path.abspath(args.root)
    stock = bool(args.firmware and args.driver)
    if not stock and not args.image:
        ap.error("give --firmware and --driver (the stock layout), or --image (the project's image)")
    if args.command == "bench":
        from tools.hil import bench

        images = {"stock": args.firmware if stock else None, "frozen": args.image}

        def progress(row):  # each session's figures as it ends, on stderr: a long run keeps them
            print("bench: %r" % (row,), file=sys.stderr, flush=True)

        rows = bench.collect(images, root, args.driver, args.jobs, args.memory.split(","), progress,
                             args.rounds, args.only.split(",") if args.only else None, args.whole.split(","),
                             args.lang)
        for line in bench.table(rows):
            print(line)
        return 0
    from tools.hil import saves
    from tools.hil.session import Session, parse

    files = saves.long_saves(root, (args.saves,))[args.saves] if args.saves else None
    if args.lang:
        from tools.hil import bench

        files = dict(files or {}, **bench.lang_files(root, args.lang))
    if args.image:
        s = Session.frozen(args.image, files)
    else:
        s = Session.deployed(args.firmware, root, args.driver, files)
    print("boot: %.1f ms (emulated, to the last frame, bus time included)" % (s.boot() / 1e6))
    print("%-4s %-6s %10s %10s %7s %6s" % ("#", "key", "frame ms", "done ms", "bytes", "frames"))
    f = lambda ns: "-" if ns is None else "%.1f" % (ns / 1e6)  # noqa: E731
    keys = parse(_script(args))
    results = s.pace(_script(args)) if args.pace else None
    for i, (mark, key, hold) in enumerate(keys):
        r = results[i] if results else s.key(key, hold)
        print("%-4d %-6s %10s %10s %7d %6d %s" % (i, key, f(r.latency_ns), f(r.done_ns), r.nbytes, r.frames,
                                                mark or ""))
        sys.stdout.flush()
    return 0


try:
    sys.exit(main())
except (ValueError, OSError) as e:  # no build/mpy, a missing file: one line, not a traceback
    print("tools/hil: %s" % e, file=sys.stderr)
    sys.exit(2)
