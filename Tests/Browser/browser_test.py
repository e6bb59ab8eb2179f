#!/usr/bin/python3
"""Real-browser tests: headless Chromium (Debian's chromium and chromium-driver, driven by python3-selenium)
against a live progress-rings server on a free loopback port.

1. The builder page at / loads with no console error and no CSP violation, typing updates the preview and the
   snippets, a bad value shows the service's own message beside its field, and it works from the keyboard.
2. The gallery at /examples loads every image, with the same checks.
3. Fidelity (fidelity.py, with the cases of ring_fidelity.py and bar_fidelity.py): for a matrix of rings and bars,
   Chromium's rendering of our SVG and our PNG agree pixel by pixel (outside the label; the label by its ink and
   glyph by glyph, in every script of label_fidelity.py).
4. Badge fidelity (badge_fidelity.py): the same for badges, outside their texts pixel by pixel and each text by its
   ink and its glyphs.
5. An animated SVG's final frame is the static SVG.

Usage: browser_test.py [--binary .build/debug/progress-rings] [--artifacts DIR] [--update-screenshots]
A failure saves both renderings and their difference under the artifacts directory, prints the paths and a base64
of each small image into the log (CI keeps only the log), and exits 1.
"""

import argparse
import base64
import html
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
import pngdecode  # noqa: E402
import ring_fidelity  # noqa: E402
from chromium import render_in_chromium, wait_for  # noqa: E402
from fidelity import PIXEL_LEVELS, premultiplied_distance  # noqa: E402
from report import fail, failures, save_artifact  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

FRAME_LEVELS = 8  # animated SVG's final frame vs the static SVG, both in Chromium: same renderer, same picture


class Server:
    """progress-rings serve on 127.0.0.1, port 0 (the kernel picks a free one), read from its start-up line."""

    def __init__(self, binary):
        self.process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--log-format", "logfmt"],
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


def start_browser():
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
    ]:
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


