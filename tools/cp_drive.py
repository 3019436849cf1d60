"""The CIRCUITPY drive of the CircuitPython target, from its one list (``boards/circuitpython_ssd1306/drive.txt``).

    python tools/cp_drive.py OUT [--mpy-cross PATH]     (run by `make circuitpython`)

``entries(root)``: [(path on the drive, source path relative to ``root``)], folders ending in
``/``.  ``files(root, mpy_cross=None)``: {drive path: bytes}, every ``.py`` but ``code.py`` and
``boot.py`` compiled to ``.mpy`` with ``mpy_cross`` (CircuitPython's own ``mpy-cross``: its
``.mpy`` files start with ``C``, MicroPython's with ``M``, and neither firmware loads the other's)
or copied as source without one.  ``write(out, files)`` lays them out in a folder.  ValueError
for a source that is missing or that does not compile.  The Adafruit libraries come from
``build/cp-libs`` (``make circuitpython`` installs them there), or else from the development
environment's ``.venv/typings-cp``, which holds the same pins.
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join("boards", "circuitpython_ssd1306", "drive.txt")
SOURCE_ONLY = ("code.py", "boot.py")  # CircuitPython runs these by name, never as .mpy
CP_LIBS = "build/cp-libs/"  # the pinned Adafruit libraries (requirements-drive.txt)


def entries(root=HERE):
    """[(drive path, source relative to ``root``)] in the list's order."""
    out = []
    with open(os.path.join(root, LIST)) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                dest, src = line.split()
                out.append((dest, src))
    return out


def _sources(root):
    """[(drive path, absolute source)] with each folder expanded to its .py files."""
    out = []
    for dest, src in entries(root):
        full = os.path.join(root, src)
        if dest.endswith("/"):
            if not os.path.isdir(full):
                raise ValueError("%s is not a folder (%s)" % (full, LIST))
            for folder, dirs, names in os.walk(full):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                for n in sorted(names):
                    if n.endswith(".py"):
                        rel = os.path.relpath(os.path.join(folder, n), full).replace(os.sep, "/")
                        out.append((dest + rel, os.path.join(folder, n)))
        else:
            if not os.path.isfile(full) and src.startswith(CP_LIBS):
                full = os.path.join(root, ".venv", "typings-cp", src[len(CP_LIBS):])
            if not os.path.isfile(full):
                raise ValueError("%s is missing (%s; `make circuitpython` installs the libraries)"
                                 % (os.path.join(root, src), LIST))
            out.append((dest, full))
    return out


def files(root=HERE, mpy_cross=None):
    """{drive path: bytes} (see the module docstring)."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for dest, src in _sources(root):
            if mpy_cross and dest.endswith(".py") and dest not in SOURCE_ONLY:
                target = os.path.join(tmp, "out.mpy")
                r = subprocess.run([mpy_cross, "-o", target, src], capture_output=True, text=True)
                if r.returncode:
                    raise ValueError("%s: %s" % (src, (r.stderr or r.stdout).strip()))
                with open(target, "rb") as f:
                    out[dest[:-3] + ".mpy"] = f.read()
            else:
                with open(src, "rb") as f:
                    out[dest] = f.read()
    return out


def write(out_dir, drive):
    for dest, data in drive.items():
        path = os.path.join(out_dir, *dest.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(prog="tools/cp_drive.py", description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--mpy-cross", default="", help="CircuitPython's own mpy-cross (empty: .py sources)")
    args = ap.parse_args(argv)
    try:
        drive = files(HERE, args.mpy_cross or None)
    except (ValueError, OSError) as e:
        print("circuitpython: %s" % e, file=sys.stderr)
        return 2
    write(args.out, drive)
    n = sum(1 for d in drive if d.endswith(".mpy"))
    print("circuitpython: copy the contents of %s/ onto CIRCUITPY (%d files, %d of them .mpy)"
          % (args.out, len(drive), n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
