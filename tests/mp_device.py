"""Under micropython: a scripted session through the real UI, the real framebuf
and the recording fake display.  Prints each marked frame, the bus bytes per
key press and the peak heap.

    micropython -X heapsize=128K tests/mp_device.py [--fw=DIR] SAVE_DIR [SCRIPT_NAME [--bench]]
"""
import gc
import sys

sys.path.insert(0, (sys.argv.pop(1)[5:] if len(sys.argv) > 1 and sys.argv[1].startswith("--fw=") else "firmware"))
sys.path.insert(0, "tests")

import framebuf  # noqa: E402
from binascii import hexlify  # noqa: E402

import device_run  # noqa: E402

name = sys.argv[2] if len(sys.argv) > 2 else "oracle"
keep = "--bench" not in sys.argv  # the bench keeps no frames, so the peak is the App's own
script, seed = device_run.SCRIPTS[name]
gc.collect()
base = gc.mem_alloc()
frames, sent, peak, app = device_run.play(framebuf.FrameBuffer, sys.argv[1], script, seed, framebuf.MONO_VLSB,
                                          keep=keep)
for n in sorted(frames):
    print("frame", n, hexlify(frames[n]).decode())
print("sent", " ".join(str(s) for s in sent))
print("peak", peak, "base", base)
print("cmds", len(app.session.cmds))
