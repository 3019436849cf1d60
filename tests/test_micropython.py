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
