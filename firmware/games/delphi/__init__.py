"""Delphi (001_a0183e32d4fbc2ba.txt): march tracker, live display values, fame.

Modules: ``cards`` (codes, names, supply), ``display`` (display values),
``march`` (placing cards, removals), ``fame`` (Parade card settings and
March scoring), ``game`` (``DelphiGame``, NAME "delphi"), ``calc``
(``DisplayCalc``, the standalone display calculator).  Imported lazily by
the platform: this file imports nothing so a menu can list the game cheaply.
"""
NAME = "delphi"
