"""Device entry point: the board file sets up the hardware, the App does the rest.

In the project's own image (``make firmware``) this file is frozen in and runs at power-up in
place of any ``/main.py``.  ``sys.path`` is then ``['', '.frozen', '/lib']``: the ``.mpy`` files an
earlier ``make deploy`` left on the flash root would be imported instead of the frozen modules, so
the frozen ones go first.  Nothing on the flash is deleted (saves, a user's own files); on the stock
image ``.frozen`` holds none of the project's names and the order changes nothing.
"""
import sys

_p = sys.path
if ".frozen" in _p:
    _p.remove(".frozen")
    _p.insert(0, ".frozen")

import board  # noqa: E402
from app import App  # noqa: E402

App(board.Board()).boot().run()
