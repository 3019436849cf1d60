"""Rewrite the root package.json (mip's manifest) from the files under firmware/.

    .venv/bin/python tools/mip_package.py

Every firmware module lands at its import path on the device, then the Pico
board's own modules (display.py, oled.py) and its board file as board.py; the
ssd1306 driver comes as a mip dependency.  Run it after adding or removing a
firmware file (tests/test_mip_package.py checks).
The "version" comes from firmware/version.py, the firmware's one version string.
"""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def firmware_urls():
    urls = []
    for d, dirs, files in os.walk(os.path.join(ROOT, "firmware")):
        dirs.sort()
        for n in sorted(files):
            if n.endswith(".py"):
                src = os.path.relpath(os.path.join(d, n), ROOT).replace(os.sep, "/")
                urls.append([src[len("firmware/"):], src])
    # top-level modules first, then the games package, as a reader expects
    urls.sort(key=lambda u: (u[0].count("/"), u[0]) if u[0].count("/") == 0 else (1, u[0]))
    return urls


def board_urls():
    """The Pico board's files: its own modules beside the board file, then the board file."""
    board = os.path.join(ROOT, "boards", "pico_ssd1306")
    urls = [[n, "boards/pico_ssd1306/" + n] for n in sorted(os.listdir(board))
            if n.endswith(".py") and n not in ("board.py", "manifest.py")]
    return urls + [["board.py", "boards/pico_ssd1306/board.py"]]


def firmware_version():
    """VERSION of firmware/version.py (read as text: the firmware is not imported here)."""
    with open(os.path.join(ROOT, "firmware", "version.py")) as f:
        m = re.search(r'^VERSION = "([^"]+)"', f.read(), re.M)
    assert m, "firmware/version.py: no VERSION = \"...\" line"
    return m.group(1)


def main():
    path = os.path.join(ROOT, "package.json")
    with open(path) as f:
        doc = json.load(f)
    doc["urls"] = firmware_urls() + board_urls()
    doc["version"] = firmware_version()
    lines = ",\n".join("    " + json.dumps(u) for u in doc["urls"])
    text = '{\n  "urls": [\n%s\n  ],\n  "deps": %s,\n  "version": %s\n}\n' % (
        lines, json.dumps(doc["deps"]), json.dumps(doc["version"]))
    with open(path, "w") as f:
        f.write(text)
    print("package.json: %d files" % len(doc["urls"]))


if __name__ == "__main__":
    main()
