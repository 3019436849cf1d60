"""Power-cut-safe saves: write a new file, then rename over the old, keep one backup.

A save is one small JSON document behind a header line::

    DTC1 <generation> <length> <adler32>\\n<json>

``save(name, doc)`` writes ``name.tmp`` completely, moves ``name.dat`` to
``name.bak`` and ``name.tmp`` to ``name.dat``.  A power cut at any moment
leaves at least one complete copy (the new one or the previous one), and
``load`` takes the valid copy with the highest generation, so at most the
last command is lost.  An empty, truncated, garbage or wrong-version file
is skipped with a warning, never an exception.

The file system is an object with ``read(path)`` (bytes or None),
``exists(path)``, ``write(path, parts)`` (parts: a tuple of bytes written
in order), ``rename(a, b)`` and ``remove(path)``;
``OsFs(root)`` is the real one (the Pico's littlefs, or a folder on the
host); tests substitute one that cuts power at each step.
"""
try:  # MicroPython: the built-in modules at once; "json"/"os" search the flash first (6 ms each on the Pico)
    import ujson as json
    import uos as os
except ImportError:
    import json
    import os

VERSION = 1
MAGIC = b"DTC%d " % VERSION
ENOSPC = 28


def adler32(data):
    """Adler-32 of ``data`` (bytes); RFC 1950 section 8.2.

    The modulo is taken once per 1024 bytes, not per byte (as zlib does per 5552):
    after 1024 bytes ``b`` is below 2**29, still a small int on the Pico."""
    a = 1
    b = 0
    mv = memoryview(data)
    n = len(data)
    i = 0
    while i < n:
        for c in mv[i:i + 1024]:
            a += c
            b += a
        a %= 65521
        b %= 65521
        i += 1024
    return (b << 16) | a


class OsFs:
    """Files under the folder ``root`` through ``os`` (both interpreters)."""

    def __init__(self, root):
        self.root = root.rstrip("/") + "/" if root else ""

    def read(self, path):
        try:
            with open(self.root + path, "rb") as f:
                return f.read()
        except OSError:
            return None

    def exists(self, path):
        try:
            os.stat(self.root + path)
            return True
        except OSError:
            return False

    def write(self, path, parts):
        """Write the bytes ``parts`` (a tuple of bytes objects) as one new file."""
        f = open(self.root + path, "wb")
        try:
            for part in parts:
                f.write(part)
            f.flush()
        finally:
            f.close()  # littlefs commits on close; ENOSPC may surface here too

    def rename(self, a, b):
        os.rename(self.root + a, self.root + b)

    def remove(self, path):
        try:
            os.remove(self.root + path)
        except OSError:
            pass


def encode_parts(doc, generation):
    """(header, body) bytes of a save; written one after the other, never joined,
    so a save needs no second copy of a long game's command list."""
    body = json.dumps(doc).encode()
    head = b"%s%d %d %d\n" % (MAGIC, generation, len(body), adler32(body))
    return head, body


def encode(doc, generation):
    head, body = encode_parts(doc, generation)
    return head + body


def decode(data):
    """(generation, doc) from a file's bytes; ValueError with a reason if it is no good."""
    if not data:
        raise ValueError("empty")
    nl = data.find(b"\n")
    if nl < 0 or not data.startswith(b"DTC"):
        raise ValueError("garbage")
    if not data.startswith(MAGIC):
        raise ValueError("wrong version")
    parts = data[len(MAGIC):nl].split()
    if len(parts) != 3:
        raise ValueError("garbage")
    gen = int(parts[0])
    length = int(parts[1])
    body = data[nl + 1:]
    if len(body) != length:
        raise ValueError("truncated")
    if adler32(body) != int(parts[2]):
        raise ValueError("damaged")
    return gen, json.loads(body)


def _generation(data):
    """The generation in a file's header, -1 if it has none (checked in full later)."""
    if not data.startswith(MAGIC):
        return -1
    parts = data[len(MAGIC):data.find(b"\n")].split()
    try:
        return int(parts[0])
    except (ValueError, IndexError):
        return -1


