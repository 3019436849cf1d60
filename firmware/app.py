"""The device application: screen stack, key dispatch, drawing, saves, resume.

Runs unchanged on the Pico and in the host simulator; everything physical
comes from the board object:

- ``board.fb``: framebuf-like drawing target, 128 x 64, MONO_VLSB;
- ``board.show()``: send what changed to the display (must not raise);
- ``board.fs``: file system object for ``store.Store``;
- ``board.new_seed()``: a fresh random 32-bit seed;
- for ``poll()``/``run()`` only: ``board.clock`` (ticks_ms/ticks_diff/ticks_add),
  ``board.read_keys()`` (bit mask, see ``keys.bit``), ``board.idle()``; optionally
  ``board.attach_keys(buttons)``: True if the board now feeds ``buttons.update``
  itself (a timer), so keys pressed during long work are timed and kept.

A command is applied in RAM, the frame is drawn and shown, and only then is
the save written (``render`` ends with it): the player sees the key's effect
before the flash is touched.  A power cut between the two comes back at the
state before that key; after the save, at the state after it.

The main menu is ``menu_ui.MainMenu``; letting go of code once used (other games', the
loaders') is ``unload``, the one module that edits ``sys.modules``.

Why the App itself is still one module: on the ``.mpy`` route each module costs heap of its own
(its globals dict, context and ``__file__``: about 220-280 bytes on the unix port).  The App split
into stack and drawing, saves, plays and clock, the loop and game opening measured 41.6-43.5 KB
after ``import app`` against 40.3 KB (40.6 KB with ``menu_ui`` and ``unload``), and the golden
frames of Delphi (the March) then drew the out-of-memory box at the tests' 136 KB heap.
"""
import gc

import games
import names
from gfx import Gfx, W
from keys import Buttons
from menu_ui import MainMenu
from session import Session
from store import ENOSPC, Store
from ui import ChoiceMenu, confirm
from unload import drop, package, unload_games

# Said once when a save runs out of RAM (again only after a save has gone through).
LOW_SAVE = "Low memory: last step not saved"
LOW_LOAD = "Low memory: save kept; try again"  # as restore.LOW_MEMORY
HELP = ("oracle", "delfos", "delphi", "delphi-calc", "tholos")  # games with rules help (help_text.TEXT)

def check_app(doc):
    """app.dat: ``{"last": name of a game or null}``; ValueError otherwise
    (``restore.check_app``)."""
    import restore  # lazy: the loaders' code is in the heap only while app.dat is read (store drops it)

    restore.check_app(doc, package)


