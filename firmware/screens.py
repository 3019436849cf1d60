"""The App's screen stack and drawing: push/pop/replace/top, the toast, ``later``, ``render``.

Functions that ``app.App`` takes as its methods (each gets the App first).  State, set in
``App.__init__``: ``stack``, ``g``, ``dirty``, ``_part``, ``_whole``, ``toast_text``, ``_later``,
``starved``.  What is not drawing they ask of the App: ``commit`` (``saver``), ``_sample`` and ``_suspect`` (``loop``),
``_short`` (short of RAM, ``app``).  A frame is drawn and shown before the save that follows a
key (``render``).
"""
import gc

import lang
from gfx import W, plain


def top(app):
    return app.stack[-1] if app.stack else None


def push(app, screen):
    app.stack.append(screen)
    app.changed()


def pop(app):
    if len(app.stack) > 1:
        app.stack.pop()
        app.stack[-1].shown()
    app.changed()


def replace(app, screen):
    if app.stack:
        app.stack.pop()
    app.push(screen)


def changed(app):
    app.dirty = True
    app._part = app._whole = None  # the whole frame; no screen kept alive for a part (a game left)


def part(app, draw):
    """A key changed only what ``draw(g)`` draws over the frame as it stands (a menu's cursor
    step, an action line's): the next frame is that alone, not the whole screen drawn again,
    when the frame on the glass is the top screen's whole and nothing else is due (a toast, a
    whole frame, another part).  ``draw`` must leave the frame as the screen's ``draw`` would, or
    return False: the whole screen is drawn instead.
    The Oracle's turn screen drew 20 ms of glyphs on the Pico for each step of its action line."""
    if app.dirty and app._part is not draw:
        app._part = None  # something else is due too: the whole frame
        return
    app.dirty = True
    app._part = draw


def toast(app, text):
    """A boxed message over the screen until the next key press."""
    app.toast_text = text
    app.changed()


# A job that took less than this (ms of the board's clock) was quick: the next one runs before
# any frame, and its own frame is the key's answer.  On the project's image (its code in flash) the
# jobs take 25-35 ms and a frame showing "New game..." first cost a whole frame more (about 30 ms,
# 20 of them on the bus): the layout's last key took 121 ms, not under 100 (docs/measured.md).
# Where modules load from files (make deploy, CircuitPython) a job takes hundreds of ms, and the
# frame first is what tells the player the key was taken.
QUICK_MS = 50


def later(app, text, action):
    """Run ``action()`` (slow: opening a game imports its modules) only after a frame
    showing ``text`` is on the glass, so the key's answer is not held up by it; when the
    last such job took under ``QUICK_MS`` (``app._quick``), before any frame instead.
    Run by ``render()``, or by the next ``handle()`` first (keys stay in order).  Nothing is
    saved before it runs: a power cut in between comes back where the key was pressed."""
    app._later = (text, action)
    app.changed()


def _run_later(app):
    job = app._later
    app._later = None
    app.changed()
    app._deferring = True  # its saves are written after its frame, as a key's
    clock = getattr(app.board, "clock", None)
    t0 = clock.ticks_ms() if clock is not None else None
    app._quick = False  # until it ends in time
    try:
        job[1]()
        if t0 is not None:
            app._quick = clock.ticks_diff(clock.ticks_ms(), t0) < QUICK_MS
    except MemoryError:  # never stop the device: the menu stays, and says why
        gc.collect()
        app._suspect()
        app.toast(lang.tr("Out of memory"))
    except Exception as e:  # never stop the device
        app.error = e  # kept for the console and the tests: the toast has no room for where
        app.toast(lang.tr("Error: %s") % e)
    finally:
        app._deferring = False


def render(app):
    """Draw and show the top screen if anything changed, then write a pending
    save; True if drawn.  Never raises: a MemoryError while drawing frees
    what it can and shows a short message instead of the screen."""
    drawn = False
    if app._later is not None and app._quick:
        app._run_later()  # the last job was quick: this one's frame is the key's answer
        gc.collect()
    if app.dirty:
        app.dirty = False
        if app.starved:
            app.starved = False
        try:
            app._draw()
        except MemoryError:
            app._short(0)
        app._show()
        drawn = True
        app._sample()
    if app._later is not None:
        # The slow job and its frame first; the save after them (in that render) holds
        # the key's step and the screen the job opened: no flash write (about 0.1 s on
        # the Pico) between the placeholder and the answer.
        app._run_later()
        gc.collect()
        app.render()
        return drawn
    if app._unsaved or app._app_unsaved:
        app.commit()
        if app.dirty:  # the save failed and says so: show it now
            app.dirty = False
            try:
                app._draw()
            except MemoryError:
                gc.collect()
            app._show()
    return drawn


def _show(app):
    """``board.show()``; a board's driver short of RAM: the frame is drawn and sent
    again at the next pass."""
    try:
        app.board.show()
    except MemoryError:
        app.dirty = True


def _draw(app):
    g = app.g
    top = app.top()
    step = app._part
    if top is None or app._whole is not top or app.toast_text or app._later is not None:
        step = None  # the frame on the glass is not that screen's whole: all of it again
    app._part = app._whole = None  # until this frame is drawn
    whole = top
    if step is not None and step(g) is False:  # the part alone (``part``), unless it asks for all
        step = None
    if step is None:
        g.clear()
    if top is not None:
        if step is None:
            try:
                top.draw(g)
            except MemoryError:
                raise
            except Exception as e:
                whole = None
                g.clear()
                g.text("Draw error:", 1, 1)
                g.wrap(str(e), 12, 5)
        c = app.session.clock if app.session is not None else None
        if c is not None:
            c.ui.draw(app, g)  # the table's clock over the screen (games.clock.ui)
    if app.toast_text:
        app._draw_toast(app.toast_text)
    elif app._later is not None:
        app._draw_toast(app._later[0] + "...")
    else:
        app._whole = whole
    rest = getattr(app.board, "rest", None)
    if rest is not None:  # a QR code alone on the panel: set for a phone's camera (rest.code)
        rest.code(getattr(top, "CODE", False) and not app.toast_text and app._later is None)


def _draw_toast(app, text):
    g = app.g
    tall = not plain(text)  # the language's glyphs: at most 3 lines of 12 px, in a taller box
    top, h = (8, 48) if tall else (14, 38)
    g.fb.fill_rect(4, top, W - 8, h, 0)
    g.fb.rect(4, top, W - 8, h, 1)
    g.fb.rect(5, top + 1, W - 10, h - 2, 1)
    y = 18
    if tall:
        lang.text.toast(g, text)
        return
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
