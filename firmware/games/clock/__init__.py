"""The table's clock for every game and the Timer: ``engine`` (the state beside a game, never an
input to a rule) and ``ui`` (kept running from the board's ticks, drawn, chosen at set-up).
Loaded only when a game has a clock (``Session.clock``): a game without one costs nothing."""
import loader


# The seam: the clock's one place that imports late.  Its modules load with the first game that
# has a clock (its save read, or the clock chosen at set-up), never at boot: on the make deploy
# route every module's bytecode is heap, and a game without a clock keeps all of it.
def load(name):
    """The module ``games.clock.<name>`` ("engine" or "ui"), imported now if it is not loaded;
    ImportError if it is not on the device."""
    return loader.import_module("games.clock." + name)
