"""Where the rule cases live, for engine tests on both interpreters.

Tests run with the repository root as the working directory.  The project's
own cases are in ``tests/cases/``; the shared ``cases/`` folder beside the
repository (``../shared/cases``, or ``$COMPANION_SHARED/cases``) is used in
addition when it exists, never required.
"""
import json
import os

OWN_CASES = "tests/cases"


def shared_dir():
    try:
        d = os.getenv("COMPANION_SHARED")
    except AttributeError:  # a port without getenv
        d = None
    return d or "../shared"


def _listdir(d):
    try:
        return os.listdir(d)
    except OSError:  # no such folder (a clone with nothing beside it)
        return []


def case_dirs():
    """The case folders that exist: ``tests/cases`` first, then the shared one."""
    out = []
    for d in (OWN_CASES, shared_dir() + "/cases"):
        if _listdir(d):
            out.append(d)
    return out


def case_files(prefix):
    """Sorted paths of ``<prefix>*.json`` in ``tests/cases``, then in the shared cases folder."""
    out = []
    for d in case_dirs():
        names = [n for n in _listdir(d) if n.startswith(prefix) and n.endswith(".json")]
        names.sort()
        out.extend([d + "/" + n for n in names])
    return out


def case_id(path):
    """A short test id for a case path: ``cases/x.json`` or ``shared/x.json``."""
    parts = path.split("/")
    return ("cases/" if path.startswith(OWN_CASES) else "shared/") + parts[-1]


def load_case(path):
    with open(path) as f:
        return json.load(f)


def refused_by(snap):
    """A check ``must_raise(game, cmd)``: ``game.apply(cmd)`` raises ValueError and leaves the
    state as it was, as ``snap(game)`` sees it (a tuple of its parts); else AssertionError."""

    def must_raise(g, cmd):
        before = snap(g)
        try:
            g.apply(cmd)
        except ValueError:
            assert snap(g) == before, "state changed by a refused command %r" % (cmd,)
            return
        raise AssertionError("expected ValueError for %r" % (cmd,))

    return must_raise


def tholos_state(g):
    """A Tholos game's state as a comparable tuple: temple, quarry, workshops, turn, bonus, end."""
    return (repr(g.columns), repr(g.quarry), repr(g.workshops), g.turn, g.pending, g.over)


def tholos_keeps_the_box(g):
    """AssertionError unless a Tholos game holds the box's stones (15 white, 15 black, 10 grey:
    Board Game Arena's implementation, the quarry's 13/13/10 and each workshop's 2) in quarry, workshops and temple,
    columns of 5 at most and workshops of 3 (rulebook)."""
    tot = [g.quarry[c] + g.workshops[0][c] + g.workshops[1][c] for c in range(3)]
    for col in g.columns:
        assert len(col) <= 5
        for s in col:
            tot[s] += 1
    assert tot == [15, 15, 10], tot
    assert sum(g.workshops[0]) <= 3 and sum(g.workshops[1]) <= 3


def raises(fn, *args):
    """Call ``fn(*args)``; True if it raised ValueError, else AssertionError."""
    try:
        fn(*args)
    except ValueError:
        return True
    raise AssertionError("expected ValueError from %r" % (args,))
