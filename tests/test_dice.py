"""The dice: same results on both interpreters, and no bias (chi-squared)."""
from helpers import run_mp_fw
from rng import Rng

from games.oracle import rules

SEED = 20261129

# Upper 0.1 % points of the chi-squared distribution (standard tables):
# a fair die fails this with probability 0.001 per die and seed.
CHI2_999 = {5: 20.515, 9: 27.877}


def sequence(seed, n):
    r = Rng(seed)
    out = []
    for _ in range(n):
        out.append(rules.roll_oracle_die(r))
        out.append(rules.roll_titan_die(r))
        out.append(rules.roll_battle_die(r))
    return out


def test_first_1000_rolls_identical_under_micropython():
    script = (
        "import sys\nsys.path.insert(0, sys.argv[1][5:])\n"
        "from rng import Rng\nfrom games.oracle import rules\n"
        "r = Rng(%d)\nfor _ in range(1000):\n"
        "    print(rules.roll_oracle_die(r), rules.roll_titan_die(r), rules.roll_battle_die(r))\n" % SEED
    )
    import os
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script)
    try:
        r = run_mp_fw(f.name, [])
    finally:
        os.unlink(f.name)
    assert r.returncode == 0, r.stderr
    got = [int(v) for v in r.stdout.split()]
    assert got == sequence(SEED, 1000)


def chi2(counts):
    n = sum(counts)
    e = n / len(counts)
    return sum((c - e) ** 2 / e for c in counts)


def test_chi_squared_every_die():
    n = 60000
    for name, roll, lo, faces in (
        ("oracle", rules.roll_oracle_die, 0, 6),
        ("titan", rules.roll_titan_die, 1, 6),
        ("battle", rules.roll_battle_die, 0, 10),
    ):
        r = Rng(SEED + faces)
        counts = [0] * faces
        for _ in range(n):
            v = roll(r)
            assert lo <= v < lo + faces
            counts[v - lo] += 1
        assert chi2(counts) < CHI2_999[faces - 1], (name, counts)


def test_chi_squared_shuffle_positions():
    # Fisher-Yates: each of 5 items lands in position 0 equally often.
    r = Rng(SEED)
    counts = [0] * 5
    for _ in range(20000):
        items = [0, 1, 2, 3, 4]
        r.shuffle(items)
        counts[items[0]] += 1
    assert chi2(counts) < 18.467  # df 4, 0.1 %


def test_a_biased_die_would_fail():
    # The check itself can fail: a die that never shows one face is rejected.
    counts = [12000, 12000, 12000, 12000, 12000, 0]
    assert chi2(counts) > CHI2_999[5]
