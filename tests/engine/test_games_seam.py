"""The games' seam (firmware/games/__init__.py, through firmware/loader.py): ``loader.forget``, the
work of ``games.unload``, lets go of every other game's modules and keeps the open game's and
everything that is no game module, on CPython and under MicroPython alike."""
from games import PACKAGES
from loader import forget


class Pkg:
    pass


def modules():
    """A sys.modules of 30 game modules (more than forget's batch of 8 keys) and others."""
    pkg = Pkg()
    for short in PACKAGES:
        setattr(pkg, short, short)
    d = {"games": pkg, "app": 1, "gamesx": 2, "games.delfosx": 3}
    for short in PACKAGES:
        d["games." + short] = short
        for i in range(5):
            d["games.%s.m%d" % (short, i)] = i
    return d


def test_forget_keeps_the_open_game_and_what_is_no_game_module():
    d = modules()
    forget(d, "delfos", PACKAGES)
    games = sorted(k for k in d if k.startswith("games."))
    assert games == ["games.delfos", "games.delfos.m0", "games.delfos.m1", "games.delfos.m2",
                     "games.delfos.m3", "games.delfos.m4"]
    assert d["app"] == 1 and d["gamesx"] == 2 and "games" in d
    pkg = d["games"]
    assert getattr(pkg, "delfos", None) == "delfos"
    assert [s for s in ("oracle", "delphi", "tholos", "dice") if getattr(pkg, s, None) is not None] == []


def test_forget_with_no_game_open_lets_every_game_go():
    d = modules()
    forget(d, None, PACKAGES)
    assert sorted(d) == ["app", "games", "gamesx"]
    assert PACKAGES == ("oracle", "delfos", "delphi", "tholos", "dice", "timer")
