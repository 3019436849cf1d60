"""The Oracle of Delphi companion as a command-driven game (see ``session``).

Setup: ``{"players": 2-4, "start": player index or -1 for random}`` (and
``"colours"``: each player's colour, an index into ``rules.PLAYER_COLOURS``,
all different; default the box's colours in seat order, 0..n-1).
Players are 0..n-1 around the table, known by colour; ``seats`` lists them
in turn order from the start player.  Set-up (The Oracle of Delphi rules, 遊戲設置): favor
3, 4, 5, 6 by seat, the Titan die to the last seat, every player consults
the oracle once (their three oracle dice are rolled here).

Commands (lists; a player ``p`` is an index 0..n-1, a colour 0-5 as in
``rules.COLOURS``).  Set-up only, before any other command:
  ["colour", p, c]            p plays colour c (rules.PLAYER_COLOURS); a colour
                              another player has is swapped with p's own
  ["ship", p, tile]           p's ship tile (rules.TILE_*, -1 none): the shield
                              tile starts the shield at 2, the favor tile gives
                              one more starting favor; a tile another player
                              holds is refused (one of each, 8 ship tiles)
  ["start_injury", p, colour] p's starting injury card (set-up step 07; its god
                              goes to the row of the player count, step 08).
                              Until it is entered it counts as one injury card of
                              unknown colour (every player drew one): no "no
                              injury" bonus on the first turn
At any time (set-up included):
  ["equip", p, 0|1]           p holds (1) or no longer holds (0) the equipment
                              card that delays recovery to 4 of a colour or 8 in
                              all (003, 裝備卡說明)
Turns:
  ["check", "favor"|"god"]    injury check with no injuries: take 2 favor (+1
                              with the favor ship tile) or advance a god
  ["recover", [c, c, c]]      injury check with 3 of a colour or 6 in all:
                              discard those 3 cards; the turn ends, no consulting
  ["consult"]                 active player rolls 3 oracle dice; turn passes
  ["recolour", die, colour]   active player pays favor to turn die 0-2 to colour;
                              the discount ship tile takes 1 favor off once per
                              die and turn, however many commands the steps take
  ["titan"]                   last seat rolls the Titan die at round end; the
                              cards drawn wait in ``pending`` for their colours
  ["injury", p, colour, d]    d = 1: an injury card taken (a pending Titan card
                              first); d = -1..-7: that many discarded (the
                              "discard injury cards" action discards a colour)
  ["favor", p, n]             n > 0: p takes n favor (+1 with the favor tile);
                              n < 0: p spends -n (moving the ship, ...); refused
                              for the active player while a recovery is due, and
                              for anyone during a battle (one action at a time:
                              the battle's own re-roll is "battle_pay")
  ["shield", p, 0-5]          set player p's shield
  ["battle", p, colour]       the active player p fights a monster of colour 0-5
                              (a battle is an action of one's own turn)
  ["battle_roll"]             first roll of the battle die (a 0: an injury card
                              of the monster's colour)
  ["battle_pay"]              after a miss: pay 1 favor, strength -1 (never
                              below 1), roll again
  ["battle_done"]             leave the battle (won, or given up)
  ["zeus", p]                 p returned to Zeus (toggle); the game ends
                              after this round's Titan die
  ["final", p, cards, favor]  tie-break entry at the end: oracle cards, favor
Any command ValueError (state unchanged) when malformed or not legal now.

Readings where 003 leaves a choice (kept as they are, said here):
  - Battle at strength 1: a player may always pay 1 favor and roll again; the
    strength stops at 1, since a 0 is always a miss (``Battle``).
  - The last seat's Titan roll while recovering: a recovery ends that player's
    turn, not the round, so the last seat still rolls the Titan die after a
    recovery turn (第 3 階段 is the round's end; "結束的你的回合" ends the turn only).
  - The colour of a battle 0's injury card: "如果你擲出 0，抽 1 張傷害卡" does not say;
    the card is taken as one of the monster's colour (the rules and Board Game Arena's implementation, "Battle
    die"), so it is counted at once; a different card drawn is corrected with the
    "injury" command.
"""
from games import RefusalError, msg
from rng import Rng
from session import dispatch

from games.oracle import rules

TURN = 0   # the active player's turn; injury check, actions, then consult
TITAN = 1  # the last seat has consulted: the Titan die is due
END = 2    # someone returned to Zeus and the round is over

