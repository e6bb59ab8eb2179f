#!/usr/bin/python3
"""Real-browser tests: headless Chromium (Debian's chromium and chromium-driver, driven by python3-selenium)
against a live progress-rings server on a free loopback port.

1. The builder page at / (builder_pages.py, builder_kinds.py) and the gallery at /examples (gallery_pages.py), first
   in the light color scheme, then again in a second browser started in the dark one (--force-dark-mode).
2. The gallery's cards each reopen their own image in the builder.
3. Fidelity (fidelity.py, with the cases of ring_fidelity.py, bar_fidelity.py and spark_fidelity.py): for a matrix
   of rings, bars and sparklines,
   Chromium's rendering of our SVG and our PNG agree pixel by pixel (outside the label; the label by its ink and
   glyph by glyph, in every script of label_fidelity.py), after checking that bold Chinese is drawn in the face the
   container draws it in (Noto Sans CJK Bold).
4. Badge fidelity (badge_fidelity.py): the same for badges, outside their texts pixel by pixel and each text by its
   ink and its glyphs.
5. The embed page, <progress-ring> and the builder's embed snippet (embed_pages.py).
6. Emoji in color (emoji_fidelity.py): a label's emoji that our PNG draws in color, Chromium draws in color too.
7. An animated SVG's final frame is the static SVG.

Usage: browser_test.py [--binary .build/debug/progress-rings] [--artifacts DIR] [--update-screenshots]
A failure saves both renderings and their difference under the artifacts directory, prints the paths and a base64
of each small image into the log (CI keeps only the log), and exits 1.
"""

import argparse
import base64
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import badge_fidelity  # noqa: E402
import bar_fidelity  # noqa: E402
import builder_pages  # noqa: E402
import embed_pages  # noqa: E402
import emoji_fidelity  # noqa: E402
import gallery_pages  # noqa: E402
import label_fidelity  # noqa: E402
import live_pages  # noqa: E402
import reference_pages  # noqa: E402
import pngdecode  # noqa: E402
import ring_fidelity  # noqa: E402
import spark_fidelity  # noqa: E402
from chromium import render_in_chromium  # noqa: E402
from fidelity import PIXEL_LEVELS, premultiplied_distance  # noqa: E402
from report import fail, failures, save_artifact  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

FRAME_LEVELS = 8  # animated SVG's final frame vs the static SVG, both in Chromium: same renderer, same picture


