"""The same App on CPython (the host simulator's framebuf), for frames to compare with the chip's.

``play(root, script, seed, saves=None)``: boot the App of project ``root`` on a fresh save
folder (holding ``saves``: {``/saves/<name>``: bytes}, as on the device), press the keys of
``script`` (golden-script format; holds are ignored) the way ``tests/support/device_run.py`` does, and
return ``(frame, app)``: the last frame (1024 bytes, MONO_VLSB) and the App.  ``seed`` is what
``board.new_seed()`` returns: the seed the device chose, read from its save (``save_doc``).
"""
import json
import os
import sys
import tempfile

from tools.hil.session import parse

KEYS = {"UP": 1, "DOWN": 2, "OK": 3, "BACK": 4, "LEFT": 5, "RIGHT": 6}


def _paths(root):
    for p in (os.path.join(root, "host_sim", "shims"), root, os.path.join(root, "tests", "support"),
              os.path.join(root, "boards", "pico_ssd1306"), os.path.join(root, "firmware")):
        if p not in sys.path:
            sys.path.insert(0, p)


def play(root, script, seed, saves=None, keep=None):
    """See the module docstring; ``keep`` (a dict, optional) receives the save files the App left
    ({``/saves/<name>``: bytes})."""
    _paths(root)
    from app import App
    from device_run import BenchBoard, settle
    from host_sim.framebuf import FrameBuffer

    with tempfile.TemporaryDirectory() as d:
        for path, data in (saves or {}).items():
            with open(os.path.join(d, os.path.basename(path)), "wb") as f:
                f.write(data)
        board = BenchBoard(FrameBuffer, d, seed)
        app = App(board).boot()
        settle(app)
        for _mark, key, _hold in parse(script):
            app.handle(KEYS[key])
            settle(app)  # background work (the Tholos device's search), as App.poll runs it
        if keep is not None:
            for n in sorted(os.listdir(d)):
                with open(os.path.join(d, n), "rb") as f:
                    keep["/saves/" + n] = f.read()
        return bytes(board.buf), app


def save_doc(data):
    """The JSON document of a save file's bytes (``DTC1 <gen> <len> <adler32>\\n<json>``)."""
    return json.loads(data.split(b"\n", 1)[1])
