"""Tholos (002_0d97cd214fe6bffb.txt): rules engine, command game and on-device opponent.

``rules``: state, whole turns, scoring; ``game``: ``TholosGame`` for
``session.Session``; ``ai``: the opponent (node budget, deterministic).
"""

# The stone colours (002_0d97cd214fe6bffb.txt: each player's own and the neutral grey), seat numbers
# too; here so the plays log (``records``) names the seats without loading the rules.
WHITE = 0
BLACK = 1
GREY = 2
