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
import json

VERSION = 1
MAGIC = b"DTC%d " % VERSION
ENOSPC = 28


def adler32(data):
    """Adler-32 of ``data`` (bytes); RFC 1950 section 8.2."""
    a = 1
    b = 0
    for c in data:
        a = (a + c) % 65521
        b = (b + a) % 65521
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
        import os

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
        import os

        os.rename(self.root + a, self.root + b)

    def remove(self, path):
        import os

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
            if data is None or not data.startswith(MAGIC):
                continue
            parts = data[len(MAGIC):data.find(b"\n")].split()
            try:
                gen = int(parts[0])
            except (ValueError, IndexError):
                continue
            if gen > top:
                top = gen
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

        Tries ``.dat``, ``.tmp`` and ``.bak`` and keeps the newest copy that
        decodes and that ``check(doc)`` accepts (``check`` raises ValueError
        to reject, for example a save whose commands no longer replay).
        ``doc`` is None when there is no usable copy; ``warning`` is None
        when the newest file was fine, else a short text for the screen.
        """
        best = None
        best_ext = None
        best_gen = -1
        bad = None
        seen = False
        for ext in (".dat", ".tmp", ".bak"):
            data = self.fs.read(name + ext)
            if data is None:
                continue
            seen = True
            try:
                gen, doc = decode(data)
                if check is not None:
                    check(doc)
            except (ValueError, KeyError, TypeError, IndexError) as e:
                if ext == ".dat" and bad is None:
                    bad = str(e)
                continue
            if gen > best_gen:
                best, best_gen, best_ext = doc, gen, ext
        if best_ext is None:  # no usable copy (a stored null is a usable copy)
            self.generation[name] = 0
            if seen:
                return None, "Save unreadable (%s): new start" % (bad or "damaged")
            return None, None
        self.generation[name] = best_gen
        if best_ext == ".tmp":
            try:  # finish the save a power cut interrupted
                self._promote(name)
            except OSError:
                pass
        if bad:
            return best, "Save %s: restored backup" % bad
        return best, None

    def clear(self, name):
        for ext in (".dat", ".tmp", ".bak"):
            self.fs.remove(name + ext)
        self.generation[name] = 0
