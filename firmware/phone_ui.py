"""The play to the phone's screen and its job: "Phone" shows a QR code of the
project's web page with the play after ``#`` in its compact form (``playcode``; docs/phone.md
defines it); the page turns it into the Board Game Stats link, so no computer is needed at the
table.  Imported through ``phone`` only when a code is made or shown (``phone.prepare``,
``phone.show``) and let go with the game (``phone.forget``).

``prepare(app, play, dev)`` makes the code as the App's background job (``app.job``): the
device loop asks for it once the open game's play is in the log (the game over), History for
the play under its cursor; ``show(app, play, dev)`` pushes the code's screen (finishing that job
first if a key came before it was done).  ``for_game(app)``: the open game's play from the log,
or None.
"""
import gc

import lang
import loader
import plays
from gfx import H as SIDE  # the code's square: the panel's height (playcode.SIDE)
from gfx import bit_column
from ui import Screen

LOW = lang.msg("Low memory: try again")

_ENCODER = ("playcode", "qr")


def _encoder():
    """The modules that make a code (``playcode``, ``qr``), imported for each code and let go
    once it is made (``_unload``).  On the ``make deploy`` route their bytecode is about 10 KB
    of heap that the game and the next one want; the frozen image keeps it in flash."""
    qr = loader.import_module("qr")
    return loader.import_module("playcode"), qr


def _unload():
    loader.release(_ENCODER)


