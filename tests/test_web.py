"""The browser version in a real browser: headless Chromium (Debian's `chromium`) via Playwright.

The page (build of `make web`) runs the compiled firmware under MicroPython
WebAssembly.  A scripted session of each game is played by pressing the
on-screen buttons; every marked canvas frame must equal the golden frame of
the same key script, and after a reload the game must resume on the frame the
firmware draws when it boots on the same saves (computed on CPython).
Without Chromium, node/npm or Playwright every test here is skipped with the
reason (never counted as passed).
"""
import json
import os

import device_run
import pytest
import panel_qr
import web_page
from app import App
from helpers import ROOT

from host_sim.framebuf import FrameBuffer

REASON = web_page.missing()
# One worker runs them all (`make test`: --dist loadgroup): the page is built and Chromium started once.
pytestmark = [pytest.mark.skipif(REASON is not None, reason=REASON or ""), pytest.mark.xdist_group("browser")]

# One scripted session per game (tests/golden/NAME.keys).
SESSIONS = ("oracle", "delfos", "delphi", "tholos")


@pytest.fixture()
def context(browser):
    ctx = browser.new_context(viewport={"width": 800, "height": 900})  # its own, empty localStorage
    yield ctx
    ctx.close()


def golden(name):
    with open(os.path.join(ROOT, "tests", "golden", name + ".json")) as f:
        return {k: bytes.fromhex(v) for k, v in json.load(f).items()}


def cpython_reboot(script, seed, folder):
    """(frame after the keys, frame a fresh App boots on with those saves, game open) on CPython."""
    frames, _sent, _peak, app = device_run.play(FrameBuffer, folder, script, seed)
    board = device_run.BenchBoard(FrameBuffer, folder, seed)
    again = App(board).boot()
    again.render()
    return frames["last"], bytes(board.buf), again.session is not None


def describe(a, b):
    diff = sum(bin(x ^ y).count("1") for x, y in zip(a, b, strict=True))
    return "%d pixels differ" % diff


@pytest.mark.parametrize("name", SESSIONS)
def test_session_in_the_browser_matches_the_golden_frames_and_resumes(name, site, context, tmp_path):
    script, seed = device_run.load_scripts()[name]
    want = golden(name)
    page = web_page.Page(context.new_page(), site + "?seed=%d" % seed).load()
    got = {}
    page.play(device_run.parse(script), lambda k, f: got.__setitem__(k, f))
    assert sorted(got) == sorted(want)
    for k in want:
        if k == "qr":  # the page's own address and this browser's device id: read, not compared
            assert [t.split("#")[0].lower() for t in panel_qr.read(got[k])] == [site.lower()], "the QR code"
            continue
        assert got[k] == want[k], "%s: canvas frame %s differs from the golden frame (%s)" % (
            name, k, describe(got[k], want[k]))
    last, resumed, in_game = cpython_reboot(script, seed, str(tmp_path / "cp"))
    assert got["last"] == last
    assert in_game, "the script should end inside a game, so the reload has a game to resume"
    page.load()  # reload: the wasm file system starts empty, the saves come back from localStorage
    assert page.frame() == resumed, "after a reload: " + describe(page.frame(), resumed)
    assert not page.errors


