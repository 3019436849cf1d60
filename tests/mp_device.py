"""Under micropython: a scripted Oracle session through the real UI, real framebuf
and the recording fake display.  Prints one line per marked frame (name, hex) and the figures.

    micropython -X heapsize=128K tests/mp_device.py SAVE_DIR
"""
import gc
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "tests")

import framebuf  # noqa: E402

import device_run  # noqa: E402

gc.collect()
base = gc.mem_alloc()
frames, sent, peak, app = device_run.play(framebuf.FrameBuffer, sys.argv[1], device_run.ORACLE_SESSION,
                                          device_run.ORACLE_SEED, framebuf.MONO_VLSB)
names = sorted(frames)
for n in names:
    print("frame", n, "".join("%02x" % b for b in frames[n]))
print("sent", " ".join(str(s) for s in sent))
print("peak", peak, "base", base)
print("cmds", len(app.session.cmds))
