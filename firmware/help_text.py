"""The rules help text of each game, in the project's own words (the one source: the
device's "Rules help" screens and the browser page's help both read it; each page's translation is
in the string table, i18n/zh-Hant.txt, keyed by the page's line: a changed page needs its
translation changed too, tests/test_lang.py).

``TEXT[name]`` (name: a save name of ``games.GAMES``) is bytes: one page per line,
``title|body``; the body is plain words, wrapped to the screen by ``rules_help.wrap``
(at most ``rules_help.ROWS`` lines of ``rules_help.COLS`` characters per page, checked by
tests/test_rules_help.py).  Bytes, not str: no qstrs on the device (the text is read once
when the help opens, then this module is dropped).  ASCII only (the fonts' range).

Where each page comes from, by the rulebook and section a reader knows (The Oracle of Delphi: Stefan
Feld, Hall Games 2016; Delfos; Delphi: Günter Burkhardt, 2002; Tholos: David Bernal, Perro Loko
Games, 2021); what a rulebook leaves out is named with its source (a published component list or
FAQ, or Board Game Arena's implementation):
"""

# The Oracle of Delphi rules (a Chinese walkthrough; English terms as the English edition names them):
#   Recover, No injury: "第 1 階段：檢查你的傷害卡" 1) and 2);  Start favor: set-up step 02 (player
#   set-up);  Recolour: "08 恩賜指示物" and the oracle wheel paragraph of the actions (the wheel's
#   order: Board Game Arena's implementation, matching the rules' examples);  Consult, Titan: "第 3 階段：
#   問卜來結束你的回合";  Fight: "與一個怪物戰鬥" (strength 9 less your shield; the 0 and the favor re-roll
#   as Board Game Arena's implementation plays them);  Gods: "神的特殊行動" (colours as that
#   implementation gives them);  Game end: "遊戲結束".
ORACLE = (
    b"Recover|At the start of your turn: 3 injury cards of one colour, or 6 in all? Discard"
    b" 3 of them and your turn ends (no consulting).\n"
    b"No injury|At the start of your turn with no injury card: take 2 favor, or move one"
    b" god up one step.\n"
    b"Start favor|The first player takes 3 favor; each next seat clockwise takes one more:"
    b" 3, 4, 5, 6.\n"
    b"Recolour a die|1 favor per step clockwise on the oracle wheel: red, black, pink, blue,"
    b" yellow, green, red.\n"
    b"Consult|End your turn: roll your 3 oracle dice. Others may move up one god of a colour"
    b" rolled (not one on the bottom row).\n"
    b"Titan die|The last player of the round rolls it. A 6: everyone draws 2 injury cards."
    b" Else: a shield below the roll draws 1.\n"
    b"Fight|Monster: 9 less your shield. Roll that or more: you win. A 0: 1 injury card."
    b" Missed: 1 favor for -1, roll again.\n"
    b"Gods 1|A god on the top row: use its action; it drops to the bottom. Blue Poseidon:"
    b" ship to any sea. Green Artemis: explore.\n"
    b"Gods 2|Black Ares: beat a monster next to you. Yellow Apollo: 1 oracle card, and"
    b" your dice count as any colour.\n"
    b"Gods 3|Red Aphrodite: discard all your injury cards. Pink Hermes: a statue from a city"
    b" next to you.\n"
    b"Gods 4|Any god on the top row, instead of its action: drop it to the bottom row and"
    b" draw 1 oracle card.\n"
    b"Game end|All Zeus tiles done and back at Zeus: the round ends the game. Ties: most"
    b" oracle cards, then most favor, else shared."
)

# Delfos rulebook: Khaos pages: "Solo Mode", "Khaos Turn", "Move Architect"
#   (A, B, C and both markers) and "Place A Building Tile" (D, C) of the solo mode;  Solo game:
#   "Gameplay" and "Game End And Scoring" of the solo mode;  City limit: "Placement Rules" C;
#   Winner: "Winner";  Campaign: "Campaign", "Score More Than The Difficulty Target".
DELFOS = (
    b"Khaos turn|Draw a Khaos card. Its priorities pick a tile: move a Khaos architect"
    b" marker there, take the tile, place it.\n"
    b"Khaos: colour|A: the leftmost colour a Khaos marker can reach. B: several tiles?"
    b" Lowest or highest value first (card).\n"
    b"Khaos: ties|C: still tied? Arrows, left first: lowest, highest, leftmost, rightmost"
    b" tile. Both markers reach? Arrows pick.\n"
    b"Khaos: place|D: next to its colour if it can, else next to any tile. Several spaces?"
    b" Arrows: below, above, left, right.\n"
    b"Solo game|20 rounds, you first, then Khaos. 2-player rules. It ends as soon as Khaos"
    b" places its last architect token.\n"
    b"City limit|The city must fit in 8 columns by 5 rows (solo, 2 or 4 players) or 9 by 5"
    b" (3 or 5 players).\n"
    b"Winner|Most victory points. Tied: more on the Scoring Card, then on your colour's area"
    b" majority; else shared.\n"
    b"Campaign|To go on to the next game: score more than the difficulty target and"
    b" complete 1 campaign goal card."
)

