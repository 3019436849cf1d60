"""The device application: the parts of ``App`` composed, its state, boot, and the game menu.

Runs unchanged on the Pico and in the host simulator; everything physical
comes from the board object:

- ``board.fb``: framebuf-like drawing target, 128 x 64, MONO_VLSB;
- ``board.show()``: send what changed to the display (must not raise);
- ``board.fs``: file system object for ``store.Store``;
- ``board.new_seed()``: a fresh random 32-bit seed (a game's; the simulator may fix it);
- ``board.random_id()``: a fresh random 32-bit int from the board's own randomness, never a
  fixed seed (the plays log's device id);
- for ``poll()``/``run()`` only: ``board.clock`` (ticks_ms/ticks_diff/ticks_add),
  ``board.read_keys()`` (bit mask, see ``keys.bit``), ``board.idle()``; optionally
  ``board.attach_keys(buttons)``: True if the board now feeds ``buttons.update``
  itself (a timer), so keys pressed during long work are timed and kept.

A command is applied in RAM, the frame is drawn and shown, and only then is
the save written (``render`` ends with it): the player sees the key's effect
before the flash is touched.  A power cut between the two comes back at the
state before that key; after the save, at the state after it.

The parts are modules of functions that take the App first, listed below as its methods (the
facade); none imports this module: ``screens`` (the stack, drawing, toasts, ``later``),
``saver`` (do/undo/save/commit, settings), ``closing`` (on-time, plays log, leaving a game),
``loop`` (keys, ``poll``, ``run``), ``opening`` (opening a game); ``menu_ui`` is the main menu,
``lowmem`` what is done short of RAM.  Functions, not mixin classes: under MicroPython a class
costs heap that its functions alone do not.
"""
# pyright: reportAttributeAccessIssue=false
# (``ui``, the open game's UI module, is set by ``opening``: here the checker sees only its None)
import gc

import games  # noqa: F401  (first: on the .mpy route it interns every name the firmware will, games.intern_names)
import lang
import closing
import lowmem
import loop
import names
import opening
import prefs
import saver
import screens
from gfx import Gfx
from lang import msg, tr
from menu_ui import MainMenu
from saver import LOW_LOAD
from session import Session
from store import Store
from rules_help import HelpScreen
from ui import ChoiceMenu, TableView, clock_items, clock_pick, confirm

HELP = ("oracle", "delfos", "delphi", "delphi-calc", "tholos")  # games with rules help (help_text.TEXT)


