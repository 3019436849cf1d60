"""The HIL harness's own parts that need no emulated chip: the SSD1306 decoder and the flash image.

The byte streams are those of micropython-lib's ``ssd1306`` driver: ``write_cmd`` sends
``0x80, cmd`` per command byte, ``write_data`` sends ``0x40`` and the data (SSD1306 datasheet
8.1.5: Co and D/C# bits of the control byte; 10.1.4: column address 0x21, page address 0x22).
"""
from helpers import mpy_cross

from tools.hil import fsimage
from tools.hil.panel import Panel
from tools.hil.session import parse


class Clock:
    nanos = 0


class Bus:
    """Stands for rp2040py's RPI2C: records the target's answers."""

    def __init__(self):
        self.acks = []

    def complete_start(self):
        pass

    def complete_connect(self, ack):
        self.acks.append(ack)

    def complete_write(self, ack):
        self.acks.append(ack)

    def complete_read(self, v):
        pass

    def complete_stop(self):
        pass

    def _set_interrupts(self, mask):
        self.acks.append("tx_empty")


def send(panel, clock, address, data, at_ms):
    clock.nanos = at_ms * 1_000_000
    panel.i2c.on_start(False)
    panel.i2c.on_connect(address, 0)
    for b in data:
        panel.i2c.on_write_byte(b)
    panel.i2c.on_stop()


def cmd(panel, clock, at_ms, *cmds):
    for c in cmds:
        send(panel, clock, 0x3C, [0x80, c], at_ms)


def test_windows_place_data_in_the_page_layout():
    clock = Clock()
    bus = Bus()
    p = Panel(bus, clock)
    cmd(p, clock, 1, 0xAF, 0x20, 0x00, 0x21, 10, 12, 0x22, 2, 3)  # horizontal addressing
    send(p, clock, 0x3C, [0x40, 1, 2, 3, 4, 5, 6, 7], 1)  # 3 columns x 2 pages, then wraps
    assert p.on
    assert p.ram[2 * 128 + 10:2 * 128 + 13] == bytes([7, 2, 3])
    assert p.ram[3 * 128 + 10:3 * 128 + 13] == bytes([4, 5, 6])
    assert sum(p.ram) == 7 + 2 + 3 + 4 + 5 + 6


def test_frames_are_split_on_a_pause_and_count_bytes_after_the_address():
    clock = Clock()
    p = Panel(Bus(), clock)
    cmd(p, clock, 1, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7)
    send(p, clock, 0x3C, [0x40] + [0xFF] * 128, 1)
    send(p, clock, 0x3C, [0x40, 0x0F], 50)  # a second frame, 49 ms later
    p.close_frame()
    assert [(f.nbytes, f.ntransfers) for f in p.frames] == [(16 + 129, 9), (2, 1)]
    assert p.frames[0].image[:128] == b"\xff" * 128
    assert p.frames[1].image[128] == 0x0F


def test_page_addressing_keeps_the_pointer_in_its_page():
    # SSD1306 datasheet 10.1.3: page addressing after reset; B0-B7 the page, 00-0F / 10-1F the
    # column's nibbles; at the last column the pointer goes back to column 0 of the same page.
    clock = Clock()
    p = Panel(Bus(), clock)
    send(p, clock, 0x3C, [0x00, 0xB3, 0x0E, 0x17], 1)  # page 3, column 0x7E
    send(p, clock, 0x3C, [0x40, 1, 2, 3], 1)
    assert p.ram[3 * 128 + 126:3 * 128 + 128] == bytes([1, 2]) and p.ram[3 * 128] == 3
    assert p.commands == []  # addressing only


