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
``exists(path)``, ``write(path, parts)`` (parts: a sequence of bytes written
in order), ``rename(a, b)`` and ``remove(path)`` (no error for a missing file,
OSError when the file stays);
``OsFs(root)`` is the real one (the Pico's littlefs, or a folder on the
host); tests substitute one that cuts power at each step.
"""
from savefile import ENOSPC, MAGIC, adler32, json, os  # noqa: F401  (ENOSPC: the App and the boards take it from here)
import restore


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
        """Remove ``path``; a missing file is no error, any other failure (a full
        littlefs cannot always write the change) raises OSError: the file stays."""
        try:
            os.remove(self.root + path)
        except OSError:
            if self.exists(path):  # (ENOENT differs between ports: 2, 44 under WebAssembly)
                raise


def _pieces(doc):
    """The bytes of ``json.dumps(doc)`` in short pieces: a dict's keys and values, and
    each item of a list value (a game's commands) apart.  (Bytes literals: no new qstrs,
    which would cost a whole new qstr pool in the heap once the pool in use is full.)"""
    if not isinstance(doc, dict):
        yield json.dumps(doc).encode()
        return
    sep = b"{"
    for k in doc:
        v = doc[k]
        if isinstance(v, list):
            yield sep + json.dumps(k).encode() + b": ["
            comma = b""
            for x in v:
                yield comma + json.dumps(x).encode()
                comma = b", "
            yield b"]"
        else:
            yield sep + json.dumps(k).encode() + b": " + json.dumps(v).encode()
        sep = b", "
    yield b"}" if sep == b", " else b"{}"


def encode_parts(doc, generation):
    """[header, body pieces...]: the bytes of a save, written one after the other and
    never joined.  The body is ``json.dumps(doc)`` gathered in pieces of at most about
    200 bytes (a longer single value stays whole), so a long game's save needs no
    large free block in a fragmented heap."""
    parts = [b""]
    size = 0
    value = 1
    text = b""
    for piece in _pieces(doc):
        if text and len(text) + len(piece) > 200:  # bytes gathered at most (docstring)
            parts.append(text)
            size += len(text)
            value = adler32(text, value)
            text = piece
        else:
            text += piece
    parts.append(text)
    size += len(text)
    parts[0] = b"%s%d %d %d\n" % (MAGIC, generation, size, adler32(text, value))
    return parts


def encode(doc, generation):
    return b"".join(encode_parts(doc, generation))


def decode(data):
    """(generation, doc) from a file's bytes; ValueError with a reason if it is no good
    (``restore.decode``)."""
    return restore.decode(data)


class Store:
    """Named saves on a file system object (see module docstring)."""

    def __init__(self, fs):
        self.fs = fs
        self.generation = {}
        self.short = False  # the last load stopped for want of memory (see load)

    def save(self, name, doc):
        """Save ``doc`` (JSON-able) as ``name``.

        Raises OSError (errno 28 when the flash is full) with the previous
        save left intact; the partial new file is removed.
        """
        if name not in self.generation:  # never loaded: go above every copy on flash
            self.generation[name] = restore._flash_generation(self.fs, name)
        gen = self.generation[name] + 1
        parts = encode_parts(doc, gen)
        fs = self.fs
        tmp = name + ".tmp"
        try:
            fs.write(tmp, parts)
        except OSError:
            try:
                fs.remove(tmp)
            except OSError:
                pass  # a partial .tmp is never loaded over a good copy (its checksum fails)
            raise
        self._promote(name)
        self.generation[name] = gen

    def _promote(self, name):
        # .dat -> .bak, .tmp -> .dat; each step leaves a complete copy behind.
        fs = self.fs
        fs.remove(name + ".bak")
        if fs.exists(name + ".dat"):  # a presence check: no need to read the old save
            fs.rename(name + ".dat", name + ".bak")
        fs.rename(name + ".tmp", name + ".dat")

    def load(self, name, check=None, limit=0):
        """Return (doc, warning) for ``name``.

        Tries the copies (``.dat``, ``.tmp``, ``.bak``) newest generation first
        and keeps the first that decodes and that ``check(doc)`` accepts
        (``check`` raises to reject, for example a save whose commands no
        longer replay), so a good newest save is checked (and replayed) once.
        A copy that raises anything at all, even nested too deep for the
        parser, is skipped.  ``doc`` is None when there is no usable copy;
        ``warning`` is None when the newest file was fine, else a short text
        for the screen.  A copy that does not fit in the free RAM is not a damaged
        copy: then ``doc`` is None, ``warning`` is ``restore.LOW_MEMORY``, ``self.short`` is
        True and every file stays as it was (the caller may free RAM and try again).
        A file over ``limit`` bytes (default ``restore.MAX_SAVE``) is not read (a damaged
        copy, "too big").
        """
        fs = self.fs
        if self.short:
            self.short = False
        if not (fs.exists(name + ".dat") or fs.exists(name + ".tmp") or fs.exists(name + ".bak")):
            self.generation[name] = 0  # nothing on flash: the first save is generation 1
            return None, None
        return restore.load(self, name, check, limit or restore.MAX_SAVE)

    def clear(self, name):
        """Remove every copy of ``name``, the one a load would take (``.dat``) last: a
        power cut in between comes back at the latest step or at nothing, never at an
        older step.  OSError if a file stays: then the later copies are left too (the
        game stays as it was, at its latest step)."""
        self.generation.pop(name, None)  # until all are gone: read from flash at the next save
        for ext in (".bak", ".tmp", ".dat"):
            self.fs.remove(name + ext)
        self.generation[name] = 0
