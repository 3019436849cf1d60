"""Tholos companion (two players at the table, or solo): the game's entry for the App.

``GAME_CLS``, ``TITLE``, ``start`` (the set-up menus), ``resume`` (the
screens rebuilt after a power cut or an undo) and ``ended``.  The screens
live by role: ``ui_temple`` (the temple, the game's home, and the column
cursor), ``ui_device`` (solo: the device's turn as the App's background
job and the screen showing its move), ``ui_end`` (the end screen), all
drawn with ``ui_draw``.  Undo in solo takes back the device's turn and the
player's last one, so the player is on move again.
"""
import names_ui
from lang import msg, tr
from ui import ChoiceMenu

from games.tholos.ai import LEVELS
from games.tholos.game import TholosGame
from games.tholos.rules import BLACK, WHITE
from games.tholos.ui_device import DeviceMoveScreen
from games.tholos.ui_draw import PLAYER_NAMES, game_of, who
from games.tholos.ui_end import EndScreen
from games.tholos.ui_temple import TempleScreen

GAME_CLS = TholosGame
TITLE = "Tholos"

LEVEL_ITEMS = (msg("Easy"), msg("Normal"), msg("Hard"))  # ai.LEVELS, in order


def ended(gm):
    """True once the game is over (``App`` logs the play then)."""
    return gm.over


def clock_player(app):
    """Whose time the table's clock counts (``games.clock``): the player to move; nobody on the
    device's turn or once the game is over."""
    gm = game_of(app)
    if gm.over or gm.turn == gm.device:
        return -1
    return gm.turn


def clock_names(gm):
    """The players as the clock's screens name them, White then Black."""
    return [who(gm, WHITE), who(gm, BLACK)]


def clock_open(app):
    """The clock may be chosen (the game menu's "Clock: off") until a player's first move."""
    return game_of(app).moves_played < 2


def start(app):
    """New game: two players, or solo with the device on the colour not
    chosen and then its level (easy / normal / hard, Normal first under the
    cursor), stored in the set-up."""
    items = [tr("Two players"), tr("Solo: I play White"), tr("Solo: I play Black")]

    def begin(setup):
        def go():
            open_game(setup)

        dev = setup.get("device")
        # the seats that take a name: both, or the one the device does not play
        names_ui.pick(app, [None if dev == PLAYER_NAMES[p].lower() else tr(PLAYER_NAMES[p]) for p in (WHITE, BLACK)],
                      go)

    def open_game(setup):
        del app.stack[1:]  # the set-up menus (and the names' menus)
        app.start_session(setup)
        temple = TempleScreen(app)
        app.push(temple)
        app.save()
        if game_of(app).device_to_move():
            temple.device_turn()

    def chosen(i):
        if i == 0:
            begin({"device": None})
            return
        device = "black" if i == 1 else "white"

        def level(j):
            begin({"device": device, "level": LEVELS[j]})

        app.push(ChoiceMenu(app, tr("Device's level"), [tr(s) for s in LEVEL_ITEMS], level, 1))

    app.push(ChoiceMenu(app, tr("Tholos: who plays"), items, chosen))


def resume(app, key):
    """Rebuild the screens after a restart or HOME (``key`` the saved or shown screen's: the
    game unchanged) or an undo (``key`` None).

    An undo in solo goes on taking back commands until the player is on
    move at the start of a turn (the device's whole turn and the player's
    last move).
    """
    gm = game_of(app)
    del app.stack[1:]
    app.job = None  # the screens start again from the commands: no device's turn begun before goes on
    if key is None and gm.device >= 0:
        while app.session.cmds and (gm.turn == gm.device or gm.pending >= 0):
            if not app.undo():
                break
            gm = game_of(app)
    temple = TempleScreen(app)
    app.push(temple)
    device_last = gm.device >= 0 and app.session.cmds and (gm.over or gm.turn != gm.device) and gm.pending < 0
    if key == "device" and device_last:
        app.push(DeviceMoveScreen(app))
    elif gm.over and key != "temple":  # the end screen, unless it had been closed
        app.push(EndScreen(app))
    elif gm.device_to_move():
        temple.device_turn()
