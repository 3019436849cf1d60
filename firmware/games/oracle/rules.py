"""Rules arithmetic of The Oracle of Delphi (The Oracle of Delphi rules, Stefan Feld, Hall Games 2016).

Colours are indices into ``COLOURS``, in the clockwise order of the oracle
wheel: red -> black -> pink -> blue -> yellow -> green -> red (Board Game Arena's implementation,
"Oracle dice"; matches the rulebook's examples green -> black = 2 favor,
pink -> blue = 1 favor).
"""

COLOURS = ("red", "black", "pink", "blue", "yellow", "green")
SHORT = ("Red", "Blk", "Pnk", "Blu", "Yel", "Grn")
LETTER = "RKPBYG"  # K for black, as in print, so no two colours share a letter
# Monsters and gods by colour (Board Game Arena's implementation).
MONSTERS = ("Cyclops", "Minotaur", "Hydra", "Siren", "Chimera", "Gorgon")
GODS = ("Aphrodite", "Ares", "Hermes", "Poseidon", "Apollo", "Artemis")

# The players' colours (each takes the ship, shield, Zeus tiles and player board of theirs: The
# Oracle of Delphi rules, 遊戲設置: 每個玩家拿取他所屬顏色的配件), offered in this order and
# preselected in seat order.  The rulebook's components section pictures the blue player's board
# (003, "圖片顯示藍色玩家回合時的玩家圖板狀況"); the four colours and their order are those of
# Quests of Zeus, a public digital version of the game (its PLAYER_COLORS: green, blue, yellow,
# red).  A table whose box differs picks each seat's colour at set-up.
PLAYER_COLOURS = ("Green", "Blue", "Yellow", "Red")
PLAYER_SHORT = ("Grn", "Blu", "Yel", "Red")

START_FAVOR = (3, 4, 5, 6)  # by seat from the start player (the rules, set-up)
SHIELD_MAX = 5              # shield track 0-5 (Board Game Arena's implementation)
BATTLE_BASE = 9             # monster strength = 9 - shield (the rules' battle, and Board Game Arena's implementation)

SHIP_NONE = 0
SHIP_CCW = 1        # ship tile: recolour counter-clockwise too
SHIP_DISCOUNT = 2   # ship tile: recolouring a die costs 1 favor less (once per die recoloured)
SHIP_BOTH = 3

# The eight ship tiles (The Oracle of Delphi rules, "03 船板塊"), by index; -1 = not entered.
TILE_SHIELD = 0     # 遊戲開始時，把你的盾牌往右移 2 格: the shield starts at 2
TILE_GODS = 1       # every god starts on the row of the player count
TILE_ELEVEN = 2     # one Zeus tile back in the box: 11 tasks
TILE_DISCOUNT = 3   # 你在把骰子調成別的顏色時，支付的恩賜板塊可以少 1 個: once per die recoloured
TILE_RANGE = 4      # ship range +2
TILE_FAVOR = 5      # 每當你拿取 1 個或多個恩賜指示物時，你可以多拿 1 個。這也適用於起始的恩賜指示物。
TILE_EQUIP = 6      # an equipment card and an oracle card at the start
TILE_CCW = 7        # recolour counter-clockwise too; capacity +2
SHIP_TILES = ("Shield starts at 2", "Gods start higher", "11 Zeus tiles", "Recolour -1 favor",
              "Range +2", "+1 favor each take", "Equip + oracle card", "Both ways, cap +2")
# The same, at most 12 characters: after a player ("Alexa Grn ") on a line of 21
SHIP_SHORT = ("Shield at 2", "Gods higher", "11 Zeus", "Recolour -1", "Range +2", "+1 favor", "Equip+oracle",
              "Both ways")
SHIELD_TILE_START = 2


def ship_bits(tile):
    """Recolouring bits (SHIP_CCW / SHIP_DISCOUNT) of ship tile ``tile`` (-1: none)."""
    if tile == TILE_CCW:
        return SHIP_CCW
    if tile == TILE_DISCOUNT:
        return SHIP_DISCOUNT
    return SHIP_NONE


def favor_taken(n, tile):
    """Favor tokens a player gets when taking ``n`` >= 1: one more with the favor
    ship tile (003, "03 船板塊": 每當你拿取 1 個或多個恩賜指示物時，你可以多拿 1 個)."""
    return n + 1 if tile == TILE_FAVOR else n


INJURY_CARDS = 7   # injury cards of one colour in the deck (published component list: 42 = 7 x 6)
FAVOR_MAX = 34     # favor tokens in the box (published component list)

