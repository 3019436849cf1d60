"""CircuitPython entry point (CIRCUITPY/code.py; on a Raspberry Pi: ``python3 code.py``).

The board file sets up the hardware, the App does the rest.  A read-only
drive (see boot.py) is said once, over the first screen.
"""
import cp_board
from app import App

board = cp_board.Board()
app = App(board).boot()
if board.note:
    app.toast(board.note)
try:
    app.run()
finally:
    board.close()  # the panel as displayio set it up: CircuitPython shows its console there
