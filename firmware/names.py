"""Player names: the short list stored on the device, picked at each game's set-up.

Stored as the settings document ``names`` (file ``set-names.dat``, written with
``App.save_settings("names", doc)``, read with ``App.settings("names", default,
check)``)::

    {"names": [<1 to 10 characters from A-Z a-z 0-9 space - ' .>, ...]}   # at most 8 names

A game's players keep their colours, seats and "P1"-style labels; a name picked at
set-up is kept in the game's save (``Session.names``: one entry per seat, None for a
seat with no name) and shown instead of the label where it fits (``label``).  The
list is edited in the device menu (``names_ui``).
"""
from ui import ChoiceMenu

NAME = "names"
MAX_NAMES = 8
MAX_LEN = 10
CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -'."

seats = None  # the open game's names per seat (App sets it), or None


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
    if not isinstance(v, list) or len(v) > 5:
        raise ValueError("bad names")
    for n in v:
        if n is not None and not valid(n):
            raise ValueError("bad name")


def stored(app):
    """The stored names (a new list; empty when none or the file is damaged)."""
    return list(app.settings(NAME, {"names": []}, check)["names"])


def label(seat, default, width=MAX_LEN):
    """What a screen shows for ``seat``: its picked name cut to ``width`` characters,
    else ``default`` (its colour, "P1", ...)."""
    s = seats
    if s is not None and 0 <= seat < len(s) and s[seat]:
        return s[seat][:width]
    return default


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
            then()
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

        app.push(ChoiceMenu(app, "Name of %s" % labels[i], [labels[i] + " (no name)"] + free, chosen,
                            on_back=back))

    ask(0)
