# The modules frozen into the project's own MicroPython image for the Pico and the Pico 2 (`make firmware`,
# `make firmware BOARD=RPI_PICO2`, tools/build_firmware.py):
# the rp2 port's own modules, micropython-lib's SSD1306 driver, the board file with its own
# modules (display, oled, pico) and the firmware, each under the name it is imported by ("app",
# "games.delfos.ui", ...).  Paths are relative to this file; MicroPython's tools/makemanifest.py reads
# it (FROZEN_MANIFEST=...).
# The port's own modules (_boot.py mounts the drive, rp2.py), not the rest of the stock image's set
# (asyncio, onewire, ds18x20, dht, neopixel: about 10 KB the device never imports), so the languages'
# strings and glyphs keep 32 KB of the 640 KB firmware region free (make firmware prints it).
freeze("$(PORT_DIR)/modules")
require("ssd1306")  # micropython-lib's micropython/drivers/display/ssd1306
# The board file: this folder's (I2C), or with wiring="spi" the 7-pin SPI modules' (tools/build_firmware.py
# --wiring spi); every other module of the board is this folder's.
module("board.py", base_path="../pico_ssd1306_spi" if options.wiring == "spi" else ".")
module("display.py")  # the board's own: sends the frame's changed spans
module("oled.py")  # the board's own: the panel chips' set-up over I2C or SPI
module("pico.py")  # the board's own: what the Pico's board files share
# The board's own: text in machine code (viper).  tools/build_firmware.py includes this manifest with
# native= a folder holding ink.mpy compiled for the board's chip (armv6m for the RP2040, armv7emsp for
# the RP2350); included without it, the port compiles ink.py with its own -march=armv6m.
if options.native:
    freeze(options.native, "ink.mpy")
else:
    module("ink.py")
# main.py included: the frozen main runs at boot in place of /main.py.  opt=3: no line numbers in the
# bytecode (about 17 KB of flash; a traceback on the image names the function, not the line: make deploy's
# files keep them for whoever debugs)
freeze("../../firmware", opt=3)
