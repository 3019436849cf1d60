"""Choosing the panel's chip with no readable screen: OK held at power-on.

The boards' files call ``pick`` as they start when OK is down (the Pico's ``pico.Pico``,
CircuitPython's ``cp_board.Board``); the chip picked reaches the settings through
``board.chosen`` (``prefs.start``).  Settings, "Panel", is the other way.  No hardware here: the
board hands in its frame, its chip switch and its OK button.
"""
from micropython import const

from gfx import H, W, Gfx

CHOOSE_MS = const(2500)  # each chip's test pattern this long


def pick(board, held, sleep_ms):
    """Each chip of ``board.CHIPS`` in turn, set up (``board.set_chip(i)``) and showing its test
    pattern (``board.fb``, ``board.show()``) for ``CHOOSE_MS`` by ``board.clock`` (ticks_ms,
    ticks_diff), until ``held()`` (OK still down) is False; returns the index shown then, the
    frame blank.  ``sleep_ms(n)`` waits n ms.  Needs no readable screen: on the right chip all
    four edges of the pattern are lit; on a wrong one the picture sits two columns to the side
    and an edge is gone (the SH1106's RAM is 132 columns wide, the panel shows 2-129)."""
    fb = board.fb
    g = Gfx(fb)
    clock = board.clock
    chip = 0
    while True:
        board.set_chip(chip)
        g.clear()
        fb.rect(0, 0, W, H, 1)
        g.text("Panel: " + board.CHIPS[chip], 4, 6)
        g.text("All four edges lit?", 4, 24)
        g.text("Let go of OK", 4, 36)
        g.text("to keep this one.", 4, 46)
        board.show()
        t = clock.ticks_ms()
        while clock.ticks_diff(clock.ticks_ms(), t) < CHOOSE_MS:
            if not held():
                g.clear()  # the App's first frame follows on a blank one
                return chip
            sleep_ms(10)
        chip = (chip + 1) % len(board.CHIPS)
