"""`make web`'s bundle (tools/build_web.py): every compiled firmware module and the browser board.

Runs without a browser or node: only the bundle step, on the firmware cross-compiled here.
"""
import os
import sys

from helpers import ROOT, build_mpy

sys.path.insert(0, os.path.join(ROOT, "tools"))
import build_web  # noqa: E402

sys.path.pop(0)


def test_bundle_has_every_firmware_module_and_the_web_board(tmp_path):
    files = build_web.firmware_files(build_mpy(), str(tmp_path))
    want = set()
    for d, _dirs, names in os.walk(os.path.join(ROOT, "firmware")):
        for n in names:
            if n.endswith(".py"):
                rel = os.path.relpath(os.path.join(d, n), os.path.join(ROOT, "firmware")).replace(os.sep, "/")
                want.add(rel[:-3] + ".mpy")
    want.discard("main.mpy")  # its App.run() never returns: the page calls App.poll() instead
    want.add("board.mpy")  # boards/web/board.py, imported by the App as `board`
    assert set(files) == want
    for name, data in files.items():
        assert data[:1] == b"M", name  # the .mpy header's magic byte, as mpy-cross writes it