def test_the_sh1106_shows_columns_2_to_129_and_has_no_windows():
    # SH1106 datasheet: 132 columns of RAM; page addressing only (0x20-0x22 are none of its
    # commands: a byte after them is read as a command of its own, 0x02 a column nibble).
    clock = Clock()
    p = Panel(Bus(), clock, chip="sh1106")
    send(p, clock, 0x3C, [0x00, 0x20, 0x00, 0xB1, 0x02, 0x10], 1)  # page 1, column 2
    send(p, clock, 0x3C, [0x40, 9, 8], 1)
    f = p.frame()
    assert f[128:130] == bytes([9, 8]) and sum(f) == 17
    assert (1_000_000, 0x20) in p.chip.unknown
    send(p, clock, 0x3C, [0x00, 0x21, 0x40], 1)  # 0x21 nothing; 0x40 start line 0
    assert p.commands == [(1_000_000, (0x40,))]


def test_the_ssd1309_knows_no_charge_pump():
    clock = Clock()
    p = Panel(Bus(), clock, chip="ssd1309")
    send(p, clock, 0x3C, [0x00, 0x8D, 0x14, 0xAF], 1)
    assert [c for _t, c in p.chip.unknown] == [0x8D]
    assert p.on


def test_other_addresses_are_not_acknowledged_and_tx_empty_is_raised():
    clock = Clock()
    bus = Bus()
    p = Panel(bus, clock)
    send(p, clock, 0x3D, [], 1)
    assert bus.acks == [False, "tx_empty"]
    assert p.transfers == []


def test_key_script_tokens():
    assert parse("menu:OK DOWN/20 UP") == [("menu", "OK", 80), (None, "DOWN", 20), (None, "UP", 80)]


def _deploy_root(tmp_path):
    """A project with make mpy's build/mpy, main.py and the Pico board's folder (board file, its own
    display.py and oled.py, the frozen manifest); returns (root, driver)."""
    root = tmp_path / "proj"
    (root / "build" / "mpy" / "games").mkdir(parents=True)
    (root / "firmware").mkdir()
    (root / "boards" / "pico_ssd1306").mkdir(parents=True)
    (root / "build" / "mpy" / "app.mpy").write_bytes(b"M1")
    (root / "build" / "mpy" / "main.mpy").write_bytes(b"M2")
    (root / "build" / "mpy" / "games" / "x.mpy").write_bytes(b"M3")
    (root / "firmware" / "main.py").write_bytes(b"import board\n")
    for n in ("board", "display", "oled", "manifest"):
        (root / "boards" / "pico_ssd1306" / (n + ".py")).write_bytes(b"# %s\n" % n.encode())
    driver = tmp_path / "ssd1306.py"
    driver.write_bytes(b"X = 1\n")
    return root, driver


def test_flash_image_has_the_deploy_layout(tmp_path):
    root, driver = _deploy_root(tmp_path)
    files = fsimage.deploy_files(str(root), str(driver), mpy_cross="/nonexistent")
    img = fsimage.build_image(files)
    assert len(img) == fsimage.BLOCK_SIZE * fsimage.BLOCK_COUNT
    assert sorted(fsimage.list_files(img)) == ["/app.mpy", "/board.py", "/display.py", "/games/x.mpy",
                                               "/lib/ssd1306.py", "/main.py", "/oled.py"]
    assert fsimage.read_file(img, "/main.py") == b"import board\n"
    assert fsimage.read_file(img, "/nope") is None


def test_flash_image_has_the_board_modules_compiled_beside_board_mpy(tmp_path):
    """make deploy's stock layout: the Pico board's display and oled as .mpy at the root, beside board.mpy."""
    root, driver = _deploy_root(tmp_path)
    files = fsimage.deploy_files(str(root), str(driver), mpy_cross=mpy_cross())
    assert sorted(files) == ["/app.mpy", "/board.mpy", "/display.mpy", "/games/x.mpy", "/lib/ssd1306.mpy",
                             "/main.py", "/oled.mpy"]
    for path in ("/board.mpy", "/display.mpy", "/oled.mpy"):
        assert files[path][:1] == b"M", path  # MicroPython's .mpy header (docs, "MicroPython .mpy files")


