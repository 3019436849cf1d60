"""Reading saves back: the code that runs only at boot, at resume, for a settings
document or on a damaged save (``store.Store.load``, ``opening._check``).  Names are those
the firmware already had (``_check``, ``_flash_generation``, ...): a new name is a new qstr,
kept for ever, and a qstr pool that overflows takes a new one twice its size from the heap.

``load(store, name, check)`` is ``store.Store.load`` (see there);
``_check(name, doc, game_cls)`` is the shape check of a game's save,
``check_app(doc, check)`` that of app.dat.
"""
import gc

from micropython import const  # on CPython: host_sim/shims/micropython.py

from games import clock as table_clock
import lang
from savefile import MAGIC, adler32, loads, os
from session import Session

MAX_SAVE = 32768  # bytes: far above any save the device writes; a bigger file is not read
LOW_MEMORY = lang.msg("Low memory: save kept; try again")  # a load that ran out of RAM

TOO_BIG = b"\x00"  # what _read gives for a file over MAX_SAVE (decode: "too big")
MAX_DEPTH = 8  # deeper than any save the device writes (a command holds lists of lists)
_REPLAY_GC = const(49152)  # bytes allocated between two collections while a save replays (``_check``)


def decode(data):
    """``store.decode``: (generation, doc) from a file's bytes; ValueError with a reason."""
    if not data:
        raise ValueError("empty")
    if data is TOO_BIG:
        raise ValueError("too big")
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
    body = memoryview(data)[nl + 1:]  # not a copy: a save is the heap's largest block at a load
    if len(body) != length:
        raise ValueError("truncated")
    if adler32(body) != int(parts[2]):
        raise ValueError("damaged")
    return gen, loads(body)


def generation(data):
    """The generation in a file's header, -1 if it has none (checked in full later)."""
    if not data.startswith(MAGIC):
        return -1
    parts = data[len(MAGIC):data.find(b"\n")].split()
    try:
        return int(parts[0])
    except (ValueError, IndexError):
        return -1


def _flash_generation(fs, name):
    """The highest generation in the headers of ``name``'s files (0 if none)."""
    top = 0
    for ext in (".dat", ".tmp", ".bak"):
        data = fs.read(name + ext)
        if data is not None:
            top = max(top, generation(data))
    return top


def _fault(fs, path):
    """Why the file ``path`` is no save (a short text)."""
    try:
        decode(_read(fs, path))
    except MemoryError:
        return "too big"
    except Exception as e:  # any fault at all
        return str(e)
    return "damaged"


_ORDER = {".dat": 0, ".tmp": 1, ".bak": 2}


_UNREAD = 1 << 29  # the generation of a copy whose first read ran out of memory: tried first


def _newest_first(item):
    return -item[0] * 4 + _ORDER[item[1]]


def _read(fs, path, limit=MAX_SAVE):
    """The bytes of ``path`` (None: no file; ``TOO_BIG``: larger than ``limit`` bytes, no save
    of ours, see ``load``); MemoryError if it still does not fit after a collection."""
    root = getattr(fs, "root", None)  # store.OsFs (and the boards' file systems built on it)
    if root is not None:
        try:
            if os.stat(root + path)[6] > limit:
                return TOO_BIG  # never read: a file that size is no save the device wrote
        except OSError:
            pass
    try:
        data = fs.read(path)
    except MemoryError:
        gc.collect()
        data = fs.read(path)
    return TOO_BIG if data is not None and len(data) > limit else data


def load(store, name, check=None, limit=MAX_SAVE):
    """``store.Store.load``: (doc, warning); see there.

    A copy that cannot be read, decoded or replayed for want of memory is not a damaged
    copy: the load stops there with ``LOW_MEMORY`` (no older copy is taken in its
    place, no file is touched, the generation is left to be read again) and
    ``store.short`` is True, so the caller keeps the save and can try again.  A copy over
    ``limit`` bytes is damaged ("too big"), never read."""
    fs = store.fs
    found = []
    for ext in (".bak", ".tmp", ".dat"):  # the .dat, newest as a rule, read last and kept
        try:
            for other in found:  # one copy's bytes in the heap at a time: at a load a save is the
                other[2] = None  # heap's largest block (the newest is read again if dropped)
            data = _read(fs, name + ext, limit)
            if data is not None:
                found.append([generation(data), ext, data])
        except MemoryError:  # maybe the newest copy: tried first, and it stops the load
            found.append([_UNREAD, ext, None])
        data = None
    if not found:
        return None, None
    found.sort(key=_newest_first)
    headless = False  # a .dat with no header: tried last, its fault said if another copy is used
    for item in found:
        if item[0] < 0 and item[1] == ".dat":
            headless = True
    bad = None
    i = 0
    while i < len(found):
        item = found[i]
        ext = item[1]
        data = item[2]
        for other in found:
            other[2] = None  # one copy in the heap at a time; the next is read again if needed
        try:
            if data is None:
                data = _read(fs, name + ext, limit)
            if item[0] == _UNREAD and data is not None:  # its place is known only now
                item[0] = generation(data)
                if i + 1 < len(found) and _newest_first(found[i + 1]) < _newest_first(item):
                    data = None  # an older copy: never taken before a newer one that is sound
                    found.sort(key=_newest_first)
                    continue
            gen, doc = decode(data)
            data = None
            if check is not None:
                check(doc)
        except MemoryError:
            doc = None
            gc.collect()
            if data is not None and too_deep(data):
                # no want of RAM: a small file nested past any save (MicroPython's parser runs
                # out of memory on it) is damaged, not "try again" for ever
                data = None
                if ext == ".dat" and bad is None:
                    bad = "nested too deep"
                i += 1
                continue
            data = None
            store.short = True
            return None, lang.tr(LOW_MEMORY)
        except Exception as e:  # any shape at all: never trust a file
            doc = None
            if ext == ".dat" and bad is None:
                bad = str(e)
            i += 1
            continue
        store.generation[name] = gen
        if ext == ".tmp":
            try:  # finish the save a power cut interrupted
                store._promote(name)
            except OSError:
                pass
        if bad is None and ext != ".dat" and headless:
            bad = _fault(fs, name + ".dat")  # no header: never tried above
        if bad:
            return doc, lang.tr("Save %s: restored backup") % bad
        return doc, None
    store.generation[name] = 0
    if len(found) == 1 and found[0][1] == ".tmp":
        return None, None  # a first save a power cut stopped: nothing was ever saved, nothing damaged
    if bad is None and headless:
        bad = _fault(fs, name + ".dat")
    return None, lang.tr("Save unreadable (%s): new start") % (bad or lang.tr("damaged"))


