"""The Oracle of Delphi examples of the rule text (tests/cases/oracle-*.json) through the engine."""
from engine_shared import case_files, load_case
from games.oracle import rules
from games.oracle.game import OracleGame

OUTCOMES = {rules.WIN: "win", rules.MISS: "miss", rules.INJURY: "injury"}


class Dice:
    """Stands in for the game's Rng: hands out the case's battle-die rolls in order."""

    def __init__(self, rolls):
        self.rolls = list(rolls)

    def below(self, n):
        return self.rolls.pop(0)


def _recolour(doc):
    ship = {"none": rules.SHIP_NONE, "ccw": rules.SHIP_CCW, "discount": rules.SHIP_DISCOUNT,
            "both": rules.SHIP_BOTH}[doc["ship"]]
    return {"favor": rules.recolour_cost(rules.COLOURS.index(doc["from"]), rules.COLOURS.index(doc["to"]), ship)}


def _battle(doc):
    g = OracleGame({"players": 2, "start": 0}, 1)
    g.apply(["shield", 0, doc["shield"]])
    g.apply(["battle", 0, rules.COLOURS.index(doc["monster"])])
    g.rng = Dice(doc["rolls"])
    strengths = []
    outcomes = []
    for i in range(len(doc["rolls"])):
        g.apply(["battle_roll"] if i == 0 else ["battle_pay"])
        strengths.append(g.battle.strength)  # the strength this roll had to reach
        outcomes.append(OUTCOMES[g.battle.outcome])
    return {"strengths": strengths, "outcomes": outcomes, "favor_paid": g.battle.favor_paid}


def test_oracle_cases():
    files = case_files("oracle-")
    assert len(files) >= 4
    for path in files:
        case = load_case(path)
        doc = case["input"]
        got = _recolour(doc) if doc["game"] == "oracle-recolour" else _battle(doc)
        for k in case["expect"]:
            assert got[k] == case["expect"][k], "%s: %s = %r, want %r" % (path, k, got[k], case["expect"][k])
