"""Tholos (David Bernal, Perro Loko Games, 2021; the Tholos rules): rules engine, command game and on-device opponent.

``rules``: state, whole turns, scoring; ``game``: ``TholosGame`` for
``session.Session``; ``ai``: the opponent (node budget, deterministic).
"""
import loader

# The stone colours (Tholos rules: each player's own and the neutral grey), seat numbers
# too; here so the plays log (``records``) names the seats without loading the rules.
WHITE = 0
BLACK = 1
GREY = 2


# The seam: the package's one late import.  ``ui_zh`` (the screens' drawing in a language with
# glyphs, a 1.9 KB .mpy) is imported when a Tholos screen is first drawn so: in English, never.
def zh():
    """The module ``games.tholos.ui_zh``, imported now if it is not loaded."""
    return loader.import_module("games.tholos.ui_zh")
