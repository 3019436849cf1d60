"""The root package.json: `mpremote mip install --target / github:OWNER/REPO` installs the device.

mip's package.json format (MicroPython docs, "Package management"): ``urls``
is a list of [path on the device, source URL], ``deps`` a list of [package,
version], ``version`` a string.  URLs are relative to package.json (mpremote
joins them to the folder of the package.json it fetched), so a fork installs
its own files.  The install is checked here with mpremote's own mip code, from
the local package.json, against a recording fake board.
"""
import json
import os
import re

import pytest
from helpers import ROOT

with open(os.path.join(ROOT, "package.json")) as f:
    PACKAGE = json.load(f)


def firmware_files():
    out = set()
    for d, _dirs, files in os.walk(os.path.join(ROOT, "firmware")):
        for n in files:
            if n.endswith(".py"):
                out.add(os.path.relpath(os.path.join(d, n), ROOT).replace(os.sep, "/"))
    return out


def test_every_firmware_file_is_listed_once_at_its_import_path():
    urls = PACKAGE["urls"]
    sources = [u for _dest, u in urls]
    assert len(set(sources)) == len(sources)
    listed = {u for u in sources if u.startswith("firmware/")}
    assert listed == firmware_files(), "run tools/mip_package.py"
    for dest, url in urls:
        assert os.path.exists(os.path.join(ROOT, url)), url
        if url.startswith("firmware/"):
            assert dest == url[len("firmware/"):], "a module must land where `import` finds it: " + dest


def test_board_file_driver_and_version():
    assert ["board.py", "boards/pico_ssd1306/board.py"] in PACKAGE["urls"]
    for n in ("display.py", "oled.py"):  # the Pico board's own modules, imported by its board.py
        assert [n, "boards/pico_ssd1306/" + n] in PACKAGE["urls"], n
    assert ["main.py", "firmware/main.py"] in PACKAGE["urls"]  # runs at power-up from the root
    assert [d for d, _v in PACKAGE["deps"]] == ["ssd1306"]  # micropython-lib driver, imported by board.py
    with open(os.path.join(ROOT, "pyproject.toml")) as f:
        assert 'version = "%s"' % PACKAGE["version"] in f.read()


class FakeTransport:
    """What mpremote's mip calls on a board: records the files written."""

    def __init__(self):
        self.files = {}

    def fs_writefile(self, dest, data, progress_callback=None):
        self.files[dest] = data

    def fs_stat(self, path):
        return None

    def fs_mkdir(self, path):
        pass

    def fs_exists(self, path):
        return True

    def fs_isdir(self, path):
        return True


def test_mpremote_mip_installs_every_file_from_the_package_json(monkeypatch):
    mip = pytest.importorskip("mpremote.mip")
    deps = []
    monkeypatch.setattr(mip, "_ensure_path_exists", lambda transport, path: None)
    monkeypatch.setattr(mip, "_install_package",
                        lambda transport, package, index, target, version, mpy: deps.append((package, version)))
    t = FakeTransport()
    cwd = os.getcwd()
    os.chdir(ROOT)  # relative file URLs are joined to package.json's folder, as for github:OWNER/REPO
    try:
        mip._install_json(t, "package.json", "https://micropython.org/pi/v2", "/", None, True)  # --target /
    finally:
        os.chdir(cwd)
    assert deps == [("ssd1306", "latest")]
    written = {re.sub("/+", "/", k): v for k, v in t.files.items()}  # littlefs reads //x as /x
    for dest, url in PACKAGE["urls"]:
        with open(os.path.join(ROOT, url), "rb") as f:
            assert written["/" + dest] == f.read()
    assert len(t.files) == len(PACKAGE["urls"])
