"""The Oracle of Delphi companion: the game's entry for the App.

``GAME_CLS``, ``TITLE``, ``start`` (number of players, start player, names,
then the set-up screen, where each seat's colour is preselected and can be
changed), ``resume`` (the screens rebuilt after a power cut or an undo) and
``ended``.  The screens live by role: ``ui_setup`` (set-up,
starting injury cards, ship tiles; loaded only while the set-up is shown:
the package's ``load``), ``ui_turn`` (the turn screen, the game's
home, with the consultation and the Titan die), ``ui_battle`` (a battle),
``ui_tools`` (recolour, shields, all players), ``ui_end`` (back at Zeus, game
over), all drawn with ``ui_draw``.  Every change of injuries or favor is a
command (undo, power cut).

Few presses for the frequent actions (tests/test_press_budgets.py): the
battle is one DOWN from "Consult oracle" and its monster list starts with the
colours of the fighter's dice (a battle needs a die of the monster's colour),
the first roll comes with the choice and a win goes straight back to the turn
screen, which says it; recolouring is one UP away and opens on die 1's next
colour.
"""
import names_ui
from lang import tr
from ui import ChoiceMenu, NumberPick

from games.oracle import load
from games.oracle.game import END, TITAN, TURN, OracleGame
from games.oracle.ui_battle import BattleScreen
from games.oracle.ui_draw import pname, use_colours
from games.oracle.ui_end import EndScreen
from games.oracle.ui_turn import ConsultScreen, TitanScreen, TurnScreen

GAME_CLS = OracleGame
TITLE = "Oracle of Delphi"


def ended(gm):
    """True once the game is over and its winner is known (``App`` logs the play then)."""
    return gm.phase == END and bool(gm.ranking())


def clock_player(app):
    """Whose time the table's clock counts (``clock_ui``): the active player on their turn;
    nobody at set-up, at the Titan die, or once the game is over."""
    gm = app.session.game
    if gm.phase != TURN or (len(app.stack) > 1 and app.stack[1].resume_key == "setup"):  # ui_setup's
        return -1
    return gm.active()


def clock_names(gm):
    """The players as the clock's screens name them, by index."""
    return [pname(p) for p in range(gm.n)]


def start(app):
    """New game: number of players, then the start player."""

    def got_players(n):
        app.pop()
        use_colours(None)  # no game yet: the box's colours in seat order
        items = [tr("Random")] + [pname(p) for p in range(n)]

        def got_start(i):
            def go():
                del app.stack[1:]  # the set-up menus (and the names' menus)
                app.start_session({"players": n, "start": i - 1})
                use_colours(app.session.game)
                app.push(load("ui_setup").SetupScreen(app))
                app.save()

            names_ui.pick(app, [pname(p) for p in range(n)], go)

        app.push(ChoiceMenu(app, tr("Start player"), items, got_start))

    app.push(NumberPick(app, tr("Players"), 3, 2, 4, got_players))


def resume(app, key):
    """Rebuild the screens after a restart or an undo."""
    gm = app.session.game
    use_colours(gm)
    del app.stack[1:]
    if key == "setup" and not gm.begun:
        app.push(load("ui_setup").SetupScreen(app))
        return
    app.push(TurnScreen(app))
    if key == "consult" and gm.last_consult and gm.phase != END:
        app.push(ConsultScreen(app, gm.last_consult[0]))
    elif key == "titan_roll" and gm.last_titan:
        app.push(TitanScreen(app, True))
    elif gm.phase == END:
        app.push(EndScreen(app))
    elif gm.phase == TITAN:
        app.push(TitanScreen(app))
    elif gm.battle is not None and key in ("battle", None):  # None: after an undo
        app.push(BattleScreen(app))

