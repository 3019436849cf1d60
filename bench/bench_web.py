"""Browser figures: the page (make web) in headless Chromium via Playwright.

    .venv/bin/python bench/bench_web.py        (run by `make bench`, after `make mpy`)

Prints: page ready (ms from navigation to the first frame on the canvas;
median of 3 loads, each in a fresh profile), and for the scripted Oracle of
Delphi session (tests/golden/oracle.keys) and a solo Tholos game against the
opponent (tholos-solo.keys), pressed on the on-screen buttons:
the firmware's time per key in WebAssembly (App.poll() that handled the key,
mean and max) and the wall time per key press (includes the page's 60 ms
minimum press and gap, see web/main.js).  Without Chromium or node it says so.
"""
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tests", "support"), os.path.join(ROOT, "firmware"), ROOT,
                os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "boards", "pico_ssd1306")]

import device_run  # noqa: E402
import web_page  # noqa: E402

SCRIPTS = ("oracle", "tholos-solo")  # the second has the Tholos opponent thinking on key presses
LOADS = 3


def main():
    why = web_page.missing()
    if why:
        print("web: not measured:", why)
        return
    from playwright.sync_api import sync_playwright

    mpy = os.path.join(ROOT, "build", "mpy")
    with tempfile.TemporaryDirectory() as tmp:
        site = os.path.join(tmp, "site")
        web_page.build(site, mpy)
        size = sum(os.path.getsize(os.path.join(site, n)) for n in os.listdir(site))
        scripts = device_run.load_scripts(os.path.join(ROOT, "tests", "golden"))
        seed = scripts[SCRIPTS[0]][1]
        played = []
        with web_page.serve(site) as url, sync_playwright() as p:
            browser = web_page.launch(p)
            ready = []
            for _ in range(LOADS):
                ctx = browser.new_context()
                page = web_page.Page(ctx.new_page(), url + "?seed=%d" % seed).load()
                ready.append(page.state()["readyMs"])
                ctx.close()
            for name in SCRIPTS:
                script, seed = scripts[name]
                steps = device_run.parse(script)
                ctx = browser.new_context()
                page = web_page.Page(ctx.new_page(), url + "?seed=%d" % seed).load()
                t = time.perf_counter()
                page.play(steps)
                wall = (time.perf_counter() - t) * 1000 / len(steps)
                played.append((name, page.state(), wall))
                ctx.close()
            browser.close()
    print("web: site %d KB; page ready %.0f ms (median of %d loads: %s)" % (
        size // 1024, statistics.median(ready), LOADS, ", ".join("%.0f" % r for r in ready)))
    for name, st, wall in played:
        print("web: %s, %d keys on the on-screen buttons: firmware %.2f ms per key in WebAssembly (max %.1f ms), "
              "%.0f ms per key press wall time" % (name, st["keys"], st["keyMs"] / max(1, st["keys"]),
                                                   st["maxKeyMs"], wall))


if __name__ == "__main__":
    main()
