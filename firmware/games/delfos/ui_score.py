"""Delfos end of a solo game: the score against the target, the campaign record.

End scoring is automatic from the tracked city (``DelfosGame.scores()``,
Delfos rulebook, Game End And Scoring): a ranking with the
tie-breaks (scoring-card points, then the area-majority points of the
player's own colour, then a shared place) and one breakdown per player.
The ranking is in ``ui_rank``.
Solo: the score against the difficulty target (Solo Mode; the score card's
rating titles are not public, so none are shown) and, in a campaign, the
campaign goals checked from the final city.  Goal tiles are entered with
``ui_goals``.  Imported only when a solo game ends.  The bottom bar offers
"Phone" (``phone``) when the image knows the page's address: last, or before
"Campaign" in a campaign game.
"""
import lang
import phone
from lang import msg, tr
from keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from ui import Screen

from games.delfos import drop, load, solo_result
from games.delfos.ui_base import bar
from games.delfos.ui_goals import goal_menu, missing_goals

LEVELS = (msg("easy"), msg("normal"), msg("hard"), msg("complex"))  # gm.difficulty, shown through tr
CAMPAIGN = "delfos-campaign"  # campaign.KEY (that module is loaded only when needed)


class SoloEnd(Screen):
    """Solo game over: your score against the difficulty target, Khaos's area points,
    the campaign game's result; the bottom bar picks breakdown / goal tiles /
    campaign."""

    resume_key = "end"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.action = 0
        self.shown()

    def shown(self):
        app = self.app
        gm = app.session.game
        self.sc = gm.scores()
        self.res = solo_result(self.sc["scores"][gm.players[1 - gm.kseat]]["total"], gm.difficulty)
        self.missing = missing_goals(gm)
        self.camp = None
        if gm.campaign is not None and not self.missing:
            self.camp = record(app, gm, self.res["score"])
        drop(("campaign", "ui_goals"))  # RAM for the end screens
        acts = [msg("Your breakdown"), msg("Final city"), msg("Goal tiles")]  # shown through tr
        if phone.offered(app):
            acts.append(phone.ACTION)
        if gm.campaign is not None:
            acts.append(msg("Campaign"))  # last: UP from the first action, as before the phone's
        self.acts = acts
        app.changed()

    def draw(self, g):
        gm = self.app.session.game
        r = self.res
        if lang.cjk:
            self.draw_cjk(g, gm, r)
            return
        g.title("Solo result", "card %d" % gm.scoring_card)
        if self.missing:
            g.center("Enter your goal", 16)
            g.center("tiles to score the", 25)
            g.center("scoring card", 34)
        else:
            g.big(str(r["score"]), 2, 13, 2)
            g.text("target %d" % r["target"], 66, 12)
            g.text(gm.difficulty, 66, 21)
            g.text("BEATEN" if r["beaten"] else "not beaten", 66, 30)
            if self.camp is None and gm.campaign is not None:
                g.text("Campaign abandoned", 2, 45)
            elif self.camp is None:
                g.text("Khaos areas %d" % self.sc["scores"][gm.khaos]["total"], 2, 45)
            else:
                g.text("Game %d %s; met %s" % ((gm.campaign or 0) + 1, "WON" if self.camp[0] else "lost",
                                               " ".join([str(x) for x in self.camp[1]]) or "-"), 2, 45)
        act = "Goal tiles" if self.missing else self.acts[self.action % len(self.acts)]
        bar(g, "", True)
        g.center(act, 57, 0)
        if not self.missing:
            g.step_marks(58)

    def draw_cjk(self, g, gm, r):
        """``draw`` in the language's lines (``lang.cjk``): no title bar, so the score keeps its
        30 px digits above three lines of 12 px and the 13 px bar."""
        act = tr("Goal tiles") if self.missing else tr(self.acts[self.action % len(self.acts)])
        if self.missing:
            g.title(tr("Solo result"), tr("card %d") % gm.scoring_card)
            g.wrap(tr("Enter your goal tiles to score the scoring card"), 16, 3, 4)
            g.action_bar(act, False)
            return
        g.big(str(r["score"]), 2, 2, 2)
        g.line(tr("target %d") % r["target"], 62, 1)
        g.line((tr("%s BEATEN") if r["beaten"] else tr("%s not beaten")) % tr(gm.difficulty), 62, 13)
        g.line(tr("card %d") % gm.scoring_card, 62, 25)
        if self.camp is None and gm.campaign is not None:
            s = tr("Campaign abandoned")
        elif self.camp is None:
            s = tr("Khaos areas %d") % self.sc["scores"][gm.khaos]["total"]
        else:
            s = (tr("Game %d WON; met %s") if self.camp[0] else tr("Game %d lost; met %s")) % (
                (gm.campaign or 0) + 1, " ".join([str(x) for x in self.camp[1]]) or "-")
        g.line(s, 2, 37)
        g.action_bar(act, True)

    def key(self, k):
        app = self.app
        if k == BACK:
            app.game_menu()
            return
        if self.missing:
            if k == OK:
                goal_menu(app, self.shown)
            return
        n = len(self.acts)
        if k in (UP, LEFT):
            self.action = (self.action - 1) % n
        elif k in (DOWN, RIGHT):
            self.action = (self.action + 1) % n
        elif k == OK:
            a = self.action % n
            gm = app.session.game
            if a == 0:
                me = gm.players[1 - gm.kseat]
                app.push(load("ui_rank").Breakdown(app, me, self.sc["scores"][me], gm.architect_side, gm.scoring_card))
            elif a == 1:
                app.push(load("ui_more").CityScreen(app))
            elif a == 2:
                goal_menu(app, self.shown)
            elif self.acts[a] == phone.ACTION:
                phone.show(app)
            else:  # leave the finished game (it stays saved) for the campaign screen
                del app.stack[1:]
                app.session = None
                drop(("ui_score", "ui_rank"))
                load("ui_campaign").open_campaign(app)
            return
        app.changed()


def record(app, gm, score):
    """Record the finished campaign game ``gm`` in the stored campaign once (only while
    the campaign holds exactly ``gm.campaign`` games, so a redraw, a power cut or an
    undo and replay do not record it twice) and only while it is the campaign the game
    was started in (``campaign_id``): the nine goals are checked from the
    final city (``campaign.record_game``).  Returns (won, met goal ids) of that game,
    or None when the stored campaign does not hold it."""
    campaign = load("campaign")
    camp = app.settings(CAMPAIGN, None, campaign.check_state)
    if camp is None or camp.get("id") != gm.campaign_id:
        return None  # no campaign, or a new one after this game's campaign was abandoned
    k = gm.campaign
    games = camp["games"]
    if len(games) == k and camp["status"] == "playing":
        campaign.record_game(camp, score, gm.city.to_grid(), gm.pidx[1 - gm.kseat], gm.pidx[gm.kseat])
        app.save_settings(CAMPAIGN, camp)
    if k < len(games):
        return games[k]["won"], games[k]["met"]
    return None
