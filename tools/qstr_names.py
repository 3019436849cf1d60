"""The names file of the ``make deploy`` route: every name MicroPython interns as a qstr when the
firmware's ``.mpy`` files load, written beside them so the App interns them all at power-on
(``games.intern_names``) while the heap is still in one piece.

    python3 tools/qstr_names.py MPY_DIR      (make mpy, make deploy; the tests' builds too)

Why: a loaded ``.mpy`` file's names go into MicroPython's qstr pools on the heap, which are never
freed, and each new pool is twice the size of the one before (20, 40, ... 640, then 1,280 entries:
about 8 KB on the Pico, 14 KB on the 64-bit unix port).  Opened late, after other games, that pool
needs one block the heap no longer has, and the game does not open.  Interned at power-on, the
pools a whole session needs are made first (docs/architecture.md, "Names on the .mpy route").  The
frozen image keeps its names in flash and has no such file.

The file (``NAME``), made of entries: one byte, the length n, then n bytes of UTF-8.  First the
names: each module's qstr table (mpy format v6: header, vuint n_qstr, vuint n_obj, then each qstr:
vuint ``len << 1`` and its bytes and a NUL, or ``index << 1 | 1`` for a name every MicroPython port
has built in, left out here), the modules' dotted names and their last parts (the import system
interns both) and the printable ASCII characters (a string's single characters are interned as it
is read).  Then an entry of length 0, then the modules' paths below MPY_DIR (``games/oracle/ui.mpy``):
each module's ``__file__`` is interned too, under the folder it was loaded from.  Stable: the same
``.mpy`` files give the same bytes.  Python 3 standard library only (``make deploy`` runs it with
no virtual environment).
"""
import os
import re
import sys

NAME = "qstr_names.bin"  # firmware/games/__init__.py reads it under this name
GAMES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "games",
                     "__init__.py")


def _bound(name):
    """One of the bounds games.intern_names holds the file to (``NAMES_MAX_BYTES``, ...)."""
    with open(GAMES) as f:
        m = re.search(r"^%s = (\d+)$" % name, f.read(), re.M)
    if not m:
        raise SystemExit("%s: no %s" % (GAMES, name))
    return int(m.group(1))


# What the App reads (games.intern_names skips a file outside these): a longer name is left out and
# interned as its module loads; a file with more names or bytes stops the build.
MAX_LEN = _bound("NAME_MAX_LEN")
MAX_NAMES = _bound("NAMES_MAX")
MAX_BYTES = _bound("NAMES_MAX_BYTES")


def _vuint(data, i):
    n = 0
    while True:
        c = data[i]
        i += 1
        n = (n << 7) | (c & 0x7F)
        if not c & 0x80:
            return n, i


def mpy_qstrs(data):
    """The names in the qstr table of one ``.mpy`` file's bytes, in table order (bytes), those
    every port has built in (static qstrs) left out.  ValueError if it is not mpy format v6."""
    if len(data) < 4 or data[0] != ord("M") or data[1] != 6:
        raise ValueError("not a .mpy file of format 6")
    n, i = _vuint(data, 4)
    _n_obj, i = _vuint(data, i)
    out = []
    for _ in range(n):
        ln, i = _vuint(data, i)
        if ln & 1:
            continue  # a static qstr: its index
        ln >>= 1
        out.append(bytes(data[i:i + ln]))
        i += ln + 1
    return out


def modules(mpy_dir):
    """[(path below mpy_dir with "/", dotted module name)] of its ``.mpy`` files, sorted by path."""
    out = []
    for folder, dirs, files in os.walk(mpy_dir):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".mpy"):
                rel = os.path.relpath(os.path.join(folder, f), mpy_dir).replace(os.sep, "/")
                mod = rel[:-4].replace("/", ".")
                if mod.endswith(".__init__"):
                    mod = mod[:-9]
                out.append((rel, mod))
    out.sort()
    return out


def names(mpy_dir):
    """(names, paths): the names the firmware in ``mpy_dir`` interns (bytes, each once, in a
    stable order) and its modules' paths below ``mpy_dir``."""
    seen = set()
    out = []

    def add(q):
        if q and q not in seen and len(q) <= MAX_LEN:
            seen.add(q)
            out.append(q)

    mods = modules(mpy_dir)
    for rel, _mod in mods:
        with open(os.path.join(mpy_dir, rel), "rb") as f:
            for q in mpy_qstrs(f.read()):
                add(q)
    for _rel, mod in mods:
        parts = mod.split(".")
        for k in range(1, len(parts) + 1):
            add(".".join(parts[:k]).encode())
        add(parts[-1].encode())
    for c in range(32, 127):
        add(bytes((c,)))
    return out, [rel.encode() for rel, _mod in mods]


def encode(name_list, paths):
    """The file's bytes (see the module docstring)."""
    out = bytearray()
    for q in name_list:
        out.append(len(q))
        out += q
    out.append(0)
    for p in paths:
        if len(p) <= MAX_LEN:
            out.append(len(p))
            out += p
    return bytes(out)


def write(mpy_dir):
    """Write ``mpy_dir/NAME``; returns (number of names, number of paths, bytes).  SystemExit when
    the file would hold more than the App reads (``MAX_NAMES`` entries, ``MAX_BYTES``)."""
    name_list, paths = names(mpy_dir)
    data = encode(name_list, paths)
    entries = len(name_list) + 1 + sum(1 for p in paths if len(p) <= MAX_LEN)
    if entries > MAX_NAMES or len(data) > MAX_BYTES:
        raise SystemExit("%s: %d entries, %d bytes: more than the App reads (%d, %d: games.NAMES_MAX, "
                         "NAMES_MAX_BYTES in firmware/games/__init__.py)" % (NAME, entries, len(data), MAX_NAMES,
                                                                            MAX_BYTES))
    with open(os.path.join(mpy_dir, NAME), "wb") as f:
        f.write(data)
    return len(name_list), len(paths), len(data)


def main(argv):
    if len(argv) != 2:
        raise SystemExit("usage: python3 tools/qstr_names.py MPY_DIR")
    n, p, size = write(argv[1])
    print("%s: %d names, %d module paths, %d bytes" % (os.path.join(argv[1], NAME), n, p, size))


if __name__ == "__main__":
    main(sys.argv)
