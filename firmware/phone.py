"""The play to the phone, the part that stays loaded: whether "Phone" is offered
(``url``, ``offered``), the way to set the page's address on this route (``how``), and the
doors to the screen's module (``phone_ui``: the code's job and screen; ``playcode`` and ``qr``
under it), which is imported only when a code is made or shown and let go with the game
(``forget``): on the ``make deploy`` route its bytecode is heap the next game wants.

The page's address, by route: the project's image and ``make deploy`` carry a module
``page_url`` (``URL``, and ``HOW``, the words that say how to set it; ``make firmware
PAGE_URL=...``, ``make deploy PAGE_URL=...``); the other boards give ``board.page_url`` and
``board.page_how`` (CircuitPython's settings.toml, Blinka's environment, the simulator's
``--page-url``, the web page's own address).
"""
import lang
import loader
from ui import Message

try:
    import page_url  # pyright: ignore[reportMissingImports]  # make firmware / make deploy PAGE_URL=... write it
except ImportError:
    page_url = None

ACTION = "Phone"  # the action's one name: a menu line, "OK:Phone" in a title, History's "OK: Phone"


def url(app):
    """The page's address (text; empty: none set on this route)."""
    m = page_url
    return (m.URL if m is not None else "") or getattr(app.board, "page_url", "") or ""


def how(app):
    """How to set the page's address on this route (a sentence for the player)."""
    m = page_url
    h = getattr(m, "HOW", "") if m is not None else ""
    return h or getattr(app.board, "page_how", "") or lang.tr("the README says how to set the page's address")


def offered(app):
    """True when the action is offered at the open game's end: the route knows the page's
    address and the game is over (logged by the frame that shows its end)."""
    return bool(url(app)) and app.session is not None and app._ended()


def _ui():
    return loader.import_module("phone_ui")


def prepare(app, play=None, dev=None):
    """``phone_ui.prepare``: start making the code of ``play`` (None: the open game's) in the
    background; the screen's module is loaded only when a page address is set and no other kind
    of job runs.  Short of RAM: nothing now (asked again at the next pass or key)."""
    u = url(app)
    if not u:
        return
    if app.job is not None and not getattr(app.job, "PHONE", False):
        return  # another kind of job (a search) goes first: phone_ui not loaded for nothing
    try:
        _ui().prepare(app, u, play, dev)
    except MemoryError:
        pass


def show(app, play=None, dev=None):
    """``phone_ui.show``: the code's screen of ``play`` (None: the open game's), or a note on how
    to set the page's address; "Low memory: try again" when its module finds no room."""
    u = url(app)
    if not u:
        app.push(Message(app, lang.tr("Phone"), lang.tr("No page address set: %s") % how(app)))
        return
    try:
        ui = _ui()
    except MemoryError:
        app.toast(lang.tr("Low memory: try again"))
        return
    ui.show(app, u, play, dev)


def forget(app):
    """Let the last code go, and the screen's module with it (a game opens or closes, the main
    menu comes back)."""
    ui = loader.loaded("phone_ui")
    if ui is not None:
        ui.forget(app)
    loader.release(("phone_ui", "playcode", "qr"))
