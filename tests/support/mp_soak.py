"""Under micropython: one power-on of the soak run, at the Pico's heap (``tools/soak.py``,
``make soak``, starts one process per power-on, so every boot has a fresh heap as after
a real power cut).

    micropython -X heapsize=128K tests/support/mp_soak.py [--fw=DIR] SAVE_DIR SEED KEYS MID EPISODE LEFT DONE [EXPECT]

Boots the App on the files in SAVE_DIR and checks them against EXPECT (JSON: the game,
whether its last step was saved, its number of commands and last command, as the last
power-on left them): the saved game must come back, never as "unreadable", "restored
backup" or "Could not resume".  Then KEYS random keys (OK most often) in episodes: each
game opened in turn (EPISODE counts them; LEFT keys are left in the current one; DONE: it
was over), played until it is over and 20 keys more or a few hundred keys.  Checked at
every key: no MemoryError escapes the App, no lockup (30 keys in a row, BACK among them,
that change nothing on the screen: BACK always answers but on the main menu, the other keys
need not, as OK on a list with nothing to open), and each BACK that changes nothing is counted by screen.  The
power goes after the last key, or (MID 1) at a file-system step inside it.  Prints
``expect JSON`` (for the next power-on), ``state EPISODE LEFT DONE``, ``figures JSON``,
``toast 1 TEXT`` per message shown, ``deadback 1 SCREEN`` per BACK that changed nothing,
``short 1 GAME`` per key answered "Out of memory" (tools/soak.py adds them up) and ``FAIL ...``
lines.  A restart (``board.restart()``: a saved game the menu had no room for) ends the power-on
early with ``restart`` and an EXPECT naming the game, its commands as saved.
"""
import gc
import json
import os
import sys

if len(sys.argv) > 1 and sys.argv[1].startswith("--fw="):
    sys.path.insert(0, sys.argv.pop(1)[5:])
else:  # the sources: the firmware and the Pico board's own modules (display, oled)
    sys.path[:0] = ["firmware", "boards/pico_ssd1306"]
sys.path.append("tests/support")  # after a compiled copy of the harness (tools/soak.py)

import framebuf  # noqa: E402

import device_run  # noqa: E402
from app import App  # noqa: E402
import lang  # noqa: E402
from rng import Rng  # noqa: E402
from store import OsFs  # noqa: E402

UP, DOWN, OK, BACK, LEFT, RIGHT = 1, 2, 3, 4, 5, 6
KEYS = (OK, OK, OK, OK, OK, OK, DOWN, DOWN, UP, UP, LEFT, RIGHT, BACK)  # BACK 1 in 13
GAMES = ("oracle", "delfos", "delphi", "delphi-calc", "tholos", "dice")
LOCKUP = 30
DEBUG = 0


class Cut(BaseException):
    """The power goes: nothing after this runs."""


class Restart(BaseException):
    """The App restarts the device (``board.restart()``, as the Pico's soft reset raises
    SystemExit): this power-on ends, and the next boot must bring the game back."""


def restart():
    raise Restart()


