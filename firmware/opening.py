"""Opening a game, new or saved, or the last one at power-on (``app.App.new_game``,
``open_saved``, ``resume_saved``, ``boot``).

Functions that take the App first.  Before a game opens, the one shown before is let go: its
pending save written (``_flush_game``), its screens, session and (on the device) its modules
(``games.unload``), so two games never need RAM at once.  The game's modules load through
``games.ui_module``.  ``check_app(doc)``: the shape check of app.dat; ``resume_last(app)``: the
game named there, at power-on.
"""
import gc

import games
import names
import phone
import restore
from games import clock as table_clock
from games import package
from games import unload as unload_games
import lang
from saver import LOW_LOAD


def check_app(doc):
    """app.dat: ``{"last": name of a game or null, "menu": the game last opened or null}``
    ("menu" the main menu's cursor after a restart; absent in older files); ValueError otherwise
    (``restore.check_app``)."""
    restore.check_app(doc, package)


def new_game(app, name):
    """Open the set-up screens of game ``name`` (nothing saved until it starts)."""
    _leave_game(app, name)
    try:
        ui = games.ui_module(name)
    except ImportError:
        app.toast(lang.tr("This game is not on the device"))
        return
    app.game_name = name
    app.ui = ui
    del app.stack[1:]
    ui.start(app)


def open_saved(app, name, doc=None, warning=None):
    """Resume the saved game ``name``; falls back to the main menu with a message."""
    _leave_game(app, name)
    ui = games.ui_module(name)
    session = None
    if doc is None:
        doc, warning = app.store.load(name, lambda d: _check(app, ui, name, d))
        if doc is None and app.store.short:  # no room to read it: free all we can, once more
            app._resumed = None
            unload_games(package(name))
            gc.collect()
            doc, warning = app.store.load(name, lambda d: _check(app, ui, name, d))
        if app._resumed is not None and app._resumed[0] is doc:
            session = app._resumed[1]  # replayed once, by the check
        app._resumed = None
    if doc is None:
        app.toast(warning or lang.tr("No saved game"))
        return False
    if session is None:
        _check(app, ui, name, doc)
        session = app._resumed[1]
        app._resumed = None
    if session.clock is not None:  # its screens (games.clock.ui), before the App's hooks reach them through it
        table_clock.load("ui").attach(session.clock)
    app.ui = ui
    app.game_name = name
    app.session = session
    app._save_app()  # the game is open from here on, even if its screens run short of RAM
    names.seats = session.names
    app.saved_screen = doc.get("screen")
    app._clock_start(None)
    ended = getattr(ui, "ended", None)
    if ended is not None and (session.play or ended(session.game)):
        app._sync_play()  # the log in line with this save (a power cut between the two)
    del app.stack[1:]
    ui.resume(app, app.saved_screen)
    if warning:
        app.toast(warning)
    return True


def resume_saved(app, name):
    """The main menu's "Resume saved game": ``open_saved``, and when the RAM has no room for it
    (a MemoryError, or the save not read for want of RAM: after other games the heap can be in
    pieces no collection joins), a restart into the game on a board that has one
    (``board.restart()``: the Pico's soft reset, CircuitPython's reload): app.dat is made to name
    the game, so the boot resumes it in a fresh heap, as after a power cut.  Not when this power-on's
    boot ran short opening a game (a restart gives no more room than that), nor without a board
    restart: then the menu says why, as ``open_saved`` does."""
    try:
        if open_saved(app, name) or not app.store.short:
            return
        short = None
    except MemoryError as e:
        short = e
    restart = getattr(app.board, "restart", None)
    if restart is None or app._boot_short:
        if short is not None:
            raise short
        return
    del app.stack[1:]  # the game half-opened, if it was: the boot opens it whole
    app.session = None
    app.ui = None
    unload_games(None)
    app.game_name = name
    app._app_saved = False
    app._save_app()
    app._save_wait = False
    if not app.commit():  # app.dat not written: the boot would not find the game
        app._app_unsaved = False
        app.game_name = None
        app.home()
        app.toast(lang.tr(LOW_LOAD))
        return
    restart()


def _check(app, ui, name, doc):
    """Accept a loaded save only if it has the shape the device writes and replays;
    ValueError otherwise.  The replayed Session is kept in ``_resumed`` (replayed once)."""
    app._resumed = None
    app._resumed = (doc, restore._check(name, doc, ui.GAME_CLS))


def _leave_game(app, name):
    """Let go of the game shown before opening ``name``: its screens, session and
    (on the Pico) its modules, so both games never need RAM at once.  The main menu's
    cursor goes to ``name``: back there, it is on the game just left, also when that
    game was resumed at power-on."""
    if app.stack:
        app.stack[0].point(name)
    app._flush_game()
    del app.stack[1:]
    app.changed()  # nothing keeps the screens left (``screens.part``'s frame)
    phone.forget(app)
    app.job = None  # the game's background work goes with it
    app.working = False
    app.session = None
    app.ui = None
    app.game_name = None
    names.seats = None
    unload_games(package(name))


def resume_last(app):
    """The game app.dat names, resumed at power-on (a power cut comes back where it was); on the
    main menu with a message if it cannot be."""
    doc, _w = app.store.load("app", check_app)
    if doc is None and app.store.short:
        app.toast(_w)  # app.dat did not fit the RAM: the games stay on the menu (*)
    last = doc.get("last") if doc else None
    app._app_saved = last if doc else False
    menu = doc.get("menu") if doc else None
    if isinstance(menu, str):
        app.menu_game = menu
        app.stack[0].point(menu)  # the main menu's cursor on the game last played
    if last:
        try:
            if not open_saved(app, last):
                if app.store.short:  # short of RAM: kept, tried next time
                    app._boot_short = True
                else:
                    app._app_saved = False
                    app._save_app()  # say it once, not at every power-up
        except MemoryError:  # short of RAM opening its screens: the save is sound, kept
            app._boot_short = True
            app.game_name = None  # so app.dat keeps naming it: the next power-on tries again
            app.home()
            app.toast(lang.tr(LOW_LOAD))
        except Exception as e:  # a broken save must never stop the boot
            app.home()
            app.toast(lang.tr("Could not resume: %s") % e)
