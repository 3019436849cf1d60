"""Power cuts inside the file system, for the tests on both interpreters: ``Cut`` is the power
going (a BaseException: nothing the App catches), ``CutFs`` an ``OsFs`` that cuts it at a step."""
from store import OsFs


class Cut(BaseException):
    """The power goes: nothing after this runs."""


class CutFs(OsFs):
    """Cuts the power at file-system step ``at`` (each write, rename and remove is a step; 0:
    never); a cut write leaves half a file.  ``n``: the steps so far."""

    def __init__(self, root, at):
        OsFs.__init__(self, root)
        self.at = at
        self.n = 0

    def step(self):
        self.n += 1
        if self.n == self.at:
            raise Cut()

    def write(self, path, parts):
        self.n += 1
        if self.n == self.at:
            data = b"".join(parts)
            OsFs.write(self, path, (data[:len(data) // 2],))
            raise Cut()
        OsFs.write(self, path, parts)

    def rename(self, a, b):
        self.step()
        OsFs.rename(self, a, b)

    def remove(self, path):
        self.step()
        OsFs.remove(self, path)
