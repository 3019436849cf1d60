"""The Delfos solo campaign screen (Delfos rulebook, Solo Mode: Campaign).

The campaign is stored with ``app.settings("delfos-campaign")`` (a
``campaign`` dict, JSON, so it spans games and survives power cycles).  The
screen shows the difficulty and its target, the length, the goal cards face
up and the completed (flipped) ones, the games won and lost; its bottom bar
plays the next game (a solo game whose set-up carries the campaign game
number), lists the nine goal cards and the games, or starts a new campaign.
After each campaign game the end screen calls ``ui_score.record``: the nine goals are
checked from the final city, the game is won or lost, completed goals are
flipped, two lost games end the campaign.  Imported only when used.
"""
import lang
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from lang import msg, tr
from ui import ChoiceMenu, Menu, Message, Screen, confirm

from rng import Rng

from games.delfos import campaign, load
from games.delfos.ui_base import bar

NAME = "delfos-campaign"
SHORT = ("", msg("4+ areas > Khaos"), msg("Area of 9+ tiles"), msg("No area of 7+"), msg("Path left-right"),
         msg("Path top-bottom"), msg("Four corners"), msg("2 colours no token"), msg("4 isolated tokens"),
         msg("Middle row centre"))  # shown through tr

# Difficulty targets (Campaign, Select the Difficulty Level): all four levels.
INTRO = ("No campaign yet", "Targets: easy 60,", "normal 80, hard 90,", "complex 100")

GOAL1_SHORT = {"group2": msg("4+ areas of 2+"), "largest": msg("4+ largest areas"), "any": msg("4+ any groups")}
LENGTH_NAMES = (msg("short"), msg("long"))  # and "normal" (ui_score): a campaign's length, shown through tr
INTRO_TEXT = msg("No campaign yet. Targets: easy 60, normal 80, hard 90, complex 100")  # INTRO in one


def ids(lst):
    return " ".join([str(x) for x in lst]) or "-"


def open_campaign(app):
    app.push(CampaignScreen(app))


