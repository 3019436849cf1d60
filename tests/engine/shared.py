"""Where the shared rule cases live, for engine tests on both interpreters.

Tests run with the repository root as the working directory; the project's
``shared/`` folder sits beside the repository (``../shared``).  Set
``COMPANION_SHARED`` to point elsewhere.
"""
import json
import os


def shared_dir():
    try:
        d = os.getenv("COMPANION_SHARED")
    except AttributeError:  # a port without getenv
        d = None
    return d or "../shared"


def case_files(prefix):
    """Sorted paths of ``shared/cases/<prefix>*.json``."""
    d = shared_dir() + "/cases"
    names = [n for n in os.listdir(d) if n.startswith(prefix) and n.endswith(".json")]
    names.sort()
    return [d + "/" + n for n in names]


def load_case(path):
    with open(path) as f:
        return json.load(f)


def raises(fn, *args):
    """Call ``fn(*args)``; True if it raised ValueError, else AssertionError."""
    try:
        fn(*args)
    except ValueError:
        return True
    raise AssertionError("expected ValueError from %r" % (args,))
