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


def raises(fn, *args):
    """Call ``fn(*args)``; True if it raised ValueError, else AssertionError."""
    try:
        fn(*args)
    except ValueError:
        return True
    raise AssertionError("expected ValueError from %r" % (args,))
