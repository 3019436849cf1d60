"""The "Player names" screens of the device menu: the list, and the letter wheel.

The list shows the stored names (``names``) and "Add name" (while fewer than
``names.MAX_NAMES``); OK on a name offers Rename and Delete (asked).  The letter
wheel works on three buttons: UP/DOWN turn the letter under the cursor through
``names.CHARS`` (LEFT/RIGHT move the cursor, when wired), OK moves to the next
letter (a new one starts at "a"), and a long OK (BACK) ends the name at the cursor:
the letters after it are dropped, trailing spaces too.  A name left empty, or one
already in the list, changes nothing.  Every change is stored at once.
"""
import names
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from ui import ChoiceMenu, Menu, Screen, confirm

ADD = "+ Add name"


def save(app, items):
    app.save_settings(names.NAME, {"names": items})


class NamesMenu(Menu):
    """The stored names, then "+ Add name" (module docstring)."""

    def __init__(self, app):
        Menu.__init__(self, app, "Player names")
        self.shown()

    def shown(self):
        self.names = names.stored(self.app)
        items = list(self.names)
        if len(items) < names.MAX_NAMES:
            items.append(ADD)
        self.set_items(items)
        self.app.changed()

    def badge(self):
        return "%d/%d" % (len(self.names), names.MAX_NAMES)

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
                confirm(app, "Delete %s?" % old, lambda: self.delete(old))

        app.push(ChoiceMenu(app, old, ["Rename", "Delete"], pick))

    def delete(self, old):
        items = [n for n in names.stored(self.app) if n != old]
        save(self.app, items)
        self.shown()

    def done(self, new, old=None):
        """The wheel ended with ``new`` (a valid name or "") in place of ``old``."""
        app = self.app
        app.pop()  # the wheel
        items = names.stored(app)
        if not new or new == old:
            return
        if new in items:
            app.toast("%s is in the list" % new)
            return
        if old in items:
            items[items.index(old)] = new
        elif len(items) < names.MAX_NAMES:
            items.append(new)
        save(app, items)
        self.shown()


class LetterWheel(Screen):
    """Enter a name letter by letter (module docstring); ``on_done(text)`` at the end."""

    def __init__(self, app, text, on_done):
        Screen.__init__(self, app)
        self.text = text or "A"
        self.pos = 0
        self.on_done = on_done

    def draw(self, g):
        g.title("Name", "%d/%d" % (self.pos + 1, names.MAX_LEN))
        t = self.text
        x0 = (128 - len(t) * 12) // 2
        for i in range(len(t)):
            x = x0 + i * 12
            g.big(t[i], x + 1, 20)
            if i == self.pos:
                g.fb.fill_rect(x, 37, 11, 2, 1)  # the cursor under the letter turned
        g.center("UP/DOWN letter OK next", 46)
        g.center("hold OK: end here", 55)

    def key(self, k):
        t = self.text
        p = self.pos
        if k in (UP, DOWN):
            cs = names.CHARS
            c = cs[(cs.index(t[p]) + (1 if k == UP else -1)) % len(cs)]
            self.text = t[:p] + c + t[p + 1:]
        elif k == OK or k == RIGHT:
            if p + 1 >= names.MAX_LEN:
                self.end()
                return
            if p + 1 == len(t):
                self.text = t + "a"
            self.pos = p + 1
        elif k == LEFT:
            self.pos = max(0, p - 1)
        elif k == BACK:
            self.end()
            return
        self.app.changed()

    def end(self):
        name = self.text[:self.pos + 1].rstrip()
        self.on_done(name if names.valid(name) else "")
