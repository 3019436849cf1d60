"""Command line of the HIL harness (run with the project's .venv python).

    python tools/hil keys  --firmware F --driver D [--root R] [--script "KEYS" | --keys FILE] [--saves NAME]
    python tools/hil bench --firmware F --driver D [--root R] [--jobs 2]

``keys``: boot, press the keys (golden-script format: ``name:KEY``, ``KEY/ms`` for a hold),
print the boot time and a table per key (ms from the key known to its first frame done, to the
last frame, panel bytes, frames).  ``bench``: the Markdown table of ``tools/hil/bench.py``.
``--root``: the project to deploy (default: this one; run ``make mpy`` there first).
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
    ap.add_argument("--firmware", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--root", default=HERE)
    ap.add_argument("--script")
    ap.add_argument("--keys", help="a key script file (tests/golden/*.keys; its seed line is ignored)")
    ap.add_argument("--saves", choices=("oracle-100", "delfos-solo"), help="boot with this long saved game")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    root = os.path.abspath(args.root)
    if args.command == "bench":
        from tools.hil import bench

        for line in bench.table(bench.collect(args.firmware, root, args.driver, args.jobs)):
            print(line)
        return 0
    from tools.hil import saves
    from tools.hil.session import Session

    files = saves.long_saves(root)[args.saves] if args.saves else None
    s = Session.deployed(args.firmware, root, args.driver, files)
    print("boot: %.1f ms (emulated, to the last frame, bus time included)" % (s.boot() / 1e6))
    print("%-4s %-6s %10s %10s %7s %6s" % ("#", "key", "frame ms", "done ms", "bytes", "frames"))
    from tools.hil.session import parse

    for i, (mark, key, hold) in enumerate(parse(_script(args))):
        r = s.key(key, hold)
        f = lambda ns: "-" if ns is None else "%.1f" % (ns / 1e6)  # noqa: E731
        print("%-4d %-6s %10s %10s %7d %6d %s" % (i, key, f(r.latency_ns), f(r.done_ns), r.nbytes, r.frames,
                                                mark or ""))
        sys.stdout.flush()
    return 0


try:
    sys.exit(main())
except (ValueError, OSError) as e:  # no build/mpy, a missing file: one line, not a traceback
    print("tools/hil: %s" % e, file=sys.stderr)
    sys.exit(2)
