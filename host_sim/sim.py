"""The device simulator: the firmware's App on the laptop.

    python -m host_sim [--seed N] [--save DIR]            interactive, in the terminal
    python -m host_sim --keys "DOWN OK shot:menu ..." --shots DIR   scripted, PNG screenshots

Keys: arrows = UP/DOWN/LEFT/RIGHT, Enter = OK, Backspace or Esc = BACK
(a long OK on the device), q = quit.  The screen is drawn with half-block
characters, two pixel rows per text row.
"""
import argparse
import os
import sys

from host_sim.board import HEIGHT, WIDTH, HostBoard

KEY_NAMES = {"UP": 1, "DOWN": 2, "OK": 3, "BACK": 4, "LEFT": 5, "RIGHT": 6}


def make_app(save_dir, seed=None):
    from app import App

    board = HostBoard(save_dir, seed)
    app = App(board).boot()
    app.render()
    return app


def frame_text(frame):
    """The 128x64 frame as 32 lines of half-block characters."""
    out = []
    for y in range(0, HEIGHT, 2):
        row = []
        base_a = (y >> 3) * WIDTH
        base_b = ((y + 1) >> 3) * WIDTH
        for x in range(WIDTH):
            a = (frame[base_a + x] >> (y & 7)) & 1
            b = (frame[base_b + x] >> ((y + 1) & 7)) & 1
            row.append(" ▀▄█"[a | (b << 1)])
        out.append("".join(row))
    return out


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
    """Passes of ``App.poll`` with no key: the top screen's background work
    (``Screen.step``, e.g. the Tholos device's search) until it is done."""
    top = app.top()
    while top is not None and top.step():
        app.render()
        top = app.top()
    app.render()


def run_script(app, tokens, shots_dir):
    """Play ``tokens`` (key names, or shot:NAME to save a PNG); returns the frames shown."""
    if shots_dir:
        os.makedirs(shots_dir, exist_ok=True)
    for tok in tokens:
        if tok.startswith("shot:"):
            save_png(app.board.last_frame, os.path.join(shots_dir or ".", tok[5:] + ".png"))
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
    if ch in (b"q", b"Q", b"\x03"):
        return "QUIT"
    return None


def interactive(app):
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l\x1b[2J")
        while True:
            out.write("\x1b[H" + "\n".join(frame_text(app.board.last_frame)))
            out.write("\n\narrows: up/down/left/right  Enter: OK  Backspace/Esc: BACK  q: quit\n")
            out.flush()
            name = _read_key(fd)
            if name == "QUIT":
                break
            if name:
                app.handle(KEY_NAMES[name])
                settle(app)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        out.write("\x1b[?25h\n")


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_sim", description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, help="seed for new games (replay a game)")
    ap.add_argument("--save", default=".sim_save", help="save folder (the device's flash)")
    ap.add_argument("--fresh", action="store_true", help="start with an empty save folder")
    ap.add_argument("--keys", help="scripted mode: space-separated keys and shot:NAME")
    ap.add_argument("--shots", help="folder for shot:NAME screenshots")
    args = ap.parse_args(argv)
    if args.fresh and os.path.isdir(args.save):
        for n in os.listdir(args.save):
            os.remove(os.path.join(args.save, n))
    app = make_app(args.save, args.seed)
    settle(app)  # a saved solo Tholos game may resume on the device's turn
    if args.keys is not None:
        run_script(app, args.keys.split(), args.shots)
        return 0
    if not sys.stdin.isatty():
        print("\n".join(frame_text(app.board.last_frame)))
        print("(not a terminal: use --keys for scripted mode)")
        return 0
    interactive(app)
    return 0
