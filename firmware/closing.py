"""The open game's end: its on-time, its line in the plays log, and going back to the menu.

Functions that ``app.App`` takes as its methods (each gets the App first; ``_t0``, ``_t_over``
and ``_logged`` are set in ``App.__init__``).  ``_clock_start`` when a game opens, ``_on_time``
and ``_sync_play`` at each save (``saver.commit``), so the time played and the log follow the
game's save; ``home`` and ``end_game`` leave the game (``_flush_game`` writes what is pending).
"""
import gc

import names
import lang
import phone
from saver import LOW_SAVE
import plays
from games import unload as unload_games


def _flush_game(app):
    """Write a pending save of the game being left (keys queued in one pass can record
    a command and leave the game before any frame is drawn).  Short of RAM, its
    screens are let go first and the save tried again.  False if the step is lost."""
    ok = True
    if app._unsaved and app.session is not None:
        if app._save_wait:
            app._save_wait = False
        app._low_told = True  # a loss is said by the caller, once
        screen = app.screen_key()
        if not app.commit(screen) and app._unsaved:  # short of RAM: without the screens
            del app.stack[1:]
            app.changed()  # nothing keeps the screens (``screens.part``'s frame)
            gc.collect()
            app._save_wait = False
            ok = app.commit(screen)
    app._unsaved = False
    if app._save_wait:
        app._save_wait = False
    if app._low_told:
        app._low_told = False
    return ok


def home(app):
    """Back to the main menu (the game stays saved)."""
    lost = not app._flush_game()
    del app.stack[1:]
    app.changed()  # nothing keeps the game's screens (``screens.part``'s frame)
    if app.session is not None and not lost and app._ended() is not app._logged:
        # the log short of RAM at the end: tried again without the screens and the game's UI
        over = app._ended()
        app.ui = None
        unload_games(None)
        app._sync_play(over)
    gone = app.game_name
    phone.forget(app)
    app.job = None  # the game's background work (a search, a look ahead) goes with it
    app.working = False
    app.session = None
    app.game_name = None
    app.ui = None
    names.seats = None
    # Its modules go now, not when the next game opens: the menu's own screens get the RAM, and
    # what the menu allocates meanwhile (its lines, app.dat) is not strewn between the old
    # game's blocks, to split the free heap the next game loads into once they are gone.
    unload_games(None)
    if gone:
        app._save_app()  # a power cut now comes back to the main menu
    gc.collect()  # the game's objects go before the menu draws
    app.stack[0].shown()
    app.changed()
    if lost:
        app.toast(lang.tr(LOW_SAVE))


def end_game(app):
    """Delete the current game's save and go to the main menu.  A save the flash
    cannot remove stays (the game can still be resumed) and the screen says so."""
    failed = None
    if app.game_name:
        app._unsaved = False  # nothing may write the game back after it is removed
        try:
            app.store.clear(app.game_name)
        except OSError as e:
            failed = e
    app.home()
    if failed is not None:
        app.toast(lang.tr("Save not removed: %s") % failed)


def _ended(app):
    """True when the open game is finished (its UI module's ``ended(game)``); False
    for a game that is never logged (the dice roller, the calculator)."""
    ended = getattr(app.ui, "ended", None)
    return bool(ended is not None and ended(app.session.game))


def _clock_start(app, logged):
    app._t0 = None
    clock = getattr(app.board, "clock", None)
    if clock is not None:
        app._t0 = clock.ticks_ms()
    app._t_over = app._ended()
    app._logged = logged


def _on_time(app):
    """Add the time since the last count to ``session.ms`` (kept in the save, so a
    power cut loses only the time since the last step), unless the game was
    already over then.  No board clock: nothing counted."""
    clock = getattr(app.board, "clock", None)
    if clock is None or app._t0 is None:
        return
    now = clock.ticks_ms()
    d = clock.ticks_diff(now, app._t0)
    if d > 0 and not app._t_over:
        app.session.ms += d
    app._t0 = now
    app._t_over = app._ended()


def _sync_play(app, over=None):
    """Bring the plays log in line with the game's save just written: a finished game's
    play is in it (numbered first, the number kept in the save, so it is added once),
    an unfinished one's (an undo after the end) is not.  Both steps are idempotent, so a
    power cut between the two files is mended by the next save or resume (``plays``).
    Short of RAM or flash the log is left as it is and tried again at the next save."""
    s = app.session
    if over is None:
        over = app._ended()
    if over is app._logged:
        return
    if not (over or s.play):
        app._logged = False  # never logged: nothing to take back
        return
    gc.collect()
    try:
        plays.sync(app, over)
    except MemoryError:  # no room for the log now: mended at the next save or resume
        gc.collect()
        return
    if not over:  # taken back: a code made of the ended play is not this play's any more
        phone.forget(app)