class App:
    """See the module docstring.  ``App(board)``; then ``boot()``."""

    prefs = None  # the device settings (prefs.start), when stored or the board has a panel
    error = None  # the last exception a key or a step raised and the toast reported ("Error: ...")

    # The parts' functions as methods (each takes the App first): screens, saver, closing, loop.
    top, push, pop, replace, changed = screens.top, screens.push, screens.pop, screens.replace, screens.changed
    part = screens.part
    toast, later, _run_later = screens.toast, screens.later, screens._run_later
    render, _show, _draw, _draw_toast = screens.render, screens._show, screens._draw, screens._draw_toast
    do, undo, save, commit, _write = saver.do, saver.undo, saver.save, saver.commit, saver._write
    screen_key, _save_app = saver.screen_key, saver._save_app
    settings, save_settings = saver.settings, saver.save_settings
    home, end_game, _flush_game = closing.home, closing.end_game, closing._flush_game
    _ended, _clock_start = closing._ended, closing._clock_start
    _on_time, _sync_play = closing._on_time, closing._sync_play
    handle, _suspect, poll, run = loop.handle, loop._suspect, loop.poll, loop.run
    _keys, _sample = loop._keys, loop._sample

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
        self._part = None  # only this drawing is due (screens.part): None, the whole frame
        self._whole = None  # the screen whose whole frame is on the glass (screens._draw)
        self.saved_screen = None  # the screen key in the last save
        self._buttons = None  # keys.Buttons, made by boot() (or the first poll() without one)
        # Background work run by poll() between key reads (a search): None, or an object with
        # step() -> True while it has more to do (about 10 ms a call on the Pico) and maybe stop().
        self.job = None
        self.working = False  # the job's step() wants another pass at once
        self._fed = False  # True when the board's timer feeds _buttons
        self._unsaved = False  # the game changed since its last save (written after the frame)
        self._fresh = False  # a new game: the old save is cleared just before the first one
        self._deferring = False  # inside handle() or a background step: saves wait for the frame
        self._app_saved = False  # the "last game" stored in app.dat (False: not known)
        self.menu_game = None  # the game last opened (app.dat's "menu"): the main menu's cursor
        self._app_unsaved = False
        self._resumed = None  # (doc, Session) built by _check while loading a save
        self._later = None  # (text, action): run by render() once "text" is on the glass
        self._quick = False  # the last such job took under screens.QUICK_MS: the next runs before any frame
        # Made here, not on first use: setting a new attribute can need RAM, and these are set
        # exactly when there is none.
        self._save_wait = False  # a save ran out of RAM: tried again after the next key, not every pass
        self._low_told = False  # LOW_SAVE was shown (once, until a save goes through)
        self.starved = False  # the frame shown is the out-of-memory one, not the screen
        self.seat_names = None  # names picked at set-up (names_ui.pick), for the next start_session
        self._t0 = None  # board.clock ticks when the game's on-time was last counted (_on_time)
        self._t_over = False  # the game was over at that moment (its time is no longer counted)
        self._logged = None  # the plays log holds this game's play (True/False; None: not known)
        self._boot_short = False  # the boot ran short of RAM opening the last game (no restart then)

    def _short(self, stale):
        """Short of RAM while drawing (``stale`` 0) or with a game left half-applied (1):
        ``lowmem.draw`` or ``lowmem.unstale``."""
        gc.collect()
        (lowmem.unstale if stale else lowmem.draw)(self)

    def new_game(self, name):
        """Open the set-up screens of game ``name`` (nothing saved until it starts): ``opening``."""
        opening.new_game(self, name)

    def open_saved(self, name, doc=None, warning=None):
        """Resume the saved game ``name``; False (the main menu says why) if it cannot: ``opening``."""
        return opening.open_saved(self, name, doc, warning)

    def resume_saved(self, name):
        """The main menu's "Resume saved game": ``open_saved``, or short of RAM a restart into the
        game where the board has one: ``opening``."""
        opening.resume_saved(self, name)

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

    def game_menu(self, leave=False):
        """The menu a game's main screen opens on BACK (and HOME from any screen): back to the
        game, undo, end game, main menu, the table view when the screen under it has one
        (``ui.TableView``: ``TABLE_KEY`` there, this line on three buttons) and, for the games in
        ``HELP``, their rules help (``rules_help``).  ``leave``: only the ways out (a game's own
        menu has its undo)."""
        app = self
        under = self.stack[-1] if self.stack else None
        items = [msg("Back to game"), msg("End game"), msg("Main menu")]  # English; shown through tr
        if not leave:
            items.insert(1, msg("Undo last step"))
            if hasattr(under, "table_lines"):  # the table view on three buttons
                items.append(msg("Table view"))
            items += clock_items(self)  # only with a clock, or at a game's start: else as it was
            if self.game_name in HELP:
                items.append(msg("Rules help"))  # last (UP from the first line): the others keep their places

        def pick(i):
            app.pop()
            what = items[i]
            if what == "Undo last step":
                app.undo()
                app.ui.resume(app, None)
            elif what == "End game":
                confirm(app, tr("End this game?"), app.end_game)
            elif what == "Main menu":
                app.home()
            elif what == "Table view":
                app.push(TableView(app, under))
            elif what == "Rules help":
                app.push(HelpScreen(app, app.game_name))
            else:
                clock_pick(app, what)

        # the cursor on the undo (BACK OK: two presses); BACK, or UP OK, goes back to the game
        title = self.ui.TITLE if hasattr(self.ui, "TITLE") else msg("Game")  # a game's: games.GAMES's label
        if self.session is not None and self.session.clock is not None:
            title = msg("Clock paused")
        menu = ChoiceMenu(self, tr(title), [tr(s) for s in items], pick, 0 if leave else 1)
        menu.pauses = True  # the game menu is the pause: every clock stops (games.clock.ui)
        self.push(menu)

    def boot(self):
        """Main menu, then the last game if it was saved (power-cut resume)."""
        lang.use(0)  # English unless the settings (prefs.start) say otherwise
        self.stack = [MainMenu(self)]
        self.changed()
        if getattr(self.board, "panel", None) or self.store.fs.exists("set-device.dat"):
            try:
                prefs.start(self)  # hints, long press, the panel's rest
            except MemoryError:  # the settings as they were before any was stored: still a device
                gc.collect()
        if getattr(self.board, "clock", None) is not None:
            self._keys()  # before a save fills the heap: the first poll must not need RAM
        try:
            opening.resume_last(self)
        except MemoryError:  # no room to read app.dat: the save is kept, tried next time
            gc.collect()
            self.toast(LOW_LOAD)
        return self
