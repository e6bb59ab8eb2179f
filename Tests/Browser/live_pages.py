"""The builder's and the gallery's live values in a real browser (run by builder_pages.py and gallery_pages.py,
light scheme only).

The pages' server reads live values from a LiveFixture: the documents of `make live-demo` (config/live-demo/) and the
test's own, on 127.0.0.1. A second server, without live values, shows what a visitor sees there.
"""

import datetime
import functools
import http.server
import json
import os
import re
import shutil
import threading
import time
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIVE_TTL = 3  # seconds a value read stays fresh on the pages' server: short, so a changed document shows soon
OFF = "live values are off on this server"


class LiveFixture:
    """The documents of `make live-demo` and the test's own, served on 127.0.0.1 (a free port) by a thread of this
    process, and a settings file for the pages' server: config/live-demo.json with its sources pointed here, a short
    liveTTL, and 127.0.0.1 allowed for url= so a plain URL can be tried too. Stops with `stop()` or the process."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    def __init__(self, directory):
        self.documents = os.path.join(directory, "live-documents")
        shutil.copytree(os.path.join(ROOT, "config", "live-demo"), self.documents, dirs_exist_ok=True)
        handler = functools.partial(self.Quiet, directory=self.documents)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        with open(os.path.join(ROOT, "config", "live-demo.json")) as f:
            settings = json.load(f)
        sources = settings["liveSources"]["value"]
        for name, source in sources.items():
            source = {"url": source} if isinstance(source, str) else source
            source["url"] = self.url(os.path.basename(source["url"]))
            sources[name] = source
        # The demo's stored values (demo.*) go to a store of this run, not to data/values.db of the checkout.
        settings.update({"liveTTL": LIVE_TTL, "liveRetrySeconds": 1, "liveHosts": ["127.0.0.1"],
                         "livePrivateAddresses": True, "valueStore": os.path.join(directory, "values.db")})
        self.config = os.path.join(directory, "live-config.json")
        with open(self.config, "w") as f:
            json.dump(settings, f)

    def url(self, name):
        return "http://127.0.0.1:%d/%s" % (self.port, name)

    def write(self, name, document):
        with open(os.path.join(self.documents, name), "w") as f:
            json.dump(document, f)

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class LiveChecks:
    def __init__(self, pages):
        self.pages = pages
        self.driver = pages.driver
        self.fail = pages.fail
        self.live = pages.live
        self.plain = pages.plain

    def element(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def script(self, text):
        return self.driver.execute_script(text)

    def fact(self, element_id):
        return self.element(element_id).text

    def read_at(self):
        """The readout's time of reading, as the page dates it (`<time datetime>`), in seconds since 1970."""
        stamp = self.element("live-read-at").get_attribute("datetime")
        try:
            return datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
        except ValueError:
            self.fail("builder: the live readout dates its value %r" % stamp)
            return 0

    def x_error(self, server, path):
        try:
            server.get(path)
        except Exception as error:  # urllib raises on a 4xx or 5xx, which carries the headers
            return error.headers.get("X-Error", "")
        return ""

    def check_builder(self):
        started = time.time()
        # What the checks before left in the console (their own 400s) is theirs to judge; from here on, only the
        # failed reads and refusals these checks ask for may appear.
        self.pages.console_problems()
        self.check_reading()
        self.check_change()
        self.check_failed_read()
        self.check_off()
        problems = [m for m in self.pages.console_problems()
                    if not re.search(r"url=\S* - Failed to load resource: .* (400|502)", m)]
        violations = self.script("return window.__violations")
        if problems or violations:
            self.fail("builder: live checks: console %s, CSP violations %s" % (problems, violations))
        print("builder: live values checked in %.1f s" % (time.time() - started), flush=True)

    def check_reading(self):
        """Typing a source folds nothing away: the value field turns off (its text put aside), and the readout says
        what the server read, when, where from and for how long it stays fresh; clearing it brings the value back."""
        pages, base = self.pages, self.pages.server.base
        if not pages.open("", "the builder"):
            return
        if self.script("return document.getElementById('live').open") or not self.element("live-read").get_attribute(
                "hidden"):
            self.fail("builder: the live section is not folded, or the readout shown, before any live value")
        self.driver.find_element(By.CSS_SELECTOR, "#live summary").click()
        self.element("f-ring-url").send_keys("coverage")
        if not pages.wait_for(lambda d: pages.text("out-url") == base + "/ring.svg?url=coverage"
                              and pages.shown("status") == "Preview up to date.", "the live ring's preview"):
            return
        value = self.element("f-ring-value")
        if value.is_enabled() or value.get_attribute("value") or value.get_attribute("placeholder") != "read from url":
            self.fail("builder: with url set the value field is %s, %r, placeholder %r" % (
                "on" if value.is_enabled() else "off", value.get_attribute("value"), value.get_attribute("placeholder")))
        if self.fact("live-shows") != "Progress: 87%":
            self.fail("builder: the readout shows %r, not the 87%% coverage.json holds" % self.fact("live-shows"))
        if not re.match(r"(fresh|cached): ", self.fact("live-source")):
            self.fail("builder: the readout's source is %r" % self.fact("live-source"))
        if abs(self.read_at() - time.time()) > LIVE_TTL + 30:
            self.fail("builder: the readout says the value was read at %s" % self.element(
                "live-read-at").get_attribute("datetime"))
        fresh = re.match(r"(\d+) s more, until .* \(Cache-Control: max-age=(\d+)\)$", self.fact("live-fresh"))
        if not fresh or not 0 <= int(fresh.group(1)) <= LIVE_TTL or fresh.group(1) != fresh.group(2):
            self.fail("builder: the readout's freshness is %r (liveTTL %d)" % (self.fact("live-fresh"), LIVE_TTL))
        markdown = "![Progress: 87%](" + base + "/ring.svg?url=coverage)"
        if pages.text("out-markdown") != markdown:
            self.fail("builder: the live ring's Markdown is %r, not %r" % (pages.text("out-markdown"), markdown))
        url = self.element("f-ring-url")
        url.send_keys(Keys.CONTROL, "a")
        url.send_keys(Keys.DELETE)
        if pages.wait_for(lambda d: pages.text("out-url") == base + "/ring.svg?value=72"
                          and pages.shown("status") == "Preview up to date.", "the value back once url is cleared"):
            if not value.is_enabled() or not self.element("live-read").get_attribute("hidden"):
                self.fail("builder: clearing url leaves the value field off or the live readout shown")

    def check_change(self):
        """A document changed upstream shows, read afresh and dated later, once the value's freshness has passed."""
        pages = self.pages
        self.live.write("changing.json", {"v": 10})
        link = "?url=" + urllib.parse.quote(self.live.url("changing.json"), safe=":/") + "&query=v"
        if not pages.open(link, "the changing document") or self.fact("live-shows") != "Progress: 10%":
            self.fail("builder: %s shows %r, not 10%%" % (link, self.fact("live-shows")))
            return
        if not self.script("return document.getElementById('live').open"):
            self.fail("builder: a link with url= leaves the live section folded")
        first = self.read_at()
        self.live.write("changing.json", {"v": 20})
        time.sleep(LIVE_TTL + 0.5)
        self.driver.refresh()
        if pages.up_to_date("the preview after the change"):
            # fresh, or cached when the preview's images asked first and the readout's request came just after.
            if self.fact("live-shows") != "Progress: 20%" or not re.match(r"(fresh|cached): ", self.fact("live-source")):
                self.fail("builder: after liveTTL the readout shows %r (%r), not 20%% read again" % (
                    self.fact("live-shows"), self.fact("live-source")))
            if self.read_at() <= first:
                self.fail("builder: the value read again is not dated after the first reading")

    def check_failed_read(self):
        """A document that cannot be read: the server's sentence beside url and in the readout, and no snippets."""
        pages = self.pages
        link = "?url=" + urllib.parse.quote(self.live.url("missing.json"), safe=":/")
        self.driver.get(pages.server.base + "/" + link)
        expected = self.x_error(pages.server, "/ring.svg" + link)
        if not expected.startswith("url: ") or "404" not in expected:
            self.fail("builder: the server's X-Error for a missing document is %r" % expected)
        if pages.wait_for(lambda d: pages.shown("f-ring-url-error") == expected, "the failed read's sentence"):
            readout = self.fact("live-error")
            if readout != "Not read (HTTP 502): " + expected or self.element("live-facts").is_displayed():
                self.fail("builder: the readout of a failed read says %r" % readout)
            if pages.text("out-markdown") or pages.text("out-html"):
                self.fail("builder: snippets of a value that was not read")

    def check_off(self):
        """A server without live values: its own sentence, beside url and in the readout; a switch of kind keeps url
        (the refusal is the same for every kind)."""
        pages = self.pages
        self.driver.get(self.plain.base + "/?url=coverage")
        expected = self.x_error(self.plain, "/ring.svg?url=coverage")
        if OFF not in expected:
            self.fail("builder: a server without live values answers url=coverage with %r" % expected)
        if not pages.wait_for(lambda d: pages.shown("f-ring-url-error") == expected, "the 'live values are off' sentence"):
            return
        if OFF not in self.fact("live-error") or not self.script("return document.getElementById('live').open"):
            self.fail("builder: the live section does not say %r: %r" % (OFF, self.fact("live-error")))
        self.driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=badge]").click()
        if pages.wait_for(lambda d: "/badge.svg?" in pages.text("out-url") and pages.shown("f-ring-url-error"),
                          "the badge without live values"):
            if "url=coverage" not in pages.text("out-url") or "url" in pages.shown("switch-note"):
                self.fail("builder: switching kind dropped url: %r, note %r" % (
                    pages.text("out-url"), pages.shown("switch-note")))

    def check_gallery(self, configured_sources):
        """Without live values the gallery lists the live cards' URLs (those the configured server draws) and says
        how to see them, with no image that could only be an error."""
        self.driver.get(self.plain.base + "/examples")
        note = self.driver.find_elements(By.ID, "live-off")
        listed = [e.text for e in self.driver.find_elements(By.CSS_SELECTOR, "#live ul.off li code")]
        live_images = self.script("return Array.from(document.images).filter(function(i){"
                                  "return i.src.indexOf('url=')>=0}).length")
        if not note or "make live-demo" not in note[0].text:
            self.fail("gallery: a server without live values does not say how to see the live cards")
        if live_images or sorted(listed) != sorted(configured_sources):
            self.fail("gallery: without live values it lists %s and shows %d live images; the live cards are %s" % (
                listed, live_images, configured_sources))
