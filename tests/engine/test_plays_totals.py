"""The running totals beside the plays log (firmware/plays.py) on both interpreters: every
play counted once per game and name, competitive and solo apart, a tie a win for each tied
winner, averages and best scores, an undo taken out, and a power cut at every file step
between the log and the totals mended by running the step again (as the next save or
resume does)."""
import plays
import records
from engine.test_store import FaultFs, PowerCutError
from store import Store


def a_play(n, scores=(30, 20), names=("Ann", "Bob"), bot=None, minutes=40, game="tholos", unnamed=()):
    """A play of the log; every player but the bot and the seats in ``unnamed`` has a stored name."""
    rk = records.ranks(list(scores))
    return {"n": n, "game": game, "variant": "2 players", "rounds": 18, "minutes": minutes,
            "players": [records.player(names[i], scores[i], rk[i], start=i == 0, bot=i == bot,
                                       named=i != bot and i not in unnamed)
                        for i in range(len(names))]}


def test_each_play_counted_once_with_ties_a_win_for_each():
    st = Store(FaultFs())
    assert plays.count(st, a_play(1, (30, 20)))
    assert not plays.count(st, a_play(1, (30, 20)))  # its number is counted: not twice
    plays.count(st, a_play(2, (25, 25), minutes=50))  # a tie: a win for Ann and for Bob
    plays.count(st, a_play(3, (12, 40), minutes=35))
    doc = plays.load_totals(st)
    t = doc["games"]["tholos"]
    assert (t["plays"], t["minutes"]) == (3, 125)
    ann = t["names"]["Ann"]
    # 3 competitive plays, 2 wins (one shared), no solo play; 67 points in 3 plays, best 30
    assert ann[:7] == [3, 2, 0, 0, 67, 3, 125] and ann[7] == [30, 25, 12]
    bob = t["names"]["Bob"]
    assert bob[:4] == [3, 2, 0, 0] and bob[7] == [40, 25, 20]
    assert [r[0] for r in plays.rows(doc, "tholos")] == ["Ann", "Bob"]


def test_solo_plays_are_kept_apart_and_the_bot_is_no_player():
    # The device is the solo player's opponent: its wins are Ann's solo losses, no row of its own.
    st = Store(FaultFs())
    plays.count(st, a_play(1, (30, 20)))
    plays.count(st, a_play(2, (19, 25), ("Ann", "Device"), bot=1))  # against the device: solo, lost
    plays.count(st, a_play(3, (31, 25), ("Ann", "Device"), bot=1))  # won
    names = plays.load_totals(st)["games"]["tholos"]["names"]
    assert names["Ann"][:4] == [1, 1, 2, 1]
    assert sorted(names) == ["Ann", "Bob"]


def test_people_are_counted_not_seats():
    # Unnamed seats ("White", "P1", ...) go into the game's totals and one unnamed line; a solo
    # game's unnamed player is "You"; Khaos is no row.
    st = Store(FaultFs())
    plays.count(st, a_play(1, (30, 20), ("White", "Black"), unnamed=(0, 1)))
    plays.count(st, a_play(2, (30, 20), ("Ann", "Black"), unnamed=(1,)))
    plays.count(st, a_play(3, (90, 50), ("Green", "Khaos"), bot=1, unnamed=(0,), game="delfos"))
    doc = plays.load_totals(st)
    t = doc["games"]["tholos"]
    assert t["plays"] == 2 and sorted(t["names"]) == ["", "Ann"]
    assert t["names"][""][:2] == [3, 1]  # three unnamed seats in two plays, White's win
    assert [r[0] for r in plays.rows(doc, "tholos")] == ["Ann", "unnamed"]
    d = doc["games"]["delfos"]
    assert list(d["names"]) == ["You"] and d["names"]["You"][:4] == [0, 0, 1, 1]


def test_a_first_version_totals_file_is_migrated_without_losing_a_play():
    # A totals file of before: a row per seat label and for the bots.
    old = {"counted": [1, 2, 3, 4], "below": 0, "games": {
        "tholos": {"plays": 4, "minutes": 100, "names": {
            "Ann": [1, 1, 2, 1, 70, 3, 75, [30, 25, 15]],
            "White": [1, 0, 1, 1, 40, 2, 50, [22, 18]],    # one competitive play, one solo play
            "Black": [2, 1, 0, 0, 30, 2, 50, [20, 10]],
            "Device": [0, 0, 3, 1, 60, 3, 75, [25, 20, 15]]}},
        "oracle": {"plays": 2, "minutes": 180, "names": {"P1": [2, 1, 0, 0, 0, 0, 180, []],
                                                          "P2": [2, 1, 0, 0, 0, 0, 180, []]}}}}
    plays.check_totals(old)
    st = Store(FaultFs())
    st.save("totals", old)
    doc = plays.load_totals(st)
    t = doc["games"]["tholos"]
    assert (t["plays"], t["minutes"]) == (4, 100) and doc["counted"] == [1, 2, 3, 4]
    assert sorted(t["names"]) == ["", "Ann", "You"]
    assert t["names"]["Ann"] == [1, 1, 2, 1, 70, 3, 75, [30, 25, 15]]
    assert t["names"][""][:4] == [3, 1, 0, 0] and t["names"]["You"][:4] == [0, 0, 1, 1]
    assert doc["games"]["oracle"]["names"] == {"": [4, 2, 0, 0, 0, 0, 360, []]}
    assert doc["games"]["oracle"]["plays"] == 2
    plays.check_totals(doc)
    plays.count(st, a_play(5, (9, 3)))  # counting goes on, in the new shape
    assert plays.load_totals(st)["games"]["tholos"]["plays"] == 5