def _fault(data):
    """Why ``data`` is no save (a short text)."""
    try:
        decode(data)
    except Exception as e:  # any fault at all
        return str(e)
    return "damaged"


_ORDER = {".dat": 0, ".tmp": 1, ".bak": 2}


def _newest_first(item):
    return -item[0] * 4 + _ORDER[item[1]]


class Store:
    """Named saves on a file system object (see module docstring)."""

    def __init__(self, fs):
        self.fs = fs
        self.generation = {}

    def save(self, name, doc):
        """Save ``doc`` (JSON-able) as ``name``.

        Raises OSError (errno 28 when the flash is full) with the previous
        save left intact; the partial new file is removed.
        """
        if name not in self.generation:  # never loaded: go above every copy on flash
            self.generation[name] = self._flash_generation(name)
        gen = self.generation[name] + 1
        parts = encode_parts(doc, gen)
        fs = self.fs
        tmp = name + ".tmp"
        try:
            fs.write(tmp, parts)
        except OSError:
            fs.remove(tmp)
            raise
        self._promote(name)
        self.generation[name] = gen

    def _flash_generation(self, name):
        """The highest generation in the headers of ``name``'s files (0 if none)."""
        top = 0
        for ext in (".dat", ".tmp", ".bak"):
            data = self.fs.read(name + ext)
            if data is not None:
                top = max(top, _generation(data))
        return top

    def _promote(self, name):
        # .dat -> .bak, .tmp -> .dat; each step leaves a complete copy behind.
        fs = self.fs
        fs.remove(name + ".bak")
        if fs.exists(name + ".dat"):  # a presence check: no need to read the old save
            fs.rename(name + ".dat", name + ".bak")
        fs.rename(name + ".tmp", name + ".dat")

    def load(self, name, check=None):
        """Return (doc, warning) for ``name``.

        Tries the copies (``.dat``, ``.tmp``, ``.bak``) newest generation first
        and keeps the first that decodes and that ``check(doc)`` accepts
        (``check`` raises to reject, for example a save whose commands no
        longer replay), so a good newest save is checked (and replayed) once.
        A copy that raises anything at all, even nested too deep for the
        parser, is skipped.  ``doc`` is None when there is no usable copy;
        ``warning`` is None when the newest file was fine, else a short text
        for the screen.
        """
        found = []
        for ext in (".dat", ".tmp", ".bak"):
            try:
                data = self.fs.read(name + ext)
            except MemoryError:  # a file too big to read is no save of ours
                data = b"?"
            if data is not None:
                found.append((_generation(data), ext, data))  # kept: one flash read per copy
        if not found:
            return None, None
        found.sort(key=_newest_first)
        headless = False  # a .dat with no header: tried last, its fault said if another copy is used
        for gen, ext, _data in found:
            if gen < 0 and ext == ".dat":
                headless = True
        bad = None
        for i in range(len(found)):
            _gen, ext, data = found[i]
            found[i] = (_gen, ext, None)  # let go of each copy once tried
            try:
                gen, doc = decode(data)
                if check is not None:
                    check(doc)
            except Exception as e:  # any shape at all: never trust a file
                doc = None
                if ext == ".dat" and bad is None:
                    bad = "too big" if isinstance(e, MemoryError) else str(e)
                continue
            self.generation[name] = gen
            if ext == ".tmp":
                try:  # finish the save a power cut interrupted
                    self._promote(name)
                except OSError:
                    pass
            if bad is None and ext != ".dat" and headless:
                bad = _fault(self.fs.read(name + ".dat"))  # no header: never tried above
            if bad:
                return doc, "Save %s: restored backup" % bad
            return doc, None
        self.generation[name] = 0
        if bad is None and headless:
            bad = _fault(self.fs.read(name + ".dat"))
        return None, "Save unreadable (%s): new start" % (bad or "damaged")

    def clear(self, name):
        for ext in (".dat", ".tmp", ".bak"):
            self.fs.remove(name + ext)
        self.generation[name] = 0
