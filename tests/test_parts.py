"""A cursor step draws only what it changed (``screens.part``: a menu's two lines, an action
line): after every key of every golden script, in both languages, the frame equals the whole
screen drawn again."""
import device_run
import helpers
import pytest

import lang
import screens
from app import App
from host_sim.framebuf import FrameBuffer

SCRIPTS = device_run.load_scripts()
NAMES = sorted(SCRIPTS)


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use(0)  # the language is the firmware's module state: the next test starts in English


def every_frame(monkeypatch, tmp_path, name, language, whole):
    """The frame after each key of golden script ``name`` (the device in ``language``), and how
    many parts were drawn; ``whole``: every step draws the whole screen (``App.part`` as
    ``changed``)."""
    script, seed = SCRIPTS[name]
    marked = " ".join("k%d:%s" % (i, tok.split(":")[-1]) for i, tok in enumerate(script.split()))
    boot = App.boot

    def boot_in(app):
        r = boot(app)
        lang.use(language)
        return r

    drawn = [0]

    def part(app, draw):
        if whole:
            app.changed()
            return

        def counted(g):
            drawn[0] += 1
            return draw(g)  # False: the whole screen instead

        screens.part(app, counted)

    monkeypatch.setattr(App, "boot", boot_in)
    monkeypatch.setattr(App, "part", part)
    frames = device_run.play(FrameBuffer, str(tmp_path), marked, seed)[0]
    return frames, drawn[0]


@pytest.mark.parametrize("language", [0, 1])
@pytest.mark.parametrize("name", NAMES)
def test_a_step_drawn_alone_is_the_whole_screen_drawn_again(name, language, monkeypatch, tmp_path):
    parts, n = every_frame(monkeypatch, tmp_path / "p", name, language, False)
    whole, _ = every_frame(monkeypatch, tmp_path / "w", name, language, True)
    assert sorted(parts) == sorted(whole)
    for k in sorted(whole, key=lambda k: int(k[1:]) if k[1:].isdigit() else 1 << 30):
        assert parts[k] == whole[k], "%s in %s: the frame before key %s differs" % (name, lang.LANGS[language], k)
    if name in ("oracle", "delphi", "device"):  # scripts that step menus and action lines
        assert n >= 10, "only %d parts drawn" % n


GAMES = ("oracle", "delfos", "delphi", "delphi-calc", "tholos", "dice")
STEPS = (1, 2, 1, 2, 1, 2, 3, 3, 4, 5, 6)  # UP and DOWN most often: the steps a part draws


@pytest.mark.parametrize("language", [0, 1])
@pytest.mark.parametrize("game", GAMES)
def test_random_keys_leave_no_part_unlike_the_whole(game, language, tmp_path):
    # keys at random in each game (fixed seeds), opened again from the main menu when left: after
    # every key that drew a part, the frame is the whole screen drawn again
    import random

    app = helpers.boot(tmp_path, 11, bench=True)
    lang.use(language)
    buf = app.board.buf
    drawn = [0]
    part = App.part

    def counted(app, draw):
        def count(g):
            drawn[0] += 1
            return draw(g)  # False: the whole screen instead

        part(app, count)

    app.part = lambda draw: counted(app, draw)
    rnd = random.Random(game)
    checked = 0
    for i in range(250):
        if helpers.top_name(app) == "MainMenu":
            app.toast_text = None
            app.new_game(game)
            device_run.settle(app)
        n = drawn[0]
        app.handle(rnd.choice(STEPS))
        device_run.settle(app)
        if drawn[0] > n:
            frame = bytes(buf)
            app.changed()
            app._draw()
            assert bytes(buf) == frame, "%s key %d (%s): the part differs from the whole" % (
                game, i, helpers.top_name(app))
            checked += 1
    assert checked >= 10, "only %d parts drawn" % checked
