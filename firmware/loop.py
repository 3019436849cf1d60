"""The App's device loop: keys in (``handle``), one pass (``poll``), for ever (``run``).

Functions that ``app.App`` takes as its methods (each gets the App first; ``_buttons``, ``_fed``,
``job`` and ``working`` are set in ``App.__init__``).  Between key reads ``poll`` runs a step of
the background job (``app.job``, a search) if there is one.  A key's exceptions never stop the device: an
illegal command (ValueError) is said in a toast with the game unchanged, anything else as
"Error: ..." (kept in ``error``), a MemoryError as "Out of memory" with the game marked to be
rebuilt (``_suspect``).
"""
import gc

import phone
from keys import HOME, Buttons
import lang


def handle(app, k):
    if app._later is not None:
        app._run_later()  # a key queued behind a slow one goes to the screen it opens
    if app._save_wait:
        app._save_wait = False  # a save that ran out of RAM is tried again after this key
    if app.toast_text:
        app.toast_text = None
        app.changed()
        return
    top = app.top()
    if top is None:
        return
    app._deferring = True
    try:
        if k == HOME:
            go_home(app)
        else:
            top.key(k)
        if app.session is not None and app.screen_key() != app.saved_screen:
            app.save()  # a screen left or opened without a command: resume there
    except ValueError as e:  # an illegal command: say why, state unchanged (in the language: the
        app.toast(lang.said(e))  # engines' sentences marked with games.msg are in its table)
    except MemoryError:
        gc.collect()  # Session.do rolled the command back; free what it left behind
        session = app.session
        if session is not None:
            app._unsaved = True  # whatever did change before the error is saved too
            if session.stale:
                app._short(1)
                return
        app._suspect()  # a screen may have changed the game before the error
        app.toast(lang.tr("Out of memory"))
    except Exception as e:  # never stop the device: report and carry on
        app.error = e  # kept for the console and the tests: the toast has no room for where
        app.toast(lang.tr("Error: %s") % e)
    finally:
        app._deferring = False


def go_home(app):
    """HOME (BACK held): inside a game, its screens rebuilt from the game's state as a power-on
    rebuilds them (``ui.resume`` with the key of the screen shown, never None: that is an
    undo's, after which a game may take back more, as Tholos's solo undo does) and its menu over
    them, whatever screen was open; a screen that has a menu of its own for this
    (``home_menu``: the Delfos layout's) opens that.  HOME never changes a game.
    Outside a game (the main menu, the device's screens, a set-up) nothing happens: the
    BACK of that press has done its work."""
    if app.session is None or app.ui is None:
        return
    app.ui.resume(app, app.screen_key())
    top = app.top()
    menu = getattr(top, "home_menu", None)
    if menu is not None:
        menu()
    else:
        app.game_menu()
    app.changed()


def _suspect(app):
    """A MemoryError outside ``Session.do``: a screen's work (a search, a preview
    that changes the game and puts it back) may have left the game half-changed, so
    the next command rebuilds it from its commands first (``Session.stale``): the
    game on the device stays the one its save replays."""
    if app.session is not None:
        app.session.stale = True


def poll(app):
    """One pass of the device loop: read the keys, act on them, redraw if needed.

    The unit every board drives: ``run()`` on the Pico and in the simulator, a
    timer on a board whose host owns the loop (a web page).  Returns True if a
    key was handled.
    """
    buttons = app._buttons
    if buttons is None:
        buttons = app._keys()
    app._sample()
    k = buttons.get()
    busy = k
    while k:
        app.handle(k)
        app._sample()  # a key pressed while that one was handled is timed now
        k = buttons.get()
    job = app.job
    if job is None and app._logged and app.session is not None:
        # the open game is over, its play in the log: its QR code made while the end is read
        phone.prepare(app)
        job = app.job
    app.working = False
    if job is not None and not app.toast_text:
        app._deferring = True
        try:
            app.working = bool(job.step())
            if not app.working and app.job is job:
                app.job = None  # done (a step may have started the next one)
        except MemoryError:  # never stop the device
            app._suspect()
            app.toast(lang.tr("Out of memory"))
        except Exception as e:
            app.error = e
            app.toast(lang.tr("Error: %s") % e)
        finally:
            app._deferring = False
    c = app.session.clock if app.session is not None else None
    if c is not None:
        c.ui.tick(app)  # the table's clock (games.clock.ui): its digits alone when only they changed
    app.render()
    if busy:
        gc.collect()  # between key presses, so the heap stays in few large pieces
    return bool(busy)


def _keys(app):
    """Make the key queue (``keys.Buttons``) and hand it to a board that feeds it."""
    board = app.board
    buttons = app._buttons = Buttons(board.clock)
    attach = getattr(board, "attach_keys", None)
    app._fed = bool(attach is not None and attach(buttons))
    if app.prefs:
        buttons.long_ms = app.prefs["long"]
    return buttons


def _sample(app):
    """Read the pins into the key queue between pieces of work (unless the board's
    timer does it), so a press during a redraw or a save is timed and kept."""
    b = app._buttons
    if b is not None and not app._fed:
        board = app.board
        b.update(board.read_keys(), board.clock.ticks_ms())


def run(app):
    """The device loop: ``poll()`` every ~10 ms (``board.idle()``), for ever; no
    idle while a background job has work (``working``), so a search
    gets the whole CPU between its key checks."""
    board = app.board
    while True:
        app.poll()
        if not app.working:
            board.idle()
