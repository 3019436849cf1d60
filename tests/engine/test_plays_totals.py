"""The running totals beside the plays log (firmware/plays.py) on both interpreters: every
play counted once per game and name, competitive and solo apart, a tie a win for each tied
winner, averages and best scores, an undo taken out, and a power cut at every file step
between the log and the totals mended by running the step again (as the next save or
resume does)."""
import plays
import records
from engine.test_store import FaultFs, PowerCutError
from store import Store


def a_play(n, scores=(30, 20), names=("Ann", "Bob"), bot=None, minutes=40, game="tholos"):
    rk = records.ranks(list(scores))
    return {"n": n, "game": game, "variant": "2 players", "rounds": 18, "minutes": minutes,
            "players": [records.player(names[i], scores[i], rk[i], start=i == 0, bot=i == bot)
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


def test_solo_plays_are_kept_apart_and_the_bot_has_its_row():
    st = Store(FaultFs())
    plays.count(st, a_play(1, (30, 20)))
    plays.count(st, a_play(2, (19, 25), ("Ann", "Device"), bot=1))  # against the device: solo, lost
    plays.count(st, a_play(3, (31, 25), ("Ann", "Device"), bot=1))  # won
    ann = plays.load_totals(st)["games"]["tholos"]["names"]["Ann"]
    assert ann[:4] == [1, 1, 2, 1]
    dev = plays.load_totals(st)["games"]["tholos"]["names"]["Device"]
    assert dev[:4] == [0, 0, 2, 1]


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
