"""The History screens (main menu): the plays log (``plays``), newest first.

The list: "Wins per player" first, then one line per play, newest first: its
number, the game and the winner (or winners, joined by "="), or "No plays yet" (OK goes
back).  OK opens a play: its variant, each player with rank, name and score ("*" the start
player, "D" a bot; the winner's rank inverted), rounds and minutes.  "Wins per player" lists, per game, each name's wins
of its plays.  The log is read when the History opens, never at boot.
"""
import plays
from gfx import W
from keys import DOWN, UP
from ui import Menu, Screen

LABELS = {"delfos": "Delfos", "delphi": "Delphi", "tholos": "Tholos", "oracle": "Oracle"}
WINS = "Wins per player"


def open_history(app):
    """Read the log and push the History list (a toast when it cannot be read now)."""
    try:
        doc = plays.load(app.store)
        table = plays.wins(doc) if doc else []
    except MemoryError:
        app.toast("Low memory: try again")
        return
    app.push(History(app, doc["plays"] if doc else [], table))


def winners(play):
    return "=".join([q["name"] for q in play["players"] if q["winner"]]) or "-"


class History(Menu):
    """The plays, newest first (module docstring)."""

    def __init__(self, app, plays_list, table):
        self.plays = list(plays_list)
        self.plays.reverse()
        self.table = table
        items = [WINS] if self.plays else []
        for p in self.plays:
            items.append(("%d %s %s" % (p["n"], LABELS.get(p["game"], "?"), winners(p)))[:20])
        Menu.__init__(self, app, "History", items or ["No plays yet"])

    def badge(self):
        return "plays: %d" % len(self.plays)

    def choose(self, index):
        if not self.plays:  # "No plays yet": OK goes back, as BACK
            self.app.pop()
            return
        if index == 0:
            items = ["%s %s %d/%d" % (LABELS.get(r[0], "?")[:6], r[1], r[2], r[3]) for r in self.table]
            self.app.push(Menu(self.app, "Wins (won/played)", items))
        else:
            self.app.push(PlayScreen(self.app, self.plays[index - 1]))


class PlayScreen(Screen):
    """One play: variant, players with ranks and scores, rounds and minutes; UP/DOWN
    scroll when there are more than four players."""

    def __init__(self, app, play):
        Screen.__init__(self, app)
        self.play = play
        self.top = 0

    def draw(self, g):
        p = self.play
        g.title("%d %s" % (p["n"], LABELS.get(p["game"], "?")), "%d rd %d min" % (p["rounds"], p["minutes"]))
        g.text(p["variant"][:21], 1, 11)
        y = 20
        qs = p["players"]
        for q in qs[self.top:self.top + 4]:
            mark = ("*" if q["start"] else " ") + ("D" if q["bot"] else " ")
            g.text("%d %s" % (q["rank"], q["name"][:10]), 1, y)
            if q["winner"]:
                g.fb.fill_rect(0, y - 1, 7, 9, 1)  # the winner's rank inverted
                g.text("%d" % q["rank"], 1, y, 0)
            g.right(("%s" % ("-" if q["score"] is None else q["score"])) + mark, y, x1=W - 1)
            y += 9
        if len(qs) > 4:
            g.right("%d/%d" % (self.top + 1, len(qs) - 3), 56, x1=W - 1)

    def key(self, k):
        n = len(self.play["players"])
        if k == DOWN and self.top + 4 < n:
            self.top += 1
            self.app.changed()
        elif k == UP and self.top:
            self.top -= 1
            self.app.changed()
        elif k not in (UP, DOWN):
            self.app.pop()
