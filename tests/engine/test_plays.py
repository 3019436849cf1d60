"""The plays log (firmware/plays.py) on both interpreters: the shared format, numbers
added once, bounds (30 plays, the byte cap), removal, ranks with ties, and a power cut
at every file step of an add and a remove (tests/engine/test_store.py's FaultFs)."""
import plays
import records
from engine.test_store import FaultFs, PowerCutError
from store import Store, decode


def a_play(n, game="tholos", names=("Ann", "Bob"), scores=(30, 20)):
    rk = records.ranks(list(scores))
    return {"n": n, "game": game, "variant": "2 players",
            "players": [records.player(names[i], scores[i], rk[i], start=i == 0) for i in range(len(names))],
            "rounds": 18, "minutes": 41}


def test_first_add_writes_the_shared_format():
    fs = FaultFs()
    st = Store(fs)
    n = plays.reserve(st, 0x1234ABCD)
    assert n == 1
    assert plays.add(st, a_play(n), 99)
    gen, doc = decode(fs.files["plays.dat"])
    assert doc["dev"] == "1234abcd" and doc["next"] == 2  # drawn once: the later seed is not used
    assert doc["plays"] == [a_play(1)]
    p = doc["plays"][0]["players"][0]
    assert sorted(p) == ["bot", "name", "named", "rank", "score", "seat", "start", "winner"]
    plays.check(doc)


def test_a_play_is_added_once_and_in_number_order():
    st = Store(FaultFs())
    for n in (1, 2, 3):
        plays.add(st, a_play(n), 1)
    assert not plays.add(st, a_play(2, scores=(1, 2)), 1)  # its number is there: not twice
    assert plays.remove(st, 2)
    assert not plays.remove(st, 2)
    assert plays.add(st, a_play(2), 1)  # redone: back in its place
    doc = plays.load(st)
    assert [p["n"] for p in doc["plays"]] == [1, 2, 3] and doc["next"] == 4


def test_the_oldest_plays_are_dropped_at_30_and_the_document_stays_small():
    st = Store(FaultFs())
    for n in range(1, 41):
        plays.add(st, a_play(n, names=("Al",), scores=(9,)), 1)  # small plays: the 30 bound
    doc = plays.load(st)
    assert [p["n"] for p in doc["plays"]] == list(range(11, 41))
    for n in range(41, 71):
        plays.add(st, a_play(n), 1)  # two players: the byte bound comes first
    doc = plays.load(st)
    kept = [p["n"] for p in doc["plays"]]
    assert kept == list(range(71 - len(kept), 71)) and 20 <= len(kept) < 30
    assert plays.size(doc) <= plays.MAX_BYTES
    five = ("Alexandra", "Bartholome", "Cassandra", "Demetrios", "Eleftheria")
    for n in range(41, 71):
        plays.add(st, a_play(n, "delfos", five, (71, 71, 60, 58, 40)), 1)
    doc = plays.load(st)
    assert plays.size(doc) <= plays.MAX_BYTES < 8192
    assert doc["plays"][-1]["n"] == 70 and len(doc["plays"]) < 30


def test_ranks_share_a_place_and_skip_the_tied_ones():
    # Delphi: equal fame shares a place (Delphi rulebook gives no tie-break)
    assert records.ranks([12, 20, 12, 5]) == [2, 1, 2, 4]
    # Tholos: points, then columns won (Tholos rules; Board Game Arena's implementation)
    assert records.ranks([(27, 3), (27, 4)]) == [2, 1]
    assert records.ranks([(27, 3), (27, 3)]) == [1, 1]


def test_a_damaged_log_is_refused_by_check():
    for bad in ({"dev": "XYZ", "next": 1, "plays": []}, {"dev": "00000001", "next": 0, "plays": []},
                {"dev": "00000001", "next": 2, "plays": [{"n": 1}]},
                {"dev": "00000001", "next": 2, "plays": [dict(a_play(1), board=3)]},
                {"dev": "00000001", "next": 2, "plays": [dict(a_play(1), players=[None])]}):
        try:
            plays.check(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def _base():
    fs = FaultFs()
    st = Store(fs)
    plays.add(st, a_play(1), 7)
    plays.add(st, a_play(2), 7)
    return fs


def test_power_cut_at_every_step_of_an_add_or_a_remove():
    for op in ("add", "remove"):
        cut = 1
        while True:
            fs = _base()
            fs.cut_at = cut
            fs.step = 0
            st = Store(fs)
            try:
                if op == "add":
                    plays.add(st, a_play(3), 7)
                else:
                    plays.remove(st, 2)
            except PowerCutError:
                pass
            else:
                break
            doc = plays.load(Store(fs))  # readable after the cut, each play at most once
            ns = [p["n"] for p in doc["plays"]]
            assert ns in ([1, 2], [1, 2, 3]) if op == "add" else ns in ([1, 2], [1]), (op, cut, ns)
            plays.add(Store(fs), a_play(3), 7)  # the step again (the next save or resume)
            ns = [p["n"] for p in plays.load(Store(fs))["plays"]]
            assert ns in ([1, 2, 3], [1, 3]), (op, cut, ns)
            cut += 1
        assert cut > 3
