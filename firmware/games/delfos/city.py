"""The new city of Delfos while it is built: legal positions and the tile supply.

Delfos rulebook, Place A Building Tile, Placement Rules A-C: the first
tile goes roughly in the centre; every later tile orthogonally adjacent to a
placed one; the whole city within ``cols`` x ``rows`` (8 x 5 solo/2/4
players, 9 x 5 for 3/5 players).  The limit is a bounding box that floats
until it is full (the rulebook's reading of the limit).

Coordinates: the city lives on a canvas of ``(2*cols-1) x (2*rows-1)`` cells,
``x`` the column from the left, ``y`` the row from the top.  The first tile
always goes on the canvas centre ``(cols-1, rows-1)`` so every box that can
still hold it fits on the canvas.  Cells use the ``grid.Grid`` encoding
(``colour``/``value``/``owner`` bytearrays, 0 = empty/none, else index + 1).
"""
from games.delfos import SUPPLY
from games.delfos.grid import Grid


class City:
    def __init__(self, cols, rows):
        self.cols = cols  # limit box
        self.rows = rows
        self.w = 2 * cols - 1  # canvas
        self.h = 2 * rows - 1
        n = self.w * self.h
        self.colour = bytearray(n)
        self.value = bytearray(n)
        self.owner = bytearray(n)
        self.count = 0
        # bounding box of the placed tiles (inclusive); meaningless while empty
        self.x0 = self.y0 = 99
        self.x1 = self.y1 = -1
        # tiles still in the box: supply[colour * 5 + value - 1]
        self.supply = bytearray(SUPPLY * 5)

    def at(self, x, y):
        """``(colour index, value, owner index)`` at canvas (x, y); None when empty or
        off the canvas.  Owner -1: no token."""
        if not (0 <= x < self.w and 0 <= y < self.h):
            return None
        i = y * self.w + x
        if not self.colour[i]:
            return None
        return self.colour[i] - 1, self.value[i], self.owner[i] - 1

    def left(self, colour, value):
        """How many tiles of ``colour`` (index) and ``value`` 1-5 are still unplaced."""
        return self.supply[colour * 5 + value - 1]

    def has_neighbour(self, x, y, colour=-1):
        """True when (x, y) has an orthogonal neighbour tile (of colour index ``colour`` when >= 0)."""
        w = self.w
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nx = x + dx
            ny = y + dy
            if 0 <= nx < w and 0 <= ny < self.h:
                c = self.colour[ny * w + nx]
                if c and (colour < 0 or c == colour + 1):
                    return True
        return False

    def is_legal(self, x, y):
        """True when a building tile may go on canvas (x, y) now (Placement Rules A-C)."""
        if not (0 <= x < self.w and 0 <= y < self.h):
            return False
        if self.count == 0:
            return x == self.cols - 1 and y == self.rows - 1
        if self.colour[y * self.w + x]:
            return False
        if not self.has_neighbour(x, y):
            return False
        bw = max(self.x1, x) - min(self.x0, x) + 1
        bh = max(self.y1, y) - min(self.y0, y) + 1
        return bw <= self.cols and bh <= self.rows

    def legal_positions(self):
        """All legal ``(x, y)``, sorted top to bottom then left to right: the cells that
        ``is_legal`` accepts (Placement Rules A-C), found in one pass over the box."""
        if self.count == 0:
            return [(self.cols - 1, self.rows - 1)]
        # Only cells within one step of the bounding box can touch a tile, and a step
        # outside it is legal only while the box is narrower (lower) than the limit: the
        # scan covers exactly those cells, then each empty one needs a tile beside it.
        # (Speed: this runs for every turn screen and Khaos placement, and in every
        # replay of a saved game.)
        w = self.w
        h = self.h
        col = self.colour
        x0 = self.x0
        x1 = self.x1
        y0 = self.y0
        y1 = self.y1
        if x1 - x0 + 1 < self.cols:
            x0 = max(0, x0 - 1)
            x1 = min(w - 1, x1 + 1)
        if y1 - y0 + 1 < self.rows:
            y0 = max(0, y0 - 1)
            y1 = min(h - 1, y1 + 1)
        out = []
        last = w - 1
        bottom = h - 1
        for y in range(y0, y1 + 1):
            row = y * w
            for x in range(x0, x1 + 1):
                i = row + x
                if col[i]:
                    continue
                if ((x > 0 and col[i - 1]) or (x < last and col[i + 1])
                        or (y > 0 and col[i - w]) or (y < bottom and col[i + w])):
                    out.append((x, y))
        return out

    def check(self, colour, value, x, y):
        """Raise ValueError (short reason) unless the tile can be placed at (x, y)."""
        if not (0 <= colour < 5) or not (1 <= value <= 5):
            raise ValueError("no such tile")
        if not self.supply[colour * 5 + value - 1]:
            raise ValueError("no such tile left")
        if not self.is_legal(x, y):
            raise ValueError("illegal position")

    def place(self, colour, value, x, y, owner):
        """Place a tile (colour index, value) with ``owner``'s architect token (index).
        Checks first (``check``); nothing changes on ValueError."""
        self.check(colour, value, x, y)
        i = y * self.w + x
        self.colour[i] = colour + 1
        self.value[i] = value
        self.owner[i] = owner + 1
        self.supply[colour * 5 + value - 1] -= 1
        self.count += 1
        self.x0 = min(self.x0, x)
        self.x1 = max(self.x1, x)
        self.y0 = min(self.y0, y)
        self.y1 = max(self.y1, y)

    def frame(self):
        """``(x0, y0, x1, y1)``: the canvas cells where a tile may still ever go (the
        floating box's reach); the whole canvas while empty.  A screen can draw this
        window and nothing outside it."""
        if self.count == 0:
            return 0, 0, self.w - 1, self.h - 1
        return (max(0, self.x1 - self.cols + 1), max(0, self.y1 - self.rows + 1),
                min(self.w - 1, self.x0 + self.cols - 1), min(self.h - 1, self.y0 + self.rows - 1))

    def to_grid(self):
        """The placed tiles' bounding box as a ``grid.Grid`` (the scored city; a
        finished city is exactly ``cols`` x ``rows``)."""
        if self.count == 0:
            return Grid(0, 0)
        g = Grid(self.x1 - self.x0 + 1, self.y1 - self.y0 + 1)
        k = 0
        for y in range(self.y0, self.y1 + 1):
            for x in range(self.x0, self.x1 + 1):
                i = y * self.w + x
                g.colour[k] = self.colour[i]
                g.value[k] = self.value[i]
                g.owner[k] = self.owner[i]
                k += 1
        return g
