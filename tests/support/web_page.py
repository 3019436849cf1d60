"""Drive the browser version (build/web) in headless Chromium through Playwright.

Shared by the browser tests, ``bench/bench_web.py`` and ``tools/web_shots.py``.
Uses the system Chromium (Debian package ``chromium``), never a browser that
Playwright downloads.  ``missing()`` says plainly what is not installed.
"""
import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WEB = os.path.join(ROOT, "web")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
KEY_NAMES = ("", "UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT")  # keys.NAMES
READY_MS = 60_000


def missing():
    """None if the browser tests can run here, else the reason (what to install)."""
    if not os.path.exists(CHROMIUM):
        return "no Chromium at %s: apt-get install chromium (the browser tests did not run)" % CHROMIUM
    if not (shutil.which("node") and shutil.which("npm")):
        return "no node/npm: apt-get install nodejs npm (the browser tests did not run)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no Playwright: make venv (requirements-dev.txt) (the browser tests did not run)"
    return None


def npm_ci():
    """Install the pinned MicroPython WebAssembly package into web/node_modules (once).
    Under a lock: test workers in parallel must not run ``npm ci`` (which empties
    node_modules first) while another copies from it."""
    import fcntl

    with open(os.path.join(WEB, ".npm-ci.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        stamp = os.path.join(WEB, "node_modules", ".package-lock.json")
        pinned = os.path.join(WEB, "package-lock.json")
        if os.path.exists(stamp) and os.path.getmtime(stamp) >= os.path.getmtime(pinned):
            return
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB, check=True, timeout=600)


def build(out, mpy_dir):
    """Build the site into ``out`` from the compiled firmware in ``mpy_dir`` (as `make web`)."""
    npm_ci()
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import build_web
    finally:
        sys.path.pop(0)
    build_web.main(out, mpy_dir)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@contextlib.contextmanager
def serve(folder):
    """Serve ``folder`` on 127.0.0.1 (a free port) in a thread; yields the base URL."""
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=folder))
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        yield "http://127.0.0.1:%d/" % srv.server_address[1]
    finally:
        srv.shutdown()
        srv.server_close()


def launch(p):
    """The system Chromium, headless (``p``: a started ``sync_playwright()``)."""
    return p.chromium.launch(executable_path=CHROMIUM, args=ARGS)


FRAME_JS = """() => {
  const c = document.getElementById('screen');
  const d = c.getContext('2d').getImageData(0, 0, 128, 64).data;
  const out = [];
  for (let page = 0; page < 8; page++) for (let x = 0; x < 128; x++) {
    let b = 0;
    for (let bit = 0; bit < 8; bit++) if (d[((page * 8 + bit) * 128 + x) * 4] > 100) b |= 1 << bit;
    out.push(b);
  }
  return out;
}"""


class Page:
    """One loaded page: press the on-screen buttons, read the canvas back as a frame."""

    def __init__(self, page, url):
        self.page = page
        self.url = url
        self.errors = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def load(self):
        self.page.goto(self.url)
        self.page.wait_for_function("window.dtc && (window.dtc.ready || window.dtc.error)", timeout=READY_MS)
        err = self.state()["error"]
        assert not err, "the page stopped: %s" % err
        self.centres = {}
        for name in KEY_NAMES[1:]:
            box = self.page.locator("button[data-key=%s]" % name).bounding_box()
            assert box, "no on-screen button %s" % name
            self.centres[name] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        return self

    def state(self):
        return self.page.evaluate("() => window.dtc")

    def keys(self):
        return self.page.evaluate("() => window.dtc.keys")

    def wait_keys(self, n, timeout=30_000):
        """Wait until the firmware has handled ``n`` key events since the page loaded and its
        background job (the Tholos device's search) is done: the key's last frame is shown."""
        try:
            self.page.wait_for_function("n => (window.dtc.keys >= n && !window.dtc.working) || window.dtc.error",
                                        arg=n, timeout=timeout)
        except Exception as e:
            raise AssertionError("key %d not handled in %d ms; page state %s" % (n, timeout, self.state())) from e
        err = self.state()["error"]
        assert not err, "the page stopped: %s" % err

    def press(self, name, hold_ms=0):
        """Press and release the on-screen button ``name`` with the mouse (pointer events)."""
        x, y = self.centres[name]
        m = self.page.mouse
        m.move(x, y)
        m.down()
        if hold_ms:
            self.page.wait_for_timeout(hold_ms)
        m.up()

    def frame(self):
        """The canvas as 1024 bytes MONO_VLSB (the firmware's frame buffer layout)."""
        return bytes(self.page.evaluate(FRAME_JS))

    def play(self, steps, on_mark=None):
        """Press every (mark name or None, key) of ``steps`` (device_run.parse), one key
        handled before the next; ``on_mark(name, frame)`` gets each marked frame as shown
        before its key, and ("last", frame) at the end."""
        base = self.keys()
        for i, (name, key) in enumerate(steps):
            if name and on_mark:
                on_mark(name, self.frame())
            self.press(KEY_NAMES[key])
            self.wait_keys(base + i + 1)
        if on_mark:
            on_mark("last", self.frame())
