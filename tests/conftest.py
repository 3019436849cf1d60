"""What every test shares: the ``soak`` marker and a garbage collector that skips the test
process's own objects.  The harness (boot, press, mash, the bench board, the MicroPython
runners, the fakes) is in ``tests/support/``, on the path (pyproject.toml): ``import helpers``.

``make test`` leaves out the tests marked ``soak`` (pyproject.toml: ``-m "not soak"``) and
runs the rest on every core (pytest-xdist); ``make soak`` runs them, then ``tools/soak.py``.
"""
import gc

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "soak: long key mashing and soak-like runs, in `make soak` (not `make test`)")


@pytest.fixture(autouse=True)
def _collector_skips_the_test_process():
    """The firmware calls ``gc.collect()`` often (on the Pico it keeps the heap in few large
    pieces); on CPython each call walks every object of the process (pytest, hypothesis, the
    modules: some 30 000, ~10 ms a call).  Frozen before each test (``gc.freeze``, after one
    collection so no garbage is kept), they are left out: the firmware's collections walk the
    test's own objects only, and free the same garbage as before."""
    gc.collect()
    gc.freeze()


# The browser tests' page and Chromium (tests/test_web.py, tests/test_bgstats_web.py): built and
# started once per worker (both files are in the xdist group "browser").
@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The page of ``make web``, built with the compiled firmware and served on localhost: its URL."""
    import web_page
    from helpers import build_mpy

    out = str(tmp_path_factory.mktemp("web") / "site")
    web_page.build(out, build_mpy())
    with web_page.serve(out) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium through Playwright (``web_page.launch``)."""
    import web_page
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = web_page.launch(p)
        yield b
        b.close()


@pytest.fixture()
def page(browser, site):
    """A new tab of the page (``web_page.Page``, not yet loaded), tall enough for its History and links."""
    import web_page

    ctx = browser.new_context(viewport={"width": 800, "height": 1400})
    p = web_page.Page(ctx.new_page(), site)
    yield p
    ctx.close()