def test_the_language_setting_works_on_the_page_and_is_remembered(site, context, tmp_path):
    """Settings' Language line on the page (tests/golden/zh-help.keys): the device in 繁體中文, its
    strings and glyphs among the page's files (the frames are the golden ones), the rules help under
    the screen in the device's language too, and after a reload the device is in Chinese still (the
    setting kept with the saves, as on the device's flash)."""
    from keys import BACK

    script, seed = device_run.load_scripts()["zh-help"]
    want = golden("zh-help")
    page = web_page.Page(context.new_page(), site + "?seed=%d" % seed).load()

    def rules():
        return page.state()["lang"], page.page.locator("#rules summary").text_content(), \
            page.page.locator("#rules-text").text_content() or ""

    lang, summary, text = rules()
    assert lang == "en" and summary == "Rules help" and "Recover" in text
    got = {}
    page.play(device_run.parse(script), lambda k, f: got.__setitem__(k, f))
    assert sorted(got) == sorted(want)
    for k in want:
        assert got[k] == want[k], "zh-help: canvas frame %s differs (%s)" % (k, describe(got[k], want[k]))
    lang, summary, text = rules()
    assert lang == "zh-Hant" and summary == "規則說明"  # i18n/zh-Hant.txt: "Rules help"
    assert "恢復" in text and "德爾菲神諭" in text and "Recover" not in text  # the Oracle's first page, its label
    folder = str(tmp_path / "cp")
    _last, resumed, _in_game = cpython_reboot(script, seed, folder)
    page.load()
    assert page.frame() == resumed, "after a reload: " + describe(page.frame(), resumed)
    assert rules()[:2] == ("zh-Hant", "規則說明")
    again = App(device_run.BenchBoard(FrameBuffer, folder, seed)).boot()
    again.handle(BACK)  # the game menu, in Chinese on both
    again.render()
    page.play(device_run.parse("BACK"))
    assert page.frame() == bytes(again.board.buf)
    assert not page.errors


def test_long_ok_press_is_back_and_keyboard_keys_work(site, context, tmp_path):
    page = web_page.Page(context.new_page(), site + "?seed=1").load()
    want_menu = device_run.play(FrameBuffer, str(tmp_path / "a"), "", 1)[0]["last"]
    want_players = device_run.play(FrameBuffer, str(tmp_path / "b"), "OK", 1)[0]["last"]
    page.press("OK")
    page.wait_keys(1)
    assert page.frame() == want_players
    page.press("OK", hold_ms=1300)  # held past keys.LONG_MS: BACK, and no OK on release
    page.wait_keys(2)
    page.page.wait_for_timeout(200)
    assert page.frame() == want_menu
    assert page.keys() == 2
    want_down = device_run.play(FrameBuffer, str(tmp_path / "c"), "DOWN OK", 1)[0]["last"]
    kb = page.page.keyboard
    kb.press("ArrowDown")
    page.wait_keys(3)
    kb.press("Enter")
    page.wait_keys(4)
    assert page.frame() == want_down
    kb.press("Escape")
    page.wait_keys(5)
    want_back = device_run.play(FrameBuffer, str(tmp_path / "d"), "DOWN OK BACK", 1)[0]["last"]
    assert page.frame() == want_back
    assert not page.errors



def test_a_save_the_browser_refuses_is_reported_and_the_game_goes_on(site, context, tmp_path):
    """localStorage over its quota: the page says plainly that a reload will not resume, the
    firmware says the step is not saved (as on a full flash), and the game plays on."""
    # Bug: the worker's store said every write succeeded, so the firmware never knew.
    before, after = "OK OK DOWN OK", "OK OK"  # the Oracle of Delphi: set-up; start; a starting card entered (saved)
    page = web_page.Page(context.new_page(), site + "?seed=5").load()
    page.play(device_run.parse(before))
    page.page.evaluate("() => { Storage.prototype.setItem = () => { throw new Error('QuotaExceededError'); }; }")
    page.play(device_run.parse(after))
    page.page.wait_for_timeout(300)  # the page's answer, then a poll draws the message
    _f, _s, _p, app = device_run.play(FrameBuffer, str(tmp_path / "cp"), before + " " + after, 5)
    plain = bytes(app.board.buf)
    app.toast("Browser storage full: last step not saved")
    app.render()
    assert page.frame() == bytes(app.board.buf), "the firmware does not say the step is not saved"
    page.play(device_run.parse("DOWN"))  # the message closes; the game is there as it was
    assert page.frame() == plain
    st = page.state()
    assert st["storeRefused"] > 0 and not st["error"]
    assert "refused to keep the save" in page.page.inner_text("#status")
    assert not page.errors


BAD_ITEMS = {  # key -> text: none of them is a save of the page
    "dtc-save/oracle.bak": "zz",  # not hex
    "dtc-save/app.bak": "abc",  # an odd number of digits
    "dtc-save/": "00",
    "dtc-save/..": "00",
    "dtc-save/foo": "00",
    "dtc-save/delphi.dat": "44" * 60000,  # 60 KB
}


