"""Regenerate tests/golden/*.json and PNGs of every marked frame for review.

    .venv/bin/python tools/update_golden.py [OUT_PNG_DIR [SCRIPT_NAME ...]]

Run only after looking at the PNGs: the golden frames are what the screens
must keep drawing, byte for byte.
"""
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "boards", "pico_ssd1306"),
                os.path.join(ROOT, "tests", "support"), ROOT]

import host_sim  # noqa: E402,F401
import device_run  # noqa: E402
from host_sim.framebuf import FrameBuffer  # noqa: E402
from host_sim.sim import save_png  # noqa: E402


def main(argv):
    png_dir = argv[0] if argv else os.path.join(tempfile.gettempdir(), "golden_png")
    os.makedirs(png_dir, exist_ok=True)
    only = argv[1:]  # optional: names of the scripts to regenerate (default: all)
    for name, (script, seed) in sorted(device_run.load_scripts().items()):
        if only and name not in only:
            continue
        with tempfile.TemporaryDirectory() as d:
            frames = device_run.play(FrameBuffer, d, script, seed)[0]
        doc = {k: frames[k].hex() for k in sorted(frames)}
        with open(os.path.join(ROOT, "tests", "golden", name + ".json"), "w") as f:
            json.dump(doc, f, indent=0, sort_keys=True)
            f.write("\n")
        for k, v in frames.items():
            save_png(v, os.path.join(png_dir, "%s-%s.png" % (name, k)), 2)
        print(name, len(frames), "frames; PNGs in", png_dir)


main(sys.argv[1:])
