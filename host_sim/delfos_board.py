"""Host-side model of the Ancient Delfos Game Board, for the solo simulator.

The rulebook does not give the board's size (../shared/facts.md: 60 tiles plus
3 white-outlined spaces in the middle row).  ASSUMPTION, kept here and nowhere
else: 9 columns x 7 rows = 63 spaces, the three white-outlined spaces are the
centre three of the middle row (row 3, columns 3, 4, 5).  Nothing on the device
depends on it.  Runs on CPython and MicroPython (plain code, no f-strings).

Set-up (000_fef439a868e6782a.txt, General Set-Up): the 60 building tiles are
drawn from the bag and laid row by row from the top on the brown-outlined
spaces.  Khaos's markers start on the left and right white spaces (Solo Mode,
Khaos set-up B).
"""
from games.delfos import SUPPLY

COLS = 9
ROWS = 7
WHITES = (3 * COLS + 3, 3 * COLS + 4, 3 * COLS + 5)


class Board:
    """``tcol``/``tval``: flat bytearrays (colour index + 1 / value; 0 = no tile);
    ``markers``: {owner key: [position or -1, position or -1]}."""

    def __init__(self, rng):
        bag = []
        for c in range(5):
            for v in range(5):
                for _ in range(SUPPLY[v]):
                    bag.append((c, v + 1))
        rng.shuffle(bag)
        n = COLS * ROWS
        self.cols = COLS
        self.rows = ROWS
        self.tcol = bytearray(n)
        self.tval = bytearray(n)
        k = 0
        for i in range(n):
            if i in WHITES:
                continue
            c, v = bag[k]
            k += 1
            self.tcol[i] = c + 1
            self.tval[i] = v
        self.markers = {}

    def tiles_left(self):
        n = 0
        for c in self.tcol:
            if c:
                n += 1
        return n

    def relocation_spaces(self, key, m):
        """Spaces marker ``m`` of ``key`` may be put on: a white-outlined space or a
        space holding another architect marker (Player Turn; Movement Rule D)."""
        out = list(WHITES)
        for k in self.markers:
            ms = self.markers[k]
            for j in range(2):
                if ms[j] >= 0 and not (k == key and j == m) and ms[j] not in out:
                    out.append(ms[j])
        return out

    def take(self, key, m, pos):
        """Move marker ``m`` of ``key`` onto ``pos`` and take its tile: (colour, value)."""
        c = self.tcol[pos] - 1
        v = self.tval[pos]
        if c < 0:
            raise ValueError("no tile at %d" % pos)
        self.tcol[pos] = 0
        self.tval[pos] = 0
        self.markers[key][m] = pos
        return c, v
