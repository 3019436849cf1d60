"""ui.NumberPick hands back only values in its range (issue 9: Delphi "Cards left in
hand" could open at an out-of-range estimate, and "Done" then failed)."""
import pytest
from keys import DOWN, LEFT, OK, RIGHT, UP
from ui import NumberPick


class FakeApp:
    def changed(self):
        pass

    def pop(self):
        pass


def _pick(value, lo, hi, keys):
    got = []
    p = NumberPick(FakeApp(), "t", value, lo, hi, got.append)
    for k in keys:
        p.key(k)
    p.key(OK)
    return got[0]


@pytest.mark.parametrize("start,want", [(12, 7), (99, 7), (-3, 0), (None, 0), (5, 5)])
def test_start_value_is_brought_into_range(start, want):
    assert _pick(start, 0, 7, []) == want


def test_steps_stay_in_range():
    assert _pick(12, 0, 7, [UP]) == 0      # from 7 (the top) one up wraps to the bottom
    assert _pick(12, 0, 7, [DOWN]) == 6
    assert _pick(3, 0, 7, [RIGHT]) == 7    # a step of 10 stops at the bound
    assert _pick(3, 0, 7, [LEFT]) == 0
    assert _pick(-20, -6, 0, [LEFT, DOWN]) == 0  # -6, -16 -> -6, then down wraps to 0


def test_every_key_sequence_gives_a_value_in_range():
    keys = [UP, DOWN, LEFT, RIGHT]
    for start in (-50, -1, 0, 4, 9, 50):
        for a in keys:
            for b in keys:
                for c in keys:
                    assert 2 <= _pick(start, 2, 9, [a, b, c]) <= 9
