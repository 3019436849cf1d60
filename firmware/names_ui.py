"""Player names: the stored list, the set-up step that picks them, and the "Player
names" screens of the device menu (the list, and the letter wheel).

Stored as the settings document ``names`` (file ``set-names.dat``, written with
``App.save_settings("names", doc)``, read with ``App.settings("names", default,
check)``)::

    {"names": [<1 to 10 characters from A-Z a-z 0-9 space - ' .>, ...]}   # at most 8 names

Used at a game's set-up (``pick``), when a save with names is loaded (``check_seats``)
and from the device menu; ``names.label`` shows a picked name.

The list shows the stored names and "+ Add name" (while fewer than ``MAX_NAMES``);
OK on a name offers Rename and Delete (asked).  The letter wheel works on three
buttons: UP/DOWN turn the letter under the cursor through ``CHARS`` (LEFT/RIGHT
move the cursor, when wired), OK keeps it and moves to the next letter (a new one
starts at "a"), and a long OK (BACK) ends the name at the cursor: the letters after
it are dropped, trailing spaces too, and so is a new letter not turned yet (OK, then
BACK, ends the name after the letter OK kept).  A name left empty, or one already in
the list, changes nothing.  Every change is stored at once.
"""
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
import lang
from lang import msg, tr
from ui import ChoiceMenu, Menu, Screen, confirm

NAME = "names"
MAX_NAMES = 8
MAX_LEN = 10
CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -'."
ADD = msg("+ Add name")


def valid(name):
    """True for a name of 1 to ``MAX_LEN`` characters of ``CHARS``, not only spaces."""
    if not isinstance(name, str) or not 0 < len(name) <= MAX_LEN or not name.strip():
        return False
    for c in name:
        if c not in CHARS:
            return False
    return True


