"""Player names: the names picked at a game's set-up, as screens show them.

The stored list, its checks, the set-up step and the device menu's screens are in
``names_ui`` (imported only then); this module stays small, as every game's screens use
``label``.  A game's players keep their colours, seats and "P1"-style labels; a name
picked at set-up is kept in the game's save (``Session.names``: one entry per seat, None
for a seat with no name) and shown instead of the label where it fits.
"""
from unload import drop

seats = None  # the open game's names per seat (App sets it), or None


def label(seat, default, width=10):
    """What a screen shows for ``seat``: its picked name cut to ``width`` characters,
    else ``default`` (its colour, "P1", ...)."""
    s = seats
    if s is not None and 0 <= seat < len(s) and s[seat]:
        return s[seat][:width]
    return default


def pick(app, labels, then, leave=None):
    """``names_ui.pick`` (the set-up step that picks the names), its module let go after;
    with no names stored, ``then()`` at once and ``names_ui`` is never loaded (the game's
    modules load next: the Pico's heap)."""
    if not app.store.fs.exists("set-names.dat"):
        app.seat_names = None
        then()
        return
    import names_ui  # lazy: its code is in the heap only while the names are picked (then dropped)

    try:
        names_ui.pick(app, labels, then, leave)
    finally:
        names_ui = None
        drop("names_ui")
