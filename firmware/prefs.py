"""The device's own settings: screen rest, contrast, flip, long press, wired buttons, panel chip.

Stored with ``App.save_settings("device", doc)`` (file ``set-device.dat``) and
loaded with ``App.settings`` through ``check``: a damaged or foreign document
(a wrong key, type or range) gives the defaults, a document with keys missing
(written by an older firmware) is filled from them.  The document::

    {"contrast": 0-255 (SSD1306 contrast, command 0x81),
     "dim": seconds without a key before the contrast drops (0: never),
     "off": seconds without a key before the panel is switched off (0: never),
     "flip": bool (picture turned 180 degrees: module mounted the other way round),
     "long": ms an OK press takes to count as BACK (keys.Buttons.long_ms),
     "back": bool (a BACK button is wired), "lr": bool (LEFT and RIGHT are wired),
     "chip": the panel's chip, an index of the board's ``CHIPS`` (0: the SSD1306),
     "buzz": bool (the buzzer sounds the table's clock's warnings; only on a board with one,
             ``board.beep``; absent: off),
     "lang": the language, an index of ``lang.LANGS`` (absent: 0, English)}

A board that drives more than one panel chip has ``CHIPS`` (their names), ``set_chip(i)``
and ``chosen`` (the chip picked at power-on without a readable screen, or None), which
``start`` stores.

Times are seconds in the document (a test may store a few seconds); the settings
screen offers minutes (``DIMS``, ``OFFS``).
"""
import keys
import lang
from rest import Rest

NAME = "device"
CONTRASTS = (8, 40, 100, 180, 255)  # the screen's five steps
DIMS = (60, 180, 300, 600, 0)
OFFS = (300, 900, 1800, 3600, 0)
LONGS = (600, 800, 1000, 1500)
_RANGES = {"contrast": (0, 255), "dim": (0, 86400), "off": (0, 86400), "long": (300, 3000), "chip": (0, 7),
           "lang": (0, len(lang.LANGS) - 1)}
_FLAGS = ("flip", "back", "lr", "buzz")


def defaults():
    """The settings of a device that has none stored (the firmware's behaviour before them)."""
    return {"contrast": 255, "dim": 180, "off": 900, "flip": False, "long": keys.LONG_MS,
            "back": True, "lr": False, "chip": 0}


def check(doc):
    """ValueError unless ``doc`` is a settings document (module docstring); keys may be missing."""
    if not isinstance(doc, dict):
        raise ValueError("not a dict")
    for k in doc:
        v = doc[k]
        if k in _FLAGS:
            if type(v) is not bool:
                raise ValueError(k)
        elif k in _RANGES:
            lo, hi = _RANGES[k]
            if type(v) is not int or v < lo or v > hi:
                raise ValueError(k)
        else:
            raise ValueError("unknown setting %s" % k)


def load(app):
    """The stored settings, every key present (defaults for missing ones or a bad file)."""
    doc = defaults()
    stored = app.settings(NAME, None, check)
    if stored:
        for k in stored:
            doc[k] = stored[k]
    return doc


def start(app):
    """Load the settings into ``app.prefs`` (once) and apply them.  A board with the optional
    ``panel(contrast, on, flip, shift)`` and a ``clock`` gets ``board.rest`` (``rest.Rest``):
    it passes its key mask through ``rest.keys(mask, now)`` and calls ``rest.tick(now)`` when
    idle; a board without ``panel`` never rests."""
    if app.prefs is None:
        app.prefs = load(app)
    b = app.board
    chosen = getattr(b, "chosen", None)
    if chosen is not None:  # picked at power-on: kept from now on
        b.chosen = None
        if chosen != app.prefs["chip"]:
            app.prefs["chip"] = chosen
            app.save_settings(NAME, app.prefs)
    if getattr(b, "panel", None) is not None and getattr(b, "rest", None) is None:
        b.rest = Rest(b.panel, b.clock, b.clock.ticks_ms(), app.prefs)
    apply(app)


def apply(app):
    """Make ``app.prefs`` take effect: the language, the long press, the panel's chip and the
    panel (the hints read them)."""
    if app.prefs.get("lang", 0) != lang.index:
        lang.use(app.prefs.get("lang", 0))
    b = app._buttons
    if b is not None:
        b.long_ms = app.prefs["long"]
    chips = getattr(app.board, "CHIPS", None)
    if chips:
        app.board.set_chip(app.prefs["chip"] % len(chips))
    r = getattr(app.board, "rest", None)
    if r is not None:
        r.send()
