"""The simulator fits the terminal it is in (host_sim/term.py): the half-block picture
when there is room, Braille cells in a standard 80x24 terminal, a one-line message below."""
import pytest

from host_sim import term


@pytest.mark.parametrize("cols,rows,want", [
    (80, 24, "braille"), (66, 19, "braille"), (129, 40, "braille"), (200, 34, "braille"),
    (130, 35, "half"), (140, 40, "half"), (300, 100, "half"),
    (65, 24, "small"), (80, 18, "small"), (40, 10, "small"), (0, 0, "small"),
])
def test_choose_layout(cols, rows, want):
    assert term.choose_layout(cols, rows) == want


def _frame(pixels):
    buf = bytearray(1024)
    for x, y in pixels:
        buf[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return bytes(buf)


@pytest.mark.parametrize("cols,rows", [(80, 24), (66, 19), (140, 40), (130, 35), (40, 10), (10, 3), (200, 60)])
def test_what_is_shown_fits_the_terminal(cols, rows):
    for frame in (_frame([(0, 0), (127, 63)]), _title_frame()):
        lines = term.screen_lines(frame, cols, rows)
        assert len(lines) <= rows or rows < 1
        assert all(len(term.visible(s)) <= cols for s in lines)


def test_too_small_is_one_line_that_says_what_is_needed():
    assert term.screen_lines(_frame([]), 40, 10) == ["Terminal 40x10 too small: need 66x19"]
    assert term.screen_lines(_frame([]), 20, 10) == ["20x10: need 66x19"]
    wide = term.screen_lines(_frame([]), 200, 10)
    assert wide == ["Terminal 200x10 is too small: the simulator needs 66x19 (resize it, or q to quit)"]


def test_braille_cells_hold_2x4_pixels():
    # Unicode Braille: dots 1-2-3 down the left column (bits 0-2), 4-5-6 the right (3-5), 7-8 the bottom row.
    lines = term.braille_lines(_frame([(0, 0), (1, 3), (2, 4), (3, 7), (127, 63)]))
    assert len(lines) == 16 and all(len(s) == 64 for s in lines)
    assert lines[0][0] == chr(0x2800 + 0x01 + 0x80)  # top left dot, bottom right dot
    assert lines[1][1] == chr(0x2800 + 0x01 + 0x80)
    assert lines[15][63] == chr(0x2800 + 0x80)
    assert lines[0][1] == chr(0x2800)


def test_half_blocks_hold_1x2_pixels():
    lines = term.half_lines(_frame([(0, 0), (1, 1), (2, 0), (2, 1)]))
    assert len(lines) == 32 and all(len(s) == 128 for s in lines)
    assert lines[0][:4] == "▀▄█ "


def test_every_pixel_shows_in_braille():
    full = term.braille_lines(bytes([255] * 1024), reverse=False)
    assert set("".join(full)) == {chr(0x28FF)}
    # a lit screen in reverse video: every cell the light background, no dark dot
    for line in term.braille_lines(bytes([255] * 1024)):
        assert line.startswith(term.REV) and term.visible(line) == chr(0x2800) * 64


def _title_frame():
    """A frame with the device's inverted title bar (rows 0-8 lit) and dark text in it."""
    from gfx import Gfx

    from host_sim.framebuf import MONO_VLSB, FrameBuffer

    buf = bytearray(1024)
    g = Gfx(FrameBuffer(buf, 128, 64, MONO_VLSB))
    g.title("Round 1", "P1 turn")
    g.text("Favor 4", 1, 20)
    return bytes(buf)


def test_an_inverted_title_bar_is_readable_in_braille():
    # Bug: at 80x24 the inverted title bars and the selected line became a grid of dots in
    # which the dark text was a few missing dots.  Now the bar is reverse video and the
    # text's pixels are the dots: the same pattern as text on the dark screen.
    frame = _title_frame()
    lines = term.braille_lines(frame)
    plain = term.braille_lines(frame, reverse=False)
    top = lines[0]
    assert top.startswith(term.REV)
    cells = term.visible(top)
    for i in range(64):  # every dot is a dark pixel of the bar: the letters themselves
        assert ord(cells[i]) - 0x2800 == (ord(plain[0][i]) - 0x2800) ^ 0xFF
    assert any(c != chr(0x2800) for c in cells)  # the text shows as dots
    assert term.REV not in lines[5]  # "Favor 4" on the dark screen stays as it was
    assert lines[5] == plain[5]


def test_the_footer_names_every_key_and_fits_the_smallest_picture():
    # the keys the simulator reads (host_sim/sim.py read_key): space is OK as Enter is
    help = term.HELP
    for key in ("arrows", "Enter", "space", "Esc", "h: HOME", "q: quit"):
        assert key in help, key
    assert len(help) <= term.needs("braille")[0]
