"""Golden frames, byte for byte, and the same frames from the real MicroPython."""
import json
import os

import device_run
import pytest
from helpers import ROOT, run_mp_fw

from host_sim.framebuf import FrameBuffer

NAMES = sorted(device_run.load_scripts())


def golden(name):
    with open(os.path.join(ROOT, "tests", "golden", name + ".json")) as f:
        return {k: bytes.fromhex(v) for k, v in json.load(f).items()}


SCRIPTS = device_run.load_scripts()


def cpython_frames(name, tmp_path):
    script, seed = SCRIPTS[name]
    return device_run.play(FrameBuffer, str(tmp_path), script, seed)[0]


@pytest.mark.parametrize("name", NAMES)
def test_golden_frames(name, tmp_path):
    got = cpython_frames(name, tmp_path)
    want = golden(name)
    assert sorted(got) == sorted(want)
    for k in want:
        assert got[k] == want[k], "frame %s/%s differs: look at tools/update_golden.py PNGs" % (name, k)


@pytest.mark.parametrize("name", NAMES)
def test_micropython_draws_the_same_bytes(name, tmp_path):
    r = run_mp_fw("tests/support/mp_device.py", [str(tmp_path), name])
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert "MemoryError" not in r.stdout + r.stderr
    pages = {}
    for line in r.stdout.splitlines():
        if line.startswith("frame "):
            _, k, page, hx = line.split()
            pages.setdefault(k, {})[int(page)] = bytes.fromhex(hx)
    mp = {k: b"".join(v[i] for i in range(8)) for k, v in pages.items()}
    cp = cpython_frames(name, tmp_path / "cp")
    assert sorted(mp) == sorted(cp)
    for k in cp:
        assert mp[k] == cp[k], "frame %s differs between CPython and MicroPython" % k
