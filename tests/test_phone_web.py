"""From the device to the phone, in headless Chromium (as tests/test_web.py: skipped with the
reason without Chromium, node/npm or Playwright): the QR code each game's end and the History
show (the golden scripts, with the tests' page address) is read from the frame with zxing-cpp,
the address it holds is opened in the page, and the page shows the play and a "Log this play in
BG Stats" link equal to the one host_sim.bgstats builds from the device's plays log for that
play.  A fragment cut short, altered, from a newer format or too long is said, and the page
works on.
"""
import device_run
import panel_qr
import pytest
import web_page

from host_sim import bgstats
from host_sim.framebuf import FrameBuffer

REASON = web_page.missing()
pytestmark = [pytest.mark.skipif(REASON is not None, reason=REASON or ""), pytest.mark.xdist_group("browser")]

# golden script -> the mark of its QR code's frame (tests/golden/NAME.keys)
SCRIPTS = {"delfos-end": "qr", "delphi-end": "qr", "oracle": "qr", "tholos-solo": "qr", "names": "play_qr"}


def scanned(p, fragment):
    """Open the page at its address with ``fragment`` after #; the play it shows (window.dtc.scanned)."""
    p.page.goto(p.url + "#" + fragment)
    p.page.wait_for_function("window.dtc && window.dtc.scanned", timeout=web_page.READY_MS)
    return p.state()["scanned"]


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_the_address_the_device_shows_gives_the_host_tools_link(page, name, tmp_path):
    script, seed = device_run.load_scripts()[name]
    mark = SCRIPTS[name] + ":"
    cut = (script + " ").index(" ", script.index(mark))  # up to the key pressed on the QR code: the log then
    frames = device_run.play(FrameBuffer, str(tmp_path), script[:cut], seed)[0]
    texts = panel_qr.read(frames[SCRIPTS[name]])
    assert len(texts) == 1, "one QR code on the panel"
    head, fragment = texts[0].split("#")
    assert head.lower() == device_run.PAGE
    got = scanned(page, fragment)
    assert "error" not in got, got
    log = bgstats.read_log(str(tmp_path))
    dev, n = got["id"].split("-")
    assert dev == log["dev"]
    play = [q for q in log["plays"] if q["n"] == int(n)][0]
    assert got["play"] == {k: v for k, v in play.items() if k != "board" or v}
    assert got["link"] == bgstats.play_link(play, log["dev"], got["date"], None)
    link = page.page.locator("#scanned-link")
    assert link.is_visible() and link.inner_text() == "Log this play in BG Stats"
    assert link.get_attribute("href") == got["link"]
    what = page.page.locator("#scanned-what").inner_text()
    assert bgstats.GAMES[play["game"]][0] in what
    for q in play["players"]:
        assert q["name"] in what
    # every winner said (a tie has several), and the Oracle's places (no scores)
    assert what.count("(won)") == sum(1 for q in play["players"] if q["winner"])
    if play["game"] == "oracle":
        assert "1st" in what and "2nd" in what
    assert page.page.locator("#scanned-help").is_visible()
    assert not page.errors


def test_a_bad_address_is_said_and_the_page_works_on(page):
    good = "1*1A2B3C4D*7*T**22*31*+VS.DEVICE.$28HARD$29**A2*14*A+NA*W+HITE*51*19**D+EVICE*W70"
    cases = {"truncated": good[:30], "altered": good.replace("A+NA", "E+NA"),
             "newer": "3" + good[1:], "oversized": good + "X" * 1500}
    assert "error" not in scanned(page, good)  # format 1, from firmware before format 2: still read
    for kind, fragment in cases.items():
        got = scanned(page, fragment)
        assert got["kind"] == kind, got
        err = page.page.locator("#scanned-error")
        assert err.is_visible() and "cannot be logged" in err.inner_text()
        assert not page.page.locator("#scanned-link").is_visible()
        assert not page.page.locator("#scanned-help").is_visible()  # it speaks of the hidden button
    # the page itself goes on: the firmware boots, its keys answer, "Forget saved games" is there
    page.url += "#" + cases["truncated"]
    p = page.load()
    assert p.state()["scanned"]["kind"] == "truncated"
    before = p.frame()
    p.press("DOWN")
    p.wait_keys(1)
    assert p.frame() != before
    assert p.page.locator("#forget").is_visible()
    assert not p.errors
