"""The History screens (main menu): the plays log (``plays``), newest first, and the
statistics of every play (the running totals beside it, ``plays``).

The list: "Statistics" first, then one line per play, newest first: its number, the game
and the winner (or winners, joined by "="), or "No plays yet" (OK goes back).  OK opens a
play: its variant, each player with rank, name and score ("*" the start player, "D" a bot;
the winner's rank inverted), rounds and minutes.  "Statistics" lists the games played (plays
and time played of each); a game lists its player names (plays of each), and a name opens
its figures for that game (a person: a stored name, "You" for a solo game's unnamed player,
and one "unnamed" line for every seat played without a name; Khaos and the device are the solo
player's opponents, no line of their own): plays, wins and win rate, competitive plays and solo plays (against
Khaos or the device) in two columns, the average and best score, and the time played.  A tie
counts as a win for each tied winner (the screen says "tie = win").  The log is read
when the History opens and the totals when "Statistics" opens, never at boot.

On a play, OK is "Phone" (``phone``): the play's QR code for the phone, made in
the background while the play is shown; an image built without the page's address says where
to set it instead (its last line "OK: no page set").
"""
import phone
import plays
import lang
from gfx import ASCII_DY, W, Gfx, plain
from keys import DOWN, OK, UP
from lang import msg, tr
from ui import Menu, Screen

LABELS = {"delfos": msg("Delfos"), "delphi": msg("Delphi"), "tholos": msg("Tholos"), "oracle": msg("Oracle")}


def fit(s, n):
    """``s`` cut to a menu line: its first ``n`` characters in the small font, else as many of
    its glyphs as fit the line's 121 px (``lang``)."""
    if plain(s):
        return s[:n]
    while Gfx.width(s) > 121:
        s = s[:-1]
    return s


def words():
    """The statistics' words, kept as bytes: no new names in MicroPython's qstr pools, which the
    firmware's names fill up to the last entries of their sixth pool (a seventh costs 14 KB of
    heap).  "tie = win": the screen says a tie counts as a win for each tied winner."""
    return msg(b"Statistics-Plays-Wins-Win rate-compet-solo-tie = win-Time").decode().split("-") + ["%"]


def open_history(app):
    """Read the log and push the History list (a toast when it cannot be read now)."""
    try:
        doc = plays.load(app.store)
    except MemoryError:
        app.toast(tr("Low memory: try again"))
        return
    app.push(History(app, doc["plays"] if doc else [], doc["dev"] if doc else "", doc["next"] if doc else 1))


def winners(play):
    return "=".join([q["name"] for q in play["players"] if q["winner"]]) or "-"


class History(Menu):
    """The plays, newest first (module docstring)."""

    def __init__(self, app, plays_list, dev="", next_n=1):
        self.dev = dev
        self.next = next_n  # the number the next play gets: no play counted can be past it
        self.plays = list(plays_list)
        self.plays.reverse()
        items = [tr(words()[0])] if self.plays else []
        for p in self.plays:
            items.append(fit("%d %s %s" % (p["n"], tr(LABELS.get(p["game"], "?")), winners(p)), 20))
        Menu.__init__(self, app, tr("History"), items or [tr("No plays yet")])

    def badge(self):
        return tr("plays: %d") % len(self.plays)

    def draw(self, g):
        if self.index and self.plays:  # the play under the cursor: its QR code made meanwhile
            phone.prepare(self.app, self.plays[self.index - 1], self.dev)
        Menu.draw(self, g)

    def choose(self, index):
        app = self.app
        if not self.plays:  # "No plays yet": OK goes back, as BACK
            app.pop()
        elif index:
            app.push(PlayScreen(app, self.plays[index - 1], self.dev))
        else:  # the totals, read now (a toast when they cannot be)
            told = False
            try:
                doc = plays.load_totals(app.store, {"next": self.next})
                if doc is None and plays.damaged(app.store):  # figures that cannot be true: damage
                    doc = plays.rebuild(app.store, plays.load(app.store))
                    told = True
            except MemoryError:
                app.toast(tr("Low memory: try again"))
                return
            except OSError:
                doc = None  # the flash full: the rebuilt figures shown, written at the next play
            app.push(Stats(app, doc))
            if told:
                app.toast(tr(plays.REBUILT))


