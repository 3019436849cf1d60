"""Player names: the names picked at a game's set-up, as screens show them.

The stored list, its checks, the set-up step (``names_ui.pick``) and the device menu's
screens are in ``names_ui``; this module is what every game's screens use: ``label``.
A game's players keep their colours, seats and "P1"-style labels; a name
picked at set-up is kept in the game's save (``Session.names``: one entry per seat, None
for a seat with no name) and shown instead of the label where it fits.
"""
seats = None  # the open game's names per seat (App sets it), or None


def label(seat, default, width=10):
    """What a screen shows for ``seat``: its picked name cut to ``width`` characters,
    else ``default`` (its colour, "P1", ...)."""
    s = seats
    if s is not None and 0 <= seat < len(s) and s[seat]:
        return s[seat][:width]
    return default
