"""The Timer's screen (``game.TimerGame``): whose turn and their time, read across the table.

Set-up: the number of players (2-8), a stored name for each seat if names are stored (else
P1, P2, ...), the clock (count, turn limit or chess clock: ``games.clock``).  Then one screen:
the player whose turn it is and their time in large figures (inverted from the warning on);
OK passes the turn to the next player; DOWN shows every player's time; BACK is the pause (the
game menu: the clock stops; undo takes back the last pass and gives its time back).  Saved and
resumed like a game.
"""
import lang
import names
import names_ui
from fonts import SMALL
from gfx import TALL_W, W
from keys import BACK, DOWN, OK, UP
from lang import tr
from ui import NumberPick, Screen

from games.clock import ui as clock
from games.timer.game import MAX_PLAYERS, TimerGame

GAME_CLS = TimerGame
TITLE = "Timer"


def label(p):
    return names.label(p, "P%d" % (p + 1))


def clock_player(app):
    """Whose time the clock counts: the player whose turn it is, always someone."""
    return app.session.game.turn


def clock_names(gm):
    """The players as the clock's screens name them, by seat."""
    return [label(p) for p in range(gm.players)]


class TimerScreen(Screen):
    """The Timer's home (module docstring)."""

    resume_key = "timer"

    @property
    def clock_at(self):
        """The time in the big digits, doubled (30 px); a row higher over the language's glyphs
        (``lang.cjk``: the bottom line 11 px tall)."""
        return (0, 23 if lang.cjk else 24, clock.BIG_FIELD)

    def draw(self, g):
        app = self.app
        gm = app.session.game
        ink = 0 if clock.inverted(app) else 1
        if not ink:
            g.fb.fill(1)
        s = label(gm.turn)[:12]
        g.text(s, (W + 2 - len(s) * TALL_W) // 2, 2, ink, SMALL, 2, 3, 0)  # table text, centred
        y = 53 if lang.cjk else 56
        g.text(tr("R%d") % gm.round, 1, y, ink)
        g.right(tr("OK: pass"), y, ink, x1=W - 1)

    def key(self, k):
        app = self.app
        if k == OK:
            app.do(["pass"])
        elif k in (DOWN, UP):
            app.push(clock.AllScreen(app))
        elif k == BACK:
            app.game_menu()


def start(app):
    """A new Timer: players, names, the clock."""

    def got_players(n):
        app.pop()

        def go():
            def begin(c):
                del app.stack[1:]
                app.start_session({"players": n})
                app.session.clock = c
                app.push(TimerScreen(app))
                app.save()

            clock.choose(app, n, begin, True)

        names_ui.pick(app, [label(p) for p in range(n)], go)

    app.push(NumberPick(app, tr("Players"), 4, 2, MAX_PLAYERS, got_players))


def resume(app, key):
    """Rebuild the screen after a restart or an undo."""
    del app.stack[1:]
    app.push(TimerScreen(app))
