"""The CIRCUITPY drive's one list (boards/circuitpython_ssd1306/drive.txt), the build and the README.

Issue 23: the README's table of the drive named 10 of the 15 top-level firmware modules; the
build and the table now come from the same list, and the list must hold every firmware module
the App can import (all of ``firmware/`` but ``main.py``, MicroPython's entry point).
"""
import os
import re
import stat

from tools import cp_drive

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def readme_drive_names():
    """Every backquoted name in the first column of the "on CIRCUITPY" table of the CircuitPython
    guide (docs/circuitpython.md)."""
    with open(os.path.join(ROOT, "docs", "circuitpython.md")) as f:
        text = f.read()
    start = text.index("| on CIRCUITPY | from |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        line = line.strip()
        if not line.startswith("|"):
            break
        rows.append(line.split("|")[1])
    return sorted(n for row in rows for n in re.findall(r"`([^`]+)`", row))


def test_the_readme_table_names_exactly_the_drive_list():
    assert readme_drive_names() == sorted(dest for dest, _src in cp_drive.entries(ROOT))


def test_the_list_holds_every_firmware_module_but_main():
    want = sorted(n + ("/" if os.path.isdir(os.path.join(ROOT, "firmware", n)) else "")
                  for n in os.listdir(os.path.join(ROOT, "firmware"))
                  if n != "main.py" and n != "__pycache__" and (n.endswith(".py") or
                                                                os.path.isdir(os.path.join(ROOT, "firmware", n))))
    got = sorted(src[len("firmware/"):] for _dest, src in cp_drive.entries(ROOT) if src.startswith("firmware/"))
    assert got == want


def test_without_mpy_cross_every_file_goes_on_as_source():
    drive = cp_drive.files(ROOT)
    assert not [p for p in drive if not p.endswith(".py")]
    assert drive["code.py"].startswith(b'"""CircuitPython entry point')
    assert "games/delfos/game.py" in drive and "lib/adafruit_ticks.py" in drive


def test_with_mpy_cross_all_but_code_and_boot_are_compiled(tmp_path):
    fake = tmp_path / "mpy-cross"  # stands in for CircuitPython's: "C" and the source's length
    fake.write_text('#!/bin/sh\nout="$2"; src="$3"\nprintf "C%s" "$(wc -c < "$src")" > "$out"\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    drive = cp_drive.files(ROOT, str(fake))
    assert sorted(p for p in drive if p.endswith(".py")) == ["boot.py", "code.py"]
    assert drive["games/delfos/game.mpy"].startswith(b"C") and "games/delfos/game.py" not in drive
    assert drive["cp_board.mpy"].startswith(b"C") and "lib/adafruit_ticks.mpy" in drive
    size = os.path.getsize(os.path.join(ROOT, "firmware", "app.py"))
    assert drive["app.mpy"] == b"C%d" % size


def test_a_module_that_does_not_compile_is_named(tmp_path):
    fake = tmp_path / "mpy-cross"
    fake.write_text('#!/bin/sh\necho "SyntaxError: invalid syntax" >&2\nexit 1\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    try:
        cp_drive.files(ROOT, str(fake))
    except ValueError as e:
        assert "SyntaxError" in str(e) and ".py" in str(e)
    else:
        raise AssertionError("no ValueError")
