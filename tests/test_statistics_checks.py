"""History's Statistics check what they show (docs/playing.md: a file whose figures cannot be true
is damaged, counted again from the log, and the screen says so once): figures no play can give, a
play number past any the device gave, more than 24 names, a row for Khaos, and a file far larger
than any the device writes (on MicroPython it said "Low memory: try again" every time and was
never rebuilt)."""
import os

import helpers
import plays
import pytest
from helpers import boot, press
from keys import BACK, OK
from test_plays_ui import finish, log, tholos_with_names

HISTORY_STATS = [BACK, OK, OK]  # main menu: the device menu, History, Statistics


def _two_plays(path):
    """Ann and Bob's two Tholos plays, logged and counted; the App back on the main menu."""
    app = tholos_with_names(path)
    finish(app)
    app.home()
    app.new_game("tholos")
    app.render()
    press(app, [OK, 2, OK, 2, OK])  # two players, White Ann, Black Bob
    finish(app)
    app.home()
    app.render()
    return app


def _totals(app):
    return plays.load_totals(app.store)


def _spoil(doc, how):
    ann = doc["games"]["tholos"]["names"]["Ann"]
    t = doc["games"]["tholos"]
    if how == "best score 10^40":
        ann[7][0] = 10 ** 40
    elif how == "average above the best":
        ann[4] = ann[7][0] * ann[5] + 1
    elif how == "28 name rows":
        for i in range(26):
            t["names"]["N%02d" % i] = [1, 0, 0, 0, 0, 0, 0, []]
        t["plays"] = 30
    elif how == "25 names":
        for i in range(23):
            t["names"]["N%02d" % i] = [1, 0, 0, 0, 0, 0, 0, []]
        t["plays"] = 30
    elif how == "a Khaos row":
        t["names"]["Khaos"] = [0, 0, 1, 1, 20, 1, 0, [20]]
    elif how == "a play number past any given":
        doc["counted"].append(7)
    elif how == "below past any given":
        doc["below"] = 5
    return doc


SPOILED = ("best score 10^40", "average above the best", "28 name rows", "25 names", "a Khaos row",
           "a play number past any given", "below past any given")


@pytest.mark.parametrize("how", SPOILED)
def test_statistics_that_cannot_be_true_are_rebuilt_with_the_message(tmp_path, how):
    app = _two_plays(tmp_path)
    good = _totals(app)
    bad = _spoil(_totals(app), how)
    for _copy in range(2):  # the file and its backup: no copy of it true
        app.store.save(plays.TOTALS, bad)
    press(app, HISTORY_STATS)
    assert app.toast_text == plays.REBUILT
    assert type(app.top()).__name__ == "Stats" and app.top().doc == good  # counted again from the log
    assert _totals(app) == good and len(log(tmp_path)["plays"]) == 2
    press(app, [OK])  # the message goes
    press(app, [BACK, OK])  # and the Statistics again: no message now
    assert not app.toast_text and app.top().doc == good


def test_a_totals_file_larger_than_any_the_device_writes_is_rebuilt(tmp_path):
    app = _two_plays(tmp_path)
    good = _totals(app)
    big = _totals(app)
    big["counted"] = list(range(1, 5001))  # 5,000 play numbers: 29 KB
    for _copy in range(2):  # the file and its backup
        app.store.save(plays.TOTALS, big)
    assert os.path.getsize(str(tmp_path / "totals.dat")) > plays.TOTALS_BYTES
    press(app, HISTORY_STATS)
    assert app.toast_text == plays.REBUILT and app.top().doc == good


def _largest_totals():
    """Totals as large as the device can write them: 4 games, 24 stored names of 40 characters
    (the check's bound) and "You" and the unnamed line each, every figure near its bound."""
    doc = {"v": 2, "counted": list(range(999960, 1000000))[:40], "below": 999959, "out": list(range(999949, 999959)),
           "games": {}}
    for g in plays.GAMES:
        rows = {}
        for i in range(24):
            rows[("%02d" % i) + "x" * 38] = [2999997, 2999997, 2999997, 2999997, -999999999, 5999994, 599999994,
                                               [999999, 999999, 999999]]
        rows[plays.YOU] = [1, 0, 2, 0, -2999997, 3, 1, [-999999, -999999, -999999]]
        rows[plays.UNNAMED] = [1, 0, 2, 0, -2999997, 3, 1, [-999999, -999999, -999999]]
        doc["games"][g] = {"plays": 999999, "minutes": 99999999, "names": rows}
    return doc


def test_the_largest_true_totals_file_is_within_the_bound(tmp_path):
    doc = _largest_totals()
    plays.check_totals(doc)
    from store import OsFs, Store

    st = Store(OsFs(str(tmp_path)))
    st.save(plays.TOTALS, doc)
    assert os.path.getsize(str(tmp_path / "totals.dat")) <= plays.TOTALS_BYTES
    assert plays.load_totals(st) == doc


MP_STATS = r"""
import sys
sys.path.insert(0, sys.argv.pop(1)[5:])
sys.path.insert(0, "tests/support")
import device_run
app = device_run.bench_app(sys.argv[1], 3)
for k in (4, 3, 3):  # BACK: the device menu; History; Statistics
    app.handle(k)
    app.render()
print("shown", type(app.top()).__name__, app.toast_text)
"""


def test_on_micropython_a_29_kb_totals_file_is_rebuilt_not_low_memory(tmp_path):
    app = _two_plays(tmp_path / "save")
    good = _totals(app)
    big = _totals(app)
    big["counted"] = list(range(1, 5001))
    for _copy in range(2):
        app.store.save(plays.TOTALS, big)
    assert os.path.getsize(str(tmp_path / "save" / "totals.dat")) > 28000
    for f in os.listdir(str(tmp_path / "save")):  # no game open at the boot
        if f.startswith("tholos") or f.startswith("app"):
            os.remove(str(tmp_path / "save" / f))
    script = tmp_path / "stats.py"
    script.write_text(MP_STATS)
    r = helpers.run_mp_fw(str(script), [str(tmp_path / "save")], timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "shown Stats %s" % plays.REBUILT in r.stdout, r.stdout + r.stderr
    assert _totals(boot(tmp_path / "save")) == good
