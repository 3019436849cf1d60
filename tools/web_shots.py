"""README pictures of the browser version: one per game, taken in headless Chromium.

    .venv/bin/python tools/web_shots.py docs/img        (make web-shots, after make mpy)

Plays a golden key script on the page's on-screen buttons up to a marked
frame and photographs the device (screen and buttons) as web-GAME.png.
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tests", "support"), os.path.join(ROOT, "firmware"), ROOT,
                os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "boards", "pico_ssd1306")]

import device_run  # noqa: E402
import web_page  # noqa: E402

# picture -> (golden script, marked frame)
SHOTS = {
    "web-oracle": ("oracle", "battle"),
    "web-delfos": ("delfos", "cursor"),
    "web-delphi": ("delphi", "poseidon"),
    "web-tholos": ("tholos", "late"),
}


def main(out):
    why = web_page.missing()
    if why:
        raise SystemExit(why)
    from playwright.sync_api import sync_playwright

    os.makedirs(out, exist_ok=True)
    scripts = device_run.load_scripts(os.path.join(ROOT, "tests", "golden"))
    with tempfile.TemporaryDirectory() as tmp:
        site = os.path.join(tmp, "site")
        web_page.build(site, os.path.join(ROOT, "build", "mpy"))
        with web_page.serve(site) as url, sync_playwright() as p:
            browser = web_page.launch(p)
            for pic, (name, mark) in SHOTS.items():
                script, seed = scripts[name]
                steps = device_run.parse(script)
                stop = [i for i, (m, _k) in enumerate(steps) if m == mark][0]
                ctx = browser.new_context(viewport={"width": 600, "height": 800}, device_scale_factor=1)
                page = web_page.Page(ctx.new_page(), url + "?seed=%d" % seed).load()
                page.play(steps[:stop])
                path = os.path.join(out, pic + ".png")
                page.page.locator(".device").screenshot(path=path)
                print("wrote", path)
                ctx.close()
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "img"))
