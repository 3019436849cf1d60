"""Saves survive a power cut at every step, every damaged-file kind, and a full flash."""
from store import Store, decode, encode


class PowerCutError(Exception):
    pass


class FaultFs:
    """In-memory files; ``cut_at`` = the step (write, rename, remove) where power fails.

    A write cut mid-way leaves the first half of the data.  ``nospace``:
    'write' or 'close' raises OSError(28) from that stage of a write.
    """

    def __init__(self, files=None, cut_at=-1, nospace=None):
        self.files = dict(files or {})
        self.step = 0
        self.cut_at = cut_at
        self.nospace = nospace

    def _tick(self):
        self.step += 1
        if self.step == self.cut_at:
            return True
        return False

    def read(self, path):
        return self.files.get(path)

    def exists(self, path):
        return path in self.files

    def write(self, path, parts):
        data = b"".join(parts)
        if self.nospace == "write":
            self.files[path] = data[: len(data) // 3]
            raise OSError(28)
        if self._tick():
            self.files[path] = data[: len(data) // 2]
            raise PowerCutError()
        self.files[path] = data
        if self.nospace == "close":
            raise OSError(28)

    def rename(self, a, b):
        if self._tick():
            raise PowerCutError()
        self.files[b] = self.files.pop(a)

    def remove(self, path):
        if self._tick():
            raise PowerCutError()
        self.files.pop(path, None)


def saved_twice():
    fs = FaultFs()
    st = Store(fs)
    st.save("g", {"cmds": [1]})
    st.save("g", {"cmds": [1, 2]})
    return fs


def test_round_trip_and_backup():
    fs = saved_twice()
    doc, warn = Store(fs).load("g")
    assert doc == {"cmds": [1, 2]} and warn is None
    assert decode(fs.files["g.bak"])[1] == {"cmds": [1]}


def test_power_cut_at_every_step_loses_at_most_the_last_command():
    cut = 1
    while True:
        fs = saved_twice()
        fs.cut_at = cut
        fs.step = 0
        st = Store(fs)
        st.load("g")
        try:
            st.save("g", {"cmds": [1, 2, 3]})
            finished = True
        except PowerCutError:
            finished = False
        doc, _warn = Store(FaultFs(fs.files)).load("g")
        assert doc in ({"cmds": [1, 2]}, {"cmds": [1, 2, 3]}), (cut, doc)
        if finished:
            assert doc == {"cmds": [1, 2, 3]}
            break
        cut += 1
    assert cut > 3  # write, remove, rename, rename: every step was cut once


def test_resume_after_cut_then_save_again():
    fs = saved_twice()
    fs.cut_at = 3  # after the .bak is removed and .dat moved: only .tmp is new
    try:
        Store(fs).save("g", {"cmds": [1, 2, 3]})
    except PowerCutError:
        pass
    fs2 = FaultFs(fs.files)
    st = Store(fs2)
    doc, _ = st.load("g")
    st.save("g", {"cmds": [1, 2, 3, 4]})
    doc, _ = Store(FaultFs(fs2.files)).load("g")
    assert doc == {"cmds": [1, 2, 3, 4]}


def damaged(kind, good):
    if kind == "empty":
        return b""
    if kind == "truncated":
        return good[: len(good) - 5]
    if kind == "garbage":
        return b"\x00\xffnot a save at all"
    if kind == "wrong version":
        return b"DTC9" + good[4:]
    if kind == "bit flip":
        b = bytearray(good)
        b[-3] ^= 0x01
        return bytes(b)
    raise ValueError(kind)


def test_each_damaged_kind_falls_back_to_backup_with_a_message():
    for kind in ("empty", "truncated", "garbage", "wrong version", "bit flip"):
        fs = saved_twice()
        fs.files["g.dat"] = damaged(kind, fs.files["g.dat"])
        doc, warn = Store(fs).load("g")
        assert doc == {"cmds": [1]}, kind
        assert warn and "backup" in warn, kind


def test_damaged_without_backup_is_a_fresh_start_with_a_message():
    fs = FaultFs({"g.dat": b"garbage"})
    doc, warn = Store(fs).load("g")
    assert doc is None and warn


def test_no_save_is_quiet():
    assert Store(FaultFs()).load("g") == (None, None)


def test_a_power_cut_inside_a_first_save_leaves_no_save_and_says_nothing():
    # A new game after "New game" (the old one cleared) or a game never saved: the power
    # goes while its first .tmp is written.  Nothing was saved, so nothing is damaged.
    for fs in (FaultFs(), saved_twice()):
        st = Store(fs)
        st.clear("g")
        fs.step, fs.cut_at = 0, 1
        try:
            st.save("g", {"cmds": [9]})
        except PowerCutError:
            pass
        assert sorted(fs.files) == ["g.tmp"]
        assert Store(fs).load("g") == (None, None)


def test_check_rejects_a_save_that_does_not_replay():
    fs = saved_twice()

    def check(doc):
        if len(doc["cmds"]) > 1:
            raise ValueError("bad command")

    doc, warn = Store(fs).load("g", check)
    assert doc == {"cmds": [1]} and warn


def test_full_flash_keeps_previous_save():
    for stage in ("write", "close"):
        fs = saved_twice()
        fs.nospace = stage
        try:
            Store(fs).save("g", {"cmds": [1, 2, 3]})
            raise AssertionError("must raise")
        except OSError as e:
            assert e.args[0] == 28
        assert "g.tmp" not in fs.files
        fs.nospace = None
        doc, warn = Store(fs).load("g")
        assert doc == {"cmds": [1, 2]} and warn is None, stage


def test_encode_header():
    data = encode({"a": 1}, 7)
    assert data.startswith(b"DTC1 7 8 ")
    assert decode(data) == (7, {"a": 1})


def test_adler32_matches_rfc_1950_over_long_saves():
    from store import adler32

    assert adler32(b"Wikipedia") == 0x11E60398  # the worked example of Adler-32
    assert adler32(b"") == 1
    # values from zlib.adler32: sums taken modulo 65521 in blocks must give the same
    assert adler32(b"\xff" * 5000) == 0x54B27596
    assert adler32(bytes(i * 37 % 256 for i in range(3000))) == 0x40CCD520


def test_a_long_save_is_written_in_short_pieces_of_the_documented_format():
    # store.py module docstring: "DTC1 <generation> <length> <adler32>\n<json>"
    import json

    from store import encode_parts

    def adler32_rfc1950(data):  # the definition in RFC 1950 section 9, byte by byte (no zlib under MicroPython)
        a, b = 1, 0
        for byte in data:
            a = (a + byte) % 65521
            b = (b + a) % 65521
        return (b << 16) | a

    doc = {"game": "delfos", "seed": 5, "setup": {"players": 2}, "cmds": [["tile", i, [i, 2]] for i in range(80)],
           "screen": None}
    parts = encode_parts(doc, 4)
    body = json.dumps(doc).encode()
    assert b"".join(parts[1:]) == body
    assert parts[0] == b"DTC1 4 %d %d\n" % (len(body), adler32_rfc1950(body))
    assert max(len(p) for p in parts[1:]) <= 200  # no long block needed in RAM
    assert encode_parts({}, 1)[1:] == [b"{}"]