def test_bench_table_sets_the_layouts_side_by_side():
    from tools.hil import bench

    rows = []
    for lay, med in (("stock", 40e6), ("frozen", 20e6)):
        rows.append({"layout": lay, "game": "Tholos solo", "keys": 3, "framed": 2, "lat_med": med, "lat_p95": 90e6,
                     "lat_max": 95e6, "bytes_med": 300, "bytes_max": 1000, "moves": [1.5e9], "boot": 100e6})
        rows.append({"layout": lay, "resume": "oracle-100", "boot": 250e6, "largest": 160 * 1024, "free": 200000})
        rows.append({"layout": lay, "taps": 4, "of": 4})
    rows.append({"layout": "frozen", "game_memory": "Tholos solo", "largest_min": 151 * 1024, "free_min": 1,
                 "reports": 4, "keys": 3})
    rows.append({"layout": "stock", "error": "stock resume delfos-solo: StuckError: x"})
    text = "\n".join(bench.table(rows))
    assert "| Tholos solo | 40 / 20 | 90 / 90 | 95 / 95 | 300 / 300 | 1000 / 1000 | - / 151 | 3 (2) / 3 (2) |" in text
    assert "| boot to the complete main menu | 100 ms | 100 ms | ≤ 120 ms |" in text
    assert "a 100-command Oracle game; then the largest free block | 250 ms; 160 KB | 250 ms; 160 KB |" in text
    assert "1.50 s | 1.50 s | ≤ 2 s" in text and "| 4 of 4 | 4 of 4 | all |" in text
    assert "**failed**: stock resume delfos-solo" in text


def test_bench_table_sets_the_names_file_beside_no_file():
    from tools.hil import bench

    rows = [{"layout": "stock", "names": w, "boot": boot, "after_boot": (free, 80000), "boot_pools": (7, 1800, 31900),
             "menus": [(free - 64, 79000)] * 4, "pools": (7, 1800 if w else 1500, 31900), "host_frame": True}
            for w, boot, free in ((True, 1512e6, 138304), (False, 552e6, 161424))]
    text = "\n".join(bench.table(rows))
    assert "| after the boot (boot to the menu) | 138,304 / 80,000 (1512 ms) | 161,424 / 80,000 (552 ms) |" in text
    assert "| then the saved Oracle game again | 138,240 / 79,000 | 161,360 / 79,000 |" in text
    assert "| qstr pools at the end: pools, names, bytes | 7, 1800, 31900 | 7, 1500, 31900 |" in text


def test_keys_at_a_persons_pace_own_the_frames_until_the_next_key_is_known():
    from tools.hil.panel import Frame, Transfer
    from tools.hil.session import BUS_NS_PER_BYTE, Session

    ms = 1_000_000
    # (end ms, bytes) of each frame, one transfer each: DOWN is pressed at 0 and released at 80;
    # OK is pressed after a 150 ms gap (230) and known at its release (310).
    sched = [(20, 10), (250, 20), (330, 30)]

    class FakePanel:
        def __init__(self):
            self.transfers, self.frames, self._last_end = [], [], 0

        def frame(self):
            return b""

        def close_frame(self):
            pass

        bus_ns = staticmethod(Panel.bus_ns)  # I2C at 400 kHz

    class FakePico:
        now = 0

        def press(self, key):
            pass

        def release(self, key):
            pass

        def run_for(self, ns):
            self.now += ns
            while sched and sched[0][0] * ms <= self.now:
                end, n = sched.pop(0)
                panel.transfers.append(Transfer(end * ms - ms, end * ms, n, True))
                panel.frames.append(Frame(end * ms - ms, end * ms, n, 1, b""))

    panel = FakePanel()
    s = Session.__new__(Session)
    s.pico, s.panel, s.marks, s.results = FakePico(), panel, {}, []
    s.settle = lambda since, step_ms=10, on_step=None, not_before=None: s.pico.run_for(200 * ms)
    down, ok = s.pace("DOWN OK", gaps=(150,))
    assert (down.known, ok.known) == (0, 310 * ms)
    # DOWN's last frame ends at 250, before OK is known: 10 + 20 bytes (and 2 address bytes) on the bus
    assert down.done_ns == 250 * ms + (10 + 1 + 20 + 1) * BUS_NS_PER_BYTE and down.frames == 2
    assert down.latency_ns == 20 * ms + (10 + 1) * BUS_NS_PER_BYTE
    assert ok.done_ns == (330 - 310) * ms + (30 + 1) * BUS_NS_PER_BYTE and ok.frames == 1
    assert (down.nbytes, ok.nbytes) == (30, 30)  # the bytes go with the frames


