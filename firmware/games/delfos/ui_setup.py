"""Delfos set-up: the new-game questions.

Delfos rulebook, General Set-Up / Player Set-Up / Solo Mode: 1 (solo
against Khaos) to 5 players with their colours, architect card side A or B,
the scoring card (at random or chosen, 1-8 in the rulebook's order), whether
the goal tiles are entered now (each player privately, once the game has
started: ``ui_goals``; with the ancient board, solo, as the next two questions)
or later, the first player; solo: the difficulty and our device Khaos deck or the
printed cards, or "Device moves Khaos" (our deck and the ancient board on the device: the rest
of its questions are ``ui_ancient.ask``).  Imported only while setting up.
"""
import names_ui
from lang import msg, tr
from ui import ChoiceMenu

from games.delfos import COLOURS, load
from games.delfos.ui_base import NAMES, after_move

CARDS = (msg("Random"), msg("1 Upper side"), msg("2 Lower side"), msg("3 Largest goal area"), msg("4 Left side"),
         msg("5 Right side"), msg("6 Isolated goals"), msg("7 Not on the edges"), msg("8 On the edges"))
LEVELS = ("easy", "normal", "hard", "complex")
LEVEL_ITEMS = (msg("Easy (target 60)"), msg("Normal (target 80)"), msg("Hard (target 90)"),
               msg("Complex (target 100)"))


class Wizard:
    """The new-game questions as one menu slot on the stack: every answer is an item
    index in ``ans``; ``walk()`` replays them into the next question or the set-up.
    BACK drops the last answer.  ``campaign``: the stored campaign dict when this is
    its next game (solo, its difficulty, no deck question skipped)."""

    def __init__(self, app, campaign=None):
        self.app = app
        self.campaign = campaign
        self.ans = []
        self.pushed = False
        self.goals_now = False

    def walk(self):
        """(title, items) of the next question, or the finished set-up dict."""
        a = self.ans
        i = [0]

        def take():
            if i[0] < len(a):
                i[0] += 1
                return a[i[0] - 1]
            return None

        camp = self.campaign
        if camp is None:
            n = take()
            if n is None:
                return tr("Players"), [tr("Solo vs Khaos")] + [tr("%d players") % k for k in (2, 3, 4, 5)]
            n += 1
        else:
            n = 1
        solo = n == 1
        cols = []
        for k in range(2 if solo else n):
            rest = [c for c in range(5) if c not in cols]
            j = take()
            if j is None:
                t = (tr("Your colour") if k == 0 else tr("Khaos colour")) if solo else tr("Player %d colour") % (k + 1)
                return t, [tr(NAMES[c]) for c in rest]
            cols.append(rest[j])
        s = {"players": [COLOURS[c] for c in cols]}  # type: dict
        if solo:
            s["khaos"] = COLOURS[cols[1]]
        j = take()
        if j is None:
            return tr("Architect cards"), [tr("Side A (simple)"), tr("Side B (advanced)")]
        s["architect_side"] = "AB"[j]
        j = take()
        if j is None:
            return tr("Scoring card"), [tr(c) for c in CARDS]
        s["scoring_card"] = j if j else None
        j = take()
        if j is None:
            return tr("Goal tiles"), [tr("Enter them later"), tr("Enter them now")]
        self.goals_now = j == 1  # entered privately once the game has started (ui_goals); board: below
        if not solo:
            j = take()
            if j is None:
                return tr("First player"), [tr("Random")] + [tr(NAMES[c]) for c in cols]
            s["first"] = j - 1 if j else None
            return s
        if camp is None:
            j = take()
            if j is None:
                return tr("Difficulty"), [tr(s) for s in LEVEL_ITEMS]
            s["difficulty"] = LEVELS[j]
        else:
            s["difficulty"] = camp["difficulty"]
            s["campaign"] = len(camp["games"])
            if camp.get("id") is not None:
                s["campaign_id"] = camp["id"]
        j = take()
        if j is None:
            return tr("Khaos cards"), [tr("Device Khaos deck"), tr("Printed Khaos cards"), tr("Device moves Khaos")]
        s["khaos_deck"] = "printed" if j == 1 else "device"
        if j == 2:
            if self.goals_now:
                # solo, nobody to hide them from: asked here, into the set-up, before the board's
                # questions (whose geometry answer is stored at once, so it must come last), not
                # over the board's layout once the game has started (the Pico's heap was short there)
                me = cols[0]
                rest = [c for c in range(5) if c != me]
                goals = []
                for k in (1, 2):
                    j = take()
                    if j is None:
                        return tr("%s: goal tile %d") % (tr(NAMES[me]), k), [tr(NAMES[c]) for c in rest]
                    goals.append(COLOURS[rest.pop(j)])
                s["goals"] = {COLOURS[me]: goals}
            return load("ui_ancient").ask(self, take, s)
        return s

    def show(self):
        app = self.app
        r = self.walk()
        if isinstance(r, dict):
            solo = "khaos" in r
            labels = [None if c == r.get("khaos") else (tr("You") if solo else tr(NAMES[COLOURS.index(c)]))
                      for c in r["players"]]
            names_ui.pick(app, labels, lambda: self.begin(r), self.ans.pop)
            return
        menu = ChoiceMenu(app, r[0], list(r[1]), self.chosen, 0, self.back)
        if self.pushed:
            app.replace(menu)
        else:
            app.push(menu)
            self.pushed = True

    def begin(self, r):
        """Start the game of set-up ``r`` (the names are picked)."""
        app = self.app
        if "ancient" in r:  # started once this module is let go (the Pico's heap); goal tiles in r
            load("ui_ancient").start(app, r, after_move)
            return
        app.start_session(r)
        app.ui.resume(app, None)
        app.save()
        if self.goals_now:  # nothing of this module may stay referenced (RAM)
            gm = app.session.game
            load("ui_goals").enter_private(app, [k for k in range(len(gm.players)) if k != gm.kseat])

    def chosen(self, i):
        self.ans.append(i)
        try:
            self.show()
        except MemoryError:  # the question stays on the screen: its answer is taken back
            self.ans.pop()
            raise

    def back(self):
        if not self.ans:
            self.app.pop()
            return
        i = self.ans.pop()
        try:
            self.show()
        except MemoryError:  # the question stays on the screen: its answer stays given
            self.ans.append(i)
            raise
