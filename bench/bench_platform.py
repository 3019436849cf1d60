"""Platform figures for the scripted Oracle of Delphi session (tests/golden/oracle.keys).

    .venv/bin/python bench/bench_platform.py        (run by `make bench`, after `make mpy`)

Prints: peak live heap under MicroPython (-X heapsize=128K, firmware as .mpy,
gc.mem_alloc after gc.collect at every key), bytes sent to the display per
key press (median and maximum) next to a full-frame redraw, and host time
per key press on CPython.
"""
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tests", "support"), os.path.join(ROOT, "firmware"), ROOT,
                os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "boards", "pico_ssd1306")]

import device_run  # noqa: E402
import helpers  # noqa: E402

from host_sim.framebuf import FrameBuffer  # noqa: E402

UI_SCRIPTS = ("oracle", "delfos-solo", "delfos-end", "delphi-end", "delphi-calc", "tholos-solo", "tholos")
FULL_FRAME = 8 * (4 + 1 + 128)  # a page each: 0x00 and 3 page/column commands, control byte, 128 bytes


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def main():
    script, seed = device_run.load_scripts()["oracle"]
    keys = len(device_run.parse(script))
    with tempfile.TemporaryDirectory() as d:
        r = helpers.run_mp_fw("tests/support/mp_device.py", [d, "oracle", "--bench"])
    if r.returncode:
        print(r.stdout[-1000:], r.stderr[-1000:])
        raise SystemExit("micropython run failed")
    peak = base = 0
    sent = []
    for line in r.stdout.splitlines():
        if line.startswith("peak "):
            parts = line.split()
            peak, base = int(parts[1]), int(parts[3])
        elif line.startswith("sent "):
            sent = [int(x) for x in line.split()[1:]]
    print("Oracle of Delphi scripted session: %d key presses, seed %d" % (keys, seed))
    print("  MicroPython peak live heap: %d bytes (%d after imports; heap cap 128K, 64-bit unix port)" % (peak, base))
    nonzero = [s for s in sent if s]
    print("  display bytes per key press: median %s, max %d (all presses), median %s over the %d presses"
          " that changed the screen; full-frame redraw %d bytes"
          % (median(sent), max(sent), median(nonzero), len(nonzero), FULL_FRAME))
    with tempfile.TemporaryDirectory() as d:
        t0 = time.perf_counter()
        device_run.play(FrameBuffer, d, script, seed)
        dt = time.perf_counter() - t0
    print("  CPython host time per key press (draw + flush + save): %.2f ms" % (dt * 1000 / keys))
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([helpers.micropython(), "-X", "heapsize=128K", "tests/support/mp_device.py",
                        "--fw=" + helpers.build_mpy(pico=True), d, "oracle", "--bench"], cwd=ROOT, capture_output=True)
    dt = time.perf_counter() - t0
    print("  MicroPython (unix) whole session incl. start-up: %.0f ms, %.2f ms per key press"
          % (dt * 1000, dt * 1000 / keys))
    print("Peak live heap of each game's scripted session through the screens (MicroPython, 128K cap, .mpy):")
    for name in UI_SCRIPTS:
        if not os.path.exists(os.path.join(ROOT, "tests", "golden", name + ".keys")):
            continue
        with tempfile.TemporaryDirectory() as d:
            r = helpers.run_mp_fw("tests/support/mp_device.py", [d, name, "--bench"])
        line = [ln for ln in r.stdout.splitlines() if ln.startswith("peak ")]
        cmds = [ln for ln in r.stdout.splitlines() if ln.startswith("cmds ")]
        if r.returncode or not line:
            print("  %-14s FAILED: %s" % (name, (r.stdout + r.stderr)[-200:]))
            continue
        parts = line[0].split()
        print("  %-14s %6s bytes (after imports %s), %s key presses, %s commands"
              % (name, parts[1], parts[3], len(device_run.parse(device_run.load_script(
                  os.path.join(ROOT, "tests", "golden", name + ".keys"))[0])), cmds[0].split()[1]))


def bus_bytes():
    """Display bytes per key press over every UI script (CPython, fake SSD1306)."""
    print("Display bytes per key press (one window per changed region; CPython, all presses):")
    every = []
    for name in UI_SCRIPTS:
        path = os.path.join(ROOT, "tests", "golden", name + ".keys")
        if not os.path.exists(path):
            continue
        script, seed = device_run.load_script(path)
        with tempfile.TemporaryDirectory() as d:
            sent = device_run.play(FrameBuffer, d, script, seed)[1]
        every += sent
        print("  %-14s median %5s  max %5d  (%d presses)" % (name, median(sent), max(sent), len(sent)))
    print("  %-14s median %5s  max %5d  (%d presses)" % ("all", median(every), max(every), len(every)))


def text_speed():
    """Unix MicroPython time to draw a screenful of text, glyphs blitted (gfx.Glyphs) or bit runs."""
    code = (
        "import sys, time\nsys.path.insert(0, sys.argv[1])\nimport framebuf\nfrom gfx import Gfx, Glyphs\n"
        "class F(framebuf.FrameBuffer):\n    pass\n"
        "for hook in (False, True):\n"
        "    fb = F(bytearray(1024), 128, 64, framebuf.MONO_VLSB)\n"
        "    if hook:\n        fb.glyph = Glyphs(fb, framebuf).glyph\n"
        "    g = Gfx(fb)\n    t = time.ticks_us()\n"
        "    for _ in range(50):\n        fb.fill(0)\n"
        "        for y in range(0, 64, 8):\n            g.text('Delphi companion 0123', 0, y, (y >> 3) & 1)\n"
        "    print(hook, time.ticks_diff(time.ticks_us(), t) / 50)\n")
    r = subprocess.run([helpers.micropython(), "-c", code, helpers.build_mpy()], capture_output=True, text=True)
    v = dict(ln.split() for ln in r.stdout.splitlines() if ln.startswith(("True", "False")))
    if len(v) == 2:
        print("Text, 8 lines x 21 characters (unix MicroPython; the Pico is 100-230x slower): %.0f us drawn"
              " bit run by bit run, %.0f us blitted (gfx.Glyphs)" % (float(v["False"]), float(v["True"])))
    else:
        print("text speed: FAILED", r.stdout[-300:], r.stderr[-300:])


main()
bus_bytes()
text_speed()