class _Job:
    """The code of one play made as the App's job, a part of the work a step (``qr.steps``).
    ``play`` None: the open game's play, read from the log at the second step (after the
    frame that ends the game has written the log, ``saver``)."""

    PHONE = True  # phone.prepare: a code's job, which another play's code may replace

    def __init__(self, app, play, dev, url):
        self.app = app
        self.url = url
        self.play = play
        self.dev = dev
        self.code = None  # (n, version, level, scale, block) when done
        self.fail = None
        self.gen = None
        self.block = None  # the square's bytes, made before the work
        self.seg = None  # qr.modules, once the work begins
        self.wait = play is None

    def _start(self):
        if self.play is None:
            got = for_game(self.app)
            if got is None:
                self.fail = lang.msg("Play not logged yet")
                return
            self.play, self.dev = got
        # the square's bytes first: under the encoder and the work's garbage, not on top of them
        # once they are gone
        self.block = bytearray(b"\xff" * (SIDE * SIDE // 8))
        playcode, qr = _encoder()
        self.seg = qr.modules
        try:
            segs = playcode.segments(self.url, playcode.encode(self.play, self.dev))
        except (KeyError, ValueError, TypeError):  # a play of a shape this build does not know
            self.fail = lang.msg("Play not readable")
            self.block = self.seg = None
            _unload()
            return
        got = playcode.choose(segs)
        if got is None:  # a long address: the names cut (the longest first) until the play fits
            self.play = playcode.shortened(self.play)
            while got is None and self.play is not None:
                segs = playcode.segments(self.url, playcode.encode(self.play, self.dev))
                got = playcode.choose(segs)
                if got is None:
                    self.play = playcode.shortened(self.play)
        if got is None:
            self.fail = lang.msg("Play too long for a QR code")
            self.block = self.seg = None
            _unload()
            return
        self.scale = got[1]
        self.gen = qr.steps(segs, got[0])

    def step(self):
        try:
            return self._step()
        except MemoryError:  # short of RAM: the work given up quietly, tried again if a key asks
            self.gen = self.block = self.seg = None
            self.fail = LOW
            _unload()
            gc.collect()
            return False

    def _step(self):
        if self.wait:
            self.wait = False
            return True
        if self.code is not None or self.fail:
            return False
        gen = self.gen
        if gen is None:
            self._start()
            return self.gen is not None
        got = next(gen)
        if got is None:
            return True
        # the lit square with the dark modules as the panel's bytes (MONO_VLSB, 8 pages of 64
        # columns): a frame that exposes its bytes (``fb.buf``, the Pico's) takes them at once
        n, v, lv, c0, c1 = got
        sc = self.scale
        o = (SIDE - n * sc) // 2
        block = self.block
        if block is None:
            block = bytearray(b"\xff" * (SIDE * SIDE // 8))
        seg = self.seg
        assert seg is not None  # set with gen by _start
        for c in range(n):
            w0 = c0[c]
            w1 = c1[c]
            if sc == 1:  # a page's 8 pixels are 8 modules of the column
                x = o + c
                for p in range(SIDE // 8):
                    bits = seg(w0, w1, 8 * p - o, 8)
                    if bits:
                        block[p * SIDE + x] = ~bits & 0xFF
            else:
                for r in range(n):
                    if seg(w0, w1, r, 1):
                        for y in range(o + r * sc, o + (r + 1) * sc):
                            m = ~(1 << (y & 7))
                            base = (y >> 3) * SIDE + o + c * sc
                            for x in range(base, base + sc):
                                block[x] &= m
        self.code = (n, v, lv, sc, block)
        self.gen = self.block = self.seg = None
        _unload()
        gc.collect()  # the work's garbage goes now, not in the key that shows the code
        return False

    def finish(self):
        self.wait = False
        while self.step():
            pass


_made = None  # the last play's job: its code stays for the next look


def _job(app, play, dev, url, again=False):
    """The job of ``play`` (None: the open game's) begun already, else a new one (one plays
    log per device: the play's number names it).  ``again``: the open game's play that was not
    in the log at the last look is looked for once more (a key asks; a redraw never does)."""
    global _made
    j = _made
    if j is None or j.app is not app or (j.fail and again):
        j = None  # a key asks again for what failed (not logged yet, short of RAM)
    elif j.url != url:
        j = None
    elif play is None:
        s = app.session
        if j.play is not None and (s is None or j.play["n"] != s.play):
            j = None
    elif j.play is None or j.play["n"] != play["n"]:
        j = None
    if j is None:
        j = _made = _Job(app, play, dev, url)
    return j


def forget(app):
    """Let the last code go (its square, its play, the work under way): a game opens or the
    main menu comes back, and what it kept must not sit between the next game's blocks."""
    global _made
    if isinstance(app.job, _Job):
        app.job = None
    _made = None
    _unload()


def prepare(app, url, play=None, dev=None):
    """Start making the code of ``play`` (None: the open game's, once it is in the log) as the
    App's background job, unless it is made or another kind of job runs (the code of another
    play under way gives way: the cursor moved on).  Called by the device loop while no job
    runs and the open game's play is in the log (``loop.poll``), and by History's ``draw``:
    cheap when there is nothing to do."""
    if app.job is not None and not isinstance(app.job, _Job):
        return  # another kind of job (a search) goes first
    j = _job(app, play, dev, url)
    if j.code is None and not j.fail:
        app.job = j
    elif app.job is not None and app.job is not j:
        app.job = None  # the code of another play under way: not wanted now


def show(app, url, play=None, dev=None):
    """Push the code's screen of ``play`` (None: the open game's) for the page at ``url``."""
    j = _job(app, play, dev, url, True)
    j.finish()
    if app.job is j:
        app.job = None
    if j.fail:
        app.toast(lang.tr(j.fail))
        return
    app.push(QrScreen(app, j.code, j.play))


def for_game(app):
    """(play, dev) of the open game's play in the plays log, or None (not logged yet, or the
    log not readable now)."""
    s = app.session
    if s is None or not s.play:
        return None
    try:
        doc = plays.load(app.store)
    except MemoryError:
        return None
    if doc is None:
        return None
    i = plays.find(doc, s.play)
    return None if i < 0 else (doc["plays"][i], doc["dev"])


# How to scan, by the panel's chip (its usual module: the SSD1306's 0.96", the SH1106's 1.3", the
# SSD1309's 2.42"): the camera's zoom and the distances at which bench/bench_phone.py's camera model
# reads a 4-player play's code (docs/phone.md, "Read by a phone").
ZOOM = lang.msg("zoom 2x at")
HINTS = {"SSD1306": (ZOOM, "10-12 cm"), "SH1106": (ZOOM, "12-18 cm"), "SSD1309": (ZOOM, "20-30 cm")}


def hint(app):
    """The QR screen's two lines on how to hold the phone, for the board's panel chip."""
    b = app.board
    chips = getattr(b, "CHIPS", None)
    name = chips[getattr(b, "chip", 0)] if chips else "SSD1306"
    return HINTS.get(name, HINTS["SSD1306"])


class QrScreen(Screen):
    """The QR code on a lit square at the left (dark modules, a quiet zone of 4 modules or
    more), what to do and how far to hold the phone at the right; any key goes back.  While it
    is shown the panel runs its fastest clock at a lower contrast (``CODE``: ``rest.code``)."""

    CODE = True

    def __init__(self, app, code, play):
        Screen.__init__(self, app)
        self.code = code
        self.play = play

    def draw(self, g):
        block = self.code[4]
        fb = g.fb
        buf = getattr(fb, "buf", None)
        if buf is not None:  # the frame's own bytes: the square's 8 pages copied in
            mv = memoryview(block)
            for p in range(SIDE // 8):
                buf[p * 128:p * 128 + SIDE] = mv[p * SIDE:(p + 1) * SIDE]
        else:  # a frame of drawing calls only: the dark runs of each page's columns
            fb.fill_rect(0, 0, SIDE, SIDE, 1)
            for p in range(SIDE // 8):
                for x in range(SIDE):
                    b = block[p * SIDE + x]
                    if b != 0xFF:
                        bit_column(fb, ~b & 0xFF, x, 8 * p, 0)
        x = SIDE + 3
        h = hint(self.app)
        if lang.cjk:  # the glyphs' lines 11 px, the small font's 7, 1 px apart: six lines beside the code
            tr = lang.tr
            for s, y in ((tr("Scan to log it in"), 0), ("BG Stats", 12), (tr(h[0]), 20), (h[1], 32),
                         (tr("play %d") % self.play["n"], 40), (tr("Key: back"), 52)):
                g.text(s, x, y)
            return
        g.text("Scan to", x, 2)
        g.text("log it in", x, 11)
        g.text("BG Stats:", x, 20)
        g.text(h[0], x, 29)
        g.text(h[1], x, 38)
        g.text("play %d" % self.play["n"], x, 47)
        g.text("Key: back", x, 56)

    def key(self, k):
        self.app.pop()