class CampaignScreen(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.action = 0
        self.shown()

    def shown(self):
        self.camp = self.app.settings(NAME, None, campaign.check_state)
        c = self.camp
        if c is None:
            self.acts = (msg("New campaign"),)  # (shown through tr)
        elif c["status"] == "playing":
            self.acts = (msg("Play next game"), msg("Goal cards"), msg("Games played"), msg("Goal 1 reading"),
                         msg("Abandon campaign"))
        else:
            self.acts = (msg("Goal cards"), msg("Games played"), msg("New campaign"))
        self.action %= len(self.acts)
        self.app.changed()

    def draw(self, g):
        c = self.camp
        if lang.cjk:
            self.draw_cjk(g, c)
            return
        if c is None:
            g.title("Solo campaign")
            y = 14
            for line in INTRO:
                g.center(line, y)
                y += 9
        else:
            g.title("Campaign", "%s %d" % (c["difficulty"], c["target"]))
            g.text("%s: %d goals" % (c["length"][0].upper() + c["length"][1:], c["goals_needed"]), 1, 11)
            g.text("Face up: " + ids(c["face_up"]), 1, 20)
            g.text("Completed: " + ids(c["completed"]), 1, 29)
            won = len([x for x in c["games"] if x["won"]])
            g.text("Games %d: won %d lost %d" % (len(c["games"]), won, c["lost"]), 1, 38)
            if c["status"] != "playing":
                g.center("CAMPAIGN %s" % ("WON!" if c["status"] == "won" else "LOST"), 47)
            elif c["max_games"]:
                g.text("At most %d games" % c["max_games"], 1, 47)
        bar(g, "", True)
        g.center(self.acts[self.action], 57, 0)
        if len(self.acts) > 1:
            g.step_marks(58)

    def draw_cjk(self, g, c):
        """``draw`` in the language's lines (``lang.cjk``): no title bar over a campaign, its
        four lines 12 px apart above the 13 px bar of the actions."""
        if c is None:
            g.title(tr("Solo campaign"))
            g.wrap(tr(INTRO_TEXT), 15, 3, 2)
        else:
            if c["status"] != "playing":
                head = tr("CAMPAIGN WON!") if c["status"] == "won" else tr("CAMPAIGN LOST")
            else:
                head = tr("Campaign: %s, target %d") % (tr(c["difficulty"]), c["target"])
            g.line(head, 1, 1)
            g.line(tr("%s: %d goals") % (tr(c["length"]), c["goals_needed"]), 1, 13)
            g.line(tr("Face up %s, done %s") % (ids(c["face_up"]), ids(c["completed"])), 1, 25)
            won = len([x for x in c["games"] if x["won"]])
            if c["max_games"] and c["status"] == "playing":
                s = tr("Games %d/%d: won %d lost %d") % (len(c["games"]), c["max_games"], won, c["lost"])
            else:
                s = tr("Games %d: won %d lost %d") % (len(c["games"]), won, c["lost"])
            g.line(s, 1, 37)
        g.action_bar(tr(self.acts[self.action]), len(self.acts) > 1)

    def key(self, k):
        app = self.app
        n = len(self.acts)
        if k in (UP, LEFT):
            self.action = (self.action - 1) % n
        elif k in (DOWN, RIGHT):
            self.action = (self.action + 1) % n
        elif k == BACK:
            app.pop()
            return
        elif k == OK:
            a = self.acts[self.action]
            if a == "Play next game":
                load("ui_setup").Wizard(app, self.camp).show()
            elif a == "Goal cards":
                app.push(GoalCards(app, self.camp))
            elif a == "Games played":
                gs = self.camp["games"]
                items = [(tr("%d. %d won, met %s") if gs[i]["won"] else tr("%d. %d lost, met %s"))
                         % (i + 1, gs[i]["score"], ids(gs[i]["met"])) for i in range(len(gs))]
                app.push(ChoiceMenu(app, tr("Games played"), items or [tr("none yet")], lambda i: app.pop()))
            elif a == "Goal 1 reading":
                pick_reading(app, self.camp, self.shown)
            elif a == "Abandon campaign":
                confirm(app, tr("Abandon campaign?"), self.abandon)
            else:
                new_campaign(app, self.shown)
            return
        app.changed()

    def abandon(self):
        self.app.save_settings(NAME, None)
        self.shown()


def pick_reading(app, camp, then):
    """Switch the reading of campaign goal 1 (``campaign.READINGS``); stored in the
    campaign."""
    cur = campaign.READINGS.index(camp.get("goal1", "group2"))

    def got(i):
        app.pop()
        camp["goal1"] = campaign.READINGS[i]
        app.save_settings(NAME, camp)
        then()

    app.push(ChoiceMenu(app, tr("Goal 1: an area is"), [tr(campaign.READING_TEXTS[r]) for r in campaign.READINGS],
                        got, cur))


class GoalCards(Menu):
    """The nine campaign goal cards in the rulebook's order: U face up (to complete),
    D done (completed, flipped face down); OK shows a card's full text."""

    def __init__(self, app, camp):
        items = []
        for i in range(1, 10):
            mark = "U" if i in camp["face_up"] else "D" if i in camp["completed"] else " "
            items.append("%s %d %s" % (mark, i, tr(SHORT[i] if i > 1 else GOAL1_SHORT[camp.get("goal1", "group2")])))
        self.reading = campaign.READING_TEXTS[camp.get("goal1", "group2")]
        Menu.__init__(self, app, tr("Goal U=up D=done"), items)

    def choose(self, i):
        text = tr(campaign.GOAL_TEXTS[i + 1])
        if i == 0:
            text = tr("%s. Device reads an area as: %s") % (text, tr(self.reading))
        self.app.push(Message(self.app, tr("Goal %d") % (i + 1), text))


def new_campaign(app, then):
    """Difficulty, length, the extreme maximum-games option; the goal cards are drawn
    with a fresh seed and the campaign is stored."""
    levels = ("easy", "normal", "hard", "complex")
    lengths = ("short", "normal", "long")
    pick = []

    def got_level(i):
        pick.append(levels[i])
        app.replace(ChoiceMenu(app, tr("Campaign length"), [tr("Short: 3 goals"), tr("Normal: 6 goals"),
                                                            tr("Long: 9 goals")], got_length))

    def got_length(i):
        pick.append(lengths[i])
        most = campaign.LENGTHS[lengths[i]][1]
        app.replace(ChoiceMenu(app, tr("Extreme challenge?"), [tr("No game limit"),
                                                               tr("At most %d games") % most], got_max))

    def got_max(i):
        app.pop()
        camp = campaign.new_campaign(pick[0], pick[1], Rng(app.board.new_seed()), i == 1)
        app.save_settings(NAME, camp)
        then()

    app.push(ChoiceMenu(app, tr("Difficulty"), [tr("Easy (target 60)"), tr("Normal (target 80)"),
                                                tr("Hard (target 90)"), tr("Complex (target 100)")], got_level))
