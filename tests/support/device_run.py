"""Drive the real App with a key script, on CPython or on MicroPython.

The board here is the test bench: a framebuf (MicroPython's own, or
``host_sim.framebuf`` on CPython), the Flusher talking to a recording fake
SSD1306 over a fake I2C, a save folder, and a fixed seed.  Used by the
golden-frame tests, the cross-interpreter frame test and ``make bench``.
"""
import gc

from app import App
from display import Flusher
from gfx import Glyphs
from fake_display import FakeI2C, FakeSSD1306
from store import OsFs

# The tests' page address, as `make firmware PAGE_URL=...` builds it in: on the test bench the end
# screens and History offer "Phone" (firmware/phone_ui.py reads ``board.page_url``).
PAGE = "https://example.github.io/delphi-table-companion/"
KEYS = {"UP": 1, "DOWN": 2, "OK": 3, "BACK": 4, "LEFT": 5, "RIGHT": 6, "HOME": 7}  # HOME: BACK held (keys.HOME)

def parse(script):
    """[(name or None, key)] from 'name:KEY KEY ...'."""
    out = []
    for tok in script.split():
        name = None
        if ":" in tok:
            name, tok = tok.split(":")
        out.append((name, KEYS[tok]))
    return out


def steps(script):
    """(name or None, key) for each token of 'name:KEY KEY ...', made one at a time: a whole
    script as a list (a few KB for a long game) would sit in the heap the App is measured in."""
    i = 0
    n = len(script)
    while i < n:
        j = script.find(" ", i)
        if j < 0:
            j = n
        tok = script[i:j]
        i = j + 1
        if not tok:
            continue
        name = None
        if ":" in tok:
            name, tok = tok.split(":")
        yield name, KEYS[tok]


def _framebuf_module():
    try:
        import framebuf  # MicroPython's, in C
    except ImportError:
        from host_sim import framebuf
    return framebuf


def _glyph_fb(fb_class):
    """A subclass (MicroPython's FrameBuffer takes no attributes of its own)."""

    class GlyphFb(fb_class):
        pass

    return GlyphFb


class BenchClock:
    @staticmethod
    def ticks_diff(a, b):
        return a - b

    @staticmethod
    def ticks_add(a, b):
        return a + b


class BenchBoard:
    page_url = PAGE

    def __init__(self, fb_class, save_dir, seed, fmt=0):
        self.buf = bytearray(1024)
        self.fb = _glyph_fb(fb_class)(self.buf, 128, 64, fmt)
        self.fb.glyph = Glyphs(self.fb, _framebuf_module()).glyph  # text blitted, as on the Pico
        self.i2c = FakeI2C()
        self.link = Flusher(self.buf, lambda: FakeSSD1306(self.i2c), BenchClock())
        self.fs = OsFs(save_dir)
        self.seed = seed

    # The about screen's RAM, largest block and flash figures (device_ui.measure) differ between
    # interpreters and hosts: fixed here, so its golden frames are the same bytes everywhere.
    figures = (151552, 98304, 1372160)
    # The Pico's panel chips (boards/pico_ssd1306/oled.py), so the Settings screen is the device's.
    CHIPS = ("SSD1306", "SH1106", "SSD1309")
    chip = 0

    def set_chip(self, chip):
        self.chip = chip

    def where(self):
        return "0x3C"

    def show(self):
        self.link.show()

    def new_seed(self):
        return self.seed

    def random_id(self):
        # the plays log's device id: fixed here, as it is in the QR code of a play (golden frames)
        return 0x1A2B3C4D


def bench_app(path, seed):
    """A fresh App on a ``BenchBoard`` of this interpreter's framebuf (MicroPython's own under
    micropython) saving in the folder ``path`` (made if missing), booted and its first frame
    drawn: how the tests' MicroPython scripts start."""
    import os

    try:
        os.mkdir(path)
    except OSError:
        pass
    fbm = _framebuf_module()
    app = App(BenchBoard(fbm.FrameBuffer, path, seed, fbm.MONO_VLSB)).boot()
    app.render()
    return app


def settle(app):
    """Passes of ``App.poll`` with no key: the App's background job
    (``app.job``, e.g. the Tholos device's search) until it is done,
    rendering after each pass as the device loop does."""
    job = app.job
    while job is not None and job.step():
        app.render()
        job = app.job
    if app.job is job:
        app.job = None  # done, as App.poll lets it go
    app.render()


def play(fb_class, save_dir, script, seed, fmt=0, on_mark=None):
    """Boot the App and press every key of ``script``.

    Returns (frames, sent, peak, app): ``frames`` maps each marked name to
    the frame bytes (unless ``on_mark(name, buf)`` takes them), ``sent`` the bus bytes per key
    press, ``peak`` the highest live ``gc.mem_alloc()`` seen (0 on
    CPython).  A save folder is cleaned first.
    """
    import os

    try:
        for n in os.listdir(save_dir):
            os.remove(save_dir + "/" + n)
    except OSError:
        os.mkdir(save_dir)
    # bus bytes per key, made whole before the App runs: a list grown key by key would be
    # moved around the heap the App is measured in, leaving holes between its objects
    sent = [0] * (len(script.split()))
    board = BenchBoard(fb_class, save_dir, seed, fmt)
    app = App(board).boot()
    settle(app)
    frames = {}
    peak = 0
    i = 0
    for name, key in steps(script):
        if name and on_mark:
            on_mark(name, board.buf)
        elif name:
            frames[name] = bytes(board.buf)
        before = board.i2c.bytes
        app.handle(key)
        settle(app)
        sent[i] = board.i2c.bytes - before
        i += 1
        if hasattr(gc, "mem_alloc"):
            gc.collect()  # live heap, not garbage waiting for collection
            a = gc.mem_alloc()
            if a > peak:
                peak = a
    if on_mark:
        on_mark("last", board.buf)
    else:
        frames["last"] = bytes(board.buf)
    assert board.i2c.ram == board.buf, "panel RAM differs from the frame buffer"
    return frames, sent, peak, app


def load_script(path):
    """(keys, seed) of one golden key script file."""
    seed = 0
    keys = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("seed "):
                seed = int(line[5:])
            else:
                keys.append(line)
    return " ".join(keys), seed


def load_scripts(folder="tests/golden"):
    """Every golden-frame key script: ``tests/golden/<name>.keys`` -> {name: (keys, seed)}.

    File format: a first line ``seed N``, then keys separated by white space;
    lines starting with # are comments.  ``name:KEY`` marks the frame shown
    before KEY is pressed.
    """
    import os

    out = {}
    for fn in os.listdir(folder):
        if fn.endswith(".keys"):
            out[fn[:-5]] = load_script(folder + "/" + fn)
    return out