# Delphi rulebook: Turn: "Play of the Game";  Fame: its "Important" paragraph;
#   Pairs: "The Display";  gods: "God cards" (Hades ... Ares), Apollo as the rulebook's example reads the
#   rulebook's example;  Delphi card: "The Oracle" and the Delphi card paragraph;  End: "End of
#   the Game".
DELPHI = (
    b"Turn|The lowest display plays cards until it is no longer lowest, or quits. Several"
    b" lowest: each plays one card face down.\n"
    b"Fame|First to quit loses fame; next to last and the last one in gain it. Parade 1,"
    b" March 1: -1, +2, +3.\n"
    b"Pairs|Two Warrior cards of the same value in a row multiply: 5 then 5 is 25. A Pair"
    b" counts as one card for the gods.\n"
    b"Hades Moira Hera|Remove from every display all cards played so far of: Achilles 7"
    b" (Hades), Prometheus 9 (Moira), Herakles 10 (Hera).\n"
    b"Hephaistos|Lying between two Warrior/Hero cards (or Pairs): their values multiply."
    b" Not between two: no effect.\n"
    b"Zeus Poseidon|Zeus: remove any one card from any display. Poseidon: halve each"
    b" opponent's display (down), once a March.\n"
    b"Ares Apollo|Ares squares the Warrior/Hero card (or Pair) directly under it. Apollo"
    b" doubles it.\n"
    b"Delphi card|Consult the oracle: draw a card; keep it, or slide it under and take the"
    b" next. Same time: Athens, Thebes, Corinth, Sparta.\n"
    b"End|After 3 Parades of 3 Marches: 1 fame per card left in hand. Most fame wins."
)

# Tholos rules: Turn: "Turn";  bonuses: "Column Bonus Actions" and each
#   "Location" paragraph (the letters as the Tholos screens show them, rules.COLUMN_SHORT);
#   Scoring: "Game End and Scoring";  the tie: Board Game Arena's implementation;  Levels: the
#   strength table of docs/measured.md (bench/bench_tholos.py).
THOLOS = (
    b"Turn|Take stones into your workshop (it holds 3): 3 of your colour, 2 grey or 1 of your"
    b" rival's. Or place 1 stone from it.\n"
    b"Bonus|Only when you place your own colour. A bonus never sets off the bonus of a column"
    b" it changes.\n"
    b"a b O|Move the top stone of another column onto a third column: grey (a alpha), white"
    b" (b beta), black (O omega).\n"
    b"g d|g gamma: the top stone of another column back to the quarry. d delta: any stone"
    b" from the quarry to your workshop.\n"
    b"p S|p pi: take a stone from your rival's workshop. S sigma: place another stone from"
    b" your workshop on another column.\n"
    b"Scoring|All 7 columns at 5 stones. Most of your colour wins a column: +1 per own stone,"
    b" +3 per rival's, -2 per grey.\n"
    b"Ties|A tied column scores for nobody. Tied game: more columns won.\n"
    b"Easy|Wins 7 in 10 games against a player who always takes the most points now.\n"
    b"Normal Hard|Normal wins 9 in 10 against that player, 8 in 10 against Easy. Hard wins about"
    b" 8 in 10 against Normal."
)

TEXT = {"oracle": ORACLE, "delfos": DELFOS, "delphi": DELPHI, "delphi-calc": DELPHI, "tholos": THOLOS}
# The last page of every game with a table view (not the Delphi calculator: no March screen).
TABLE = (b"Table view|LEFT on the game's main screen (or Table view in this menu): whose turn,"
         b" round, dice, scores, big. Any key: back.")
NO_TABLE = ("delphi-calc",)