def test_the_benchs_delfos_saves_are_whole_games_with_their_set_up():
    """The self-played Delfos games the chip resumes (``tools/hil/saves.py``): the set-up is recorded
    for the plain game and for the one with the ancient board (``BoardGame``), and the solo save is
    as the device leaves a finished game (its play in the log, its number in the save)."""
    import json
    import os

    from tools.hil import saves

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    setup, cmds = saves.delfos_played(root, lambda ds: ds.play_device(1))
    assert "ancient" in setup and len(cmds) > 20
    setup, cmds = saves.delfos_played(root, lambda ds: ds.play(1, side="B"))
    assert "ancient" not in setup and len(cmds) == 60  # as the module docstring of tools/hil/saves.py says
    files = saves.long_saves(root, ("delfos-solo",))["delfos-solo"]
    doc = json.loads(files["/saves/delfos.dat"].split(b"\n", 1)[1])
    log = json.loads(files["/saves/plays.dat"].split(b"\n", 1)[1])
    assert doc["play"] == 1 and [p["n"] for p in log["plays"]] == [1]


class Pin:
    def __init__(self, v):
        self.output_value = v


class Spi:
    """Stands for rp2040py's RPSPI at 8 MHz (a divisor of 6 from 48 MHz, as rp2040py reckons it at
    its own 125 MHz)."""

    clock_frequency = 125_000_000 / 6
    rp2040 = type("RP2040", (), {"clk_peri": 125_000_000})

    def complete_transmit(self, rx):
        pass


def test_spi_bytes_are_commands_or_data_by_the_dc_pin():
    from tools.hil.panel import SPI_CS, SPI_DC, SPI_RES, SpiPanel

    clock = Clock()
    gpio = {SPI_CS: Pin(False), SPI_DC: Pin(False), SPI_RES: Pin(True)}
    spi = Spi()
    p = SpiPanel(spi, gpio, clock, chip="sh1106")

    def out(dc, data, at_us):
        gpio[SPI_DC].output_value = dc
        for i, b in enumerate(data):
            clock.nanos = at_us * 1000 + i * 1000
            spi.on_transmit(b)

    out(False, [0xAF, 0xB0, 0x02, 0x10], 10)
    out(True, [5, 6], 20)
    gpio[SPI_CS].output_value = True
    out(True, [7], 30)  # CS# high: another device's byte
    p.close_frame()
    assert p.on and p.frame()[:3] == bytes([5, 6, 0])
    assert [(t.nbytes, t.is_data) for t in p.transfers] == [(4, False), (2, True)]
    assert p.hz == 8_000_000 and p.bus_ns(p.transfers) == 6 * 1000


class FifoSpi(Spi):
    """As rp2040py's RPSPI: completing a byte pulls the next one from the FIFO at once."""

    def __init__(self):
        self.fifo = []

    def push(self, data):
        self.fifo.extend(data)
        self.complete_transmit(0)

    def complete_transmit(self, rx):
        if self.fifo:
            self.on_transmit(self.fifo.pop(0))


def test_spi_bytes_queued_in_the_fifo_keep_their_order():
    from tools.hil.panel import SPI_CS, SPI_DC, SPI_RES, SpiPanel

    clock = Clock()
    gpio = {SPI_CS: Pin(False), SPI_DC: Pin(False), SPI_RES: Pin(True)}
    spi = FifoSpi()
    p = SpiPanel(spi, gpio, clock)
    spi.push([0xB2, 0x05, 0x10])  # page 2, column 5
    gpio[SPI_DC].output_value = True
    spi.push([1, 2, 3, 4])
    assert p.frame()[2 * 128 + 5:2 * 128 + 9] == bytes([1, 2, 3, 4])
