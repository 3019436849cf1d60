"""Delphi (Günter Burkhardt, 2002; the Delphi rulebook): march tracker, live display values, fame.

Modules: ``cards`` (codes, names, supply), ``display`` (display values),
``march`` (placing cards, removals), ``fame`` (Parade card settings and
March scoring), ``game`` (``DelphiGame``, NAME "delphi"), ``calc``
(``DisplayCalc``, the standalone display calculator).  Imported lazily by
the platform: this file imports only ``loader`` so a menu can list the game cheaply.
"""
import loader

NAME = "delphi"


# The seam (issue 22): Delphi's one place that imports late and forgets.  The set-up, fame table,
# March result and end screens (``ui_fame``, ``ui_more``, ``ui_march``, ``ui_end``) load only while
# shown so the March screen keeps the heap.  Imported at the top of ``ui`` instead (.mpy build,
# the tests' unix heap), they hold 15.5 KB more beside the App and the screens, the play's peak
# heap grows by 6.3 KB and the golden frames under MicroPython no longer match (delphi-march,
# delphi-oracle; measured at 144 KB with the App's 44.7 KB, the same room beside it as the 180 KB
# heap leaves its 80.9 KB now).
def load(short):
    """The module ``games.delphi.<short>`` (e.g. "ui_more"), imported now if it is not
    loaded; ImportError if it is not on the device."""
    # ui_fame imports ui_march: both half-made when that import runs short (loader.scrub)
    return loader.import_module("games.delphi." + short, ("games.delphi.ui_march",))


def unload(short):
    """Drop the on-demand module ``games.delphi.<short>`` so its code can be
    collected (``load`` imports it again when next needed)."""
    loader.drop("games.delphi", (short,))