class App:
    """See the module docstring.  ``App(board)``; then ``boot()``."""

    prefs = None  # the device settings (prefs.start), when stored or the board has a panel
    error = None  # the last exception a key or a step raised and the toast reported ("Error: ...")

    def __init__(self, board):
        self.board = board
        self.g = Gfx(board.fb)
        self.store = Store(board.fs)
        self.stack = []
        self.session = None
        self.game_name = None
        self.ui = None
        self.toast_text = None
        self.dirty = True
        self.saved_screen = None  # the screen key in the last save
        self._buttons = None  # keys.Buttons, made by the first poll()
        # Background work run by poll() between key reads (a search): None, or an object with
        # step() -> True while it has more to do (about 10 ms a call on the Pico) and maybe stop().
        self.job = None
        self.working = False  # the job's step() wants another pass at once
        self._fed = False  # True when the board's timer feeds _buttons
        self._unsaved = False  # the game changed since its last save (written after the frame)
        self._fresh = False  # a new game: the old save is cleared just before the first one
        self._deferring = False  # inside handle() or a background step: saves wait for the frame
        self._app_saved = False  # the "last game" stored in app.dat (False: not known)
        self._app_unsaved = False
        self._resumed = None  # (doc, Session) built by _check while loading a save
        self._later = None  # (text, action): run by render() once "text" is on the glass
        # Made here, not on first use: setting a new attribute can need RAM, and these are set
        # exactly when there is none.
        self._save_wait = False  # a save ran out of RAM: tried again after the next key, not every pass
        self._low_told = False  # LOW_SAVE was shown (once, until a save goes through)
        self.starved = False  # the frame shown is the out-of-memory one, not the screen
        self.seat_names = None  # names picked at set-up (names.pick), for the next start_session
        self._t0 = None  # board.clock ticks when the game's on-time was last counted (_on_time)
        self._t_over = False  # the game was over at that moment (its time is no longer counted)
        self._logged = None  # the plays log holds this game's play (True/False; None: not known)

    # -- screens -------------------------------------------------------
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, screen):
        self.stack.append(screen)
        self.changed()

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.stack[-1].shown()
        self.changed()

    def replace(self, screen):
        if self.stack:
            self.stack.pop()
        self.push(screen)

    def home(self):
        """Back to the main menu (the game stays saved)."""
        lost = not self._flush_game()
        del self.stack[1:]
        if self.session is not None and not lost and self._ended() is not self._logged:
            # the log short of RAM at the end: tried again without the screens and the game's UI
            over = self._ended()
            self.ui = None
            unload_games(None)
            self._sync_play(over)
        gone = self.game_name
        self.session = None
        self.game_name = None
        self.ui = None
        names.seats = None
        if gone:
            self._save_app()  # a power cut now comes back to the main menu
        self.stack[0].shown()
        self.changed()
        if lost:
            self.toast(LOW_SAVE)

    def changed(self):
        self.dirty = True

    def toast(self, text):
        """A boxed message over the screen until the next key press."""
        self.toast_text = text
        self.changed()

    def later(self, text, action):
        """Run ``action()`` (slow: opening a game imports its modules) only after a frame
        showing ``text`` is on the glass, so the key's answer is not held up by it.
        Run by ``render()`` right after that frame, or by the next ``handle()`` first
        (keys stay in order).  Nothing is saved before it runs: a power cut in between
        comes back where the key was pressed."""
        self._later = (text, action)
        self.changed()

    def _run_later(self):
        job = self._later
        self._later = None
        self.changed()
        self._deferring = True  # its saves are written after its frame, as a key's
        try:
            job[1]()
        except MemoryError:  # never stop the device: the menu stays, and says why
            gc.collect()
            self._suspect()
            self.toast("Out of memory")
        except Exception as e:  # never stop the device
            self.error = e  # kept for the console and the tests: the toast has no room for where
            self.toast("Error: %s" % e)
        finally:
            self._deferring = False

    # -- keys and drawing ---------------------------------------------
    def handle(self, k):
        if self._later is not None:
            self._run_later()  # a key queued behind a slow one goes to the screen it opens
        if self._save_wait:
            self._save_wait = False  # a save that ran out of RAM is tried again after this key
        if self.toast_text:
            self.toast_text = None
            self.changed()
            return
        top = self.top()
        if top is None:
            return
        self._deferring = True
        try:
            top.key(k)
            if self.session is not None and self.screen_key() != self.saved_screen:
                self.save()  # a screen left or opened without a command: resume there
        except ValueError as e:  # an illegal command: say why, state unchanged
            self.toast(str(e))
        except MemoryError:
            gc.collect()  # Session.do rolled the command back; free what it left behind
            session = self.session
            if session is not None:
                self._unsaved = True  # whatever did change before the error is saved too
                if session.stale:
                    self._short(1)
                    return
            self._suspect()  # a screen may have changed the game before the error
            self.toast("Out of memory")
        except Exception as e:  # never stop the device: report and carry on
            self.error = e  # kept for the console and the tests: the toast has no room for where
            self.toast("Error: %s" % e)
        finally:
            self._deferring = False

    def _suspect(self):
        """A MemoryError outside ``Session.do``: a screen's work (a search, a preview
        that changes the game and puts it back) may have left the game half-changed, so
        the next command rebuilds it from its commands first (``Session.stale``): the
        game on the device stays the one its save replays."""
        if self.session is not None:
            self.session.stale = True

    def _short(self, stale):
        """Short of RAM while drawing (``stale`` 0) or with a game left half-applied (1):
        ``lowmem.draw`` or ``lowmem.unstale``, imported for this call only.  If even
        that import fails: a box around the screen, or the game goes back to the menu."""
        gc.collect()
        try:
            import lowmem  # lazy: its code is in the heap only while short of RAM (then dropped)
        except MemoryError:
            self.g.clear()
            if stale:
                self.home()
            else:
                self.starved = True
                self.g.fb.rect(0, 0, W, 64, 1)
            return
        try:
            (lowmem.unstale if stale else lowmem.draw)(self)
        finally:
            lowmem = None
            drop("lowmem")

    def render(self):
        """Draw and show the top screen if anything changed, then write a pending
        save; True if drawn.  Never raises: a MemoryError while drawing frees
        what it can and shows a short message instead of the screen."""
        drawn = False
        if self.dirty:
            self.dirty = False
            if self.starved:
                self.starved = False
            try:
                self._draw()
            except MemoryError:
                self._short(0)
            self._show()
            drawn = True
            self._sample()
        if self._later is not None:
            # The slow job and its frame first; the save after them (in that render) holds
            # the key's step and the screen the job opened: no flash write (about 0.1 s on
            # the Pico) between the placeholder and the answer.
            self._run_later()
            gc.collect()
            self.render()
            return drawn
        if self._unsaved or self._app_unsaved:
            self.commit()
            if self.dirty:  # the save failed and says so: show it now
                self.dirty = False
                try:
                    self._draw()
                except MemoryError:
                    gc.collect()
                self._show()
        return drawn

    def _show(self):
        """``board.show()``; a board's driver short of RAM: the frame is drawn and sent
        again at the next pass."""
        try:
            self.board.show()
        except MemoryError:
            self.dirty = True

    def _draw(self):
        g = self.g
        g.clear()
        top = self.top()
        if top is not None:
            try:
                top.draw(g)
            except MemoryError:
                raise
            except Exception as e:
                g.clear()
                g.text("Draw error:", 1, 1)
                g.wrap(str(e), 12, 5)
        if self.toast_text:
            self._draw_toast(self.toast_text)
        elif self._later is not None:
            self._draw_toast(self._later[0] + "...")

    def _draw_toast(self, text):
        g = self.g
        g.fb.fill_rect(4, 14, W - 8, 38, 0)
        g.fb.rect(4, 14, W - 8, 38, 1)
        g.fb.rect(5, 15, W - 10, 36, 1)
        y = 18
        words = text.split()
        line = ""
        n = 0
        for wd in words:  # at most 4 lines of 19 characters
            if line and len(line) + 1 + len(wd) > 19:
                g.center(line, y)
                y += 8
                n += 1
                line = wd
                if n == 4:
                    return
            else:
                line = line + " " + wd if line else wd
        if line:
            g.center(line, y)

    # -- games ------------------------------------------------------------
    def _leave_game(self, name):
        """Let go of the game shown before opening ``name``: its screens, session and
        (on the Pico) its modules, so both games never need RAM at once."""
        self._flush_game()
        del self.stack[1:]
        self.session = None
        self.ui = None
        self.game_name = None
        names.seats = None
        unload_games(package(name))

    def new_game(self, name):
        """Open the set-up screens of game ``name`` (nothing saved until it starts)."""
        self._leave_game(name)
        try:
            ui = games.ui_module(name)
        except ImportError:
            self.toast("This game is not on the device")
            return
        self.game_name = name
        self.ui = ui
        del self.stack[1:]
        ui.start(self)

    def start_session(self, setup, seed=None):
        """Begin the chosen game with ``setup``; seed from the board unless given."""
        if seed is None:
            seed = self.board.new_seed()
        self.session = Session(self.ui.GAME_CLS, setup, seed)
        self.session.names = names.seats = self.seat_names
        self.seat_names = None
        self._clock_start(False)
        if self._low_told:
            self._low_told = False
        self._fresh = True  # commit clears the discarded game first: it must not come back as a backup
        self.save()
        self._save_app()

    def open_saved(self, name, doc=None, warning=None):
        """Resume the saved game ``name``; falls back to the main menu with a message."""
        self._leave_game(name)
        ui = games.ui_module(name)
        session = None
        if doc is None:
            doc, warning = self.store.load(name, lambda d: self._check(ui, name, d))
            if doc is None and self.store.short:  # no room to read it: free all we can, once more
                self._resumed = None
                unload_games(package(name))
                gc.collect()
                doc, warning = self.store.load(name, lambda d: self._check(ui, name, d))
            if self._resumed is not None and self._resumed[0] is doc:
                session = self._resumed[1]  # replayed once, by the check
            self._resumed = None
        if doc is None:
            self.toast(warning or "No saved game")
            return False
        if session is None:
            self._check(ui, name, doc)
            session = self._resumed[1]
            self._resumed = None
        self.ui = ui
        self.game_name = name
        self.session = session
        names.seats = session.names
        self.saved_screen = doc.get("screen")
        self._clock_start(None)
        ended = getattr(ui, "ended", None)
        if ended is not None and (session.play or ended(session.game)):
            self._sync_play()  # the log in line with this save (a power cut between the two)
        del self.stack[1:]
        ui.resume(self, self.saved_screen)
        if warning:
            self.toast(warning)
        self._save_app()
        return True

    def _check(self, ui, name, doc):
        """Accept a loaded save only if it has the shape the device writes and replays;
        ValueError otherwise.  The replayed Session is kept in ``_resumed`` (replayed once)."""
        self._resumed = None
        import restore  # lazy, dropped after: shape check and replay (restore._check)

        try:
            self._resumed = (doc, restore._check(name, doc, ui.GAME_CLS))
        finally:
            drop("restore")

    def do(self, cmd, show=None):
        """Apply a player command to the current game; saved right after the next frame.

        ``show``: a screen to push with it (saved as the screen to resume on).
        ValueError (nothing changed) if the command is not legal now.
        """
        self.session.do(cmd)
        if show is not None:
            self.push(show)
        self.save()

    def undo(self):
        """Undo the last command (unlimited); False when there is none."""
        if not self.session.undo():
            self.toast("Nothing to undo")
            return False
        self.save()
        return True

    def screen_key(self):
        for s in reversed(self.stack):
            if s.resume_key:
                return s.resume_key
        return None

    def save(self):
        """Save the current game.  While a key or a background step is handled the
        save is only marked, and ``render`` writes it once the frame is shown
        (``commit``); called from anywhere else it is written at once.  False when
        there is no game or the write failed (the screen says why)."""
        if self.session is None:
            return False
        self._unsaved = True
        self.saved_screen = self.screen_key()  # what the pending save will hold
        if self._deferring:
            return True
        return self.commit()

    def commit(self, screen=False):  # type: (object) -> bool
        """Write what is pending: the game (and app.dat).  A full flash or an error says
        that the last step is not saved (it stays in RAM; the next save holds it).  A
        save that runs out of RAM frees what it can (other games' code) and is tried
        once more; if that fails too the step stays pending, the player is told once
        (``LOW_SAVE``) and the save is tried again after the next key, never in a loop
        of passes (every key keeps working).  ``screen``: the screen key to save (default:
        the one shown).  True when nothing is left pending."""
        if self._unsaved and self.session is not None:
            if self._save_wait:
                return False
            try:
                if self._fresh:
                    self.store.clear(self.game_name)
                    self._fresh = False
                self._on_time()
                doc = self.session.to_doc()
                doc["screen"] = self.screen_key() if screen is False else screen
                try:
                    self.store.save(self.game_name, doc)
                except MemoryError:
                    gc.collect()
                    unload_games(package(self.game_name))  # collects too
                    self.store.save(self.game_name, doc)
                self.saved_screen = doc["screen"]
                self._sync_play()
            except MemoryError:
                doc = None
                gc.collect()
                self._save_wait = True
                if not self._low_told:
                    self._low_told = True
                    self.toast(LOW_SAVE)
                return False
            except OSError as e:
                self._unsaved = False  # no retry loop on a full flash: the next step saves all
                if e.args and e.args[0] == ENOSPC:
                    self.toast("Flash full: last step not saved")
                else:
                    self.toast("Save failed: %s" % e)
                return False
            if self._low_told:
                if self.toast_text == LOW_SAVE:
                    self.toast("Saved")
                self._low_told = False
            self.saved_screen = doc["screen"]
        self._unsaved = False
        if self._app_unsaved and not self._save_wait:
            try:
                try:
                    self.store.save("app", {"last": self.game_name})
                except MemoryError:  # as the game's save: other games' code goes, then once more
                    gc.collect()
                    unload_games(package(self.game_name))
                    self.store.save("app", {"last": self.game_name})
                self._app_unsaved = False
                self._app_saved = self.game_name
            except MemoryError:  # tried again after the next key: a power cut must find the game
                gc.collect()
                self._save_wait = True
                return False
            except OSError:
                self._app_unsaved = False  # a full flash: the next change of game tries again
        return not self._app_unsaved

    def _flush_game(self):
        """Write a pending save of the game being left (keys queued in one pass can record
        a command and leave the game before any frame is drawn).  Short of RAM, its
        screens are let go first and the save tried again.  False if the step is lost."""
        ok = True
        if self._unsaved and self.session is not None:
            if self._save_wait:
                self._save_wait = False
            self._low_told = True  # a loss is said by the caller, once
            screen = self.screen_key()
            if not self.commit(screen) and self._unsaved:  # short of RAM: without the screens
                del self.stack[1:]
                gc.collect()
                self._save_wait = False
                ok = self.commit(screen)
        self._unsaved = False
        if self._save_wait:
            self._save_wait = False
        if self._low_told:
            self._low_told = False
        return ok

    # -- on-time and the plays log ------------------------------------------
    def _ended(self):
        """True when the open game is finished (its UI module's ``ended(game)``); False
        for a game that is never logged (the dice roller, the calculator)."""
        ended = getattr(self.ui, "ended", None)
        return bool(ended is not None and ended(self.session.game))

    def _clock_start(self, logged):
        self._t0 = None
        clock = getattr(self.board, "clock", None)
        if clock is not None:
            self._t0 = clock.ticks_ms()
        self._t_over = self._ended()
        self._logged = logged

    def _on_time(self):
        """Add the time since the last count to ``session.ms`` (kept in the save, so a
        power cut loses only the time since the last step), unless the game was
        already over then.  No board clock: nothing counted."""
        clock = getattr(self.board, "clock", None)
        if clock is None or self._t0 is None:
            return
        now = clock.ticks_ms()
        d = clock.ticks_diff(now, self._t0)
        if d > 0 and not self._t_over:
            self.session.ms += d
        self._t0 = now
        self._t_over = self._ended()

    def _sync_play(self, over=None):
        """Bring the plays log in line with the game's save just written: a finished game's
        play is in it (numbered first, the number kept in the save, so it is added once),
        an unfinished one's (an undo after the end) is not.  Both steps are idempotent, so a
        power cut between the two files is mended by the next save or resume (``plays``).
        Short of RAM or flash the log is left as it is and tried again at the next save."""
        s = self.session
        if over is None:
            over = self._ended()
        if over is self._logged:
            return
        if not (over or s.play):
            self._logged = False  # never logged: nothing to take back
            return
        gc.collect()
        try:
            import plays  # lazy: the log's code is in the heap only for this call (then dropped)

            try:
                plays.sync(self, over)
            finally:
                plays = None
                drop("plays")
        except MemoryError:  # no room for the log's code now: mended at the next save or resume
            gc.collect()

    def _save_app(self):
        """Remember the open game in app.dat (written after the frame, only if it changed)."""
        if self._app_saved is False or self.game_name != self._app_saved:
            self._app_unsaved = True

    def end_game(self):
        """Delete the current game's save and go to the main menu.  A save the flash
        cannot remove stays (the game can still be resumed) and the screen says so."""
        failed = None
        if self.game_name:
            self._unsaved = False  # nothing may write the game back after it is removed
            try:
                self.store.clear(self.game_name)
            except OSError as e:
                failed = e
        self.home()
        if failed is not None:
            self.toast("Save not removed: %s" % failed)

    def game_menu(self):
        """The menu a game's main screen opens on BACK: undo, end game, main menu and, for the
        games in ``HELP``, their rules help (``rules_help``)."""
        app = self

        def pick(i):
            app.pop()
            if i == 1:
                app.undo()
                app.ui.resume(app, None)
            elif i == 2:
                confirm(app, "End this game?", app.end_game)
            elif i == 3:
                app.home()
            elif i == 4:
                app.push(__import__("rules_help").HelpScreen(app, app.game_name))  # lazy: only while shown

        items = ["Back to game", "Undo last step", "End game", "Main menu"]
        if self.game_name in HELP:
            items.append("Rules help")  # last: the other lines keep their places
        self.push(ChoiceMenu(self, self.ui.TITLE if hasattr(self.ui, "TITLE") else "Game", items, pick))

    # -- boot and loop ------------------------------------------------------
    def boot(self):
        """Main menu, then the last game if it was saved (power-cut resume)."""
        self.stack = [MainMenu(self)]
        self.changed()
        if getattr(self.board, "panel", None) or self.store.fs.exists("set-device.dat"):
            try:
                __import__("prefs").start(self)  # lazy (lowmem drops it): hints, long press, the rest
            except MemoryError:  # the settings as they were before any was stored: still a device
                gc.collect()
        if getattr(self.board, "clock", None) is not None:
            self._keys()  # before a save fills the heap: the first poll must not need RAM
        doc, _w = self.store.load("app", check_app)
        if doc is None and self.store.short:
            self.toast(_w)  # app.dat did not fit the RAM: the games stay on the menu (*)
        last = doc.get("last") if doc else None
        self._app_saved = last if doc else False
        if last:
            try:
                if not self.open_saved(last) and not self.store.short:  # short of RAM: kept, tried next time
                    self._app_saved = False
                    self._save_app()  # say it once, not at every power-up
            except MemoryError:  # short of RAM opening its screens: the save is sound, kept
                self.game_name = None  # so app.dat keeps naming it: the next power-on tries again
                self.home()
                self.toast(LOW_LOAD)
            except Exception as e:  # a broken save must never stop the boot
                self.home()
                self.toast("Could not resume: %s" % e)
        return self

    def settings(self, name, default, check=None):
        """A stored settings document (for example a Parade fame table).

        ``check(doc)`` raises if a stored document has the wrong shape (a damaged
        or foreign file): then ``default`` is returned, as when there is none.  A stored
        document that does not fit in the free RAM, even after other games' code is let
        go, raises MemoryError (the key that asked says "Out of memory"), never ``default``.
        """
        doc, _w = self.store.load("set-" + name)
        if doc is None and self.store.short:  # no room to read it: other games' code goes, once more
            gc.collect()
            unload_games(package(self.game_name))
            doc, _w = self.store.load("set-" + name)
            if doc is None and self.store.short:  # a stored campaign is not "no campaign"
                raise MemoryError("setting %s not read" % name)
        if doc is None:
            return default
        if check is not None:
            try:
                check(doc)
            except Exception:  # any shape at all: never trust a file
                return default
        return doc

    def save_settings(self, name, doc):
        try:
            self.store.save("set-" + name, doc)
            return True
        except OSError:
            self.toast("Flash full: setting not saved")
            return False

    def poll(self):
        """One pass of the device loop: read the keys, act on them, redraw if needed.

        The unit every board drives: ``run()`` on the Pico and in the simulator, a
        timer on a board whose host owns the loop (a web page).  Returns True if a
        key was handled.
        """
        buttons = self._buttons
        if buttons is None:
            buttons = self._keys()
        self._sample()
        k = buttons.get()
        busy = k
        while k:
            self.handle(k)
            self._sample()  # a key pressed while that one was handled is timed now
            k = buttons.get()
        job = self.job
        self.working = False
        if job is not None and not self.toast_text:
            self._deferring = True
            try:
                self.working = bool(job.step())
                if not self.working and self.job is job:
                    self.job = None  # done (a step may have started the next one)
            except MemoryError:  # never stop the device
                self._suspect()
                self.toast("Out of memory")
            except Exception as e:
                self.error = e
                self.toast("Error: %s" % e)
            finally:
                self._deferring = False
        self.render()
        if busy:
            gc.collect()  # between key presses, so the heap stays in few large pieces
        return bool(busy)

    def _keys(self):
        """Make the key queue (``keys.Buttons``) and hand it to a board that feeds it."""
        board = self.board
        buttons = self._buttons = Buttons(board.clock)
        attach = getattr(board, "attach_keys", None)
        self._fed = bool(attach is not None and attach(buttons))
        if self.prefs:
            buttons.long_ms = self.prefs["long"]
        return buttons

    def _sample(self):
        """Read the pins into the key queue between pieces of work (unless the board's
        timer does it), so a press during a redraw or a save is timed and kept."""
        b = self._buttons
        if b is not None and not self._fed:
            board = self.board
            b.update(board.read_keys(), board.clock.ticks_ms())

    def run(self):
        """The device loop: ``poll()`` every ~10 ms (``board.idle()``), for ever; no
        idle while a background job has work (``working``), so a search
        gets the whole CPU between its key checks."""
        board = self.board
        while True:
            self.poll()
            if not self.working:
                board.idle()
