"""The Oracle of Delphi companion as a command-driven game (see ``session``).

Setup: ``{"players": 2-4, "start": player index or -1 for random}``.
Players are P1..Pn around the table; ``seats`` lists them in turn order
from the start player.  Set-up (003_41d0c707a815b3bf.txt, 遊戲設置): favor
3, 4, 5, 6 by seat, the Titan die to the last seat, every player consults
the oracle once (their three oracle dice are rolled here).

Commands (lists):
  ["consult"]                 active player rolls 3 oracle dice; turn passes
  ["titan"]                   last seat rolls the Titan die at round end
  ["shield", p, 0-5]          set player p's shield
  ["battle", p, colour]       player p fights a monster of colour 0-5
  ["battle_roll"]             first roll of the battle die
  ["battle_pay"]              after a miss: pay 1 favor, strength -1, roll again
  ["battle_done"]             leave the battle (won, or given up)
  ["zeus", p]                 p returned to Zeus (toggle); the game ends
                              after this round's Titan die
  ["final", p, cards, favor]  tie-break entry at the end: oracle cards, favor
"""
from rng import Rng

from games.oracle import rules

TURN = 0   # the active player's turn; injury check, actions, then consult
TITAN = 1  # the last seat has consulted: the Titan die is due
END = 2    # someone returned to Zeus and the round is over


class OracleGame:
    NAME = "oracle"

    def __init__(self, setup, seed):
        n = setup.get("players") if isinstance(setup, dict) else None
        if n not in (2, 3, 4):
            raise ValueError("2-4 players")
        self.rng = Rng(seed)
        start = setup.get("start", -1)
        if start == -1:
            start = self.rng.below(n)
        elif not (isinstance(start, int) and 0 <= start < n):
            raise ValueError("start player out of range")
        self.n = n
        self.start = start
        self.seats = [(start + i) % n for i in range(n)]
        self.favor_start = [0] * n
        for i, p in enumerate(self.seats):
            self.favor_start[p] = rules.START_FAVOR[i]
        self.titan_holder = self.seats[-1]
        self.shields = [0] * n
        self.dice = [[0, 0, 0] for _ in range(n)]
        for p in self.seats:  # the opening consultation, in seat order
            self._roll_dice(p)
        self.round = 1
        self.turn = 0
        self.phase = TURN
        self.last_consult = None   # (player, [3 colours]) of the latest consultation
        self.last_titan = None     # (roll, [injury cards per player])
        self.titan_rolls = []
        self.battle = None         # Battle or None
        self.returned = [False] * n
        self.final = [None] * n  # type: list  # [oracle cards, favor] per player at the end

    # -- read-outs for screens ------------------------------------------------
    def active(self):
        """Player index whose turn it is."""
        return self.seats[self.turn]

    def is_last_seat(self):
        return self.turn == self.n - 1

    def ranking(self):
        """Tie-break groups among the players who returned to Zeus (best first)."""
        rows = []
        for p in range(self.n):
            if self.returned[p]:
                f = self.final[p] or [0, 0]
                rows.append((p, f[0], f[1]))
        return rules.tie_break_order(rows)

    # -- commands --------------------------------------------------------------
    def _roll_dice(self, p):
        d = self.dice[p]
        for i in range(3):
            d[i] = rules.roll_oracle_die(self.rng)

    def _player(self, v):
        if not (isinstance(v, int) and 0 <= v < self.n):
            raise ValueError("no such player")
        return v

    def apply(self, cmd):
        op = cmd[0]
        if op == "consult":
            if self.phase != TURN:
                raise ValueError("Titan die first" if self.phase == TITAN else "Game over")
            if self.battle is not None:
                raise ValueError("Finish the battle first")
            p = self.active()
            self._roll_dice(p)
            self.last_consult = (p, list(self.dice[p]))
            if self.is_last_seat():
                self.phase = TITAN
            else:
                self.turn += 1
        elif op == "titan":
            if self.phase != TITAN:
                raise ValueError("Titan die comes after the last consultation")
            roll = rules.roll_titan_die(self.rng)
            self.last_titan = (roll, rules.titan_injuries(roll, self.shields))
            self.titan_rolls.append(roll)
            if True in self.returned:
                self.phase = END
            else:
                self.round += 1
                self.turn = 0
                self.phase = TURN
        elif op == "shield":
            p = self._player(cmd[1])
            v = cmd[2]
            if not (isinstance(v, int) and 0 <= v <= rules.SHIELD_MAX):
                raise ValueError("shield is 0-5")
            self.shields[p] = v
        elif op == "battle":
            p = self._player(cmd[1])
            colour = cmd[2]
            if not (isinstance(colour, int) and 0 <= colour < 6):
                raise ValueError("monster colour 0-5")
            if self.phase == END:
                raise ValueError("Game over")
            if self.battle is not None:
                raise ValueError("A battle is on")
            self.battle = Battle(p, colour, rules.monster_strength(self.shields[p]))
        elif op == "battle_roll":
            b = self._battle()
            if b.rolls:
                raise ValueError("Pay 1 favor to roll again")
            b.roll(rules.roll_battle_die(self.rng))
        elif op == "battle_pay":
            b = self._battle()
            if not b.rolls or b.outcome == rules.WIN:
                raise ValueError("Nothing to pay for")
            if b.strength <= 1:
                raise ValueError("Strength is already 1")
            b.strength -= 1
            b.favor_paid += 1
            b.roll(rules.roll_battle_die(self.rng))
        elif op == "battle_done":
            self._battle()
            self.battle = None
        elif op == "zeus":
            p = self._player(cmd[1])
            if self.phase == END:
                raise ValueError("Game over")
            self.returned[p] = not self.returned[p]
        elif op == "final":
            p = self._player(cmd[1])
            cards, favor = cmd[2], cmd[3]
            if self.phase != END or not self.returned[p]:
                raise ValueError("Only for players back at Zeus")
            if not (isinstance(cards, int) and isinstance(favor, int) and 0 <= cards <= 30 and 0 <= favor <= 34):
                raise ValueError("cards 0-30, favor 0-34")
            self.final[p] = [cards, favor]
        else:
            raise ValueError("unknown command")

    def _battle(self):
        if self.battle is None:
            raise ValueError("No battle")
        return self.battle


class Battle:
    """One fight: ``fighter`` (player), ``colour`` (0-5), ``strength`` to
    reach, the latest ``roll`` and ``outcome`` (rules.WIN/MISS/INJURY or
    0 before the first roll), ``rolls`` made, ``favor_paid``, ``injuries``
    (cards of the monster's colour taken in this fight)."""

    def __init__(self, fighter, colour, strength):
        self.fighter = fighter
        self.colour = colour
        self.strength = strength
        self.roll_value = -1
        self.outcome = 0
        self.rolls = 0
        self.favor_paid = 0
        self.injuries = 0

    def roll(self, value):
        self.roll_value = value
        self.rolls += 1
        self.outcome = rules.battle_outcome(value, self.strength)
        if self.outcome == rules.INJURY:
            self.injuries += 1