def who(name):
    """A row's name as shown: a stored name as typed; the solo player's "You" and the unnamed
    seats' line in the language in use."""
    return tr("You") if name == plays.YOU else tr("unnamed") if name == "unnamed" else name


def mmss(secs):
    """A thinking time as "0:42", "12:05", or "1h40" from 100 minutes."""
    if secs < 6000:
        return (b"%d:%02d" % (secs // 60, secs % 60)).decode()
    return (b"%dh%02d" % (secs // 3600, secs // 60 % 60)).decode()


def hours(minutes):
    """Time played as "2h05" (or "45m" under an hour)."""
    if minutes < 60:
        return str(minutes) + "m"
    return (b"%dh%02d" % (minutes // 60, minutes % 60)).decode()


class Stats(Menu):
    """The games with plays counted (``game`` None: plays and time played of each), or one
    game's names, most plays first, each with its plays; OK goes one deeper."""

    def __init__(self, app, doc, game=None):
        self.doc = doc
        self.game = game
        games = doc["games"] if doc else {}
        if game is None:
            self.rows = [g for g in ("delfos", "delphi", "tholos", "oracle") if g in games and games[g]["plays"]]
            items = [fit(tr("%s %d plays %s") % (tr(LABELS[g]), games[g]["plays"], hours(games[g]["minutes"])), 21)
                     for g in self.rows]
            Menu.__init__(self, app, tr(words()[0]), items or [tr("No plays yet")])
        else:
            self.rows = plays.rows(doc, game)
            Menu.__init__(self, app, tr(LABELS[game]), [who(r[0]) + " " + str(r[1][0] + r[1][2]) for r in self.rows])

    def badge(self):
        return tr("plays") if self.game else ""

    def choose(self, index):
        if not self.rows:
            self.app.pop()
        elif self.game is None:
            self.app.push(Stats(self.app, self.doc, self.rows[index]))
        else:
            self.app.push(NameStats(self.app, self.game, self.rows[index], self.doc))


class NameStats(Screen):
    """A name's figures for one game (module docstring); any key goes back.  A person with
    plays timed by the table's clock has a second page (DOWN, and UP back): the plays timed,
    the thinking time over them, the turns and the average turn."""

    def __init__(self, app, game, item, doc=None):
        Screen.__init__(self, app)
        self.game = game
        self.item = item  # (name, its row of the totals)
        t = doc["games"].get(game) if doc else None
        # [seconds, turns, plays] on the table's clock (None: never timed)
        self.time = t.get("time", {}).get(item[0] if item[0] != "unnamed" else plays.UNNAMED) if t else None
        self.page = 0

    def lines(self):
        """The figures as (label, competitive, solo) lines, in the language in use (``lang``: the
        glyphs' lines are too tall for the English pages' columns; UP/DOWN show 4 at a time)."""
        name, r = self.item
        w = [tr(x) for x in words()]
        n = r[5]
        top = r[7]
        out = [("", w[4], w[5])]
        rate = [str((won * 100 + k // 2) // k) + "%" if k else "-" for k, won in ((r[0], r[1]), (r[2], r[3]))]
        out.append((w[1], str(r[0]), str(r[2])))  # plays, wins, win rate: competitive, then solo
        out.append((w[2], str(r[1]), str(r[3])))
        out.append((w[3], rate[0], rate[1]))
        out.append((tr("Avg %s  best %s") % ((2 * r[4] + n) // (2 * n) if n else "-", top[0] if top else "-"), "", ""))
        out.append((w[7], "", hours(r[6])))
        out.append((w[6], "", ""))
        if self.time:
            secs, turns, k = self.time
            for label, v in ((tr("Timed plays"), str(k)), (tr("Thinking"), mmss(secs)), (tr("Turns"), str(turns)),
                             (tr("Avg turn"), mmss(secs // turns) if turns else "-"),
                             (tr("Per play"), mmss(secs // k) if k else "-")):
                out.append((label, "", v))
        return out

    def draw(self, g):
        name, r = self.item
        w = words()
        if lang.cjk:
            g.title(name, tr(LABELS[self.game]))
            y = 14
            for label, a, b in self.lines()[4 * self.page:4 * self.page + 4]:
                g.text(label, 1, y)
                for v, x1 in ((a, 92), (b, W - 1)):  # figures in the small font: on the glyphs' middle
                    g.right(v, y + (ASCII_DY if plain(v) else 0), x1=x1)
                y += 12
            return
        if self.page:
            secs, turns, n = self.time or (0, 0, 0)
            g.title(name, LABELS[self.game])
            y = 14
            for label, v in (("Timed plays", str(n)), ("Thinking", mmss(secs)), ("Turns", str(turns)),
                             ("Avg turn", mmss(secs // turns) if turns else "-"),
                             ("Per play", mmss(secs // n) if n else "-")):
                g.text(label, 1, y)
                g.right(v, y, x1=W - 1)
                y += 9
            return
        g.title(name, LABELS[self.game])
        c1 = 92  # right edge of the competitive column; the solo column ends at the screen's
        g.right(w[4], 11, x1=c1)
        g.right(w[5], 11, x1=W - 1)
        for i in range(3):  # plays, wins, win rate (whole percent): competitive, then solo
            y = 20 + 9 * i
            g.text(w[1 + i], 1, y)
            for x1, n, won in ((c1, r[0], r[1]), (W - 1, r[2], r[3])):
                if i < 2:
                    t = str(won if i else n)
                else:
                    t = str((won * 100 + n // 2) // n) + w[8] if n else "-"
                g.right(t, y, x1=x1)
        n = r[5]
        top = r[7]
        g.text("Avg %s  best %s" % ((2 * r[4] + n) // (2 * n) if n else "-", top[0] if top else "-"), 1, 47)
        g.text(w[7] + " " + hours(r[6]), 1, 56)
        g.right("v: clock" if self.time else w[6], 56, x1=W - 1)

    def key(self, k):
        last = (len(self.lines()) - 1) // 4 if lang.cjk else 1 if self.time else 0
        if last and k in (UP, DOWN):
            self.page = min(self.page + 1, last) if k == DOWN else max(self.page - 1, 0)
            self.app.changed()
            return
        self.app.pop()


class PlayScreen(Screen):
    """One play: variant, players with ranks and scores, rounds and minutes; UP/DOWN
    scroll when there are more than four players; OK: its QR code for the phone (module
    docstring); any other key goes back."""

    def __init__(self, app, play, dev=""):
        Screen.__init__(self, app)
        self.play = play
        self.dev = dev
        self.top = 0

    def draw(self, g):
        p = self.play
        phone.prepare(self.app, p, self.dev)  # the QR code made in the background while this is read
        cjk = lang.cjk  # the glyphs' taller title and last line: three players a page, not four
        rows = 3 if cjk else 4
        g.title("%d %s" % (p["n"], tr(LABELS.get(p["game"], "?"))), tr("%d rd %d min") % (p["rounds"], p["minutes"]))
        g.text(p["variant"][:21], 1, 14 if cjk else 11)
        y = 22 if cjk else 20
        qs = p["players"]
        timed = False  # the table's clock: each player's thinking time beside the name
        for q in qs:
            if "think" in q:
                timed = True
        for q in qs[self.top:self.top + rows]:
            mark = ("*" if q["start"] else " ") + ("D" if q["bot"] else " ")
            g.text("%d %s" % (q["rank"], q["name"][:7 if timed else 10]), 1, y)
            if "think" in q:
                g.right(mmss(q["think"]), y, x1=90)
            if q["winner"]:
                g.fb.fill_rect(0, y - 1, 7, 9, 1)  # the winner's rank inverted
                g.text("%d" % q["rank"], 1, y, 0)
            g.right(("%s" % ("-" if q["score"] is None else q["score"])) + mark, y, x1=W - 1)
            y += 9
        if len(qs) > rows:
            g.right("%d/%d" % (self.top + 1, len(qs) - rows + 1), 56, x1=W - 1)
        g.text(tr("OK: Phone") if phone.url(self.app) else tr("OK: no page set"), 1, 52 if cjk else 56)

    def key(self, k):
        n = len(self.play["players"])
        if k == DOWN and self.top + (3 if lang.cjk else 4) < n:
            self.top += 1
            self.app.changed()
        elif k == UP and self.top:
            self.top -= 1
            self.app.changed()
        elif k == OK:
            phone.show(self.app, self.play, self.dev)
        elif k not in (UP, DOWN):
            self.app.pop()
