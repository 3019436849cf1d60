"""The History screens (main menu): the plays log (``plays``), newest first, and the
statistics of every play (``totals``).

The list: "Statistics" first, then one line per play, newest first: its number, the game
and the winner (or winners, joined by "="), or "No plays yet" (OK goes back).  OK opens a
play: its variant, each player with rank, name and score ("*" the start player, "D" a bot;
the winner's rank inverted), rounds and minutes.  "Statistics" lists the games played (plays
and time played of each); a game lists its player names (plays of each), and a name opens
its figures for that game: plays, wins and win rate, competitive plays and solo plays (against
Khaos or the device) in two columns, the average and best score, and the time played.  A tie
counts as a win for each tied winner (the screen says "tie = win").  The log is read
when the History opens and the totals when "Statistics" opens, never at boot.
"""
import plays
import totals
from gfx import W
from keys import DOWN, UP
from ui import Menu, Screen

LABELS = {"delfos": "Delfos", "delphi": "Delphi", "tholos": "Tholos", "oracle": "Oracle"}
STATS = "Statistics"
TIES = "tie = win"  # a tie counts as a win for each tied winner


def open_history(app):
    """Read the log and push the History list (a toast when it cannot be read now)."""
    try:
        doc = plays.load(app.store)
    except MemoryError:
        app.toast("Low memory: try again")
        return
    app.push(History(app, doc["plays"] if doc else []))


def open_stats(app):
    """Read the totals and push the Statistics list (a toast when they cannot be read now)."""
    try:
        doc = totals.load(app.store)
    except MemoryError:
        app.toast("Low memory: try again")
        return
    app.push(Stats(app, doc))


def winners(play):
    return "=".join([q["name"] for q in play["players"] if q["winner"]]) or "-"


class History(Menu):
    """The plays, newest first (module docstring)."""

    def __init__(self, app, plays_list):
        self.plays = list(plays_list)
        self.plays.reverse()
        items = [STATS] if self.plays else []
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
            open_stats(self.app)
        else:
            self.app.push(PlayScreen(self.app, self.plays[index - 1]))


class Stats(Menu):
    """The games with plays counted: plays and time played of each; OK lists its names."""

    def __init__(self, app, doc):
        self.doc = doc
        games = doc["games"] if doc else {}
        self.games = [g for g in ("delfos", "delphi", "tholos", "oracle") if g in games and games[g]["plays"]]
        items = []
        for g in self.games:
            t = games[g]
            items.append(("%s %d plays %s" % (LABELS[g], t["plays"], totals.hours(t["minutes"])))[:21])
        Menu.__init__(self, app, STATS, items or ["No plays counted"])

    def choose(self, index):
        if not self.games:
            self.app.pop()
            return
        g = self.games[index]
        self.app.push(GameStats(self.app, g, totals.rows(self.doc, g)))


class GameStats(Menu):
    """One game's names, most plays first: each with its plays; OK opens its figures."""

    def __init__(self, app, game, rows):
        self.game = game
        self.rows = rows
        Menu.__init__(self, app, LABELS[game], ["%s %d" % (r[0], r[1][0] + r[1][2]) for r in rows])

    def badge(self):
        return "plays"

    def choose(self, index):
        nm, row = self.rows[index]
        self.app.push(NameStats(self.app, self.game, nm, row))


def _pct(wins, played):
    r = totals.rate(wins, played)
    return "-" if r is None else "%d%%" % r


class NameStats(Screen):
    """A name's figures for one game (module docstring); any key goes back."""

    def __init__(self, app, game, name, row):
        Screen.__init__(self, app)
        self.game = game
        self.name = name
        self.row = row

    def draw(self, g):
        r = self.row
        g.title(self.name, LABELS[self.game])
        c1 = 92  # right edge of the competitive column; the solo column ends at the screen's
        g.right("compet", 11, x1=c1)
        g.right("solo", 11, x1=W - 1)
        lines = (("Plays", "%d" % r[0], "%d" % r[2]), ("Wins", "%d" % r[1], "%d" % r[3]),
                 ("Win rate", _pct(r[1], r[0]), _pct(r[3], r[2])))
        y = 20
        for label, a, b in lines:
            g.text(label, 1, y)
            g.right(a, y, x1=c1)
            g.right(b, y, x1=W - 1)
            y += 9
        avg = totals.average(r)
        best = r[totals.FIELDS]
        g.text("Avg %s  best %s" % ("-" if avg is None else avg, best[0] if best else "-"), 1, 47)
        g.text("Time %s" % totals.hours(r[6]), 1, 56)
        g.right(TIES, 56, x1=W - 1)

    def key(self, k):
        self.app.pop()


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
