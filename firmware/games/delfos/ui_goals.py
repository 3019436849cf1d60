"""Goal tiles (000_fef439a868e6782a.txt, Player Set-Up / Scoring Card): each player's two
goal-tile colours, entered at any time (``["goals", colour, goal, goal]``) from the
Delfos menu or the end screens.  Imported only when used."""
from ui import ChoiceMenu

from games.delfos import COLOURS
from games.delfos.ui import NAMES


def missing_goals(gm):
    """Colour names of the players (not Khaos) without goal tiles entered."""
    return [gm.players[s] for s in range(len(gm.players))
            if s != gm.kseat and gm.pidx[s] not in gm.goals]


def goal_menu(app, then=None):
    """Enter a player's two goal-tile colours: ``["goals", colour, goal, goal]``."""
    gm = app.session.game
    seats = [s for s in range(len(gm.players)) if s != gm.kseat]

    def for_seat(s):
        p = gm.pidx[s]
        rest = [c for c in range(5) if c != p]

        def got1(i):
            g1 = rest[i]
            rest2 = [c for c in rest if c != g1]

            def got2(j):
                app.pop()
                app.do(["goals", COLOURS[p], COLOURS[g1], COLOURS[rest2[j]]])
                if then:
                    then()

            app.replace(ChoiceMenu(app, "%s goal 2" % NAMES[p], [NAMES[c] for c in rest2], got2))

        app.push(ChoiceMenu(app, "%s goal 1" % NAMES[p], [NAMES[c] for c in rest], got1))

    if len(seats) == 1:
        for_seat(seats[0])
        return

    def chosen(i):
        app.pop()
        for_seat(seats[i])

    items = []
    for s in seats:
        g = gm.goals.get(gm.pidx[s])
        items.append("%s: %s" % (NAMES[gm.pidx[s]], "%s %s" % (NAMES[g[0]], NAMES[g[1]]) if g else "-"))
    app.push(ChoiceMenu(app, "Goal tiles", items, chosen))


# --- end of game -------------------------------------------------------------
