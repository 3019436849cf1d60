"""Tholos (002_0d97cd214fe6bffb.txt): rules engine, command game and on-device opponent.

``rules``: state, whole turns, scoring; ``game``: ``TholosGame`` for
``session.Session``; ``ai``: the opponent (node budget, deterministic).
"""