def console_problems(driver):
    """Console errors and warnings of the page so far (CSP reports arrive as errors)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


# ---------------------------------------------------------------------------------------------------------------
# The builder page and the gallery


def check_builder(driver, server, artifacts, screenshots):
    driver.get(server.base + "/")
    text = lambda element_id: driver.find_element(By.ID, element_id).get_attribute("value")  # noqa: E731
    loaded = "return document.getElementById(arguments[0]).complete && document.getElementById(arguments[0]).naturalWidth"
    if not wait_for(driver, lambda d: d.find_element(By.ID, "status").text == "Preview up to date.", "first preview"):
        save_artifact(artifacts, "builder-load.png", driver.get_screenshot_as_png())
        return
    wait_for(driver, lambda d: d.execute_script(loaded, "preview-svg") and d.execute_script(loaded, "preview-png"),
             "both previews to load")
    if "value=72" not in text("out-url"):
        fail("builder: the starting URL has no value=72: " + text("out-url"))

    # Every control has a label a screen reader announces; every image has alt text.
    unlabelled = driver.execute_script(
        "return Array.from(document.querySelectorAll('input,select,textarea,button')).filter(function(e){"
        "return !(e.labels&&e.labels.length)&&!e.getAttribute('aria-label')&&!e.textContent.trim()}).map(function(e){"
        "return e.outerHTML.slice(0,80)})"
    )
    if unlabelled:
        fail("builder: controls without a label: %s" % unlabelled)
    if driver.execute_script("return Array.from(document.images).filter(function(i){return !i.alt}).length"):
        fail("builder: an image without alt text")

    # No console message at all on a clean load (a CSP refusal would be one).
    problems = console_problems(driver)
    if problems:
        fail("builder: console messages on load: %s" % problems)

    # Keyboard only: Tab from the top reaches the skip link, then the navigation, then the value field.
    order = []
    for _ in range(8):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        active = driver.switch_to.active_element
        order.append(active.get_attribute("id") or active.text)
        if active.get_attribute("id") == "f-ring-value":
            break
    if order[0] != "Skip to content" or order[-1] != "f-ring-value":
        fail("builder: Tab order from the top is %s; expected the skip link first and the value field soon after" % order)
    active = driver.switch_to.active_element
    active.send_keys(Keys.CONTROL, "a")
    active.send_keys("35")
    if wait_for(driver, lambda d: "value=35" in text("out-url"), "the URL to follow the typed value"):
        wait_for(
            driver,
            lambda d: "value=35" in d.find_element(By.ID, "preview-svg").get_attribute("src")
            and "value=35" in d.find_element(By.ID, "preview-png").get_attribute("src"),
            "both previews to follow the typed value",
        )
        url = text("out-url")
        if not url.startswith(server.base + "/ring.svg?"):
            fail("builder: URL %r does not start with the server's /ring.svg" % url)
        if text("out-markdown") != "![Progress: 35%](" + url + ")":
            fail("builder: Markdown snippet is %r" % text("out-markdown"))
        expected_html = '<img alt="Progress: 35%" src="' + url.replace("&", "&amp;") + '" width="128" height="128">'
        if text("out-html") != expected_html:
            fail("builder: HTML snippet is %r, expected %r" % (text("out-html"), expected_html))
        alt = driver.find_element(By.ID, "preview-svg").get_attribute("alt")
        if alt != "Progress: 35%":
            fail("builder: preview alt text is %r" % alt)
        # The snippet's URL really serves that ring.
        body_bytes, headers = server.get(url[len(server.base):])
        if not body_bytes.startswith(b"<svg") or b"35%" not in body_bytes:
            fail("builder: the copied URL does not serve the 35% ring")

    # A bad value shows the service's own sentence beside the field, and goes away when fixed.
    size = driver.find_element(By.ID, "f-ring-size")
    size.send_keys("5000")
    message = "size: 5000 is out of range 16…1024"
    if wait_for(driver, lambda d: d.find_element(By.ID, "f-ring-size-error").text == message, "the size error"):
        if size.get_attribute("aria-invalid") != "true":
            fail("builder: the bad size field is not marked aria-invalid")
    size.send_keys(Keys.CONTROL, "a")
    size.send_keys("96")
    wait_for(driver, lambda d: d.find_element(By.ID, "f-ring-size-error").text == "", "the size error to clear")
    wait_for(driver, lambda d: 'width="96"' in text("out-html"), "the HTML snippet to take the new size")
    color = driver.find_element(By.ID, "f-ring-color")
    color.send_keys("purplish")
    wait_for(
        driver,
        lambda d: d.find_element(By.ID, "f-ring-color-error").text.startswith('color: "purplish" is not a color'),
        "the color error",
    )
    color.send_keys(Keys.CONTROL, "a")
    color.send_keys("green")
    wait_for(driver, lambda d: d.find_element(By.ID, "f-ring-color-error").text == "", "the color error to clear")

    # Template text is encoded so the URL survives Markdown: no bare parenthesis, braces or spaces.
    driver.find_element(By.ID, "f-ring-label").send_keys("{value} (done)")
    if wait_for(driver, lambda d: "label=" in text("out-url"), "the label in the URL"):
        if "label=%7Bvalue%7D%20%28done%29" not in text("out-url"):
            fail("builder: the label is encoded as %r" % text("out-url"))
        body_bytes, _ = server.get(text("out-url")[len(server.base):])
        if "35 (done)</text>" not in html.unescape(body_bytes.decode("utf-8")):
            fail("builder: the copied URL does not draw the label '35 (done)'")

    # The copy button selects the snippet and says what happened.
    driver.find_element(By.CSS_SELECTOR, "button[data-copy=out-markdown]").click()
    wait_for(driver, lambda d: "Markdown" in d.find_element(By.ID, "status").text, "the copy button's message")

    # A link from the gallery fills the form.
    driver.get(server.base + "/?value=12&arc=270&color=orange")
    wait_for(driver, lambda d: d.find_element(By.ID, "status").text == "Preview up to date.", "a prefilled preview")
    url = text("out-url")
    if "value=12" not in url or "arc=270" not in url or "color=orange" not in url:
        fail("builder: a link's query did not fill the form: " + url)

    # Badge mode: the badge's own fields, /badge.svg URLs, the badge's alt text; ring-only fields leave the URL.
    driver.get(server.base + "/?value=72&size=96")
    wait_for(driver, lambda d: d.find_element(By.ID, "status").text == "Preview up to date.", "the ring preview")
    driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=badge]").click()
    if wait_for(driver, lambda d: "/badge.svg?" in text("out-url"), "the URL to switch to /badge.svg"):
        if not driver.find_element(By.ID, "f-badge-label").is_displayed() or driver.find_element(
            By.ID, "f-ring-size"
        ).is_displayed():
            fail("builder: badge mode shows the wrong fields")
        if "size=" in text("out-url"):
            fail("builder: a ring-only parameter stayed in the badge URL: " + text("out-url"))
        label = driver.find_element(By.ID, "f-badge-label")
        label.send_keys("docs")
        wait_for(driver, lambda d: "label=docs" in text("out-url"), "the badge label in the URL")
        wait_for(driver, lambda d: d.execute_script(loaded, "preview-svg") and
                 "label=docs" in d.find_element(By.ID, "preview-svg").get_attribute("src"), "the badge preview")
        if text("out-markdown") != "![docs: 72%](" + text("out-url") + ")":
            fail("builder: badge Markdown snippet is %r" % text("out-markdown"))
        width = driver.execute_script("return document.getElementById('preview-svg').naturalHeight")
        if width != 20:
            fail("builder: the badge preview is %s px high, not 20" % width)
        label.send_keys(Keys.CONTROL, "a")
        label.send_keys("x" * 101)
        wait_for(driver, lambda d: d.find_element(By.ID, "f-badge-label-error").text.startswith("label: "),
                 "the badge label error")
        if screenshots:
            label.send_keys(Keys.CONTROL, "a")
            label.send_keys("coverage")
            driver.find_element(By.ID, "f-ring-thresholds").send_keys("50:orange,80:brightgreen")
            wait_for(driver, lambda d: d.find_element(By.ID, "status").text == "Preview up to date.", "preview")

    # The only console messages allowed after that: the browser reporting the 400s of the bad values typed.
    problems = [
        m for m in console_problems(driver)
        if not (re.search(r"(size=5000|color=purplish|label=xxxx)\S* - Failed to load resource: .* 400", m))
    ]
    violations = driver.execute_script("return window.__violations")
    if problems or violations:
        fail("builder: console errors %s, CSP violations %s" % (problems, violations))

    # The policy is enforced and a violation would be seen: a script the page did not ship, and an image from
    # elsewhere, are both refused and reported.
    driver.execute_script(
        "var s=document.createElement('script');s.textContent='window.__injected=1';document.body.appendChild(s);"
        "var i=new Image();i.src='data:image/gif;base64,R0lGODlhAQABAAAAACw=';document.body.appendChild(i);"
    )
    time.sleep(0.3)
    violations = driver.execute_script("return window.__violations")
    if driver.execute_script("return window.__injected") or not any(v.startswith("script-src") for v in violations) \
            or not any(v.startswith("img-src") for v in violations):
        fail("builder: an injected script or a data: image was not refused by the CSP: %s" % violations)
    # The console reports them too (the check above on every page relies on it); read them so they stay here.
    refused = [m for m in console_problems(driver) if "Content Security Policy" in m]
    if len(refused) < 2:
        fail("builder: the console did not report the refused script and image: %s" % refused)

    if screenshots:
        driver.set_window_size(1200, 1040)
        driver.get(server.base + "/?value=72&arc=270&color=%2316a34a&gradient=%232563eb&size=160")
        wait_for(driver, lambda d: d.find_element(By.ID, "status").text == "Preview up to date.", "preview")
        time.sleep(0.3)
        driver.save_screenshot(os.path.join(screenshots, "builder.png"))


def check_gallery(driver, server, screenshots):
    driver.get(server.base + "/examples")
    complete = "return Array.from(document.images).every(function(i){return i.complete})"
    for img in driver.find_elements(By.TAG_NAME, "img"):
        driver.execute_script("arguments[0].loading='eager'", img)
    wait_for(driver, lambda d: d.execute_script(complete), "the gallery's images", timeout=20)
    broken = driver.execute_script(
        "return Array.from(document.images).filter(function(i){return !i.naturalWidth}).map(function(i){return i.src})"
    )
    count = driver.execute_script("return document.images.length")
    if broken:
        fail("gallery: images that did not load: %s" % broken)
    if count < 30:
        fail("gallery: only %d images" % count)
    problems = console_problems(driver)
    violations = driver.execute_script("return window.__violations")
    if problems or violations:
        fail("gallery: console errors %s, CSP violations %s" % (problems, violations))
    print("gallery: %d images, all loaded" % count, flush=True)
    if screenshots:
        driver.set_window_size(1200, 760)
        # From "Gauges, directions and caps" on: more kinds of ring in one picture than the sizes at the top.
        driver.execute_script("document.querySelectorAll('h2')[2].scrollIntoView()")
        time.sleep(0.3)
        driver.save_screenshot(os.path.join(screenshots, "gallery.png"))


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
    server = Server(args.binary)
    driver = None
    try:
        driver = start_browser()
        for name, check in [
            ("builder", lambda: check_builder(driver, server, artifacts, screenshots)),
            ("gallery", lambda: check_gallery(driver, server, screenshots)),
        ]:
            before = len(failures)
            check()
            if len(failures) > before:
                # What the page looked like when it failed (the messages above say what was expected).
                save_artifact(artifacts, name + "-failure.png", driver.get_screenshot_as_png())
        ring_fidelity.check(driver, server, artifacts)
        bar_fidelity.check(driver, server, artifacts)
        badge_fidelity.check(driver, server, artifacts)
        check_animation(driver, server, artifacts)
    finally:
        if driver:
            driver.quit()
        server.stop()
    print("browser tests: %d failures in %.1f s (artifacts: %s)" % (len(failures), time.time() - started, artifacts))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
