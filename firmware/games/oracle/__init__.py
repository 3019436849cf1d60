"""The Oracle of Delphi: oracle dice, Titan die, battle die, turns and rounds."""
import loader


# The seam (issue 22): the Oracle's one place that imports late and forgets.  The set-up screens
# (``ui_setup``) load only while the set-up is shown, and go once the game begins.  Held through
# the game (.mpy build, the tests' 240 KB unix heap), the golden session's peak heap was 6.7 KB
# higher (212,672 bytes against 205,952, tests/golden/oracle.keys) and in 繁體中文 the "Phone"
# code at the game's end found no room for its screen (zh-oracle.keys: "Low memory: try again").
def load(short):
    """The module ``games.oracle.<short>`` (e.g. "ui_setup"), imported now if it is not loaded;
    ImportError if it is not on the device."""
    return loader.import_module("games.oracle." + short)


def unload(short):
    """Let the module ``games.oracle.<short>`` go, on the device only (``loader.release``), and
    the package's name for it too, so its code can be collected; ``load`` imports it again."""
    full = "games.oracle." + short
    loader.release((full,))
    if loader.loaded(full) is None:  # let go (the device): the package's name for it too
        loader.drop("games.oracle", (short,))