def test_figures_that_cannot_be_true_are_damage_and_rebuilt_from_the_log():
    ann = [1, 1, 0, 0, 5, 1, 3, [5]]
    good = {"v": 2, "counted": [1], "below": 0, "out": [], "games": {"tholos": {"plays": 1, "minutes": 3,
                                                                               "names": {"Ann": ann}}}}
    plays.check_totals(good)

    def bad(**edits):
        import json

        d = json.loads(json.dumps(good))  # a copy (MicroPython has no copy module)
        row = d["games"]["tholos"]["names"]["Ann"]
        for k, v in edits.items():
            if k == "rows":
                for i in range(v):
                    d["games"]["tholos"]["names"]["N%d" % i] = [0, 0, 0, 0, 0, 0, 0, []]
            elif k.startswith("r"):
                row[int(k[1:])] = v
            elif k in ("plays", "minutes"):
                d["games"]["tholos"][k] = v
            else:
                d[k] = v
        return d

    for doc in (bad(r1=9),                  # win rate 900%
                bad(plays=-5), bad(minutes=-30), bad(r6=-30), bad(r0=-1),
                bad(rows=30),               # 30 rows over the cap of 24
                bad(below=10 ** 9),         # counting frozen for ever
                bad(counted=list(range(1, 5001))),
                bad(r7=[5, 9]), bad(r7=[5, 4, 3, 2])):
        try:
            plays.check_totals(doc)
        except ValueError:
            continue
        raise AssertionError(doc)
    # on the store: the damaged file is started again from the log, once, and the play counted
    st = Store(FaultFs())
    plays.add(st, a_play(1), 7)
    plays.add(st, a_play(2, (3, 9)), 7)
    st.save("totals", bad(r1=9))
    assert plays.load_totals(st) is None and plays.damaged(st)
    assert plays.count(st, a_play(2, (3, 9)), plays.load(st)) == "rebuilt"
    doc = plays.load_totals(st)
    assert doc["counted"] == [1, 2] and doc["games"]["tholos"]["names"]["Ann"][:2] == [2, 1]
    assert plays.count(st, a_play(2, (3, 9)), plays.load(st)) is False  # said once
    # a below past every play the device numbered: damage too
    st.save("totals", bad(below=500))
    assert plays.load_totals(st, plays.load(st)) is None
    assert plays.count(st, a_play(2, (3, 9)), plays.load(st)) == "rebuilt"


def test_an_undo_takes_back_a_play_the_log_has_let_go():
    # 35 plays: the log keeps 30, the totals count all; play 2 (long gone from the log, and
    # below the 40 numbers remembered after 45) is taken back from the copy its save keeps.
    st = Store(FaultFs())
    for n in range(1, 46):
        p = a_play(n, (30, 20) if n != 2 else (10, 50), minutes=1)
        plays.add(st, p, 7)
        plays.count(st, p, plays.load(st))
    assert plays.find(plays.load(st), 2) < 0 and plays.load_totals(st)["below"] >= 2
    old = a_play(2, (10, 50), minutes=1)
    assert not plays.remove(st, 2, old)  # not in the log ...
    doc = plays.load_totals(st)
    t = doc["games"]["tholos"]
    assert t["plays"] == 44 and t["names"]["Bob"][:2] == [44, 0] and not plays.counted(doc, 2)
    assert not plays.remove(st, 2, old)  # ... and taken back once (a power cut repeats it)
    assert plays.load_totals(st)["games"]["tholos"]["plays"] == 44


def test_an_undo_takes_the_play_out_and_a_redo_counts_it_again():
    st = Store(FaultFs())
    plays.count(st, a_play(1, (30, 20)))
    plays.count(st, a_play(2, (41, 20), minutes=10))
    assert plays.uncount(st, a_play(2, (41, 20), minutes=10))
    assert not plays.uncount(st, a_play(2, (41, 20), minutes=10))
    doc = plays.load_totals(st)
    ann = doc["games"]["tholos"]["names"]["Ann"]
    assert doc["counted"] == [1] and ann[:7] == [1, 1, 0, 0, 30, 1, 40] and ann[7] == [30]
    assert plays.count(st, a_play(2, (41, 20), minutes=10))
    assert plays.load_totals(st)["games"]["tholos"]["names"]["Ann"][7] == [41, 30]