def too_deep(data):
    """True when the JSON text in a file's bytes ``data`` (its header line skipped) nests
    lists and objects more than ``MAX_DEPTH`` deep, strings skipped: no save of ours, however
    small; a byte loop, no parser (the parser is what ran out of memory)."""
    depth = 0
    text = False
    esc = False
    for b in memoryview(data)[data.find(b"\n") + 1:]:
        if text:
            if esc:
                esc = False
            elif b == 92:  # backslash
                esc = True
            elif b == 34:  # quote
                text = False
        elif b == 34:
            text = True
        elif b == 91 or b == 123:  # [ {
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif b == 93 or b == 125:
            depth -= 1
    return False


def check_shape(doc, depth=0):
    """ValueError unless ``doc`` (found ``depth`` levels down) is JSON the device could
    have written: dicts with str keys, lists, str, int, bool, None, nested at most
    MAX_DEPTH deep.  A loop, not recursion, so a hostile file nested 100,000 deep is
    refused without a stack overflow."""
    stack = [(doc, depth)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            if d >= MAX_DEPTH:
                raise ValueError("nested too deep")
            for k in v:
                if not isinstance(k, str):
                    raise ValueError("bad key")
                stack.append((v[k], d + 1))
        elif isinstance(v, list):
            if d >= MAX_DEPTH:
                raise ValueError("nested too deep")
            for x in v:
                stack.append((x, d + 1))
        elif not (v is None or isinstance(v, (str, int, bool))):
            raise ValueError("bad value")


def check_app(doc, check):
    """app.dat: ``{"last": name of a game or null, "menu": ...}`` ("menu": the game last opened,
    not checked here: an unknown one only leaves the main menu's cursor where it is); ValueError otherwise.
    ``check(name)``: true for the name of a game on the device."""
    if not isinstance(doc, dict):
        raise ValueError("garbage")
    last = doc.get("last")
    if last is not None and not check(last):
        raise ValueError("unknown game")


def _check(name, doc, game_cls):
    """The ``session.Session`` a loaded save of game ``name`` replays to, if it has the
    shape the device writes and replays; ValueError otherwise."""
    if not isinstance(doc, dict) or doc.get("game") != name:
        raise ValueError("wrong game")
    seed = doc.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("bad seed")
    cmds = doc.get("cmds")
    if not isinstance(doc.get("setup"), dict) or not isinstance(cmds, list):
        raise ValueError("garbage")
    check_shape(doc["setup"])
    for c in cmds:
        if not isinstance(c, list) or not c or not isinstance(c[0], str):
            raise ValueError("bad command")
        for x in c:
            if not (x is None or isinstance(x, (str, int))):  # bool is an int
                check_shape(x, 1)  # lists in a command: walked, at most MAX_DEPTH deep
    screen = doc.get("screen")
    if screen is not None and not isinstance(screen, str):
        raise ValueError("bad screen")
    # The replay's garbage collected as it goes (MicroPython's gc.threshold: a collection
    # each _REPLAY_GC bytes allocated), not once the heap is full: the objects the game keeps
    # stay low in the heap instead of strewn up to where the garbage reached (on the Pico, the
    # largest free block after resuming a 100-command Oracle game: 139 KB without, 171 KB with).
    t = getattr(gc, "threshold", None)  # MicroPython's; not on CPython or CircuitPython
    if t:
        t(_REPLAY_GC)
    try:
        s = Session(game_cls, doc["setup"], seed, cmds, True)  # must replay; the decoded list kept
    except MemoryError:
        raise
    except Exception:  # a command or set-up of any shape that no longer replays
        raise ValueError("does not replay") from None
    finally:
        if t:
            t(-1)  # off again: MicroPython's default, and the firmware sets no other
    # Beside the game (Session): a value of the wrong shape is left out, the game is sound.
    v = doc.get("names")
    if isinstance(v, list) and len(v) <= 8:  # a name per seat: the Timer has up to 8
        for n in v:
            if not (n is None or isinstance(n, str) and 0 < len(n) <= 10):
                v = None
                break
        s.names = v
    for k in ("ms", "play"):
        v = doc.get(k, 0)
        if type(v) is int and v >= 0:
            setattr(s, k, v)
    v = doc.get("rec")
    if isinstance(v, dict):  # its shape is checked where it is used (plays.remove)
        s.rec = v
    v = doc.get("clock")
    if v is not None:  # the table's clock: its module loaded only for a game that has one
        s.clock = table_clock.load("engine").load(v)
    return s
