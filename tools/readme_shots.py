"""Write the README's screenshots from the golden key scripts (the simulator's scripted mode).

    .venv/bin/python tools/readme_shots.py docs/img      (or: make shots)
"""
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

# README picture -> (golden script, marked frame)
SHOTS = {
    "menu": ("oracle", "menu"),
    "oracle-turn": ("oracle", "turn"),
    "oracle-consult": ("oracle", "consult"),
    "oracle-titan": ("oracle", "titan_end"),
    "oracle-battle": ("oracle", "battle"),
    "oracle-recolour": ("oracle", "recolour_die"),
    "oracle-colours": ("oracle", "colours_set"),
}
# Games add theirs from their own golden scripts; a missing one is reported, not fatal.
EXTRA = os.path.join(ROOT, "tools", "readme_shots.txt")


def main(out):
    os.makedirs(out, exist_ok=True)
    shots = dict(SHOTS)
    if os.path.exists(EXTRA):
        for line in open(EXTRA):
            parts = line.split()
            if len(parts) == 3 and not line.startswith("#"):
                shots[parts[0]] = (parts[1], parts[2])
    cache = {}
    scripts = device_run.load_scripts()
    for pic, (script, frame) in sorted(shots.items()):
        if script not in scripts:
            print("skip %s: no script %s" % (pic, script))
            continue
        if script not in cache:
            keys, seed = scripts[script]
            with tempfile.TemporaryDirectory() as d:
                cache[script] = device_run.play(FrameBuffer, d, keys, seed)[0]
        frames = cache[script]
        if frame not in frames:
            print("skip %s: no frame %s in %s" % (pic, frame, script))
            continue
        save_png(frames[frame], os.path.join(out, pic + ".png"), 3)
        print("wrote", os.path.join(out, pic + ".png"))


main(sys.argv[1] if len(sys.argv) > 1 else "docs/img")