class Server:
    """progress-rings serve on 127.0.0.1, port 0 (the kernel picks a free one), read from its start-up line; with
    `config`, the settings file it reads first."""

    def __init__(self, binary, config=None):
        self.process = subprocess.Popen(
            [binary, "serve"] + (["--config", config] if config else [])
            + ["--host", "127.0.0.1", "--port", "0", "--log-format", "logfmt"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.time() + 20
        self.port = None
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            match = re.search(r"msg=listening address=127\.0\.0\.1:(\d+)", line)
            if match:
                self.port = int(match.group(1))
                break
        if self.port is None:
            self.process.kill()
            raise SystemExit("the server did not start: " + binary)
        # Keep reading the access log so the server's log thread never waits on a full pipe.
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()
        self.base = "http://127.0.0.1:%d" % self.port

    def get(self, path):
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            return response.read(), response.headers

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def start_browser(dark=False):
    """Headless Chromium; `dark` starts it as on a system in the dark color scheme (--force-dark-mode, which
    Debian's chromium honours in headless mode: prefers-color-scheme is dark in pages and in the SVG images they
    show)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        "--disable-extensions",
        # Pixels as the page asks for them: no display color profile between our colors and the screenshot.
        "--force-color-profile=srgb",
        "--window-size=1200,900",
    ] + (["--force-dark-mode"] if dark else []):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(20)
    # Every CSP violation of every page is recorded, whatever the page's own policy allows.
    driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {
            "source": "window.__violations=[];document.addEventListener('securitypolicyviolation',"
            "function(e){window.__violations.push(e.violatedDirective+' '+e.blockedURI)});"
        },
    )
    return driver


# ---------------------------------------------------------------------------------------------------------------
# Animation


def check_animation(driver, server, artifacts):
    """The animated SVG ends on the static picture, and is really animating before it ends."""
    for query in ["value=72", "value=60&arc=270&cap=square", "value=99.5&direction=ccw"]:
        static = pngdecode.decode(render_in_chromium(driver, server, "/ring.svg?" + query, 128, 1))
        # Mid-animation (10 s): the stroke has barely started, so the picture must differ.
        early = pngdecode.decode(render_in_chromium(driver, server, "/ring.svg?" + query + "&animate=10", 128, 1))
        changed = sum(1 for p, q in zip(static.pixels, early.pixels) if premultiplied_distance(p, q) > PIXEL_LEVELS)
        if changed < 50:
            fail("animation %s: 0.1 s into a 10 s animation only %d pixels differ from the final picture" % (query, changed))
        started = time.time()
        final_bytes = render_in_chromium(driver, server, "/ring.svg?" + query + "&animate=0.4", 128, 1)
        # render_in_chromium returns once the image is decoded; wait out the animation, then take the frame again.
        # A second of margin: a busy machine may start the animation late.
        time.sleep(max(0, 0.4 + 1.0 - (time.time() - started)))
        final_bytes = base64.b64decode(
            driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "fromSurface": True})["data"]
        )
        final = pngdecode.decode(final_bytes)
        worst = max(premultiplied_distance(p, q) for p, q in zip(static.pixels, final.pixels))
        if worst > FRAME_LEVELS:
            fail("animation %s: the final frame differs from the static SVG by %d levels" % (query, worst))
            name = re.sub(r"[^A-Za-z0-9]+", "_", query)
            save_artifact(artifacts, name + ".final.png", final_bytes)
            save_artifact(artifacts, name + ".static.png", pngdecode.encode(static))
    print("animation: final frames equal the static SVG (within %d levels)" % FRAME_LEVELS, flush=True)


def check_pages(driver, server, artifacts, screenshots, dark, live, plain):
    """The builder (builder_pages.py), the gallery (gallery_pages.py) and the parameter reference
    (reference_pages.py) in the browser's color scheme: the light one
    first, with the gallery's cards reopened in the builder; the dark one again in a browser started with
    --force-dark-mode. `server` reads live values from `live`; `plain` has none."""
    scheme = "dark" if dark else "light"
    if driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") != dark:
        fail("the browser was started for the %s scheme but pages do not see it" % scheme)
        return
    page = (driver, server, artifacts, fail, save_artifact, dark)
    builder = builder_pages.BuilderChecks(*page, live=live, plain=plain)
    gallery = gallery_pages.GalleryChecks(*page, live=live, plain=plain)
    reference = reference_pages.ReferenceChecks(*page, live=live, plain=plain)
    for name, check in [
        ("builder", lambda: builder.check_builder(screenshots)),
        ("gallery", lambda: gallery.check_gallery(screenshots, round_trip=not dark)),
        ("reference", reference.check_reference),
    ]:
        before = len(failures)
        check()
        if len(failures) > before:
            # What the page looked like when it failed (the messages above say what was expected).
            save_artifact(artifacts, "%s-%s-failure.png" % (name, scheme), driver.get_screenshot_as_png())


def main():
    # On timeout's SIGTERM, unwind through the finally blocks so Chromium, chromedriver and the server stop too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(124))
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/progress-rings"))
    parser.add_argument("--artifacts", default=None)
    parser.add_argument("--update-screenshots", action="store_true", help="write Tests/Browser/screenshots/*.png")
    args = parser.parse_args()
    artifacts = args.artifacts or tempfile.mkdtemp(prefix="progress-rings-browser-")
    os.makedirs(artifacts, exist_ok=True)
    screenshots = os.path.join(HERE, "screenshots") if args.update_screenshots else None
    if screenshots:
        os.makedirs(screenshots, exist_ok=True)

    started = time.time()
    # The server reads live values as `make live-demo`'s does, from the demo's documents served here on 127.0.0.1
    # (live_pages.LiveFixture); a second one, without live values, shows the pages as such a server does.
    live = live_pages.LiveFixture(artifacts)
    server = plain = driver = None
    try:
        server = Server(args.binary, config=live.config)
        plain = Server(args.binary)
        driver = start_browser()
        check_pages(driver, server, artifacts, screenshots, dark=False, live=live, plain=plain)
        embed_pages.check_builder(driver, server, fail)
        embed_pages.EmbedChecks(driver, Server, args.binary, artifacts, fail, save_artifact).check()
        label_fidelity.check_fonts()
        ring_fidelity.check(driver, server, artifacts)
        bar_fidelity.check(driver, server, artifacts)
        spark_fidelity.check(driver, server, artifacts)
        badge_fidelity.check(driver, server, artifacts)
        emoji_fidelity.check(driver, server, artifacts)
        check_animation(driver, server, artifacts)
        # The dark scheme is the browser's, set when it starts: a second browser for the second run of the pages.
        driver.quit()
        driver = None
        driver = start_browser(dark=True)
        check_pages(driver, server, artifacts, None, dark=True, live=live, plain=plain)
    finally:
        if driver:
            driver.quit()
        for started_server in (server, plain):
            if started_server:
                started_server.stop()
        live.stop()
    print("browser tests: %d failures in %.1f s (artifacts: %s)" % (len(failures), time.time() - started, artifacts))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
