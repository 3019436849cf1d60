"""A session on the emulated Pico: boot, press keys on a script, and what each key cost.

Key scripts are the golden scripts' format (``tests/golden/*.keys``): keys separated by white
space, ``name:KEY`` marks the frame shown before KEY, and here also ``KEY/ms`` holds that key
down ``ms`` emulated milliseconds (default ``HOLD_MS``).  A key is *known* at its press edge,
OK at its release edge (OK acts on release: a long OK is BACK).  After each key the session
waits until the device is quiet again (``settle``) before the next one, so every frame sent
after a key belongs to it.

For each key, ``KeyResult``: ``latency_ns`` from the known edge to the end of the first frame
after it, plus the bus time the emulator does not model (9 bit times per byte at 400 kHz for
every byte on the bus from the known edge to that frame's end, the address bytes included);
``done_ns`` the same to the last frame before the device went quiet (a Tholos device move);
``nbytes`` the panel bytes sent for the key (after the address byte, as the host's fake display
counts them).
"""
from collections import namedtuple

from tools.hil import fsimage
from tools.hil.chip import MS, Pico

HOLD_MS = 80            # a deliberate press, longer than the 50 ms debounce of the firmware
MIN_WAIT_MS = 80        # after the release, before looking for quiet (the release debounce)
QUIET_MS = 40           # quiet: no panel byte and the CPU under QUIET_BUSY for this long
QUIET_BUSY = 0.2
MAX_WAIT_MS = 30_000    # a key whose work has not ended by then is reported as stuck
PACE_GAPS_MS = (150, 230, 190, 300, 170, 260, 210, 280)  # a person's gaps between keys: 150-300 ms
BUS_NS_PER_BYTE = 9 * 1_000_000_000 // 400_000  # 22,500 ns

KeyResult = namedtuple("KeyResult", "key known latency_ns done_ns nbytes frames")


class StuckError(Exception):
    """The device did not go quiet within MAX_WAIT_MS after a key (or at boot)."""


def parse(script):
    """[(mark or None, key, hold_ms)] from 'name:KEY KEY/ms ...'."""
    out = []
    for tok in script.split():
        mark = None
        if ":" in tok:
            mark, tok = tok.split(":")
        hold = HOLD_MS
        if "/" in tok:
            tok, ms = tok.split("/")
            hold = int(ms)
        out.append((mark, tok, hold))
    return out


def bus_ns(transfers):
    """Bus time of ``transfers`` at 400 kHz: 9 bit times per byte, address byte included."""
    return sum(t.nbytes + 1 for t in transfers) * BUS_NS_PER_BYTE