def test_old_numbers_are_let_go_but_stay_counted():
    st = Store(FaultFs())
    for n in range(1, 61):
        plays.count(st, a_play(n, (1, 0), minutes=1))
    doc = plays.load_totals(st)
    assert len(doc["counted"]) == 40 and doc["below"] == 60 - 40
    assert not plays.count(st, a_play(3, (1, 0)))  # long counted
    assert doc["games"]["tholos"]["plays"] == 60 and doc["games"]["tholos"]["names"]["Ann"][1] == 60


def test_new_totals_start_from_the_plays_the_log_holds():
    st = Store(FaultFs())
    for n in (1, 2):
        plays.add(st, a_play(n), 7)
    plays.add(st, a_play(3, (5, 9)), 7)
    plays.count(st, a_play(3, (5, 9)), plays.load(st))
    doc = plays.load_totals(st)
    assert doc["counted"] == [1, 2, 3] and doc["games"]["tholos"]["names"]["Bob"][:2] == [3, 1]


def test_a_damaged_totals_file_is_refused_by_check():
    good = {"counted": [1], "below": 0, "games": {"tholos": {"plays": 1, "minutes": 3, "names": {
        "Ann": [1, 1, 0, 0, 5, 1, 3, [5]]}}}}
    plays.check_totals(good)
    for bad in ({"counted": [1], "below": -1, "games": {}}, {"counted": ["1"], "below": 0, "games": {}},
                {"counted": [], "below": 0, "games": {"tholos": {"plays": 1, "minutes": 3, "names": {
                    "Ann": [1, 1, 0, 0, 5, 1, [5]]}}}}, []):
        try:
            plays.check_totals(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def _end(st, play):
    """A game's end as plays.sync does it: the log, then the totals."""
    log = plays.load(st)
    if log is None or plays.find(log, play["n"]) < 0:
        plays.add(st, play, 7, log)
    plays.count(st, play, log)


def test_power_cut_at_every_step_between_the_log_and_the_totals():
    for op in ("end", "undo"):
        cut = 1
        while True:
            fs = FaultFs()
            st = Store(fs)
            _end(st, a_play(1))
            if op == "undo":
                _end(st, a_play(2, (3, 9)))
            fs.cut_at = fs.step + cut
            st = Store(fs)
            try:
                if op == "end":
                    _end(st, a_play(2, (3, 9)))
                else:
                    plays.remove(st, 2)
            except PowerCutError:
                pass
            else:
                break
            fs.cut_at = -1
            st = Store(fs)  # the power-on: the step again (the next save or the resume)
            if op == "end":
                _end(st, a_play(2, (3, 9)))
            else:
                plays.remove(st, 2)
            logged = [p["n"] for p in plays.load(st)["plays"]]
            doc = plays.load_totals(st)
            assert doc["counted"] == logged == ([1, 2] if op == "end" else [1]), (op, cut)
            bob = doc["games"]["tholos"]["names"]["Bob"]
            assert bob[:2] == ([2, 1] if op == "end" else [1, 0]), (op, cut, bob)
            cut += 1
        assert cut > 4, (op, cut)


def nested_file(depth=5000, gen=9):
    """A small file of the store's format with a good checksum whose JSON nests ``depth`` deep."""
    from savefile import MAGIC, adler32

    body = b"[" * depth + b"]" * depth
    return MAGIC + b"%d %d %d\n" % (gen, len(body), adler32(body)) + body


def test_a_small_file_nested_too_deep_is_damage_not_low_memory():
    # MicroPython's parser runs out of memory on 5,000 nested lists (CPython's recurses too
    # deep): a 10 KB file is no want of RAM, it is damaged; the good backup is taken.
    fs = FaultFs()
    st = Store(fs)
    plays.add(st, a_play(1), 7)
    plays.add(st, a_play(2), 7)  # plays.bak: the log with play 1
    fs.files["plays.dat"] = nested_file()
    st = Store(fs)
    doc = plays.load(st)
    assert not st.short and [p["n"] for p in doc["plays"]] == [1]
    fs.files["totals.dat"] = nested_file()
    st = Store(fs)
    assert plays.load_totals(st) is None and not st.short and plays.damaged(st)
    assert plays.count(st, a_play(1), plays.load(st)) == "rebuilt"
    assert plays.load_totals(st)["counted"] == [1]


def test_a_person_stored_as_a_bots_name_counts_with_the_unnamed_seats():
    # Khaos and the device are never a row of the statistics (a file with one is damaged): a
    # player whose stored name is theirs is counted in the unnamed line
    st = Store(FaultFs())
    plays.count(st, a_play(1, (30, 20), ("Khaos", "Bob")))
    rows = plays.load_totals(st)["games"]["tholos"]["names"]
    assert sorted(rows) == ["", "Bob"] and rows[""][:2] == [1, 1]
