"""Hardware-in-the-loop harness: the project's firmware on an emulated Raspberry Pi Pico.

The real MicroPython image for the Pico (``FIRMWARE``, a .uf2) runs in ``rp2040py``'s RP2040
emulator at 125 MHz, with the files laid out on its littlefs flash as ``make deploy`` lays them
(``fsimage``), an SSD1306 at 0x3C on I2C0 that decodes the driver's bytes into a 128x64 frame
(``panel``), and the six buttons on GP10-GP15 pressed on a script with emulated-time holds
(``chip``, ``script``).  ``bench`` turns a session into the figures ``make bench`` prints.

Times are emulated nanoseconds unless a name says otherwise (``_ms``).
"""
