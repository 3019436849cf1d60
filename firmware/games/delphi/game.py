"""Delphi: three Parades of three Marches, live displays, fame, end of game.

Rules: Delphi rulebook ("Set-up", "Play of the Game", "The
Display", "The Pass (Passe) card", "Delphi", "Important", "End of the
Game"); card supply: published component lists.

Setup (dict): ``{"cities": ["athens", "thebes", "corinth"], "fame": TABLE}``

- ``cities``: 3 or 4 distinct City States out of athens, thebes, corinth,
  sparta (any order; kept in the rulebook order Athens, Thebes, Corinth,
  Sparta).  Default: the first ``players`` (3 or 4, default 4) of them.
- ``fame``: the Parade card settings table (``fame.normalise_table``);
  None or absent means all unset except Parade 1 March 1.

Commands (city names as in ``cards.CITY_STATES``, cards as in
``cards.NAMES``):

- ``["reveal", [[city, card], [city, "zeus", target_city, index],
  [city, "pass"], ...]]``: the players tied for the worst display (at the
  start of a March: everyone) reveal their face-down cards; exactly one
  entry per tied player.
- ``["face_down", city, card]`` (or ``["face_down", city, "zeus",
  target_city, index]``): one tied player's face-down card, entered on its
  own so it survives a power cut and can be undone, in the order they
  resolve (Athens, Thebes, Corinth, Sparta; a Zeus target is checked at
  once against the displays as they will lie); kept in ``hidden`` until
  every tied player has one, then all are revealed as by "reveal".
- ``["play", city, card]``, ``["play", city, "zeus", target_city, index]``
  or ``["play", city, "zeus"]`` (Zeus removing nothing): the one player
  with the worst display plays a card face up.
- ``["pass", city]`` (or ``["play", city, "pass"]``): that player passes.
- ``["set_fame", parade, march, first_out, next_to_last, last_survivor]``:
  enter a March's Parade card values for this game (the platform also
  stores them in the settings).  Any time before that March is scored;
  Parade 1 March 1 is fixed.  Scores the waiting March in phase "fame".
- ``["cessation", city]``: the oracle visit of ``city`` drew "The Great
  Cessation" (once per game; ``city`` must have played a Delphi card).
- ``["oracle_add", city, card]``: an Oracle card puts ``card`` into the
  display of ``city`` (right end, its God effects applied, Zeus removing
  nothing); counted against that City State's supply and hand.
  ``["oracle_remove", city, index]``: an Oracle card removes the card at
  0-based ``index`` of that display from play.  Both during a March
  (phase "play" or "reveal" with no face-down card entered yet); who plays
  next is then read from the new displays.  Reading: the Oracle card texts
  are not published besides the Great Cessation; the rulebook
  says only "all players must follow the instruction of the Oracle", so
  the device lets the players add or remove any card in any display.
- ``["hand", city, n]``: at the end, one City State's cards left in hand,
  entered on its own (kept in ``hand_entries``, survives a power cut).
- ``["hands", n, n, ...]``: at the end, cards left in each hand (the Pass
  card not counted), one count per City State in ``cities`` order.

State a screen reads (``ci`` = index into ``cities``):

- ``cities`` (tuple of names), ``players`` (3 or 4), ``parade`` and
  ``march`` (1-3 each), ``march_no`` (0-8; 9 after the last March).
- ``phase``: "reveal" (``must_play`` play face down at the same time),
  "play" (``must_play[0]`` plays face up), "fame" (March over, its values
  unset: ``missing_fame()`` names them), "hands" (enter cards left),
  "over" (``ranking()``).
- ``displays[ci]``: card codes left to right; ``display_names(ci)``;
  ``values()``: live value of every display (all effects, Poseidon
  halving included); ``halved(ci)``.
- ``competing[ci]`` (False once passed in this March), ``groups``: this
  March's elimination order so far (lists of ``ci``).
- ``must_play``: list of ``ci`` who must play now (several: face down);
  ``hidden``: the face-down cards entered so far, (ci, code, target) in
  entry order, not revealed yet; ``next_face_down()``: the next ``ci`` to
  enter one (None outside a reveal).
- ``fame[ci]``: running fame; ``results``: per scored March a tuple
  (groups, gained) with ``gained[ci]`` the fame of that March.
- ``oracle_visits[ci]``: Delphi cards played (2 per game at most);
  ``oracle_calls``: ``ci`` who played a Delphi card in the last command,
  in the rulebook's oracle order; ``cessation``: None or (parade, march,
  ci); ``notice``: what the last command brought up: None, "oracle",
  "cessation", "parade" (new Parade: draw 8 cards), "end".
- ``hand_estimate[ci]``: cards in hand besides the Pass card as far as the
  device can tell (8 per Parade drawn, minus cards played, Great
  Cessation applied; other Oracle cards are not known).
- ``supply_left(ci, code)``: copies of a card that city can still play.
- ``hands``: None, or the entered cards left in hand per City State;
  ``ranking()``: groups of city names, most fame first.
- ``table``: this game's Parade card values (``fame`` normalised form,
  ``set_fame`` updates it); ``CESSATION_TEXT``: the reminder to show.

Readings chosen where the rulebook is open (tested):

- Simultaneous reveals resolve one card at a time in the order Athens,
  Thebes, Corinth, Sparta, the order the rulebook gives for simultaneous
  Delphi cards; a Zeus target is read from the displays at that moment.
- A player who passed keeps their display until the end of the March:
  its Poseidon still halves the others, and Hades, Moira, Hera and Zeus
  can still remove its cards.  Only competing players can be the worst.
- The card supply is enforced over the whole game (a card played is out
  of play); the hand is not (Oracle cards may change hands in ways the
  rulebook text does not give), ``hand_estimate`` is a guide only.
- The Pass card is never counted as a card left in hand at the end,
  as for the Great Cessation ("The Pass card doesn't count as a hand
  card").
- Final ranking: most fame first; equal fame shares a place (the rulebook
  gives no tie-break).
"""
from games import msg
from session import dispatch
from games.delphi import cards
from games.delphi import display, fame
from games.delphi.march import place

