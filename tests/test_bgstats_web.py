"""The browser page's "Log this play in BG Stats" link and QR code, and its rules help, in
headless Chromium (as tests/test_web.py: skipped with the reason without Chromium, node/npm
or Playwright).

The link is built in the page by web/bgstats.js; it must be the very link
host_sim.bgstats.play_link builds (whose fields tests/test_bgstats.py checks against BG
Stats' documented list).  The plays log is written into localStorage here with
``store.encode`` (the page keeps each saved file as hex digits), one known play per case.
"""
import io

import pytest
import store
import test_bgstats as cases
import web_page

from host_sim import bgstats

REASON = web_page.missing()
pytestmark = [pytest.mark.skipif(REASON is not None, reason=REASON or ""), pytest.mark.xdist_group("browser")]


def stored_log(p, doc, gen=1):
    """Load the page, put the plays log into its localStorage, load it again."""
    p.page.goto(p.url)
    p.page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["dtc-save/plays.dat", store.encode(doc, gen).hex()])
    return p.load()


@pytest.mark.parametrize(("play", "location", "want"), cases.CASES, ids=cases.IDS)
def test_the_pages_link_builder_gives_the_python_link(page, play, location, want):
    page.page.goto(page.url)
    got = page.page.evaluate(
        "async ([p, d, t, l]) => (await import('./bgstats.js')).playLink(p, d, t, l)",
        [play, cases.DEV, cases.DATE, location])
    assert got == bgstats.play_link(play, cases.DEV, cases.DATE, location)
    assert cases.data_of(got) == want


def test_a_new_play_in_the_log_shows_the_link_and_its_qr_code(page):
    p = stored_log(page, cases.log(cases.DELFOS_SOLO, cases.ORACLE_TIES), gen=2)
    panel = p.page.locator("#bgstats")
    assert panel.is_visible()
    offered = p.state()["bgstats"]
    assert offered["id"] == "1a2b3c4d-2"
    link = p.page.locator("#bgstats-link")
    assert link.inner_text() == "Log this play in BG Stats"
    want = bgstats.play_link(cases.ORACLE_TIES, cases.DEV, offered["date"], None)  # the date the page gave it
    assert link.get_attribute("href") == want
    assert offered["date"][:10] == p.page.evaluate(
        "() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0')"
        " + '-' + String(d.getDate()).padStart(2, '0'); }"), "today's date"
    # the QR code on the page decodes to the same link (zxing-cpp on a screenshot of it)
    import zxingcpp
    from PIL import Image

    img = Image.open(io.BytesIO(p.page.locator("#bgstats-qr svg").screenshot()))
    found = zxingcpp.read_barcodes(img)
    assert [f.text for f in found] == [want]
    # dismissed: gone, and not offered again after a reload
    p.page.locator("#bgstats-done").click()
    assert not panel.is_visible()
    p.load()
    assert not p.page.locator("#bgstats").is_visible()
    assert not p.errors


def test_no_log_no_link_and_a_damaged_log_is_not_offered(page):
    p = page.load()
    assert not p.page.locator("#bgstats").is_visible()
    bad = bytearray(store.encode(cases.log(cases.THOLOS_DEVICE), 1))
    bad[-3] ^= 1  # its checksum no longer matches
    p.page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["dtc-save/plays.dat", bytes(bad).hex()])
    p.load()
    assert not p.page.locator("#bgstats").is_visible()


def test_the_page_shows_the_firmwares_rules_help(page):
    from rules_help import pages

    p = page.load()
    p.page.locator("#rules summary").click()
    text = p.page.locator("#rules-text").inner_text()
    for name in ("oracle", "delfos", "delphi", "tholos"):
        for title, body in pages(name):
            assert title in text and body in text, (name, title)


def test_bad_plays_are_skipped_and_said_and_the_page_answers_its_keys(page):
    """A plays log with a valid checksum but plays of odd shapes: each is skipped and said, the
    newest good play is offered, and the buttons, keys and "Forget saved games" work."""
    # Bug: the page's play offer threw before the key handlers were set up: "Ready", and no key worked.
    good = cases.THOLOS_DEVICE
    bad = [dict(good, n=4, players=[]), dict(good, n=5, players=[None]), dict(good, n=6, game="constructor"),
           dict(good, n=7, game="__proto__"), dict(good, n=8, players=[dict(good["players"][0], name="A" * 3000)]),
           {"n": 9}, None]
    doc = {"dev": cases.DEV, "next": 10, "plays": [good] + bad}
    p = stored_log(page, doc)
    st = p.state()
    assert not st["error"] and not p.errors
    assert st["bgstats"]["id"] == "1a2b3c4d-3"  # the newest good play
    assert len(st["badPlays"]) == len(bad)
    assert "Skipped %d play(s) of the plays log" % len(bad) in p.page.inner_text("#status")
    before = p.frame()
    p.press("DOWN")
    p.wait_keys(1)
    assert p.frame() != before, "the on-screen buttons work"
    p.page.keyboard.press("ArrowUp")
    p.wait_keys(2)
    assert p.frame() == before, "the keyboard works"
    p.page.once("dialog", lambda d: d.accept())
    p.page.locator("#forget").click()
    p.page.wait_for_function("window.dtc && window.dtc.ready")
    assert not [k for k in p.page.evaluate("() => Object.keys(localStorage)") if k.startswith("dtc-save/")]


def test_a_log_whose_device_id_is_a_number_is_said_not_dropped_silently(page):
    """A log with a good checksum whose device id is a number, not 8 hex digits: no play is
    offered (its id would be no id of this device), and the status line says why."""
    doc = {"dev": 12345678, "next": 4, "plays": [cases.THOLOS_DEVICE]}
    p = stored_log(page, doc)
    st = p.state()
    assert not st["error"] and not p.errors
    assert st["bgstats"] is None and not p.page.locator("#bgstats").is_visible()
    status = p.page.inner_text("#status")
    assert "Skipped 1 play(s) of the plays log" in status and "device id 12345678" in status


def test_the_pages_history_shows_the_same_statistics(page, tmp_path):
    """The page's History runs the firmware's screens: with the same plays log and totals, its
    Statistics frames are the very frames the firmware draws on CPython."""
    import device_run
    import plays
    from app import App
    from helpers import press

    from host_sim.framebuf import FrameBuffer

    doc = cases.log(cases.DELFOS_SOLO, cases.THOLOS_DEVICE)
    sums = {"counted": [], "below": 0, "games": {}}
    for play in doc["plays"]:
        plays._apply(sums, play, 1)
        sums["counted"].append(play["n"])
    files = {"plays": store.encode(doc, 1), "totals": store.encode(sums, 1)}
    page.page.goto(page.url + "?seed=5")
    page.page.evaluate("items => { for (const k in items) localStorage.setItem(k, items[k]); }",
                       {"dtc-save/%s.dat" % k: v.hex() for k, v in files.items()})
    p = page.load()
    folder = tmp_path / "cp"
    folder.mkdir()
    for k, v in files.items():
        (folder / (k + ".dat")).write_bytes(v)
    app = App(device_run.BenchBoard(FrameBuffer, str(folder), 5)).boot()
    app.render()
    keys = ["BACK", "OK", "OK", "DOWN", "OK", "OK"]  # History, Statistics, Tholos, a name
    import keys as kc

    for i, k in enumerate(keys):
        p.press(k)
        p.wait_keys(i + 1)
        press(app, [getattr(kc, k)])
        assert p.frame() == bytes(app.board.buf), "after %s" % " ".join(keys[:i + 1])
    assert type(app.top()).__name__ == "NameStats"
