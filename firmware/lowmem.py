"""What the App does short of RAM (``app.App._short``).

``draw(app)``: the frame after a MemoryError while drawing;
``unstale(app)``: the game after a command failed half-way and its rollback
ran out of memory too.
"""
import gc

from gfx import W
import lang
from games import package
from games import unload as unload_games


def free(app):
    """Give back what RAM can be given: other games' code.  Never raises (it runs when the
    heap is already short)."""
    gc.collect()
    try:
        unload_games(package(app.game_name) if app.game_name else None)
    except MemoryError:
        pass
    gc.collect()


def draw(app):
    """Free what can be freed and draw again; else a short message (or, with not even
    room for that, a frame around the screen), so a key always has an answer."""
    g = app.g
    g.clear()
    free(app)
    try:
        app._draw()
        return
    except MemoryError:
        gc.collect()
    g.clear()
    app.starved = True
    try:
        if lang.cjk:  # one sentence, wrapped: the glyphs' lines are taller than two 5x7 lines
            g.wrap(lang.tr("Out of memory: press a key"), 1, 2)
        else:
            g.text("Out of memory:", 1, 1)
            g.text("press a key", 1, 10)
    except MemoryError:
        g.fb.rect(0, 0, W, 64, 1)


def unstale(app):
    """Rebuild the game from its commands after freeing what can be freed, else leave it
    for the main menu (its commands are saved, so Resume rebuilds it)."""
    try:
        free(app)
        app.session.refresh()
        app.toast(lang.tr("Out of memory"))
    except MemoryError:
        app.home()
        app.toast(lang.tr("Out of memory: game closed, saved; resume it from the menu"))
