"""The HIL harness's own parts that need no emulated chip: the SSD1306 decoder and the flash image.

The byte streams are those of micropython-lib's ``ssd1306`` driver: ``write_cmd`` sends
``0x80, cmd`` per command byte, ``write_data`` sends ``0x40`` and the data (SSD1306 datasheet
8.1.5: Co and D/C# bits of the control byte; 10.1.4: column address 0x21, page address 0x22).
"""
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
    cmd(p, clock, 1, 0xAF, 0x21, 10, 12, 0x22, 2, 3)
    send(p, clock, 0x3C, [0x40, 1, 2, 3, 4, 5, 6, 7], 1)  # 3 columns x 2 pages, then wraps
    assert p.on
    assert p.ram[2 * 128 + 10:2 * 128 + 13] == bytes([7, 2, 3])
    assert p.ram[3 * 128 + 10:3 * 128 + 13] == bytes([4, 5, 6])
    assert sum(p.ram) == 7 + 2 + 3 + 4 + 5 + 6


def test_frames_are_split_on_a_pause_and_count_bytes_after_the_address():
    clock = Clock()
    p = Panel(Bus(), clock)
    cmd(p, clock, 1, 0x21, 0, 127, 0x22, 0, 7)
    send(p, clock, 0x3C, [0x40] + [0xFF] * 128, 1)
    send(p, clock, 0x3C, [0x40, 0x0F], 50)  # a second frame, 49 ms later
    p.close_frame()
    assert [(f.nbytes, f.ntransfers) for f in p.frames] == [(12 + 129, 7), (2, 1)]
    assert p.frames[0].image[:128] == b"\xff" * 128
    assert p.frames[1].image[128] == 0x0F


def test_other_addresses_are_not_acknowledged_and_tx_empty_is_raised():
    clock = Clock()
    bus = Bus()
    p = Panel(bus, clock)
    send(p, clock, 0x3D, [], 1)
    assert bus.acks == [False, "tx_empty"]
    assert p.transfers == []


def test_key_script_tokens():
    assert parse("menu:OK DOWN/20 UP") == [("menu", "OK", 80), (None, "DOWN", 20), (None, "UP", 80)]


def test_flash_image_has_the_deploy_layout(tmp_path):
    root = tmp_path / "proj"
    (root / "build" / "mpy" / "games").mkdir(parents=True)
    (root / "firmware").mkdir()
    (root / "boards" / "pico_ssd1306").mkdir(parents=True)
    (root / "build" / "mpy" / "app.mpy").write_bytes(b"M1")
    (root / "build" / "mpy" / "main.mpy").write_bytes(b"M2")
    (root / "build" / "mpy" / "games" / "x.mpy").write_bytes(b"M3")
    (root / "firmware" / "main.py").write_bytes(b"import board\n")
    (root / "boards" / "pico_ssd1306" / "board.py").write_bytes(b"# board\n")
    driver = tmp_path / "ssd1306.py"
    driver.write_bytes(b"X = 1\n")
    files = fsimage.deploy_files(str(root), str(driver), mpy_cross="/nonexistent")
    img = fsimage.build_image(files)
    assert len(img) == fsimage.BLOCK_SIZE * fsimage.BLOCK_COUNT
    assert sorted(fsimage.list_files(img)) == ["/app.mpy", "/board.py", "/games/x.mpy", "/lib/ssd1306.py", "/main.py"]
    assert fsimage.read_file(img, "/main.py") == b"import board\n"
    assert fsimage.read_file(img, "/nope") is None
