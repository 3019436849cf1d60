"""The engine tests under the real MicroPython interpreter, with a Pico-sized heap.

Each test module runs in its own interpreter, against the cross-compiled
firmware, as one game at a time runs on the device.
"""
import ast
import os

import pytest
from helpers import ROOT, run_mp_fw

ENGINE = os.path.join(ROOT, "tests", "engine")
MODULES = sorted(f[:-3] for f in os.listdir(ENGINE) if f.startswith("test_") and f.endswith(".py"))


def count_tests(module):
    with open(os.path.join(ENGINE, module + ".py")) as fh:
        tree = ast.parse(fh.read())
    return sum(1 for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))


@pytest.mark.parametrize("module", MODULES)
def test_engine_module_under_micropython(module):
    r = run_mp_fw("tests/support/mp_run.py", [module])
    out = r.stdout + r.stderr
    assert "MemoryError" not in out, out[-3000:]
    assert r.returncode == 0, out[-3000:]
    last = [ln for ln in r.stdout.splitlines() if ln.startswith("engine:")][-1]
    # every test of the module ran (none skipped or lost), none failed
    assert last == "engine: %d passed, 0 failed" % count_tests(module), last


FULL = r"""
import sys
sys.path.insert(0, sys.argv.pop(1)[5:])
from session import Session
from games.dice.roller import DiceRoller


def main():
    s = Session(DiceRoller, {}, 1)
    s.names = ["Ann", "Bo"]  # as a resumed save sets them (restore._check)
    s.ms = 1
    s.play = 1
    hog = [None] * 6000
    i = 0
    for size in (256, 16, 1):  # the heap filled to the last block
        try:
            while i < 6000:
                hog[i] = bytearray(size)
                i += 1
        except MemoryError:
            pass
    try:
        s.stale = True  # as loop.handle's MemoryError handler does (App._suspect)
        print("set", s.stale)
    except MemoryError:
        print("MemoryError")


main()
"""


def test_a_session_is_marked_stale_with_the_heap_full(tmp_path):
    # Bug (make soak): the "Out of memory" handler raised MemoryError itself: marking a resumed
    # game's session stale grew the instance's dict, on a heap with no block left for it
    script = tmp_path / "full.py"
    script.write_text(FULL)
    r = run_mp_fw(str(script), [])
    assert r.stdout.strip() == "set True", r.stdout + r.stderr


THRESHOLD = r"""
import gc, sys
sys.path.insert(0, sys.argv.pop(1)[5:])
import restore
from games.dice.roller import DiceRoller

doc = {"game": "dice", "seed": 1, "setup": {}, "cmds": [["roll"]] * 30}
s = restore._check("dice", doc, DiceRoller)
print(len(s.cmds), gc.threshold())
try:
    restore._check("dice", dict(doc, cmds=[["no such verb"]]), DiceRoller)
except ValueError as e:
    print(e, gc.threshold())
"""


def test_a_resume_leaves_the_collector_as_it_was(tmp_path):
    # restore._check collects the replay's garbage as it goes (gc.threshold): afterwards, and after
    # a save that does not replay, no collection may be left to run every few KB of the game
    script = tmp_path / "threshold.py"
    script.write_text(THRESHOLD)
    r = run_mp_fw(str(script), [])
    assert r.stdout.split("\n")[:2] == ["30 -1", "does not replay -1"], r.stdout + r.stderr
