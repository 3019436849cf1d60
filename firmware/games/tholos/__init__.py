"""Tholos (David Bernal, Perro Loko Games, 2021; the Tholos rules): rules engine, command game and on-device opponent.

``rules``: state, whole turns, scoring; ``game``: ``TholosGame`` for
``session.Session``; ``ai``: the opponent (node budget, deterministic).
"""

# The stone colours (Tholos rules: each player's own and the neutral grey), seat numbers
# too; here so the plays log (``records``) names the seats without loading the rules.
WHITE = 0
BLACK = 1
GREY = 2
