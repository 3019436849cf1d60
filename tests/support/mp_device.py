"""Under micropython: a scripted session through the real UI, the real framebuf
and the recording fake display.  Prints each marked frame as it is shown (in
hex, a page per line), the bus bytes per key press and the peak heap.

    micropython -X heapsize=128K tests/support/mp_device.py [--fw=DIR] SAVE_DIR [SCRIPT_NAME [--bench]]

Nothing is kept in memory between frames, so the heap figures are the App's.
"""
import gc
import sys

if len(sys.argv) > 1 and sys.argv[1].startswith("--fw="):
    sys.path.insert(0, sys.argv.pop(1)[5:])
else:  # the sources: the firmware and the Pico board's own modules (display, oled)
    sys.path[:0] = ["firmware", "boards/pico_ssd1306"]
sys.path.insert(0, "tests/support")

import framebuf  # noqa: E402
from binascii import hexlify  # noqa: E402

import device_run  # noqa: E402

name = sys.argv[2] if len(sys.argv) > 2 else "oracle"
bench = "--bench" in sys.argv  # the bench prints no frames at all
script, seed = device_run.load_script("tests/golden/" + name + ".keys")


def mark(n, buf):
    if bench:
        return
    mv = memoryview(buf)
    for page in range(8):
        print("frame", n, page, hexlify(mv[page * 128:(page + 1) * 128]).decode())


gc.collect()
base = gc.mem_alloc()
frames, sent, peak, app = device_run.play(framebuf.FrameBuffer, sys.argv[1], script, seed, framebuf.MONO_VLSB,
                                          on_mark=mark)
sys.stdout.write("sent")
for s in sent:
    sys.stdout.write(" %d" % s)
print()
print("peak", peak, "base", base)
print("cmds", len(app.session.cmds) if app.session else 0)
