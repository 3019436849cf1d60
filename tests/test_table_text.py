"""What everyone at the table follows is drawn at least 16 px tall (read from 60-80 cm).

Read back from the golden frames (tests/golden/*.json): in the region where a value is drawn,
the tallest glyph, a connected run of lit pixels no wider than a glyph, must be 16 px or
taller.  The regions are the table view's lines (LEFT on a game's main screen) and the values
the main screens draw large themselves (the dice roller, the Titan die).
"""
import json
import os

from helpers import ROOT

from host_sim.framebuf import FrameBuffer

MIN_PX = 16
GLYPH_W = 28  # a component wider than this is a box or a rule, not a glyph (a big digit tripled: 27)

# TableView's lines: 3 lines at y 1, 22, 43; 2 lines (28 px apart) at y 9, 37
THREE = ((0, 0, 128, 22), (0, 22, 128, 43), (0, 43, 128, 64))
TWO = ((0, 0, 128, 32), (0, 32, 128, 64))
# a heading over a number in the big digits, tripled (one die's roll, the first player)
NUMBER = ((0, 0, 128, 21), (0, 21, 128, 64))

# (golden script, marked frame, what is followed there, regions (x0, y0, x1, y1), end exclusive)
FIELDS = (
    ("oracle", "tv_turn", "round, whose turn, oracle dice", THREE),
    ("oracle", "tv_consult", "round, who consulted, oracle dice", THREE),
    ("oracle", "titan_roll", "Titan die", ((0, 10, 30, 50),)),
    ("delfos", "tv_turn", "round, whose turn", TWO),
    ("delfos-solo", "tv_solo", "round, whose turn, Khaos's tile", THREE),
    ("delfos-board-play", "tv_moves", "round, whose turn", TWO),
    ("delfos-board-play", "tv_khaos", "Khaos: round, tile taken, its move", THREE),
    ("delphi", "tv_march", "Parade, March, who plays", THREE),
    ("delphi", "tv_tie", "Parade, March, face down", THREE),
    ("tholos", "tv_late", "both scores, stones placed", THREE),
    ("dice", "one", "one die", ((0, 10, 128, 53),)),
    ("dice", "three", "dice, total", ((0, 10, 128, 31), (40, 32, 128, 53))),
    ("dice", "d100", "dice, total", ((0, 10, 128, 31), (40, 32, 128, 53))),
    ("dice", "ten", "total", ((40, 28, 128, 53),)),
    ("dice", "first", "first player", ((0, 22, 128, 53),)),
    ("dice", "tv_three", "roll, dice, total", THREE),
    ("dice", "tv_d100", "roll, dice, total", THREE),
    ("dice", "tv_ten", "dice, total", THREE),
    ("dice", "tv_one", "roll, one die", NUMBER),
    ("dice", "tv_first", "first player", NUMBER),
)


def lit(frame, x, y):
    return frame[(y >> 3) * 128 + x] >> (y & 7) & 1


def glyph_height(frame, region):
    """Height in px of the tallest connected lit component (8 neighbours) of ``frame`` (1024
    bytes, MONO_VLSB 128 x 64) inside ``region``, among those at most GLYPH_W px wide."""
    x0, y0, x1, y1 = region
    seen = set()
    best = 0
    for sx in range(x0, x1):
        for sy in range(y0, y1):
            if (sx, sy) in seen or not lit(frame, sx, sy):
                continue
            seen.add((sx, sy))
            todo = [(sx, sy)]
            top, bottom, left, right = sy, sy, sx, sx
            while todo:
                x, y = todo.pop()
                top, bottom, left, right = min(top, y), max(bottom, y), min(left, x), max(right, x)
                for nx in (x - 1, x, x + 1):
                    for ny in (y - 1, y, y + 1):
                        if x0 <= nx < x1 and y0 <= ny < y1 and (nx, ny) not in seen and lit(frame, nx, ny):
                            seen.add((nx, ny))
                            todo.append((nx, ny))
            if right - left + 1 <= GLYPH_W:
                best = max(best, bottom - top + 1)
    return best


def golden(name):
    with open(os.path.join(ROOT, "tests", "golden", name + ".json")) as f:
        return {k: bytes.fromhex(v) for k, v in json.load(f).items()}


def test_table_values_are_16_px_tall():
    frames = {}
    short = []
    for script, mark, what, regions in FIELDS:
        if script not in frames:
            frames[script] = golden(script)
        assert mark in frames[script], "no frame %s in tests/golden/%s.keys" % (mark, script)
        for region in regions:
            h = glyph_height(frames[script][mark], region)
            if h < MIN_PX:
                short.append("%s/%s %s %s: %d px" % (script, mark, what, region, h))
    assert not short, "drawn under %d px: %s" % (MIN_PX, "; ".join(short))


def test_the_table_view_draws_a_number_at_least_as_large_as_the_main_screen():
    # one die's roll and the first player: the table view is for reading from across the table
    frames = golden("dice")
    for screen, view in (("one", "tv_one"), ("first", "tv_first")):
        on_screen = glyph_height(frames[screen], (0, 10, 128, 53))
        assert on_screen >= 20
        assert glyph_height(frames[view], NUMBER[1]) >= on_screen, view


def test_the_measure_tells_small_text_from_table_text():
    # the measure itself: the small font (8 px cell), the big one (15 px) and two small lines
    # one under the other read short; table text (the small font at 2 x 3) and the big font at 2
    # do not
    from fonts import BIG, SMALL
    from gfx import Gfx

    def height(draw):
        buf = bytearray(1024)
        fb = FrameBuffer(buf, 128, 64, 0)
        draw(Gfx(fb))
        return glyph_height(bytes(buf), (0, 0, 128, 64))

    assert height(lambda g: g.text("Round 12", 0, 0)) < MIN_PX
    assert height(lambda g: g.text("Round 12", 0, 0, 1, BIG)) < MIN_PX
    assert height(lambda g: (g.text("Round", 0, 0), g.text("P1 ||", 0, 8))) < MIN_PX
    assert height(lambda g: g.fb.rect(0, 0, 40, 40, 1)) < MIN_PX  # a box is no glyph
    assert height(lambda g: g.text("Round 12", 0, 0, 1, SMALL, 2, 3, 0)) == 18  # table text
    assert height(lambda g: g.text("5 2 2", 0, 0, 1, SMALL, 2, 3, 0)) == 18
    assert height(lambda g: g.big("7", 0, 0, 2)) == 20


def test_the_game_menu_opens_the_table_view_on_three_buttons(tmp_path):
    # no LEFT button: BACK (a long OK), then "Table view" (the dice roller's last line)
    import device_run
    from app import App
    from keys import BACK, OK, UP
    from ui import TableView

    app = App(device_run.BenchBoard(FrameBuffer, str(tmp_path), 1)).boot()
    app.new_game("dice")
    app.render()
    roller = app.top()
    app.handle(OK)  # a roll
    app.render()
    cmds = list(app.session.cmds)
    for k in (BACK, UP, UP, OK):  # the menu opens on its undo: UP twice round to its last line
        app.handle(k)
        app.render()
    view = app.top()
    assert isinstance(view, TableView) and view.source is roller
    assert view.source.table_lines() == ["Roll 1", str(app.session.game.total)]
    app.handle(OK)
    app.render()
    assert app.top() is roller and app.session.cmds == cmds  # back, nothing rolled
