"""The device's own screens: a menu (BACK, or a long OK, on the main menu) titled for
what is in it, the History of plays (``history``, its first line: two presses from the
main menu), the player names (``names_ui``), the settings and the about screen.

Settings (``prefs``): OK steps the chosen line to its next value, which is
stored at once and takes effect at once (contrast, flip, long press and the
panel's chip included); UP/DOWN choose the line; BACK leaves.  About: firmware version,
free RAM and the largest free block, flash space left for saves, the number
of saved games, and "Clear all saves" (asked twice; the settings stay).
"""
import gc
import os

import games
import lang
import loader
import prefs
from gfx import CJK_BAR, CJK_LINE, H, W, plain
from keys import BACK, DOWN, OK, UP
from lang import msg, tr
from ui import Menu, Screen, confirm
from version import VERSION

TITLE = msg("History, names, setup")


def _screens(name):
    """The module of History's (``history``) or the player names' (``names_ui``) screens, imported
    when one opens: on the ``make deploy`` route their bytecode (about 10 KB) is heap a game wants,
    so it is not loaded at power-on, and ``games.unload`` (``loader.unload_games``) lets it go when a game opens."""
    return loader.import_module(name)


def open_menu(app):
    """Push the device menu: History, Player names, Settings, About."""
    if app.prefs is None:
        prefs.start(app)  # none stored: the defaults

    app.push(DeviceMenu(app))


class DeviceMenu(Menu):
    """History, Player names, Settings, About; its lines said again in the language chosen
    in Settings when it comes back on top."""

    def __init__(self, app):
        Menu.__init__(self, app, "")
        self.shown()

    def shown(self):
        self.title = tr(TITLE)
        self.set_items([tr("History"), tr("Player names"), tr("Settings"), tr("About")])

    def choose(self, i):
        app = self.app
        if i == 0:
            _screens("history").open_history(app)
        elif i == 1:
            app.push(_screens("names_ui").NamesMenu(app))
        elif i == 2:
            app.push(SettingsMenu(app))
        else:
            app.push(About(app))


