"""Dice roller: N dice of X sides, and a first player picked among N (not a rulebook game)."""
