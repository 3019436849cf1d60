"""CircuitPython boot.py (CIRCUITPY/boot.py): let the game write its saves to CIRCUITPY.

CircuitPython lets either the computer (over USB) or the code write to the
drive, never both.  By default this makes the drive writable for the game
(saves survive power-off; the computer sees it read-only).  Hold UP (GP10)
while plugging in to keep it writable for the computer (to copy new files):
the game then keeps saves in RAM only, and says so.  Runs only at power-up
or reset, not on a soft reload.
"""
import board
import digitalio
import storage

up = digitalio.DigitalInOut(board.GP10)
up.switch_to_input(pull=digitalio.Pull.UP)
if up.value:  # not held (a pressed button pulls the pin to GND)
    storage.remount("/", readonly=False)
up.deinit()