# Injury check, phase 1 of a turn (003, 第 1 階段：檢查你的傷害卡).
CHECK_NOTHING = 0  # 3) 其它情況：沒有事發生
CHECK_RECOVER = 1  # 1) 3 張相同顏色的傷害卡，或者總共有 6 張: discard 3, the turn ends, no consulting
CHECK_BONUS = 2    # 2) 你沒有任何傷害卡：拿取 2 個恩賜指示物或者推進 1 個神 1 格
CHECK_FAVOR = 2    # favor taken at the check with no injuries (before the ship tile's +1)
RECOVER_DISCARD = 3
# The equipment card that delays recovery (003, 裝備卡說明: 當檢查你的傷害卡時，你有 4 個相同
# 顏色的傷害卡或者 8 張傷害卡才需要恢復): recovery at 4 of a colour or 8 in all.
RECOVER_SAME = 3
RECOVER_ALL = 6
RECOVER_SAME_EQUIP = 4
RECOVER_ALL_EQUIP = 8


def injury_check(counts, unknown=0, equip=False):
    """What phase 1 gives a player holding ``counts`` (6 ints: injury cards per colour)
    and ``unknown`` more cards whose colour is not entered (a starting card).

    The Oracle of Delphi rules, 第 1 階段: "1) 你有 3 張相同顏色的傷害卡，或者總共有 6 張傷害卡：
    使用你的回合來恢復，棄掉 3 張你所挑選的傷害卡，並結束的你的回合，不能問卜。 2) 你沒有任何
    傷害卡：拿取 2 個恩賜指示物或者推進 1 個神 1 格。 3) 其它情況：沒有事發生。"
    ``equip``: the player holds the equipment card that delays recovery (4 of a colour
    or 8 in all, 裝備卡說明).  An unknown card counts in the total, never as "no
    injury card".  Returns CHECK_RECOVER, CHECK_BONUS or CHECK_NOTHING.
    """
    total = unknown
    most = 0
    for c in counts:
        total += c
        if c > most:
            most = c
    if equip:
        if most >= RECOVER_SAME_EQUIP or total >= RECOVER_ALL_EQUIP:
            return CHECK_RECOVER
    elif most >= RECOVER_SAME or total >= RECOVER_ALL:
        return CHECK_RECOVER
    if total == 0:
        return CHECK_BONUS
    return CHECK_NOTHING


def recolour_cost(src, dst, ship=SHIP_NONE):
    """Favor to turn an oracle die from colour ``src`` to ``dst`` (indices 0-5).

    1 favor per clockwise step on the oracle wheel (rulebook, "Oracle dice");
    with the counter-clockwise ship tile the cheaper direction; with the
    discount ship tile one favor less, never below 0 (for the first change of
    a die only: the game passes SHIP_DISCOUNT once per die, ``OracleGame.recolour_price``).
    ``ship`` is a bit set of SHIP_CCW and SHIP_DISCOUNT.  ValueError for a
    colour outside 0-5.
    """
    if not (0 <= src < 6 and 0 <= dst < 6):
        raise ValueError("colour must be 0-5")
    cost = (dst - src) % 6
    if ship & SHIP_CCW:
        ccw = (src - dst) % 6
        if ccw < cost:
            cost = ccw
    if cost and ship & SHIP_DISCOUNT:
        cost -= 1
    return cost


def titan_injuries(roll, shields):
    """Injury cards each player draws after the Titan die shows ``roll`` (1-6).

    6: every player draws 2 whatever their shield; 1-5: each player whose
    shield is strictly lower than the roll draws 1 (the published FAQ for the
    6, Board Game Arena's implementation for the rest).  ``shields``: list of 0-5 per
    player.  Returns a list of ints, same order.
    """
    if not 1 <= roll <= 6:
        raise ValueError("Titan roll must be 1-6")
    if roll == 6:
        return [2 for _ in shields]
    return [1 if s < roll else 0 for s in shields]


def monster_strength(shield):
    """Starting strength of a monster against a fighter with ``shield`` (0-5)."""
    return BATTLE_BASE - shield


# Outcome of one battle-die roll.
WIN = 1
MISS = 2
INJURY = 3  # a 0: a miss that also gives an injury card of the monster's colour


def battle_outcome(roll, strength):
    """WIN if ``roll`` (0-9) >= ``strength``; INJURY on a 0; else MISS (The Oracle of Delphi
    rules, the battle, and Board Game Arena's implementation)."""
    if roll == 0:
        return INJURY
    return WIN if roll >= strength else MISS


def tie_break_order(players):
    """Rank players who returned to Zeus in the same round.

    ``players``: list of (player, oracle_cards, favor).  Most oracle cards,
    then most favor (rulebook, game end).  Returns groups of players, best
    first; players tied on both share a group.
    """
    rows = sorted(players, key=lambda r: (-r[1], -r[2], r[0]))
    groups = []
    last = None
    for p, cards, favor in rows:
        if last == (cards, favor):
            groups[-1].append(p)
        else:
            groups.append([p])
            last = (cards, favor)
    return groups


def roll_oracle_die(rng):
    """One oracle die: a colour index 0-5, uniform."""
    return rng.below(6)


def roll_titan_die(rng):
    """The Titan die: a plain d6, 1-6 (Board Game Arena's implementation)."""
    return rng.between(1, 6)


def roll_battle_die(rng):
    """The battle die: 10 faces, 0-9 (the rules)."""
    return rng.below(10)