class CutFs(OsFs):
    """``OsFs`` that cuts the power at its ``at``-th step (a cut write leaves half a file)."""

    at = 0
    n = 0

    def _step(self):
        if self.at:
            self.n += 1
            if self.n == self.at:
                self.at = 0
                raise Cut()

    def write(self, path, parts):
        if self.at and self.n + 1 == self.at:
            self.n += 1
            self.at = 0
            first = parts[0]
            OsFs.write(self, path, (first[:len(first) // 2],))
            raise Cut()
        OsFs.write(self, path, parts)

    def rename(self, a, b):
        self._step()
        OsFs.rename(self, a, b)

    def remove(self, path):
        self._step()
        OsFs.remove(self, path)


def largest():
    """The largest block the heap can give now (bytes, to 256)."""
    n = 256
    try:
        while n < 1 << 17:
            bytearray(n * 2)
            n *= 2
    except MemoryError:
        pass
    return n


def keep(path, why):
    """Copy the save folder as it is now to ``path-why`` (to look at a failure)."""
    try:
        os.mkdir(path + "-" + why)
    except OSError:
        pass
    for n in os.listdir(path):
        with open(path + "/" + n, "rb") as f:
            data = f.read()
        with open(path + "-" + why + "/" + n, "wb") as f:
            f.write(data)


def finished(g):
    p = getattr(g, "phase", None)
    if callable(p):
        p = p()
    if getattr(g, "over", False) is True or p == "over":
        return True
    return g.__class__.__name__ == "OracleGame" and p == 2  # oracle END: someone back at Zeus


figures = {"events": 0, "games": 0, "finished": 0, "escaped": 0, "lockups": 0, "refused": 0, "untold": 0,
           "starved": 0, "kept": 0, "menu": 0, "resumed": 0, "menu_refused": 0, "restarts": 0}
# Messages, dead BACKs and keys short of RAM are printed as they come (``toast 1 TEXT``,
# ``deadback 1 SCREEN``, ``short 1 GAME``; tools/soak.py adds them up), never kept here: a
# dict of them would grow in the App's heap at random moments and pin pieces of it between
# one game's blocks and the next's, a fragmentation the device never has.


def fail(*what):
    print("FAIL", *what)


def note_toast(app):
    t = app.toast_text
    if t:
        if t.startswith("Error") and app.error is not None:  # a defect: where it was raised
            sys.print_exception(app.error)
            app.error = None
        try:
            k = t[:40]
            i = k.find("allocating")  # "...allocating 512 bytes": one kind whatever the size
            if i >= 0:
                k = k[:i + 10]
            print("toast 1", k)
        except MemoryError:  # the soak's own bookkeeping, never the App's
            figures["untold"] += 1


def board(path, seed):
    """The bench board, made once: a power cut reboots the App on the same board (its
    frame buffer and display link are what a fresh boot would allocate first anyway)."""
    b = device_run.BenchBoard(framebuf.FrameBuffer, path, seed, framebuf.MONO_VLSB)
    b.fs = CutFs(path)
    b.clock = Clock()
    b.read_keys = lambda: 0  # keys go to App.handle directly
    b.prev = bytearray(1024)  # the frame before each key (the soak's, made before the App's)
    b.restart = restart
    return b


class Clock(device_run.BenchClock):
    """Ticks that move 1 ms per reading: the App's timers (long press, the search's time
    cap) run, deterministically."""

    t = 0

    def ticks_ms(self):
        self.t += 1
        return self.t


def settle(app):
    """Passes of the device loop (``App.poll``, no key down) until the top screen's
    background work is done: its errors are handled as on the device."""
    app.poll()
    n = 0
    while app.working and n < 100000:
        app.poll()
        n += 1


def check_resumed(app, expect, t, path):
    """The game the last power-on saved (``expect``) is the one the boot brought back.  A
    function of its own: a local in ``main`` that held the resumed Session would keep that
    game's modules alive for the whole power-on (after the App has let them go)."""
    s = app.session
    if s is None and t.startswith("Low memory: save kept"):  # kept and said so: tried again at the next power-on
        figures["kept"] += 1
    elif s is None and len(expect) > 4 and not expect[4] and not t:
        # The game's step was saved, the record of the open game (app.dat) was still
        # waiting for RAM: the device comes up on the main menu, the game one press away.
        figures["menu"] += 1
    elif s is None or app.game_name != expect[0]:
        figures["refused"] += 1
        fail("saved game not resumed:", expect[0], t)
    elif expect[2] is not None and (len(s.cmds) != expect[2] or (s.cmds[-1] if s.cmds else None) != expect[3]):
        figures["refused"] += 1
        fail("resumed other commands:", expect[0], len(s.cmds), expect[2], t)


def restarted(app):
    """The App restarted the device to open a saved game (``opening.resume_saved``): app.dat
    names it, and the next boot must bring it back, its commands as saved."""
    figures["restarts"] += 1
    print("restart")
    print("expect", json.dumps((app.game_name, True, None, None, True)))


def main(path, seed, n, mid, episode, left, done, expect):
    """One power-on: boot on the files, check what the last one left (``expect``), ``n``
    keys, then the power goes (``mid``: at a file-system step inside the last key)."""
    rnd = Rng(seed)
    try:
        os.mkdir(path)
    except OSError:
        pass
    b = board(path, seed)
    fs = b.fs
    # a fresh App booted on the board's files (no background work run yet: the Tholos device
    # may move as soon as its game is back)
    try:
        fs.at = 0
        app = App(b)
        app.boot()
    except MemoryError as e:
        figures["escaped"] += 1
        fail("MemoryError at boot")
        sys.print_exception(e)
        return
    t = app.toast_text or ""
    if "unreadable" in t or "backup" in t or "Could not" in t or t.startswith("Error"):
        figures["refused"] += 1
        fail("after a cut:", t)
        keep(path, "refused")
    if expect is not None and expect[1] and expect[0] is not None:
        check_resumed(app, expect, t, path)
    note_toast(app)
    try:
        settle(app)
    except MemoryError as e:
        figures["escaped"] += 1
        fail("MemoryError escaped after boot")
        sys.print_exception(e)
    prev = b.prev
    same = 0
    backs = 0  # BACKs among those ``same`` keys
    told = False  # this run of unchanged keys was counted as a lockup
    after_end = -1
    was_done = done
    for i in range(n):
        if left <= 0 or after_end == 0:  # a new episode: the next game, a new game of it
            name = GAMES[episode % len(GAMES)]
            episode += 1
            left = 150 + rnd.below(450)
            after_end = -1
            app.home()
            # A game with a save is resumed from the main menu every other time (its line,
            # OK, "Resume saved game", as a player opens it), else a new game started.
            saved = fs.exists(name + ".dat") and rnd.below(2) == 0
            try:
                if saved:
                    if app.toast_text:  # a message left from the game: the first key takes it away
                        app.handle(OK)
                        settle(app)
                    app.stack[0].choose(GAMES.index(name))  # the menu's OK on the game's line
                    settle(app)
                    app.handle(OK)  # "Resume saved game"
                else:
                    app.later("Opening", lambda n=name: app.new_game(n))  # as the main menu opens a game
                settle(app)
            except Restart:
                figures["games"] += 1
                figures["resumed"] += 1
                restarted(app)
                break
            except MemoryError:
                figures["escaped"] += 1
                fail("MemoryError opening", name)
            figures["games"] += 1
            if saved:
                figures["resumed"] += 1
                t = app.toast_text or ""
                if app.game_name != name or app.session is None or t:
                    # counted and told (a REFUSED line; tools/soak.py fails the run on it), with the
                    # heap's figures: free, and the largest block (figures in tools/soak.py's docstring)
                    figures["menu_refused"] += 1
                    gc.collect()
                    print("REFUSED saved game not opened from the menu:", name, t, "free", gc.mem_free(),
                          "largest", largest())
                    if DEBUG:
                        import micropython
                        print("alloc", gc.mem_alloc(), "modules", sorted(sys.modules.keys()), "stack",
                              [type(x).__name__ for x in app.stack])
                        micropython.mem_info(1)
                    try:
                        keep(path, "menu")  # the harness's copy, on the App's full heap: may not fit
                    except MemoryError:
                        gc.collect()
                note_toast(app)
            was_done = False
        k = KEYS[rnd.below(len(KEYS))]
        where = type(app.top()).__name__
        prev[:] = b.buf
        last = i == n - 1
        if last and mid:  # this key's saves are cut at a step
            fs.n = 0
            fs.at = 1 + rnd.below(5)
        if last and not mid:  # a cut between keys: what the flash must give back
            expect = (app.game_name, app.session is not None and not app._unsaved,
                      len(app.session.cmds) if app.session is not None else -1,
                      app.session.cmds[-1] if app.session is not None and app.session.cmds else None,
                      not app._app_unsaved)
            print("expect", json.dumps(expect))
            break
        try:
            app.handle(k)
            settle(app)
        except Cut:
            break
        except Restart:  # the keys resumed a saved game from the menu, with no room for it
            restarted(app)
            break
        except MemoryError as e:
            figures["escaped"] += 1
            fail("MemoryError escaped", where, k)
            sys.print_exception(e)
        fs.at = 0
        figures["events"] += 1
        left -= 1
        if after_end > 0:
            after_end -= 1
        note_toast(app)
        told_oom = app.toast_text
        if app.starved or told_oom and (told_oom == "Out of memory" or told_oom == lang.tr("Out of memory")):
            g = app.game_name or "menu"
            print("short 1", g)
        if app.starved:  # the App answers with its out-of-memory frame: it says why
            figures["starved"] += 1
            same = backs = 0
            told = False
        elif prev == b.buf:
            same += 1
            if k == BACK:
                backs += 1
                print("deadback 1", where)
            if same >= LOCKUP and backs and not told:
                told = True
                figures["lockups"] += 1
                gc.collect()
                fail("lockup on", type(app.top()).__name__, app.toast_text, "free", gc.mem_free(),
                     "largest", largest())
                if DEBUG:
                    import micropython
                    print("alloc", gc.mem_alloc(), "modules", sorted(sys.modules.keys()), "stack",
                          [type(x).__name__ for x in app.stack])
                    micropython.qstr_info()
                    try:
                        app._draw()
                        print("alloc draw ok")
                    except MemoryError as e:
                        sys.print_exception(e)
                        print("alloc", gc.mem_free())
                        micropython.mem_info(1)
                try:
                    with open(path + "-lockup.bin", "wb") as f:  # the frame, to look at
                        f.write(b.buf)
                except OSError:
                    pass
        else:
            same = backs = 0
            told = False
        # The game object as it is (``_game``): the harness must not rebuild a stale one
        # (``Session.game`` would), that is the App's to do when a key needs it.
        d = app.session is not None and finished(app.session._game)
        if d and not was_done:
            figures["finished"] += 1
            after_end = 20
        was_done = d
    app = None  # the harness's report needs no App: its RAM is not the device's to miss
    gc.collect()
    print("state %d %d %d" % (episode, left, 1 if was_done else 0))
    print("figures", json.dumps(figures))


a = sys.argv
main(a[1], int(a[2]), int(a[3]), a[4] == "1", int(a[5]), int(a[6]), a[7] == "1",
     json.loads(a[8]) if len(a) > 8 else None)
