"""The App's saves: a command applied in RAM is written after its frame (``do``/``undo``/``save``/``commit``).

Functions that ``app.App`` takes as its methods (each gets the App first; its flags are set in
``App.__init__``).  ``save`` only marks a save while a key or a background step runs
(``_deferring``); ``render`` writes it with ``commit`` once the frame is on the glass.  A save
short of RAM lets other games' code go (``games.unload``) and is tried once more, then again after the
next key (``_save_wait``), never in a loop of passes; the player is told once (``LOW_SAVE``).
``_on_time``/``_sync_play``: ``closing``.  Also the stored settings documents (``settings``).
"""
import gc

import lang
from store import ENOSPC
from games import package
from games import unload as unload_games

# Said once when a save runs out of RAM (again only after a save has gone through).
LOW_SAVE = lang.msg("Low memory: last step not saved")
LOW_LOAD = lang.msg("Low memory: save kept; try again")  # a save that did not fit the RAM (as restore.LOW_MEMORY)


def do(app, cmd, show=None):
    """Apply a player command to the current game; saved right after the next frame.

    ``show``: a screen to push with it (saved as the screen to resume on).
    ValueError (nothing changed) if the command is not legal now.
    """
    app.session.do(cmd)
    if show is not None:
        app.push(show)
    app.save()


def undo(app):
    """Undo the last command (unlimited); False when there is none."""
    if not app.session.undo():
        app.toast(lang.tr("Nothing to undo"))
        return False
    app.save()
    return True


def screen_key(app):
    for s in reversed(app.stack):
        if s.resume_key:
            return s.resume_key
    return None


def save(app):
    """Save the current game.  While a key or a background step is handled the
    save is only marked, and ``render`` writes it once the frame is shown
    (``commit``); called from anywhere else it is written at once.  False when
    there is no game or the write failed (the screen says why)."""
    if app.session is None:
        return False
    app._unsaved = True
    app.saved_screen = app.screen_key()  # what the pending save will hold
    if app._deferring:
        return True
    return app.commit()


def commit(app, screen=False):
    """Write what is pending: the game (and app.dat).  A full flash or an error says
    that the last step is not saved (it stays in RAM; the next save holds it).  Short
    of RAM: see the module docstring.  ``screen``: the screen key to save (default:
    the one shown).  True when nothing is left pending."""
    if app._unsaved and app.session is not None:
        if app._save_wait:
            return False
        try:
            if app._fresh:
                app.store.clear(app.game_name)
                app._fresh = False
            app._on_time()
            if app.session.clock is not None:
                app.session.clock.ui.sync(app)  # the running turn's time in the save (games.clock.ui)
            doc = app.session.to_doc()
            doc["screen"] = app.screen_key() if screen is False else screen
            app._write(app.game_name, doc)
            app.saved_screen = doc["screen"]
            app._sync_play()
        except MemoryError:
            doc = None
            gc.collect()
            app._save_wait = True
            if not app._low_told:
                app._low_told = True
                app.toast(lang.tr(LOW_SAVE))
            return False
        except OSError as e:
            app._unsaved = False  # no retry loop on a full flash: the next step saves all
            if e.args and e.args[0] == ENOSPC:
                app.toast(lang.tr("Flash full: last step not saved"))
            else:
                app.toast(lang.tr("Save failed: %s") % e)
            return False
        if app._low_told:
            if app.toast_text == lang.tr(LOW_SAVE):
                app.toast(lang.tr("Saved"))
            app._low_told = False
        app.saved_screen = doc["screen"]
    app._unsaved = False
    if app._app_unsaved and not app._save_wait:
        try:
            if app.game_name:
                app.menu_game = app.game_name
            app._write("app", {"last": app.game_name, "menu": app.menu_game})
            app._app_unsaved = False
            app._app_saved = app.game_name
        except MemoryError:  # tried again after the next key: a power cut must find the game
            gc.collect()
            app._save_wait = True
            return False
        except OSError:
            app._app_unsaved = False  # a full flash: the next change of game tries again
    return not app._app_unsaved


def _write(app, name, doc):
    """``store.save``; short of RAM, other games' code goes (``unload_games`` collects) and once more."""
    try:
        app.store.save(name, doc)
    except MemoryError:
        gc.collect()
        unload_games(package(app.game_name))
        app.store.save(name, doc)


def _save_app(app):
    """Remember the open game in app.dat (written after the frame, only if it changed)."""
    if app._app_saved is False or app.game_name != app._app_saved:
        app._app_unsaved = True


def settings(app, name, default, check=None):
    """A stored settings document (for example a Parade fame table).

    ``check(doc)`` raises if a stored document has the wrong shape (a damaged
    or foreign file): then ``default`` is returned, as when there is none.  A stored
    document that does not fit in the free RAM, even after other games' code is let
    go, raises MemoryError (the key that asked says "Out of memory"), never ``default``.
    """
    doc, _w = app.store.load("set-" + name)
    if doc is None and app.store.short:  # no room to read it: other games' code goes, once more
        gc.collect()
        unload_games(package(app.game_name))
        doc, _w = app.store.load("set-" + name)
        if doc is None and app.store.short:  # a stored campaign is not "no campaign"
            raise MemoryError("setting %s not read" % name)
    if doc is None:
        return default
    if check is not None:
        try:
            check(doc)
        except Exception:  # any shape at all: never trust a file
            return default
    return doc


def save_settings(app, name, doc):
    try:
        app.store.save("set-" + name, doc)
        return True
    except OSError:
        app.toast(lang.tr("Flash full: setting not saved"))
        return False
