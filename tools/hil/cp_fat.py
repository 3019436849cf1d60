"""The CIRCUITPY drive of CircuitPython 10.2.1 on the emulated Pico: a bare FAT12 volume.

CircuitPython sizes its drive from the flash's JEDEC ID; rp2040py's flash answers 2 MiB, so the
drive is 1 MiB at flash offset ``OFFSET`` (after the 1020 KB firmware slot and a 4 KB NVM page),
2048 sectors of 512 bytes, no partition table (``../shared/hil/README.md``).  Made and read with
Debian's dosfstools and mtools (``mkfs.fat``, ``mcopy``, ``mdir``): ``build_image(files)`` ->
bytes, ``read_file(image, path)`` -> bytes or None, ``list_files(image)``.  RuntimeError naming
the Debian packages when the tools are missing.
"""
import os
import shutil
import subprocess
import tempfile

OFFSET = 0x100000
SECTOR = 512
SECTORS = 2048
SIZE = SECTOR * SECTORS
TOOLS = ("mkfs.fat", "mcopy", "mdir")


def _tool(name):
    path = shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin")
    if path is None:
        raise RuntimeError("%s not found: install Debian's dosfstools and mtools (apt-get install dosfstools mtools)"
                           % name)
    return path


def _run(args):
    env = dict(os.environ, MTOOLS_SKIP_CHECK="1", MTOOLS_NO_VFAT="0")
    r = subprocess.run(args, capture_output=True, env=env)
    if r.returncode:
        raise RuntimeError("%s: %s" % (" ".join(args[:2]), r.stderr.decode("utf-8", "replace").strip()))
    return r.stdout


def build_image(files, label="CIRCUITPY"):
    """FAT12 image bytes (``SIZE``) holding ``files`` ({path: bytes}), as CircuitPython formats it
    (one FAT, one sector per cluster, 512 root entries)."""
    with tempfile.TemporaryDirectory() as d:
        img = os.path.join(d, "fat.img")
        _run([_tool("mkfs.fat"), "-C", "-F", "12", "-S", str(SECTOR), "-s", "1", "-f", "1", "-r", "512",
              "-n", label, img, str(SIZE // 1024)])
        tree = os.path.join(d, "tree")
        for path, data in files.items():
            full = os.path.join(tree, *path.strip("/").split("/"))
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as f:
                f.write(data)
        if files:
            _run([_tool("mcopy"), "-s", "-i", img] + [os.path.join(tree, n) for n in sorted(os.listdir(tree))]
                 + ["::/"])
        with open(img, "rb") as f:
            return f.read()


def read_file(image, path):
    """Bytes of ``path`` in the FAT ``image``, or None when it is not there."""
    with tempfile.TemporaryDirectory() as d:
        img = os.path.join(d, "fat.img")
        with open(img, "wb") as f:
            f.write(image)
        out = os.path.join(d, "out")
        try:
            _run([_tool("mcopy"), "-n", "-i", img, "::" + path, out])
        except RuntimeError:
            return None
        with open(out, "rb") as f:
            return f.read()


def list_files(image):
    """Every file path in the FAT ``image`` (upper/lower case as stored)."""
    with tempfile.TemporaryDirectory() as d:
        img = os.path.join(d, "fat.img")
        with open(img, "wb") as f:
            f.write(image)
        text = _run([_tool("mdir"), "-/", "-b", "-i", img, "::/"]).decode("utf-8", "replace")
    return sorted(line.strip()[2:] if line.startswith("::") else line.strip() for line in text.splitlines()
                  if line.strip() and not line.strip().endswith("/"))
