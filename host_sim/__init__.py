"""Host side of the table companion: simulator, screenshots and scoring tool (CPython).

The firmware modules are imported unchanged from ``firmware/``, which is put
on ``sys.path`` here, exactly as they sit at the root of the Pico's flash.
"""
import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
SHIMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shims")
for _p in (SHIMS, FIRMWARE):
    if _p not in sys.path:
        sys.path.insert(0, _p)