def check(doc):
    """ValueError unless ``doc`` is a names document (module docstring)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("names"), list) or len(doc) != 1:
        raise ValueError("not a names document")
    if len(doc["names"]) > MAX_NAMES:
        raise ValueError("too many names")
    for n in doc["names"]:
        if not valid(n):
            raise ValueError("bad name")


def check_seats(v):
    """ValueError unless ``v`` (a save's ``names``) is None or a list of names / None."""
    if v is None:
        return
    if not isinstance(v, list) or len(v) > MAX_NAMES:  # a seat each: 8 at most (the Timer's)
        raise ValueError("bad names")
    for n in v:
        if n is not None and not valid(n):
            raise ValueError("bad name")


def stored(app):
    """The stored names (a new list; empty when none or the file is damaged)."""
    return list(app.settings(NAME, {"names": []}, check)["names"])


def pick(app, labels, then, leave=None):
    """Set-up step: a name for each seat in turn (``labels``: the seats' default labels;
    None for a seat that takes no name, such as the device's), then ``then()`` with
    ``app.seat_names`` set (None when nothing was picked).  Skipped at once when no
    names are stored.  Each seat's menu: "<label> (no name)" first, then the stored
    names not taken yet; BACK goes back one seat, or leaves the step (then ``leave()``
    runs, if given, as the set-up's question before it shows again)."""
    pool = stored(app)
    app.seat_names = None
    if not pool:
        then()
        return
    got = [None] * len(labels)

    def ask(i):
        while i < len(labels) and labels[i] is None:
            i += 1
        if i >= len(labels):
            app.seat_names = got if [n for n in got if n] else None
            app.later(tr("Starting"), then)  # once these menus are let go
            return
        free = [n for n in pool if n not in got]
        if not free:
            ask(i + 1)
            return

        def chosen(j):
            app.pop()
            got[i] = free[j - 1] if j else None
            ask(i + 1)

        def back():
            app.pop()
            k = i - 1
            while k >= 0 and labels[k] is None:
                k -= 1
            if k >= 0:
                got[k] = None
                ask(k)
            elif leave is not None:
                leave()

        app.push(ChoiceMenu(app, tr("Name of %s") % labels[i], [tr("%s (no name)") % labels[i]] + free, chosen,
                            on_back=back))

    ask(0)


def save(app, items):
    app.save_settings(NAME, {"names": items})


class NamesMenu(Menu):
    """The stored names, then "+ Add name" (module docstring)."""

    def __init__(self, app):
        Menu.__init__(self, app, tr("Player names"))
        self.shown()

    def shown(self):
        self.names = stored(self.app)
        items = list(self.names)
        if len(items) < MAX_NAMES:
            items.append(tr(ADD))
        self.set_items(items)
        self.app.changed()

    def badge(self):
        return "%d/%d" % (len(self.names), MAX_NAMES)

    def choose(self, index):
        app = self.app
        if index >= len(self.names):
            app.push(LetterWheel(app, "", self.done))
            return
        old = self.names[index]

        def pick(i):
            app.pop()
            if i == 0:
                app.push(LetterWheel(app, old, lambda new: self.done(new, old)))
            else:
                confirm(app, tr("Delete %s?") % old, lambda: self.delete(old))

        app.push(ChoiceMenu(app, old, [tr("Rename"), tr("Delete")], pick))

    def delete(self, old):
        items = [n for n in stored(self.app) if n != old]
        save(self.app, items)
        self.shown()

    def done(self, new, old=None):
        """The wheel ended with ``new`` (a valid name or "") in place of ``old``."""
        app = self.app
        app.pop()  # the wheel
        items = stored(app)
        if not new or new == old:
            return
        if new in items:
            app.toast(tr("%s is in the list") % new)
            return
        if old in items:
            items[items.index(old)] = new
        elif len(items) < MAX_NAMES:
            items.append(new)
        save(app, items)
        self.shown()


class LetterWheel(Screen):
    """Enter a name letter by letter (module docstring); ``on_done(text)`` at the end."""

    def __init__(self, app, text, on_done):
        Screen.__init__(self, app)
        self.text = text or "A"
        self.pos = 0
        self.fresh = -1 if text else 0  # the place of a letter put there for the next, not turned yet
        self.on_done = on_done

    def draw(self, g):
        g.title(tr("Name"), "%d/%d" % (self.pos + 1, MAX_LEN))
        t = self.text
        x0 = (128 - len(t) * 12) // 2
        for i in range(len(t)):
            x = x0 + i * 12
            g.big(t[i], x + 1, 20)
            if i == self.pos:
                g.fb.fill_rect(x, 37, 11, 2, 1)  # the cursor under the letter turned
        y = 40 if lang.cjk else 46  # the glyphs' lines are 12 px: both below the cursor, above the edge
        g.center(tr("UP/DN letter, OK next"), y)
        p = self.app.prefs
        end = tr("hold OK: end here") if p and not p["back"] else tr("BACK: end here")  # as the buttons are wired
        g.center(end, y + (12 if lang.cjk else 9))

    def key(self, k):
        t = self.text
        p = self.pos
        if k in (UP, DOWN):
            cs = CHARS
            c = cs[(cs.index(t[p]) + (1 if k == UP else -1)) % len(cs)]
            self.text = t[:p] + c + t[p + 1:]
            if self.fresh == p:
                self.fresh = -1
        elif k == OK or k == RIGHT:
            if self.fresh == p:
                self.fresh = -1  # kept
            if p + 1 >= MAX_LEN:
                self.end()
                return
            if p + 1 == len(t):
                self.text = t + "a"
                self.fresh = p + 1
            self.pos = p + 1
        elif k == LEFT:
            self.pos = max(0, p - 1)
        elif k == BACK:
            self.end()
            return
        self.app.changed()

    def end(self):
        name = self.text[:self.pos + (0 if self.fresh == self.pos else 1)].rstrip()
        self.on_done(name if valid(name) else "")
