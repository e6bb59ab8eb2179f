"""The embed page (/embed/…), the <progress-ring> element of /rings.js, and the builder's GIF, WebP and embed
snippets, in headless Chromium (run by browser_test.py, light scheme).

A server of its own stores values (the token of `make live-demo`, for demo.*) with storedMaxAge 1, so a page that
follows a stored value may look again every `refresh` seconds. The checks: the embed shows the image; with the value
unchanged, a look again is a 304 and no download (the server's own request counters); a pushed value shows within
two periods; the element, imported by a page of another origin, renders inline SVG, maps attributes such as
textColor back to their parameters, follows a pushed value and a changed attribute; no console error and no CSP
violation anywhere.
"""

import functools
import hashlib
import http.server
import json
import os
import re
import threading
import time
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOKEN = "pr_live-demo-only"
REFRESH = 5
NAME = "demo.embed"


def push(server, name, body):
    request = urllib.request.Request(
        server.base + "/values/" + name, data=body.encode(), method="PUT",
        headers={"Authorization": "Bearer " + TOKEN, "Content-Type": "text/plain"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


def counts(server, route):
    """The server's answers on `route` by status, from /metrics."""
    text = server.get("/metrics")[0].decode()
    found = {}
    for status, count in re.findall(
            r'progress_rings_http_requests_total\{route="%s",format="[^"]*",status="(\d+)",outcome="[^"]*"\} (\d+)'
            % re.escape(route), text):
        found[status] = found.get(status, 0) + int(count)
    return found


class OtherOrigin:
    """A directory served on another port of 127.0.0.1: a page of another origin that imports /rings.js."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    def __init__(self, directory):
        os.makedirs(directory, exist_ok=True)
        self.directory = directory
        handler = functools.partial(self.Quiet, directory=directory)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = "http://127.0.0.1:%d" % self.httpd.server_address[1]

    def stop(self):
        self.httpd.shutdown()


class EmbedChecks:
    def __init__(self, driver, server_class, binary, artifacts, fail, save_artifact):
        self.driver = driver
        self.artifacts = artifacts
        self.fail = lambda message: fail("embed: " + message)
        self.save_artifact = save_artifact
        with open(os.path.join(ROOT, "config", "live-demo.json")) as f:
            tokens = json.load(f)["valueTokens"]["value"]
        config = os.path.join(artifacts, "embed-config.json")
        with open(config, "w") as f:
            json.dump({"valueTokens": tokens, "valueStore": os.path.join(artifacts, "embed-values.db"),
                       "storedMaxAge": 1}, f)
        self.server = server_class(binary, config=config)
        self.other = OtherOrigin(os.path.join(artifacts, "other-origin"))

    def stop(self):
        self.server.stop()
        self.other.stop()

    def wait_for(self, condition, what, timeout=15):
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(lambda d: condition(d))
            return True
        except Exception:
            self.fail("timed out waiting for " + what)
            self.save_artifact(self.artifacts, "embed-failure.png", self.driver.get_screenshot_as_png())
            return False

    def quiet_page(self, what, expected=()):
        """No console error or warning (but those naming one of `expected`), and no CSP violation, on the page so
        far."""
        problems = [e["message"] for e in self.driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")
                    and not any(text in e["message"] for text in expected)]
        violations = self.driver.execute_script("return window.__violations || []")
        if problems or violations:
            self.fail("%s: console %s, CSP violations %s" % (what, problems, violations))

    def check(self):
        try:
            self.check_embed()
            self.check_element()
        finally:
            self.stop()

    def check_embed(self):
        driver, server = self.driver, self.server
        push(server, NAME, "40")
        path = "/embed/ring.svg?value=@%s&size=128&refresh=%d" % (NAME, REFRESH)
        driver.set_window_size(800, 700)
        driver.get(server.base + path)
        image = "document.getElementById('image')"
        # The first look, after the load, names the image from its SVG.
        if not self.wait_for(lambda d: d.execute_script("return %s.alt" % image) == "Progress: 40%",
                             "the embed's image to load and be named"):
            return
        policy = urllib.request.urlopen(server.base + path, timeout=10).headers["Content-Security-Policy"]
        if "unsafe-inline" in policy or "script-src 'sha256-" not in policy:
            self.fail("the page's CSP is %r" % policy)
        first = driver.find_element(By.ID, "image").screenshot_as_png
        before = counts(server, "/ring.svg")
        # Two periods with the value unchanged: looks again that cost a 304 each, no 200, the image not swapped.
        time.sleep(2 * REFRESH + 1)
        after = counts(server, "/ring.svg")
        revalidated = after.get("304", 0) - before.get("304", 0)
        downloaded = after.get("200", 0) - before.get("200", 0)
        if revalidated < 1 or downloaded != 0:
            self.fail("with the value unchanged, %d looks were 304 and %d were 200 (want at least one 304, no 200)"
                      % (revalidated, downloaded))
        if driver.execute_script("return %s.src" % image).startswith("blob:"):
            self.fail("the image was swapped though its ETag did not change")
        # A new value: shown within two periods, and only then downloaded.
        push(server, NAME, "80")
        if not self.wait_for(lambda d: d.execute_script("return %s.alt" % image) == "Progress: 80%",
                             "the embed to show the pushed value", timeout=2 * REFRESH + 5):
            return
        self.wait_for(lambda d: d.execute_script("return %s.complete && %s.naturalWidth > 0" % (image, image)),
                      "the new image to be drawn")
        if driver.find_element(By.ID, "image").screenshot_as_png == first:
            self.fail("the picture did not change when the value did")
        self.quiet_page("the embed page")
        print("embed: a look again is a 304 while the value stays (%d in %d s), a pushed value shows" % (
            revalidated, 2 * REFRESH + 1), flush=True)

    def check_element(self):
        driver, server = self.driver, self.server
        push(server, NAME, "25")
        page = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>rings.js</title></head><body>
<progress-ring id="followed" value="@%s" refresh="%d" size="96"></progress-ring>
<progress-ring id="colored" value="50" textColor="red" label="{value}"></progress-ring>
<progress-ring id="badge" kind="badge" label="tests" value="3" max="4"></progress-ring>
<progress-ring id="refused" value="5" refresh="1"></progress-ring>
<script type="module">
import { ringsURL, ringsEmbedURL } from "%s/rings.js";
window.__urls = [ringsURL("https://r.example", "ring", "png", { value: 72, label: "a b" }),
  ringsEmbedURL("https://r.example", "bar", "svg", [["value", "@x"], ["refresh", 60]])];
</script>
</body></html>
""" % (NAME, REFRESH, server.base)
        with open(os.path.join(self.other.directory, "element.html"), "w") as f:
            f.write(page)
        driver.get(self.other.base + "/element.html")

        def label(element_id):
            return driver.execute_script(
                "var e=document.getElementById(arguments[0]);var s=e&&e.shadowRoot&&e.shadowRoot.querySelector('svg');"
                "return s?s.getAttribute('aria-label'):null", element_id)

        if not self.wait_for(lambda d: label("followed") == "Progress: 25%" and label("badge") is not None
                             and label("colored") is not None, "the elements to render their SVG"):
            return
        urls = driver.execute_script("return window.__urls")
        expected = ["https://r.example/ring.png?value=72&label=a%20b",
                    "https://r.example/embed/bar.svg?value=@x&refresh=60"]
        if urls != expected:
            self.fail("the module's URL writer wrote %r, not %r" % (urls, expected))
        fill = driver.execute_script(
            "return document.getElementById('colored').shadowRoot.querySelector('svg').outerHTML")
        if "#ff0000" not in fill.lower():
            self.fail("textColor=red (written textColor, read as textcolor) did not reach the image: %s" % fill[:300])
        size = driver.execute_script(
            "var r=document.getElementById('followed').getBoundingClientRect();return [r.width,r.height]")
        if size[0] < 90 or size[1] < 90:
            self.fail("the element of size 96 takes %r" % size)
        # A changed attribute draws at once; a pushed value within two periods.
        driver.execute_script("document.getElementById('colored').setAttribute('value', '55')")
        self.wait_for(lambda d: label("colored") == "Progress: 55", "the element to follow a changed attribute")
        push(server, NAME, "90")
        self.wait_for(lambda d: label("followed") == "Progress: 90%", "the element to follow a pushed value",
                      timeout=2 * REFRESH + 5)
        # A refresh the server refuses shows its error image, and is not followed: no look every second at an error.
        if self.wait_for(lambda d: "refresh" in (label("refused") or ""), "the refused refresh's error image"):
            before = counts(server, "/ring.svg").get("400", 0)
            time.sleep(3)
            again = counts(server, "/ring.svg").get("400", 0) - before
            if again:
                self.fail("an element with refresh=1 asked %d times more for its error image in 3 s" % again)
        # Chromium reports the 400 of the refused image as a failed resource: the one message expected.
        self.quiet_page("the element's page", expected=["status of 400"])
        print("embed: <progress-ring> renders, maps attributes, follows a push and an attribute", flush=True)


def check_builder(driver, server, fail):
    """The builder offers GIF and WebP URLs and the embed snippet, whose page shows the image."""
    driver.set_window_size(1200, 900)
    driver.get(server.base + "/?value=72")
    wait = WebDriverWait(driver, 10, poll_frequency=0.05)

    def value(element_id):
        return driver.find_element(By.ID, element_id).get_attribute("value")

    for format in ["webp", "gif", "svg"]:
        driver.find_element(By.CSS_SELECTOR, "input[name=format][value=%s]" % format).click()
        try:
            wait.until(lambda d: value("out-url") == server.base + "/ring.%s?value=72" % format
                       and value("out-embed").startswith('<iframe src="%s/embed/ring.%s?value=72"' % (
                           server.base, format)))
        except Exception:
            fail("builder: format %s gives URL %r and embed %r" % (format, value("out-url"), value("out-embed")))
            return
    embed = value("out-embed")
    if 'width="128" height="128"' not in embed or 'title="Progress: 72%"' not in embed:
        fail("builder: the embed snippet has no size or title: %r" % embed)
    source = re.search(r'src="([^"]+)"', embed).group(1).replace("&amp;", "&")
    driver.get(source)
    try:
        wait.until(lambda d: d.execute_script(
            "var i=document.getElementById('image');return i.complete&&i.naturalWidth===128"))
    except Exception:
        fail("builder: the embed snippet's page %s does not show the image" % source)
    print("embed: the builder offers WebP, GIF and the embed snippet", flush=True)