class Session:
    """``Session(firmware, image)``: a Pico booted from the littlefs ``image`` (bytes).

    ``boot()`` runs to the first complete frame; ``play(script)`` presses keys; ``marks`` maps
    each mark to the frame shown before its key; ``results`` holds a ``KeyResult`` per key.
    """

    def __init__(self, firmware, image, chip="ssd1306", bus="i2c"):
        self.pico = Pico(firmware, image, chip, bus)
        self.panel = self.pico.panel
        self.marks = {}
        self.results = []
        self.boot_ns = None

    @classmethod
    def deployed(cls, firmware, root, driver, files=None, chip="ssd1306", bus="i2c"):
        """A session on a fresh flash laid out as ``make deploy`` lays project ``root`` (with the
        board file of ``bus``'s wiring); ``files`` ({path: bytes}) adds or replaces files (a saved
        game, a probe); ``chip`` the panel's."""
        fs = fsimage.deploy_files(root, driver, board="pico_ssd1306_spi" if bus == "spi" else "pico_ssd1306")
        fs.update(files or {})
        return cls(firmware, fsimage.build_image(fs), chip, bus)

    @classmethod
    def frozen(cls, image, files=None, chip="ssd1306", bus="i2c"):
        """A session on the project's own image (``make firmware``: the firmware frozen in; with
        ``bus`` "spi" the SPI wiring's image, ``make firmware WIRING=spi``) with a fresh flash
        holding only ``files`` ({path: bytes}: saves, a probe), as after flashing the UF2 onto a
        new Pico."""
        return cls(image, fsimage.build_image(files or {}), chip, bus)

    def frame(self):
        """The panel's GDDRAM now (bytes, MONO_VLSB 128x64)."""
        return self.panel.frame()

    def settle(self, since, step_ms=10, on_step=None, not_before=None):
        """Run until the device is quiet (see the module docstring), at least MIN_WAIT_MS after
        ``not_before`` (default ``since``), in steps of ``step_ms`` (``on_step()`` after each);
        returns the frames that ended after ``since``.  StuckError after MAX_WAIT_MS."""
        p = self.pico
        if not_before is None:
            not_before = since
        while p.now < not_before + MIN_WAIT_MS * MS:
            p.run_for(step_ms * MS)
            if on_step:
                on_step()
        window = []  # (time, cycles) samples every 10 ms
        while True:
            t, c = p.now, p.cycles
            window.append((t, c))
            t0, c0 = window[0]
            while t - window[0][0] > QUIET_MS * MS:
                t0, c0 = window.pop(0)
            quiet_bus = t - self.panel._last_end >= QUIET_MS * MS
            if t - t0 >= QUIET_MS * MS and quiet_bus and (c - c0) < QUIET_BUSY * (t - t0) * 0.125:
                break
            if t - since > MAX_WAIT_MS * MS:
                raise StuckError("still busy %d ms after the key" % MAX_WAIT_MS)
            p.run_for(step_ms * MS)
            if on_step:
                on_step()
        self.panel.close_frame()
        return [f for f in self.panel.frames if f.end >= since]

    def boot(self):
        """Power on and wait for the first frame and quiet; returns the boot time in ns (end of
        the last frame before quiet, plus its bus time)."""
        frames = self.settle(0)
        if not frames:
            raise StuckError("no frame on the panel after boot")
        self.boot_ns = frames[-1].end + self.panel.bus_ns(self.panel.transfers)
        return self.boot_ns

    def key(self, key, hold_ms=HOLD_MS, step_ms=10, on_step=None):
        """Press ``key`` for ``hold_ms``, wait for quiet; returns its ``KeyResult``.
        ``on_step()`` (optional) runs every ``step_ms`` once the key is known."""
        p = self.pico
        start = len(self.panel.transfers)
        press = p.now
        p.press(key)
        p.run_for(hold_ms * MS)
        p.release(key)
        release = p.now
        known = release if key == "OK" else press
        # the next press waits for this release's debounce too: deliberate, separate presses
        after = self.settle(known, step_ms, on_step, release)
        ts = self.panel.transfers[start:]
        nbytes = sum(t.nbytes for t in ts)
        lat = done = None
        if after:
            first, last = after[0], after[-1]
            lat = first.end - known + self.panel.bus_ns([t for t in ts if known <= t.end <= first.end])
            done = last.end - known + self.panel.bus_ns([t for t in ts if known <= t.end <= last.end])
        r = KeyResult(key, known, lat, done, nbytes, len(after))
        self.results.append(r)
        return r

    def pace(self, script, hold_ms=HOLD_MS, gaps=PACE_GAPS_MS, settle_marks=("move",), on_key=None):
        """Press the keys of ``script`` at a person's pace: each held ``hold_ms`` (a ``KEY/ms`` in
        the script wins), the next pressed a gap after the release (``gaps``, in turn), whether or
        not the device is done; after a key whose mark starts with one of ``settle_marks`` (the
        Tholos device's move) the player watches until the device is quiet.  A key's frames are
        those that end from its known edge to the next key's (a key that finds the device still
        busy with the previous one waits, and that wait is its own); so are its bytes on the bus.
        ``on_key(i)`` (optional) runs once key ``i`` is done, before the next press.  Returns the
        ``KeyResult`` list (also appended to ``results``); the marks' frames go to ``marks``."""
        p = self.pico
        keys = parse(script)
        spans = []  # (key, known)
        for i, (mark, key, hold) in enumerate(keys):
            if mark:
                self.marks[mark] = self.frame()
            press = p.now
            p.press(key)
            p.run_for((hold if hold != HOLD_MS else hold_ms) * MS)
            p.release(key)
            release = p.now
            spans.append((key, release if key == "OK" else press))
            if i + 1 == len(keys) or (mark and mark.startswith(tuple(settle_marks))):
                self.settle(spans[-1][1], not_before=release)
            else:
                p.run_for(gaps[i % len(gaps)] * MS)
            if on_key:
                on_key(i)
        self.marks["last"] = self.frame()
        frames = self.panel.frames
        out = []
        for i, (key, known) in enumerate(spans):
            until = spans[i + 1][1] if i + 1 < len(spans) else None
            mine = [f for f in frames if f.end >= known and (until is None or f.end < until)]
            ts = [t for t in self.panel.transfers if t.end >= known and (until is None or t.end < until)]
            lat = done = None
            if mine:
                first, last = mine[0], mine[-1]
                every = self.panel.transfers
                lat = first.end - known + self.panel.bus_ns([t for t in every if known <= t.end <= first.end])
                done = last.end - known + self.panel.bus_ns([t for t in every if known <= t.end <= last.end])
            out.append(KeyResult(key, known, lat, done, sum(t.nbytes for t in ts), len(mine)))
        self.results.extend(out)
        return out

    def play(self, script):
        """Press every key of ``script``; the marks' frames go to ``marks``."""
        for mark, key, hold in parse(script):
            if mark:
                self.marks[mark] = self.frame()
            self.key(key, hold)
        self.marks["last"] = self.frame()
        return self

    def fs_image(self):
        return self.pico.fs_image()

    def read(self, path):
        """A file of the device's flash now (bytes), or None."""
        return fsimage.read_file(self.fs_image(), path)