def _minutes(s):
    if not s:
        return tr("never")
    if s % 60:
        return tr("%d s") % s  # a stored time in seconds (tests of the rest)
    return tr("%d min") % (s // 60)


NO_PANEL = msg("Panel: device only")  # Settings' last line where the board drives no OLED (simulator, page)


def _next(options, value):
    """The option after ``value`` (the first one larger, wrapping; 0 = never sorts last)."""
    for o in options:
        if (o or 1 << 30) > (value or 1 << 30):
            return o
    return options[0]


def _yes(v):
    return tr("yes") if v else tr("no")


class SettingsMenu(Menu):
    """The settings list; OK steps a line (module docstring)."""

    def __init__(self, app):
        Menu.__init__(self, app, tr("Settings"))
        self.labels()

    def labels(self):
        p = self.app.prefs
        c = p["contrast"]
        level = 1
        for i in range(len(prefs.CONTRASTS)):
            if c >= prefs.CONTRASTS[i]:
                level = i + 1
        self.title = tr("Settings")  # the language may have changed
        items = [
            tr("Contrast: %d of %d") % (level, len(prefs.CONTRASTS)),
            tr("Dim after: %s") % _minutes(p["dim"]),
            tr("Off after: %s") % _minutes(p["off"]),
            tr("Flip 180: %s") % _yes(p["flip"]),
            tr("Long press: %d.%d s") % (p["long"] // 1000, p["long"] % 1000 // 100),
            tr("BACK button: %s") % _yes(p["back"]),
            tr("LEFT/RIGHT: %s") % _yes(p["lr"]),
        ]
        if getattr(self.app.board, "beep", None) is not None:  # a buzzer wired (its pin in the board file)
            items.append(tr("Buzzer: %s") % (tr("on") if p.get("buzz") else tr("off")))
        # two UP from the first line (the list wraps): the language, named in its own
        items.append(tr("Language: %s") % lang.NAMES[lang.index])
        chips = getattr(self.app.board, "CHIPS", None)
        if chips:  # the last line: found where it was even when a wrong chip shifts the screen
            items.append((tr("Panel: %s %s") % (chips[p["chip"] % len(chips)], self.app.board.where())).rstrip())
        else:  # the simulator, the page: no panel's chip to set, and the line says so
            items.append(tr(NO_PANEL))
        self.set_items(items)

    def choose(self, index):
        app = self.app
        p = app.prefs
        i = index
        if i == 0:
            c = p["contrast"]
            p["contrast"] = _next(prefs.CONTRASTS, c) if c < 255 else prefs.CONTRASTS[0]
        elif i == 1:
            p["dim"] = _next(prefs.DIMS, p["dim"])
        elif i == 2:
            p["off"] = _next(prefs.OFFS, p["off"])
        elif i == 3:
            p["flip"] = not p["flip"]
        elif i == 4:
            p["long"] = _next(prefs.LONGS, p["long"])
        elif i == 5:
            p["back"] = not p["back"]
        elif i == 6:
            p["lr"] = not p["lr"]
        elif i == len(self.items) - 2:  # the language: the next one
            p["lang"] = (p.get("lang", 0) + 1) % len(lang.LANGS)
        elif i == 7 and getattr(app.board, "beep", None) is not None:
            p["buzz"] = not p.get("buzz")
        elif getattr(app.board, "CHIPS", None):
            p["chip"] = (p["chip"] + 1) % len(app.board.CHIPS)
        else:
            app.toast(tr("The OLED's chip: set on the device"))
            return
        prefs.apply(app)
        app.save_settings(prefs.NAME, p)
        self.labels()
        app.changed()


def largest_block():
    """The largest bytearray the heap can give now (bytes, within 64), by trying; None
    where ``gc.mem_free`` is missing (CPython).  MicroPython only prints this figure
    (``micropython.mem_info``), it returns none: this measures it by allocation."""
    if not hasattr(gc, "mem_free"):
        return None
    gc.collect()
    lo = 0
    hi = gc.mem_free()  # pyright: ignore[reportAttributeAccessIssue]
    while hi - lo > 64:
        mid = (lo + hi) // 2
        try:
            bytearray(mid)  # dropped at once: only whether the heap has the block matters
            lo = mid
        except MemoryError:
            hi = mid
    gc.collect()
    return lo


def flash_free(fs):
    """Bytes left on the file system of the saves (``os.statvfs``), or None where it has none."""
    try:
        st = os.statvfs((getattr(fs, "root", "") or "/").rstrip("/") or "/")  # pyright: ignore[reportAttributeAccessIssue]
        return st[1] * st[4]  # f_frsize * f_bavail
    except Exception:  # no statvfs (a port without it), a RAM file system
        return None


def measure(fs):
    """(free RAM, largest free block, free flash): bytes, or None when not known here."""
    free = gc.mem_free() if hasattr(gc, "mem_free") else None  # pyright: ignore[reportAttributeAccessIssue]
    return free, largest_block(), flash_free(fs)


def saved_games(fs):
    """How many games have a save."""
    n = 0
    for name, _label, _m in games.GAMES:
        if fs.exists(name + ".dat") or fs.exists(name + ".bak"):
            n += 1
    return n


def _kb(v):
    """Bytes as at most 7 characters with their unit ("812 B", "1434 KB", "31 MB", "915 GB"),
    so the About lines fit the 21 characters of a line (a laptop's or a browser's "flash"
    is far larger than the Pico's)."""
    if v is None:
        return tr("n/a")
    for unit in ("B", "KB", "MB", "GB"):
        if v < 10000 or unit == "GB":
            return "%d %s" % (v, unit)
        v = (v + 512) // 1024
    return "?"


class About(Screen):
    """Version, memory, flash, saves; OK: clear all saves (asked twice)."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.figures = None
        self.top = 0  # the first line shown (where the lines are taller than the screen holds)
        self.more = 0  # lines below the screen's last one when ``top`` is 0

    def shown(self):
        self.figures = None  # measured again (after "clear all saves")

    def draw(self, g):
        app = self.app
        if self.figures is None:
            fixed = getattr(app.board, "figures", None)  # a board's own (the golden tests' fixed ones)
            self.figures = (fixed or measure(app.store.fs)) + (saved_games(app.store.fs),)
        free, block, flash, saved = self.figures
        bar = g.title(tr("About"))
        lines = (tr("Firmware %s") % VERSION, tr("RAM free: %s") % _kb(free), tr("Max block: %s") % _kb(block),
                 tr("Flash free: %s") % _kb(flash), tr("Saved games: %d") % saved)
        act = tr("OK: clear all saves")
        # the lines that fit above the action line (all five in English), UP/DOWN for the others
        pitch = 8 if bar < CJK_BAR else CJK_LINE
        y = 12 if bar < CJK_BAR else bar + 1
        n = (H - (10 if plain(act) else CJK_BAR) - y) // pitch
        self.more = len(lines) - n
        self.top = min(self.top, self.more)
        for t in lines[self.top:self.top + n]:
            g.line(t, 1, y)
            y += pitch
        if self.more > self.top:
            g.fb.fill_rect(W - 2, y - pitch, 2, pitch - 2, 1)  # more below: DOWN
        g.action_bar(act, False)

    def key(self, k):
        app = self.app
        if k == OK:
            confirm(app, tr("Clear all saves?"), lambda: confirm(app, tr("Really? No undo"), self.clear))
        elif k == BACK:
            app.pop()
        elif k in (UP, DOWN):
            self.figures = None  # measure again
            self.top = (self.top + (1 if k == DOWN else -1)) % (self.more + 1)  # taller lines: the next ones
            app.changed()

    def clear(self):
        """Every game's save and the "last game" record; the settings stay."""
        app = self.app
        failed = 0
        for name, _label, _m in games.GAMES + (("app", 0, 0),):
            try:
                app.store.clear(name)
            except OSError:  # the flash could not remove it: it stays, and the screen says so
                failed += 1
        app._app_saved = False
        self.figures = None
        app.toast(tr("All saves cleared") if not failed else tr("Flash error: %d saves not cleared") % failed)
