"""A city as flat arrays: the shape every scoring rule reads.

``Grid(cols, rows)``: cell ``i = y * cols + x`` (x = column from the left,
y = row from the top).  Three bytearrays of ``cols * rows``:

- ``colour[i]``: 0 empty, else building-tile colour index + 1 (1 green ... 5 purple)
- ``value[i]``: building-tile value 1-5 (0 when empty)
- ``owner[i]``: 0 no architect token, else the token's player colour index + 1
"""
from games.delfos import LETTERS, OWNERS


class Grid:
    def __init__(self, cols, rows):
        self.cols = cols
        self.rows = rows
        n = cols * rows
        self.colour = bytearray(n)
        self.value = bytearray(n)
        self.owner = bytearray(n)

    def put(self, x, y, colour, value, owner):
        """Set one cell: ``colour`` and ``owner`` as indices 0-4 (``owner`` -1: no token)."""
        i = y * self.cols + x
        self.colour[i] = colour + 1
        self.value[i] = value
        self.owner[i] = owner + 1

    def neighbours(self, i):
        """Flat indices of the orthogonal neighbours of cell ``i`` inside the grid."""
        cols = self.cols
        x = i % cols
        out = []
        if x > 0:
            out.append(i - 1)
        if x < cols - 1:
            out.append(i + 1)
        if i >= cols:
            out.append(i - cols)
        if i + cols < cols * self.rows:
            out.append(i + cols)
        return out

    def components(self, accept):
        """Orthogonally connected groups of cells for which ``accept(i)`` is true.

        Returns a list of lists of flat indices; a flood fill with a list as
        stack (no recursion).  Two accepted neighbours are joined only when
        ``accept`` holds for both; callers pass e.g. "same colour" via
        ``areas``.
        """
        n = self.cols * self.rows
        seen = bytearray(n)
        groups = []
        for start in range(n):
            if seen[start] or not accept(start):
                continue
            seen[start] = 1
            stack = [start]
            group = []
            while stack:
                i = stack.pop()
                group.append(i)
                for j in self.neighbours(i):
                    if not seen[j] and accept(j):
                        seen[j] = 1
                        stack.append(j)
            groups.append(group)
        return groups

    def areas(self):
        """All areas: ``[(colour_index, [cells])]``, groups of orthogonally adjacent
        tiles of one colour (Delfos rulebook, Area Majorities; Campaign
        "Notes: Areas are groups of adjacent building tiles of the same colour")."""
        col = self.colour
        out = []
        for c in range(1, 6):
            for g in self.components(lambda i, c=c: col[i] == c):
                out.append((c - 1, g))
        return out

    def tiles(self):
        """Number of building tiles in the grid."""
        n = 0
        for c in self.colour:
            if c:
                n += 1
        return n

    def to_rows(self):
        """Exchange-format rows (tests/cases/README.md): ``"G5y . B3b"`` per row."""
        out = []
        for y in range(self.rows):
            cells = []
            for x in range(self.cols):
                i = y * self.cols + x
                if not self.colour[i]:
                    cells.append(".")
                else:
                    o = OWNERS[self.owner[i] - 1] if self.owner[i] else ""
                    cells.append("%s%d%s" % (LETTERS[self.colour[i] - 1], self.value[i], o))
            out.append(" ".join(cells))
        return out
