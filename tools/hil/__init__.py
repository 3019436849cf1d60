"""Hardware-in-the-loop harness: the project's firmware on an emulated Raspberry Pi Pico.

A real MicroPython image for the Pico runs in ``rp2040py``'s RP2040 emulator at 125 MHz: the
project's own image (``make firmware``, the firmware frozen in) with only saves on its littlefs
flash, or MicroPython's stock image (``FIRMWARE``, a .uf2) with the files laid out as ``make
deploy`` lays them (``fsimage``); an SSD1306 at 0x3C on I2C0 that decodes the driver's bytes into a 128x64 frame
(``panel``), and the six buttons on GP10-GP15 pressed on a script with emulated-time holds
(``chip``, ``script``).  ``bench`` turns a session into the figures ``make bench`` prints.

Times are emulated nanoseconds unless a name says otherwise (``_ms``).
"""
