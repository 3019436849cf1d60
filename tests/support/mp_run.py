"""Run the engine tests (tests/engine/test_*.py) under any Python.

Usage, from the repository root:
    micropython -X heapsize=128K tests/support/mp_run.py [module ...]

Each test is a plain function named ``test_*`` that uses ``assert``; no
pytest features, so the same file runs under pytest on CPython and here.
Prints one line per failure and a closing ``N passed, N failed`` line;
exits 1 when anything failed or nothing ran.  A MemoryError is a failure.
"""
import gc
import os
import sys

if len(sys.argv) > 1 and sys.argv[1].startswith("--fw="):
    sys.path.insert(0, sys.argv.pop(1)[5:])
else:  # the sources: the firmware and the Pico board's own modules (display, oled)
    sys.path[:0] = ["firmware", "boards/pico_ssd1306"]
sys.path.insert(0, "tests")  # the engine tests: tests/engine as the package `engine`
sys.path.insert(0, "tests/support")
sys.path.insert(0, ".")


def _modules(argv):
    if argv:
        return argv
    names = [n[:-3] for n in os.listdir("tests/engine") if n.startswith("test_") and n.endswith(".py")]
    names.sort()
    return names


def main(argv):
    passed = 0
    failed = 0
    peak = 0
    for name in _modules(argv):
        mod = __import__("engine." + name, None, None, ["x"])
        tests = [k for k in dir(mod) if k.startswith("test_")]
        tests.sort()
        for t in tests:
            fn = getattr(mod, t)
            gc.collect()
            try:
                fn()
                passed += 1
            except Exception as e:  # report and go on: one line per failure
                failed += 1
                print("FAIL", name + "." + t, type(e).__name__, e)
                if hasattr(sys, "print_exception"):
                    sys.print_exception(e)
            if hasattr(gc, "mem_alloc"):
                a = gc.mem_alloc()
                if a > peak:
                    peak = a
    print("engine: %d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


sys.exit(main(sys.argv[1:]))
