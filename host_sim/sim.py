"""The device simulator: the firmware's App on the laptop.

    python -m host_sim [--seed N] [--save DIR]            interactive, in the terminal
    python -m host_sim --keys "DOWN OK shot:menu ..." --shots DIR   scripted, PNG screenshots

In scripted mode ``wait:N`` lets N seconds pass on the device's clock (the table's clock runs);
interactively the device's clock is the laptop's.

Keys: arrows = UP/DOWN/LEFT/RIGHT, Enter or space = OK, Backspace or Esc = BACK
(a long OK on the device), h = HOME (BACK held on the device: the game menu
from any screen of a game), q = quit.  The screen is drawn in the size the
terminal has (``host_sim.term``): half-block characters when there are 130 x 35
cells, Braille cells in 66 x 19 (a standard 80 x 24 terminal), else a one-line
message; it is redrawn when the terminal is resized.
"""
import argparse
import os
import sys

from host_sim import term
from host_sim.clock import TICKS_PERIOD, FakeClock, ticks_add, ticks_diff
from boards.host.board import HEIGHT, PAGE_URL, WIDTH, HostBoard

KEY_NAMES = {"UP": 1, "DOWN": 2, "OK": 3, "BACK": 4, "LEFT": 5, "RIGHT": 6, "HOME": 7}  # HOME: BACK held


class WallClock:
    """The laptop's clock as MicroPython's ticks (``time.monotonic``, wrapping at 2**30 ms)."""

    ticks_add = staticmethod(ticks_add)
    ticks_diff = staticmethod(ticks_diff)

    @staticmethod
    def ticks_ms():
        import time

        return int(time.monotonic() * 1000) % TICKS_PERIOD


def make_app(save_dir, seed=None, clock=None, page_url=PAGE_URL):
    """The App on the host board; ``clock``: the board's ticks (``board.clock``), None for none."""
    from app import App

    board = HostBoard(save_dir, seed, page_url)
    if clock is not None:
        board.clock = clock  # pyright: ignore[reportAttributeAccessIssue]
        board.read_keys = lambda: 0  # pyright: ignore[reportAttributeAccessIssue]  (keys come by handle)
    app = App(board).boot()
    app.render()
    return app


def frame_text(frame):
    """The 128x64 frame as 32 lines of half-block characters."""
    return term.half_lines(frame)


def has_pillow():
    """True if Pillow (on PyPI; the PNG screenshots) can be imported."""
    try:
        import PIL  # noqa: F401
    except ImportError:
        return False
    return True


def save_png(frame, path, scale=4):
    """Write the frame as a PNG that looks like the OLED (pale blue on black)."""
    from PIL import Image

    img = Image.new("RGB", (WIDTH, HEIGHT), (8, 10, 16))
    px = img.load()
    for y in range(HEIGHT):
        base = (y >> 3) * WIDTH
        for x in range(WIDTH):
            if (frame[base + x] >> (y & 7)) & 1:
                px[x, y] = (170, 220, 255)
    img = img.resize((WIDTH * scale, HEIGHT * scale), Image.NEAREST)
    pad = 3 * scale
    out = Image.new("RGB", (img.width + 2 * pad, img.height + 2 * pad), (30, 30, 34))
    out.paste(img, (pad, pad))
    out.save(path)


def settle(app):
    """Passes of ``App.poll`` with no key: the App's background job
    (``app.job``, e.g. the Tholos device's search) until it is done."""
    while _background(app):
        app.render()
    _tick(app)
    app.render()


def _tick(app):
    """The table's clock brought up to date, as ``App.poll`` does every pass."""
    c = app.session.clock if app.session is not None else None
    if c is not None:
        c.ui.tick(app)


def wait(app, seconds):
    """``seconds`` on the board's clock (a ``FakeClock``), a pass of the loop every second."""
    for _ in range(seconds):
        app.board.clock.advance(1000)
        _tick(app)
        app.render()


def run_script(app, tokens, shots_dir):
    """Play ``tokens`` (key names, or shot:NAME to save a PNG); returns the frames shown."""
    if shots_dir:
        os.makedirs(shots_dir, exist_ok=True)
    for tok in tokens:
        if tok.startswith("shot:"):
            save_png(app.board.last_frame, os.path.join(shots_dir or ".", tok[5:] + ".png"))
            continue
        if tok.startswith("wait:"):
            wait(app, int(tok[5:]))
            continue
        k = KEY_NAMES.get(tok.upper())
        if k is None:
            raise SystemExit("unknown key %r (use %s or shot:NAME)" % (tok, ", ".join(KEY_NAMES)))
        app.handle(k)
        settle(app)
    return app.board.frames


def _read_key(fd):
    import select

    ch = os.read(fd, 1)
    if ch == b"\x1b":
        r, _, _ = select.select([fd], [], [], 0.05)
        if not r:
            return "BACK"
        seq = os.read(fd, 2)
        return {b"[A": "UP", b"[B": "DOWN", b"[C": "RIGHT", b"[D": "LEFT"}.get(seq)
    if ch in (b"\r", b"\n", b" "):
        return "OK"
    if ch in (b"\x7f", b"\x08"):
        return "BACK"
    if ch in (b"h", b"H"):
        return "HOME"  # a terminal reports no key release: BACK held has a key of its own
    if ch in (b"q", b"Q", b"\x03", b""):
        return "QUIT"
    return None


