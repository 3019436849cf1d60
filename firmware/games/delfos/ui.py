"""Delfos: the entry of its screens (``games.GAMES``): start, resume after a restart or an
undo, and the end-of-game test the App logs plays by.

The turn screen and the drawing every screen shares live in ``ui_base``; the rest in modules
loaded only when used (``games.delfos.load``, RAM on the Pico): ``ui_khaos`` (Khaos turns),
``ui_more`` (Delfos menu, whole city, supply), ``ui_goals`` (private goal tiles), ``ui_score``
and ``ui_rank`` (end, ranking, breakdowns), ``ui_pad``, ``ui_setup``, ``ui_campaign``,
``ui_board`` (the ancient board in play), ``ui_layout`` (its layout), ``ui_map`` (its map),
``ui_ancient`` (its set-up and stored geometry), ``ui_geometry`` (the geometry's screen).
"""
from lang import tr
from ui import ChoiceMenu, Screen

from games.delfos import drop, load
from games.delfos.game import DelfosGame
from games.delfos.ui_base import TurnScreen, who

TITLE = "Delfos"


class Games:
    """``GAME_CLS``, the session's game class (``session.Session``): ``GAME_CLS(setup, seed)`` is
    a ``DelfosGame``, or with the ancient board (setup "ancient") an ``ancient.BoardGame``, its
    module loaded then through the seam.  The ancient board's engine (``ancient``, ``khaos_move``:
    9.8 KB of the tests' unix heap) is not imported by ``game`` but loaded here (the other part of
    the engine kept late is ``campaign``, which only screens use): imported by ``game``, the other
    Delfos games ran out of the tests' heap (then 144 KB beside the App's 44.7 KB: the score pad of a
    2-player game needed 146 KB; tests/support/mp_heap.py).  ``resume`` drops them in a game without the board."""

    NAME = DelfosGame.NAME

    def __call__(self, setup, seed):
        if isinstance(setup, dict) and setup.get("ancient") is not None:
            return load("ancient").BoardGame(setup, seed)
        return DelfosGame(setup, seed)


GAME_CLS = Games()


def ended(gm):
    """True once the city is full and every player's goal tiles are in (the scores are
    final then; ``App`` logs the play)."""
    if not gm.is_over():
        return False
    for s in range(len(gm.players)):
        if s != gm.kseat and gm.pidx[s] not in gm.goals:
            return False
    return True


def clock_player(app):
    """Whose time the table's clock counts (``games.clock``): the player placing a tile;
    nobody on Khaos's turn, while the ancient board is laid out, or once the city is full."""
    gm = app.session.game
    return gm.active if gm.phase() == "place" else -1


def clock_names(gm):
    """The players as the clock's screens name them, by seat."""
    return [who(gm, s) for s in range(len(gm.players))]


def clock_open(app):
    """The clock may be chosen until the first tile: "Clock: off" in the game menu that BACK held
    opens (the Delfos menu that BACK opens stays as it is)."""
    return app.session.game.turn == 0


def start(app):
    """New game: the Delfos start menu (new game, solo campaign, score pad)."""

    def chosen(i):
        if i == 0:
            load("ui_setup").Wizard(app).show()
        elif i == 1:
            load("ui_campaign").open_campaign(app)
        else:
            load("ui_pad").pad_start(app)

    app.push(ChoiceMenu(app, tr("Delfos"), [tr("New game"), tr("Solo campaign"), tr("Score pad")], chosen,
                        on_back=app.home))


def resume(app, key):
    """Rebuild the screens after a restart or an undo: the turn screen, then the Khaos
    turn or the end of the game if the engine state says so.  The stack is rebuilt
    from scratch, so the rarely used screen modules are dropped here (RAM)."""
    gm = app.session.game
    del app.stack[1:]
    ph = gm.phase()
    drop(("ui_setup", "ui_more", "ui_pad", "ui_campaign", "ui_khaos") if ph == "over" else
         ("ui_setup", "ui_more", "ui_pad", "ui_campaign", "ui_score", "ui_rank", "ui_goals", "campaign"))
    if gm.board is None:  # the ancient board's engine and screens, from a game before (``Games``)
        drop(("ancient", "khaos_move", "ui_board", "ui_layout", "ui_geometry", "ui_ancient", "ui_map"))
    # With the ancient board in play its turn screen (ui_board.BoardTurn) takes this place at
    # once: a plain Screen holds it, so the turn screen's legal spaces are not worked out twice
    # (during the layout it stays: the layout's screen is the only one shown).
    app.push(Screen(app) if gm.board is not None and ph != "over" else TurnScreen(app))
    if gm.board is not None:  # the device keeps the ancient board: its screens, or at the end the solo end
        if ph == "over":
            solo_end = load("ui_score").SoloEnd
            drop(("ui_board", "ui_layout", "ui_geometry", "ui_ancient", "ui_map"))
            app.push(solo_end(app))
        elif ph == "layout":  # the layout's screen over the plain Screen: the play's screens come after (RAM)
            drop(("ui_board", "ui_geometry", "ui_ancient"))
            app.push(load("ui_layout").LayoutScreen(app))
        else:
            load("ui_board").resume(app, ph, key)
    elif ph == "over":
        app.push(load("ui_score").SoloEnd(app) if gm.solo else load("ui_rank").EndScreen(app))
    elif ph != "place":
        app.push(load("ui_khaos").KhaosScreen(app))