CESSATION_TEXT = "Great Cessation: discard down to 2 cards (Pass card not counted)"


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


class DelphiGame:
    """One game of Delphi for 3 or 4 City States (see the module docstring)."""

    NAME = "delphi"

    def __init__(self, setup, seed):
        setup = setup or {}
        if not isinstance(setup, dict):
            raise ValueError("setup must be a dict")
        for k in setup:
            if k not in ("cities", "players", "fame"):
                raise ValueError("unknown setup key %r" % (k,))
        names = setup.get("cities")
        if names is None:
            p = setup.get("players", 4)
            if p not in (3, 4):
                raise ValueError("3 or 4 players")
            names = cards.CITY_STATES[:p]
        if not isinstance(names, (list, tuple)) or len(names) not in (3, 4):
            raise ValueError("3 or 4 City States")
        idx = []
        for nm in names:
            i = cards.city_index(nm)
            if i in idx:
                raise ValueError("City State twice")
            idx.append(i)
        idx.sort()
        self.cities = tuple([cards.CITY_STATES[i] for i in idx])
        n = len(idx)
        self.players = n
        self.table = fame.normalise_table(setup.get("fame"))
        self.seed = seed  # no chance in Delphi's rules: kept for the protocol
        self.fame = [0] * n
        self.oracle_visits = [0] * n
        self.oracle_calls = []
        self.hand_estimate = [8] * n  # 8 drawn besides the Pass card
        self.used = [bytearray(len(cards.SUPPLY)) for _ in range(n)]
        self.results = []
        self.cessation = None
        self.notice = None
        self.hands = None
        self.hand_entries = [None] * n  # type: list
        self.march_no = 0
        self._start_march()

    # ---- reading -------------------------------------------------------

    @property
    def parade(self):
        return min(self.march_no, 8) // 3 + 1

    @property
    def march(self):
        return min(self.march_no, 8) % 3 + 1

    def values(self):
        """Live value of each display (list of ints, ``cities`` order)."""
        return display.march_values(self.displays)

    def halved(self, ci):
        """True when another display holds a Poseidon card."""
        return display.halved(self.displays, ci)

    def display_names(self, ci):
        """Card names of display ``ci``, left to right."""
        return [cards.NAMES[c] for c in self.displays[ci]]

    def supply_left(self, ci, code):
        """Copies of card ``code`` City State ``ci`` may still play."""
        if code == cards.PASS:
            return 1
        return cards.SUPPLY[code] - self.used[ci][code]

    def missing_fame(self, parade=None, march=None):
        """Unset Parade card values of a March (default: the current one):
        list of role names, empty when it can be scored."""
        return fame.missing(self.table, parade or self.parade, march or self.march)

    def next_face_down(self):
        """Next City State (``ci``) of ``must_play`` without a face-down card."""
        if self.phase != "reveal":
            return None
        done = [h[0] for h in self.hidden]
        for ci in self.must_play:
            if ci not in done:
                return ci
        return None

    def ranking(self):
        """Final standing: list of groups (lists of city names), most fame
        first; equal fame shares a group."""
        order = list(range(self.players))
        order.sort(key=lambda ci: (-self.fame[ci], ci))  # MicroPython's sort is not stable
        out = []
        last = None
        for ci in order:
            if out and self.fame[ci] == last:
                out[-1].append(self.cities[ci])
            else:
                out.append([self.cities[ci]])
                last = self.fame[ci]
        return out

    def city(self, name):
        """Index in ``cities`` of a City State name; ValueError if not playing."""
        for i in range(self.players):
            if self.cities[i] == name:
                return i
        raise ValueError("%r is not in this game" % (name,))

    # ---- commands ------------------------------------------------------

    def apply(self, cmd):
        """Apply one command (module docstring) through its ``do_`` method (``VERBS``,
        ``session.dispatch``); ValueError, state unchanged, if it is not legal now."""
        return dispatch(self, self.VERBS, cmd)(cmd)

    def do_hand(self, cmd):
        """``["hand", city, n]``: one City State's cards left in hand at the end (001, End of
        the Game), kept in ``hand_entries``.  ValueError before the last March is scored,
        for a city not playing or a count above ``hand_max``."""
        if self.phase != "hands":
            raise ValueError("hands are counted after the last March")
        if len(cmd) != 3:
            raise ValueError("hand needs a city and a count")
        ci = self.city(cmd[1])
        self._check_hand(ci, cmd[2])
        self.hand_entries[ci] = cmd[2]
        return None

    def do_face_down(self, cmd):
        """``["face_down", city, card]`` or ``["face_down", city, "zeus", target_city,
        index]``: one tied player's face-down card (001, Play of the Game), entered in the
        order they resolve (Athens, Thebes, Corinth, Sparta: 001, Delphi); the last one
        reveals them all as "reveal" does.  ValueError outside a reveal, for a player not
        tied, a second card, one out of order, or a Zeus target that will not be there."""
        if self.phase != "reveal":
            raise ValueError("no face-down play now")
        p = self._parse(cmd[1:])
        if p[0] not in self.must_play:
            raise ValueError("%s does not play face down now" % (cmd[1],))
        for h in self.hidden:
            if h[0] == p[0]:
                raise ValueError("%s already has a card face down" % (cmd[1],))
        first = self.next_face_down()
        if first is not None and p[0] != first:
            # Entered in the order they resolve, so a Zeus target can be read
            # from the displays as they will lie (the cards entered before it).
            raise ValueError("%s enters its card first" % (self.cities[first],))
        if len(self.hidden) + 1 < len(self.must_play):
            disp = [list(d) for d in self.displays]
            for h in self.hidden + [p]:  # a Zeus target that will not be there: now, not at the last card
                if h[1] != cards.PASS:
                    place(disp, h[0], h[1], h[2])
            self.hidden.append(p)
            return None
        plays = self.hidden + [p]
        plays.sort(key=lambda q: q[0])  # City State order
        return self._do(plays)

    def do_reveal(self, cmd):
        """``["reveal", [[city, card], [city, "zeus", target_city, index], [city, "pass"],
        ...]]``: the tied players' face-down cards revealed at once (001, Play of the Game),
        resolved in City State order.  ValueError outside a reveal, after cards entered one
        by one, or unless there is exactly one entry per tied player."""
        if self.phase != "reveal":
            raise ValueError("no face-down play now")
        if self.hidden:
            raise ValueError("face-down cards already entered one by one")
        if len(cmd) != 2 or not isinstance(cmd[1], (list, tuple)):
            raise ValueError("reveal needs a list of plays")
        plays = [self._parse(e) for e in cmd[1]]
        seen = [p[0] for p in plays]
        seen.sort()
        if seen != self.must_play:
            raise ValueError("reveal needs one card from each tied player")
        plays.sort(key=lambda p: p[0])  # City State order
        return self._do(plays)

    def do_play(self, cmd):
        """``["play", city, card]``, ``["play", city, "zeus", target_city, index]``,
        ``["play", city, "zeus"]``, ``["play", city, "pass"]`` or ``["pass", city]``
        (``do_pass``): the player with the worst display plays a card face up or passes
        (001, Play of the Game).  ValueError outside a face-up play or for another player."""
        if self.phase != "play":
            raise ValueError("not a face-up play now")
        if cmd[0] == "pass":
            if len(cmd) != 2:
                raise ValueError("pass needs a city")
            p = self._parse([cmd[1], "pass"])
        else:
            p = self._parse(cmd[1:])
        if p[0] != self.must_play[0]:
            raise ValueError("%s does not have the worst display" % (cmd[1],))
        return self._do([p])

    do_pass = do_play

    def _parse(self, e):
        """(ci, code, target) from [city, card] / [city, "zeus", tcity, k]."""
        if not isinstance(e, (list, tuple)) or len(e) < 2:
            raise ValueError("a play is [city, card]")
        ci = self.city(e[0])
        code = cards.code_of(e[1])
        target = None
        if code == cards.ZEUS and len(e) == 4:
            if not _is_int(e[3]):
                raise ValueError("Zeus: position must be an int")
            target = (self.city(e[2]), e[3])
        elif len(e) != 2:
            raise ValueError("only Zeus names a target")
        if code != cards.PASS and self.used[ci][code] >= cards.SUPPLY[code]:
            raise ValueError("%s has no %s left" % (self.cities[ci], cards.NAMES[code]))
        return (ci, code, target)

    def _do(self, plays):
        # Work on copies, commit only when every card resolved.
        disp = [list(d) for d in self.displays]
        for ci, code, target in plays:
            if code != cards.PASS:
                place(disp, ci, code, target)
        self.displays = disp
        self.notice = None
        self.oracle_calls = []
        gone = []
        for ci, code, _ in plays:
            if code == cards.PASS:
                self.competing[ci] = False
                gone.append(ci)
                continue
            self.used[ci][code] += 1
            if self.hand_estimate[ci] > 0:
                self.hand_estimate[ci] -= 1
            if code == cards.DELPHI:
                self.oracle_visits[ci] += 1
                self.oracle_calls.append(ci)
        if self.oracle_calls:
            self.notice = "oracle"
        if gone:
            self.groups.append(gone)
        self._next_turn()

    def do_set_fame(self, cmd):
        """``["set_fame", parade, march, first_out, next_to_last, last_survivor]``: a
        March's Parade card values (001, Play of the Game: "Important"; ``fame``); scores
        the waiting March in phase "fame".  ValueError for Parade 1 March 1, a March
        already scored or values ``fame.check_triple`` refuses."""
        if len(cmd) != 6:
            raise ValueError("set_fame needs parade, march and 3 values")
        p, m = cmd[1], cmd[2]
        if p not in (1, 2, 3) or m not in (1, 2, 3) or not _is_int(p) or not _is_int(m):
            raise ValueError("parade and march are 1-3")
        t = fame.check_triple(cmd[3:6])
        if None in t:
            raise ValueError("all 3 values needed")
        k = (p - 1) * 3 + (m - 1)
        if k == 0:
            raise ValueError("Parade 1 March 1 is fixed by the rulebook")
        if k < len(self.results):
            raise ValueError(msg("that March is already scored"))
        self.table = list(self.table)
        self.table[k] = t
        self.notice = None
        if self.phase == "fame" and k == self.march_no:
            self._score()

    def do_cessation(self, cmd):
        """``["cessation", city]``: ``city``'s oracle visit drew "The Great Cessation" (001,
        Delphi): every hand estimate drops to 2.  ValueError if drawn before, if ``city``
        has played no Delphi card, or after the last March."""
        if len(cmd) != 2:
            raise ValueError("cessation needs a city")
        ci = self.city(cmd[1])
        if self.cessation is not None:
            raise ValueError("the Great Cessation was already drawn")
        if self.oracle_visits[ci] == 0:
            raise ValueError("%s has not played a Delphi card" % (cmd[1],))
        if self.phase in ("hands", "over"):
            raise ValueError("the game is over")
        self.cessation = (self.parade, self.march, ci)
        for i in range(self.players):
            if self.hand_estimate[i] > 2:
                self.hand_estimate[i] = 2
        self.oracle_calls = []
        self.notice = "cessation"

    def hand_max(self, ci):
        """Most cards City State ``ci`` can hold at the end: its stack less the cards played."""
        played = 0
        for c in self.used[ci]:
            played += c
        return cards.STACK_SIZE - played

    def _check_hand(self, ci, v):
        if not _is_int(v) or v < 0 or v > self.hand_max(ci):
            raise ValueError("%s: 0 to %d cards" % (self.cities[ci], self.hand_max(ci)))

    def do_oracle_add(self, cmd):
        """``["oracle_add", city, card]`` or ``["oracle_remove", city, index]``: an Oracle
        card's instruction (001, The Oracle; reading in the module docstring).  ValueError
        outside a March or between face-down entries, for a card out of supply, the Pass
        card, or no card at ``index``."""
        if self.phase not in ("play", "reveal") or self.hidden:
            raise ValueError(msg("an Oracle card acts during a March, between plays"))
        if len(cmd) != 3:
            raise ValueError("%s needs a city and a card" % (cmd[0],))
        ci = self.city(cmd[1])
        disp = [list(d) for d in self.displays]
        if cmd[0] == "oracle_add":
            code = cards.code_of(cmd[2])
            if code == cards.PASS:
                raise ValueError("the Pass card never lies in a display")
            if self.used[ci][code] >= cards.SUPPLY[code]:
                raise ValueError("%s has no %s left" % (self.cities[ci], cards.NAMES[code]))
            place(disp, ci, code, None)
            self.used[ci][code] += 1
            if self.hand_estimate[ci] > 0:
                self.hand_estimate[ci] -= 1
        else:
            k = cmd[2]
            if not _is_int(k) or not 0 <= k < len(disp[ci]):
                raise ValueError("no card at that position")
            disp[ci].pop(k)
        self.displays = disp
        self.notice = None
        self.oracle_calls = []
        self._next_turn()

    def do_hands(self, cmd):
        """``["hands", n, n, ...]``: cards left in each hand, ``cities`` order; +1 fame each
        (001, End of the Game).  ValueError before the last March is scored, for a wrong
        number of counts or a count above ``hand_max``."""
        if self.phase != "hands":
            raise ValueError("hands are counted after the last March")
        if len(cmd) != 1 + self.players:
            raise ValueError("one count per City State")
        for i in range(self.players):
            self._check_hand(i, cmd[1 + i])
        self.hands = list(cmd[1:])
        for i in range(self.players):
            self.fame[i] += cmd[1 + i]  # +1 fame per card left in hand
        self.phase = "over"
        self.notice = "end"

    do_oracle_remove = do_oracle_add
    # the verbs of ``session.dispatch``, a ``do_`` method each
    VERBS = ("set_fame", "cessation", "hands", "hand", "oracle_add", "oracle_remove", "face_down", "reveal",
             "play", "pass")

    # ---- flow ----------------------------------------------------------

    def _start_march(self):
        n = self.players
        self.displays = [[] for _ in range(n)]
        self.competing = [True] * n
        self.groups = []
        self.must_play = []
        self._next_turn()

    def _next_turn(self):
        """Who must play now, or the end of the March."""
        comp = [ci for ci in range(self.players) if self.competing[ci]]
        if len(comp) <= 1:
            if comp:
                self.groups.append(comp)  # the last survivor
            self.must_play = []
            self.hidden = []
            if self.missing_fame():
                self.phase = "fame"
            else:
                self._score()
            return
        vals = self.values()
        low = vals[comp[0]]
        for ci in comp:
            if vals[ci] < low:
                low = vals[ci]
        self.must_play = [ci for ci in comp if vals[ci] == low]
        self.hidden = []
        self.phase = "reveal" if len(self.must_play) > 1 else "play"

    def _score(self):
        gained = [0] * self.players
        for ci, pts in fame.march_fame(self.groups, self.table[self.march_no], self.players):
            gained[ci] = pts
            self.fame[ci] += pts
        self.results.append((self.groups, gained))
        self.march_no += 1
        if self.march_no == 9:
            self.phase = "hands"
            self.must_play = []
            self.notice = "end"
            return
        if self.march_no % 3 == 0:
            # New Parade: everyone draws 8 more cards from their stack.
            for i in range(self.players):
                self.hand_estimate[i] += 8
            self.notice = "parade"
        self._start_march()