def test_bad_stored_items_are_skipped_and_reported_and_the_good_saves_resume(site, context, tmp_path):
    # Bug: one bad item stopped the page at every reload; the only way out, "Forget saved
    # games", deleted the good saves too.
    script = "OK OK DOWN OK OK"  # the Oracle of Delphi: set-up, start, a consultation
    page = web_page.Page(context.new_page(), site + "?seed=5").load()
    page.play(device_run.parse(script))
    page.page.evaluate("items => { for (const k in items) localStorage.setItem(k, items[k]); }", BAD_ITEMS)
    page.load()  # reload: the page runs, the game resumes
    st = page.state()
    assert not st["error"] and sorted(st["skipped"]) == sorted(k[len("dtc-save/"):] for k in BAD_ITEMS)
    assert "Skipped 6" in page.page.inner_text("#status")
    _last, resumed, _in_game = cpython_reboot(script, 5, str(tmp_path / "cp"))
    page.play(device_run.parse("DOWN"))  # the message closes: the resumed game under it
    assert page.frame() == resumed
    kept = page.page.evaluate("() => Object.keys(localStorage)")
    assert "dtc-save/oracle.dat" in kept and all(k in kept for k in BAD_ITEMS)  # nothing deleted
    assert not page.errors


def test_the_page_paints_the_thinking_frame_while_the_opponent_searches(site, context, tmp_path, monkeypatch):
    """The firmware runs in a Web Worker: the Tholos opponent's "thinking" frame reaches the
    screen, and the page draws animation frames, before the search's result arrives.  How far
    the progress bar is filled depends on the page's clock (the level's time cap), so frames are
    compared with the bar's inside blanked."""
    from games.tholos import ai
    from games.tholos.ui_draw import BAR_Y, PANEL_X

    def unfilled(frame):  # MONO_VLSB: byte page * 128 + x holds rows page * 8 .. page * 8 + 7
        f = bytearray(frame)
        for y in range(BAR_Y + 2, 62):
            for x in range(PANEL_X + 1, 126):
                f[(y // 8) * 128 + x] &= ~(1 << (y % 8)) & 0xFF
        return bytes(f)

    _script, seed = device_run.load_scripts()["tholos-solo"]
    # The solo golden script's start at Hard (Normal looks one turn ahead: done before a frame):
    # the set-up, the player's first turn, then the device's search.
    script = "DOWN DOWN DOWN DOWN OK DOWN OK DOWN OK DOWN DOWN DOWN OK OK OK"
    thinking = []
    real = ai.Search.step
    board_bufs = []
    searches = set()

    def spy(search, *a):
        if id(search) in searches:  # a later slice: the frame on the display while it searches
            frame = unfilled(board_bufs[-1].buf)
            if frame not in thinking:
                thinking.append(frame)
        searches.add(id(search))
        return real(search, *a)

    real_init = device_run.BenchBoard.__init__

    def init(self, *a, **k):
        real_init(self, *a, **k)
        board_bufs.append(self)

    monkeypatch.setattr(ai.Search, "step", spy)
    monkeypatch.setattr(device_run.BenchBoard, "__init__", init)
    device_run.play(FrameBuffer, str(tmp_path / "cp"), script, seed)
    assert thinking, "the script should let the opponent move"
    page = web_page.Page(context.new_page(), site + "?seed=%d" % seed).load()
    page.play(device_run.parse(script))
    paints = page.state()["paints"]
    hexes = [unfilled(bytes.fromhex(p["hex"])).hex() for p in paints]
    live = 0
    seen = 0
    for frame in thinking:
        shown = [i for i, h in enumerate(hexes) if h == frame.hex()]
        seen += bool(shown)
        # the page drew on screen between a "thinking" frame and the next one it was sent
        live += any(i + 1 < len(paints) and paints[i + 1]["rafs"] > paints[i]["rafs"] for i in shown)
    assert seen > 0, "no thinking frame reached the page"
    assert live > 0