def _terminal_size(fd):
    try:
        size = os.get_terminal_size(fd)
    except OSError:
        return 80, 24
    return size.columns, size.lines


def _background(app):
    """The App's background job (``app.job``, a search), as ``App.poll()`` runs it; True if more is due."""
    job = app.job
    if job is None or app.toast_text:
        return False
    try:
        more = bool(job.step())
    except Exception as e:  # never stop the simulator, as the device
        app.toast("Error: %s" % e)
        return False
    if not more and app.job is job:
        app.job = None  # done, as App.poll lets it go
    return more


def interactive(app):
    import select
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    shown = None  # (terminal size, frame) on screen
    busy = False
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l")
        while True:
            size = _terminal_size(out.fileno() if out.isatty() else fd)
            frame = app.board.last_frame
            if shown is None or shown[0] != size or shown[1] != frame:
                clear = "\x1b[2J" if shown is None or shown[0] != size else ""
                lines = term.screen_lines(frame, size[0], size[1])
                out.write(clear + "\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K")
                out.flush()
                shown = (size, frame)
            # wait for a key; wake up now and then to see a resize, or at once for background work
            r, _, _ = select.select([fd], [], [], 0 if busy else 0.2)
            if r:
                name = _read_key(fd)
                if name == "QUIT":
                    break
                if name:
                    app.handle(KEY_NAMES[name])
            busy = _background(app)
            _tick(app)
            app.render()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        out.write("\x1b[?25h\n")


def choose_lang(app, prefs, i):
    """Language ``i`` (an index of ``lang.LANGS``) chosen, as Settings' Language line does: stored
    with the settings, in use at once, the screens on the stack said again in it."""
    if app.prefs is None:
        prefs.start(app)
    app.prefs["lang"] = i
    app.save_settings(prefs.NAME, app.prefs)
    prefs.apply(app)
    for s in app.stack:
        s.shown()
    app.changed()


def main(argv):
    import prefs
    from lang import LANGS

    ap = argparse.ArgumentParser(
        prog="python -m host_sim", description=__doc__.split("\n")[0],
        epilog="Keys: arrows = UP/DOWN/LEFT/RIGHT, Enter or space = OK, Backspace or Esc = BACK (a long OK "
               "on the device; on the main menu it opens the device menu: History, Player names, Settings, "
               "About), h = HOME (BACK held on the device: a game's menu from any of its screens), q = quit.  "
               "Scoring tool: python -m host_sim score FILE.json (or - for standard input) scores a "
               "finished Delfos city, Delphi March or Tholos temple and prints the result as JSON; "
               "the formats are in tests/cases/README.md.  Board Game Stats: python -m host_sim plays "
               "[FOLDER | --device] prints a BG Stats link and QR code for each new play of the plays log "
               "(FOLDER: the device's files or the simulator's --save folder; --device copies them with "
               "mpremote); python -m host_sim plays --help for its options.")
    ap.add_argument("--seed", type=int, help="seed for new games (replay a game)")
    ap.add_argument("--save", default=".sim_save", help="save folder (the device's flash)")
    ap.add_argument("--fresh", action="store_true", help="start with an empty save folder")
    ap.add_argument("--keys", help="scripted mode: space-separated keys and shot:NAME")
    ap.add_argument("--shots", help="folder for shot:NAME screenshots")
    ap.add_argument("--page-url", default=PAGE_URL, metavar="URL",
                    help="the web page the \"Phone\" QR codes lead to (default %(default)s, the "
                         "page `make web-serve` serves on this computer; \"\" for none)")
    ap.add_argument("--lang", choices=LANGS, help="the device's language, kept with its settings in the save "
                    "folder (as Settings, Language, on the device)")
    args = ap.parse_args(argv)
    tokens = args.keys.split() if args.keys is not None else None
    if args.shots is not None and tokens is None:
        # the screenshots are a script's (shot:NAME in --keys): said, not ignored
        print("host_sim: --shots saves the screenshots of a --keys script (shot:NAME); give --keys too, e.g. "
              "--keys \"OK shot:players\" --shots %s" % args.shots, file=sys.stderr)
        return 2
    if tokens and any(t.startswith("shot:") for t in tokens) and not has_pillow():
        # before any key: none is played into the save folder
        print("host_sim: the screenshots (shot:NAME) need Pillow: pip install Pillow", file=sys.stderr)
        return 2
    if args.fresh and os.path.isdir(args.save):
        for n in os.listdir(args.save):
            os.remove(os.path.join(args.save, n))
    if args.page_url and (not args.page_url.startswith(("http://", "https://")) or "#" in args.page_url
                          or any(c <= " " or c > "~" for c in args.page_url)):
        print("host_sim: --page-url %r is not an http(s) address (ASCII, no spaces, no #)" % args.page_url,
              file=sys.stderr)
        return 2
    app = make_app(args.save, args.seed, FakeClock(0) if args.keys is not None else WallClock(), args.page_url)
    if args.lang is not None:
        choose_lang(app, prefs, LANGS.index(args.lang))
    settle(app)  # a saved solo Tholos game may resume on the device's turn
    if args.keys is not None:
        run_script(app, tokens, args.shots)
        return 0
    if not sys.stdin.isatty():
        print("\n".join(frame_text(app.board.last_frame)))
        print("(not a terminal: use --keys for scripted mode)")
        return 0
    interactive(app)
    return 0