# Arguments after the name, per command: also the verbs of ``session.dispatch`` (a ``do_`` method each).
ARGS = {"consult": 0, "titan": 0, "battle_roll": 0, "battle_pay": 0, "battle_done": 0,
        "check": 1, "recover": 1, "zeus": 1, "shield": 2, "battle": 2, "favor": 2, "recolour": 2,
        "ship": 2, "start_injury": 2, "equip": 2, "injury": 3, "final": 3, "colour": 2}
SETUP_CMDS = ("ship", "start_injury", "colour")
# Said when an action or favor is entered during a fight (003, 行動說明: one action at a time).
FINISH_BATTLE = msg("Finish the battle first")


def _int(v, lo, hi, what):
    """``v`` if it is an int (not a bool) in lo..hi, else ValueError naming ``what``."""
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError("%s must be %d-%d" % (what, lo, hi))
    return v


class OracleGame:
    """State a screen reads: ``favor[p]``, ``injuries[p]`` (6 counts),
    ``pending[p]`` (Titan cards whose colour is not entered yet),
    ``shields[p]``, ``ships[p]`` and ``start_card[p]`` (-1: not entered),
    ``equip[p]`` (holds the equipment card that delays recovery),
    ``dice[p]``, ``recoloured`` (3 flags: the active player's dice changed this
    turn), ``begun`` (False during set-up), ``due()`` (the active player's
    injury check) and the read-outs below."""

    NAME = "oracle"

    def __init__(self, setup, seed):
        n = setup.get("players") if isinstance(setup, dict) else None
        if isinstance(n, bool) or n not in (2, 3, 4):
            raise ValueError("2-4 players")
        self.rng = Rng(seed)
        start = setup.get("start", -1)
        if start == -1:
            start = self.rng.below(n)
        else:
            _int(start, 0, n - 1, "start player")
        self.n = n
        self.start = start
        cols = setup.get("colours")
        if cols is None:
            cols = list(range(n))  # the box's colours in seat order
        if not isinstance(cols, list) or len(cols) != n:
            raise ValueError("a colour for each player")
        for i in range(n):
            c = _int(cols[i], 0, len(rules.PLAYER_COLOURS) - 1, "colour")
            if c in cols[:i]:
                raise ValueError("two players of one colour")
        self.colours = list(cols)
        self.seats = [(start + i) % n for i in range(n)]
        self.favor_start = [0] * n
        for i, p in enumerate(self.seats):
            self.favor_start[p] = rules.START_FAVOR[i]
        self.favor = list(self.favor_start)
        self.ships = [-1] * n
        self.start_card = [-1] * n
        self.equip = [False] * n
        self.recoloured = [False, False, False]  # the discount tile's one favor is taken per die
        self.injuries = [[0] * 6 for _ in range(n)]
        self.pending = [0] * n
        self.begun = False
        self.checked = False      # the active player's injury check is settled
        self.titan_holder = self.seats[-1]
        self.shields = [0] * n
        self.dice = [[0, 0, 0] for _ in range(n)]
        for p in self.seats:  # the opening consultation, in seat order
            self._roll_dice(p)
        self.round = 1
        self.turn = 0
        self.phase = TURN
        self.last_consult = None   # (player, [3 colours]) of the latest consultation
        self.last_recover = None   # (player, [3 colours]) of the latest recovery
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

    def injury_total(self, p):
        t = 0
        for c in self.injuries[p]:
            t += c
        return t

    def due(self):
        """The active player's injury check still to settle: rules.CHECK_RECOVER,
        CHECK_BONUS or CHECK_NOTHING (also once settled, or outside a turn).

        Read from the cards held now, so a card entered late by hand still
        counts, until the check is settled: by ``check``/``recover``, or by the
        active player's first action of phase 2 (a battle, a recolouring, favor
        taken or spent), since the check is made at the start of the turn (003, 第 1 階段)
        and cards taken later in the turn wait for the next one.
        """
        if self.checked or self.phase != TURN:
            return rules.CHECK_NOTHING
        p = self.active()
        return rules.injury_check(self.injuries[p], 1 if self.start_card[p] < 0 else 0, self.equip[p])

    def missing_start_cards(self):
        """Players whose starting injury card (set-up step 07) is not entered."""
        return [p for p in self.seats if self.start_card[p] < 0]

    def recolour_price(self, die, dst):
        """Favor the active player pays now to turn die ``die`` (0-2) to colour ``dst``.

        The discount ship tile takes one favor off recolouring a die (003, 03 船板塊:
        你在把骰子調成別的顏色時，支付的恩賜板塊可以少 1 個): once per die and turn, so
        five single steps of one die cost what one 5-step change costs.
        """
        p = self.active()
        bits = rules.ship_bits(self.ships[p])
        if self.recoloured[die]:
            bits &= ~rules.SHIP_DISCOUNT
        return rules.recolour_cost(self.dice[p][die], dst, bits)

    def ranking(self):
        """Tie-break groups among the players who returned to Zeus (best first).

        One player back at Zeus wins outright; with several, the winner is named
        only once every one of them has their oracle cards and favor entered
        (003, 遊戲結束: most oracle cards, then most favor, then a shared win).
        [] while an entry is missing.
        """
        back = [p for p in range(self.n) if self.returned[p]]
        if len(back) == 1:
            return [back]
        rows = []
        for p in back:
            f = self.final[p]
            if f is None:
                return []
            rows.append((p, f[0], f[1]))
        return rules.tie_break_order(rows)

    def missing_final(self):
        """Players back at Zeus whose oracle cards and favor are not entered."""
        return [p for p in range(self.n) if self.returned[p] and self.final[p] is None]

    # -- commands --------------------------------------------------------------
    def _roll_dice(self, p):
        d = self.dice[p]
        for i in range(3):
            d[i] = rules.roll_oracle_die(self.rng)

    def _player(self, v):
        return _int(v, 0, self.n - 1, "player")

    def _turn_ready(self, what):
        """The active player may act in phase 2/3 now (ValueError otherwise)."""
        if self.phase != TURN:
            raise ValueError("Titan die first" if self.phase == TITAN else "Game over")
        if self.battle is not None:
            raise ValueError(FINISH_BATTLE)  # one action at a time (003, 行動說明)
        p = self.active()
        if self.pending[p]:
            raise RefusalError(msg("Enter %s's Titan injury cards first"), self.colour_name(p))
        if what != "recover" and self.due() == rules.CHECK_RECOVER:
            raise ValueError(msg("Recover first: discard 3 injury cards"))
        return p

    def _end_turn(self):
        self.checked = False
        self.recoloured = [False, False, False]
        if self.is_last_seat():
            self.phase = TITAN
        else:
            self.turn += 1

    def _take(self, p, n):
        """Favor taken from the box: at most the tokens left in it (published component list: 34 favor
        tokens; reading: a take with fewer left gets what is left).  Returns the count."""
        left = rules.FAVOR_MAX
        for f in self.favor:
            left -= f
        n = min(rules.favor_taken(n, self.ships[p]), max(0, left))
        self.favor[p] += n
        return n

    def apply(self, cmd):
        """Apply one command (module docstring): its shape and argument count are checked
        here, then its ``do_`` method (``session.dispatch``) checks the rest before it changes anything.
        ValueError, state unchanged, when it is malformed or not legal now."""
        if not isinstance(cmd, (list, tuple)) or not cmd or not isinstance(cmd[0], str):
            raise ValueError("bad command")
        op = cmd[0]
        if op not in ARGS:
            raise ValueError("unknown command")
        if len(cmd) != 1 + ARGS[op]:
            raise ValueError("%s takes %d values" % (op, ARGS[op]))
        dispatch(self, ARGS, cmd)(cmd)
        if op != "equip" and op not in SETUP_CMDS:
            self.begun = True  # set-up is over with the first command of play

    def _setup_player(self, cmd):
        """The player of a set-up command (``cmd[1]``); ValueError once play has begun."""
        if self.begun:
            raise ValueError("Only at set-up")
        return self._player(cmd[1])

    def do_equip(self, cmd):
        """``["equip", p, 0|1]``: p holds (1) or no longer holds (0) the equipment card that
        delays recovery (003, 裝備卡說明); any time.  ValueError for a bad player or flag."""
        p = self._player(cmd[1])
        self.equip[p] = _int(cmd[2], 0, 1, "equip") == 1

    def do_colour(self, cmd):
        """``["colour", p, c]``: p plays colour ``c`` (an index into ``rules.PLAYER_COLOURS``;
        003, 遊戲設置: each takes the pieces of their colour), set-up only; the player who
        had ``c`` takes p's colour (one of each).  ValueError after set-up or for a bad colour."""
        p = self._setup_player(cmd)
        c = _int(cmd[2], 0, len(rules.PLAYER_COLOURS) - 1, "colour")
        cols = self.colours
        for q in range(self.n):
            if cols[q] == c:
                cols[q] = cols[p]
        cols[p] = c

    def colour_name(self, p):
        """Player ``p``'s colour, "Green".."Red" (``rules.PLAYER_COLOURS``)."""
        return rules.PLAYER_COLOURS[self.colours[p]]

    def do_ship(self, cmd):
        """``["ship", p, tile]``: p's ship tile (rules.TILE_*, -1 none), set-up only (003,
        03 船板塊).  ValueError after set-up, for a bad tile or one another player holds."""
        p = self._setup_player(cmd)
        tile = _int(cmd[2], -1, len(rules.SHIP_TILES) - 1, "ship tile")
        for q in range(self.n):
            if q != p and tile >= 0 and self.ships[q] == tile:
                raise RefusalError(msg("%s has that ship tile"), self.colour_name(q))
        self.ships[p] = tile
        # Set-up effects, recomputed: nothing else has changed them yet.
        self.favor[p] = self.favor_start[p] + (1 if tile == rules.TILE_FAVOR else 0)
        self.shields[p] = rules.SHIELD_TILE_START if tile == rules.TILE_SHIELD else 0

    def do_start_injury(self, cmd):
        """``["start_injury", p, colour]``: p's starting injury card (003, set-up step 07),
        set-up only; entering it again replaces the first.  ValueError after set-up or
        for a bad colour."""
        p = self._setup_player(cmd)
        c = _int(cmd[2], 0, 5, "colour")
        if self.start_card[p] >= 0:
            self.injuries[p][self.start_card[p]] -= 1
        self.start_card[p] = c
        self.injuries[p][c] += 1

    def do_consult(self, cmd):
        """``["consult"]``: the active player rolls 3 oracle dice (003, 第 3 階段); the turn
        passes.  ValueError while the turn is not ready (``_turn_ready``)."""
        p = self._turn_ready("consult")
        self._roll_dice(p)
        self.last_consult = (p, list(self.dice[p]))
        self._end_turn()

    def do_check(self, cmd):
        """``["check", "favor"|"god"]``: the injury check with no injury cards (003, 第 1
        階段): take 2 favor (+1 with the favor ship tile) or advance a god.  ValueError
        unless that bonus is due, or for another choice."""
        p = self._turn_ready("check")
        if self.due() != rules.CHECK_BONUS:
            raise ValueError("Only with no injury cards, once a turn")
        if cmd[1] == "favor":
            self._take(p, rules.CHECK_FAVOR)
        elif cmd[1] != "god":
            raise ValueError("check: favor or god")
        self.checked = True

    def do_recover(self, cmd):
        """``["recover", [c, c, c]]``: the injury check with 3 of a colour or 6 in all (003,
        第 1 階段): those 3 cards are discarded and the turn ends, no consulting.
        ValueError unless a recovery is due, or for colours not held."""
        p = self._turn_ready("recover")
        if self.due() != rules.CHECK_RECOVER:
            raise ValueError("No recovery due")
        cols = cmd[1]
        if not isinstance(cols, (list, tuple)) or len(cols) != rules.RECOVER_DISCARD:
            raise ValueError("recover: 3 colours")
        left = list(self.injuries[p])
        for c in cols:
            _int(c, 0, 5, "colour")
            if left[c] == 0:
                raise ValueError("No %s injury card to discard" % rules.COLOURS[c])
            left[c] -= 1
        self.injuries[p] = left
        self.last_recover = (p, list(cols))
        self._end_turn()

    def do_recolour(self, cmd):
        """``["recolour", die, colour]``: the active player pays favor to turn die 0-2 to
        ``colour`` (003, 第 2 階段; price ``recolour_price``).  ValueError when the die
        already shows it or the player lacks the favor."""
        p = self._turn_ready("recolour")
        die = _int(cmd[1], 0, 2, "die")
        dst = _int(cmd[2], 0, 5, "colour")
        if dst == self.dice[p][die]:
            raise ValueError("The die shows that colour")
        cost = self.recolour_price(die, dst)
        if cost > self.favor[p]:
            raise RefusalError(msg("Needs %d favor, %s has %d"), cost, self.colour_name(p), self.favor[p])
        self.favor[p] -= cost
        self.dice[p][die] = dst
        self.recoloured[die] = True
        self.checked = True

    def do_titan(self, cmd):
        """``["titan"]``: the last seat rolls the Titan die at the round's end (003, 第 3
        階段); the injury cards it deals wait in ``pending``.  After a return to Zeus the
        game ends (003, 遊戲結束).  ValueError before the last consultation."""
        if self.phase != TITAN:
            raise ValueError("Titan die comes after the last consultation")
        roll = rules.roll_titan_die(self.rng)
        cards = rules.titan_injuries(roll, self.shields)
        self.last_titan = (roll, cards)
        self.titan_rolls.append(roll)
        for p in range(self.n):
            self.pending[p] += cards[p]
        if True in self.returned:
            self.phase = END
        else:
            self.round += 1
            self.turn = 0
            self.checked = False
            self.phase = TURN

    def do_injury(self, cmd):
        """``["injury", p, colour, d]``: d = 1 an injury card taken (a pending Titan card
        first), d = -1..-7 that many discarded.  ValueError for d = 0, more than the
        7 cards of a colour, or more discarded than held."""
        p = self._player(cmd[1])
        c = _int(cmd[2], 0, 5, "colour")
        d = _int(cmd[3], -rules.INJURY_CARDS, 1, "injury change")
        have = self.injuries[p][c]
        if d == 1:
            if have >= rules.INJURY_CARDS:
                raise ValueError("Only %d %s injury cards" % (rules.INJURY_CARDS, rules.COLOURS[c]))
            if self.pending[p]:
                self.pending[p] -= 1
        elif d == 0:
            raise ValueError("injury: not 0")
        elif have < -d:
            raise ValueError("No %s injury card" % rules.COLOURS[c] if not have else
                             "Only %d %s injury cards" % (have, rules.COLOURS[c]))
        self.injuries[p][c] = have + d

    def do_favor(self, cmd):
        """``["favor", p, n]``: n > 0 p takes n favor (+1 with the favor tile, at most what
        the box holds), n < 0 p spends -n.  ValueError for n = 0, an empty box, more than
        p holds, the active player while a recovery is due, or anyone during a fight (one
        action at a time, 003 行動說明: the fight's re-roll is ``battle_pay``)."""
        p = self._player(cmd[1])
        d = _int(cmd[2], -rules.FAVOR_MAX, rules.FAVOR_MAX, "favor")
        if self.battle is not None:
            # one action at a time (003, 行動說明: 一個行動進行完才能進行下一個行動; its example:
            # no taking 2 favor in the middle of a fight to make it last); the fight's own re-roll
            # is ``battle_pay``
            raise ValueError(FINISH_BATTLE)
        if p == self.active() and self.due() == rules.CHECK_RECOVER:
            # a recovery turn has no actions (003, 第 1 階段: 使用你的回合來恢復)
            raise ValueError(msg("Recover first: discard 3 injury cards"))
        if d > 0:
            if not self._take(p, d):
                raise RefusalError(msg("No favor left in the box (%d)"), rules.FAVOR_MAX)
        elif d < 0:
            if self.favor[p] < -d:
                raise RefusalError(msg("%s has only %d favor"), self.colour_name(p), self.favor[p])
            self.favor[p] += d
        else:
            raise ValueError("favor: not 0")
        if p == self.active():
            self.checked = True  # an action of phase 2: the check is behind

    def do_shield(self, cmd):
        """``["shield", p, 0-5]``: set p's shield.  ValueError out of range."""
        p = self._player(cmd[1])
        self.shields[p] = _int(cmd[2], 0, rules.SHIELD_MAX, "shield")

    def do_battle(self, cmd):
        """``["battle", p, colour]``: the active player p fights a monster of colour 0-5
        (003, 第 2 階段, 與一個怪物戰鬥); ``battle`` holds the fight.  ValueError outside
        p's own ready turn or while a battle is on."""
        p = self._player(cmd[1])
        colour = _int(cmd[2], 0, 5, "monster colour")
        if self.phase == END:
            raise ValueError("Game over")
        if self.battle is not None:
            raise ValueError("A battle is on")
        if self.phase != TURN:
            raise ValueError("Titan die first")
        if p != self.active():
            # fighting a monster is an action of one's own turn (003, 第 2 階段)
            who = self.colour_name(self.active())
            raise RefusalError(msg("%s's turn: only %s fights"), who, who)
        if self.pending[p]:
            raise RefusalError(msg("Enter %s's Titan injury cards first"), self.colour_name(p))
        if self.due() == rules.CHECK_RECOVER:
            raise ValueError(msg("Recover first: discard 3 injury cards"))
        self.checked = True  # an action of phase 2: the check is behind
        self.battle = Battle(p, colour, rules.monster_strength(self.shields[p]))

    def do_battle_roll(self, cmd):
        """``["battle_roll"]``: the first roll of the battle die (a 0: an injury card of the
        monster's colour).  ValueError with no battle or after the first roll."""
        b = self._battle()
        if b.rolls:
            raise ValueError("Pay 1 favor to roll again")
        self._battle_roll(b)

    def do_battle_pay(self, cmd):
        """``["battle_pay"]``: after a miss, pay 1 favor, strength -1 (never below 1), roll
        again (003, 與一個怪物戰鬥; ``Battle``).  ValueError with nothing to pay for or no
        favor left."""
        b = self._battle()
        if not b.rolls or b.outcome == rules.WIN:
            raise ValueError("Nothing to pay for")
        if self.favor[b.fighter] < 1:
            raise ValueError(msg("No favor left: give up"))
        self.favor[b.fighter] -= 1
        if b.strength > 1:
            b.strength -= 1
        b.favor_paid += 1
        self._battle_roll(b)

    def do_battle_done(self, cmd):
        """``["battle_done"]``: leave the battle (won, or given up).  ValueError with no battle."""
        self._battle()
        self.battle = None

    def do_zeus(self, cmd):
        """``["zeus", p]``: p returned to Zeus (a toggle); the game ends after this round's
        Titan die (003, 遊戲結束).  ValueError once the game is over."""
        p = self._player(cmd[1])
        if self.phase == END:
            raise ValueError("Game over")
        self.returned[p] = not self.returned[p]

    def do_final(self, cmd):
        """``["final", p, cards, favor]``: p's oracle cards (0-30) and favor for the tie-break
        (003, 遊戲結束).  ValueError unless the game is over and p is back at Zeus, or when the
        favor is more than the box holds besides the favor entered for the others (the rules'
        components, 遊戲配件: 34 favor tokens, 34 個恩賜板塊; ``final_favor_max``)."""
        p = self._player(cmd[1])
        if self.phase != END or not self.returned[p]:
            raise ValueError("Only for players back at Zeus")
        cards = _int(cmd[2], 0, 30, "oracle cards")
        favor = _int(cmd[3], 0, self.final_favor_max(p), "favor")
        self.final[p] = [cards, favor]

    def final_favor_max(self, p):
        """The most favor player ``p``'s end entry can hold: the box's ``rules.FAVOR_MAX``
        tokens less the favor entered for the other players back at Zeus."""
        left = rules.FAVOR_MAX
        for q in range(len(self.final)):
            if q != p and self.final[q]:
                left -= self.final[q][1]
        return max(0, left)


    def _battle_roll(self, b):
        b.roll(rules.roll_battle_die(self.rng))
        if b.outcome == rules.INJURY:
            inj = self.injuries[b.fighter]
            if inj[b.colour] < rules.INJURY_CARDS:
                inj[b.colour] += 1

    def _battle(self):
        if self.battle is None:
            raise ValueError("No battle")
        return self.battle


class Battle:
    """One fight: ``fighter`` (player), ``colour`` (0-5), ``strength`` to
    reach, the latest ``roll`` and ``outcome`` (rules.WIN/MISS/INJURY or
    0 before the first roll), ``rolls`` made, ``favor_paid``, ``injuries``
    (cards of the monster's colour taken in this fight).

    Reading of 003 (與一個怪物戰鬥): "為了繼續戰鬥，你支付 1 個恩賜指示物，降低該
    怪物的力量 1 點，並且進行下一輪的戰鬥。如果你不能或不想支付 1 個恩賜指示物，
    你投降" -- only running out of favor or giving up ends a fight, so a
    player may always pay and roll again; the strength stops at 1 because a
    roll of 0 is always a miss (如果你擲出 0，抽 1 張傷害卡, under the miss).
    """

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
