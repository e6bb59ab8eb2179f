"""The builder page (/) in a real browser, once in the light and once in the dark system color scheme (Chromium
started with --force-dark-mode, see browser_test.py).

No console message or CSP violation, labels and alt text, keyboard order, typing redraws both previews and the
snippets, the server's own error sentence beside the field it names (a repeated parameter included), all three kinds
(builder_kinds.py), and previews whose labels stay readable on the page behind them in both schemes. The builder's
live values (light run, live_pages.py): a url folds out the live section and turns the value field off, the preview
says what was read, when and for how long, a changed document shows once its value's freshness has passed, a failed
read and a server without live values show the server's sentence.
"""

import html
import os
import re
import time

import live_pages
from builder_kinds import KindChecks
from builder_layout import LayoutChecks
from page_checks import READABLE, PageChecks, label_contrast, luminance

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


class BuilderChecks(KindChecks, LayoutChecks, PageChecks):
    """The builder's checks; `server` reads live values from `live` (a LiveFixture); `plain` is a server without live
    values."""

    def check_builder(self, screenshots):
        driver, fail = self.driver, self.fail
        if not self.open("", "the first preview"):
            self.save_artifact(self.artifacts, "builder-load-%s.png" % self.scheme, driver.get_screenshot_as_png())
            return
        self.previews_loaded("both previews to load")
        if "value=72" not in self.text("out-url"):
            fail("builder: the starting URL has no value=72: " + self.text("out-url"))

        # Every control has a label a screen reader announces; every image has alt text.
        unlabelled = driver.execute_script(
            "return Array.from(document.querySelectorAll('input,select,textarea,button')).filter(function(e){"
            "return !(e.labels&&e.labels.length)&&!e.getAttribute('aria-label')&&!e.textContent.trim()}).map("
            "function(e){return e.outerHTML.slice(0,80)})"
        )
        if unlabelled:
            fail("builder: controls without a label: %s" % unlabelled)
        if driver.execute_script("return Array.from(document.images).filter(function(i){return !i.alt}).length"):
            fail("builder: an image without alt text")
        problems = self.console_problems()
        if problems:
            fail("builder: console messages on load: %s" % problems)

        self.check_typing()
        self.check_errors()
        self.check_kinds()
        self.check_switching()
        self.check_snippet_sizes()
        self.check_error_regions()
        if not self.dark:
            # Layout and what the form keeps do not depend on the color scheme: the light run checks them.
            self.check_layout()
            self.check_value_kept()
            self.check_address_round_trip()
            self.check_dense_markdown()
            self.check_swatches()
            self.check_clock_value()
            if self.live:
                self.check_stored_readout()
        if self.live and not self.dark:
            live_pages.LiveChecks(self).check_builder()
        self.check_readable_previews()
        self.check_policy()
        if screenshots:
            driver.set_window_size(1200, 1040)
            self.open("?value=72&arc=270&color=%2316a34a&gradient=%232563eb&size=160", "preview")
            time.sleep(0.3)
            driver.save_screenshot(os.path.join(screenshots, "builder.png"))

    def check_typing(self):
        """Keyboard only: Tab reaches the value field; typing redraws both previews and writes the snippets."""
        driver, fail, text = self.driver, self.fail, self.text
        order = []
        for _ in range(8):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            active = driver.switch_to.active_element
            order.append(active.get_attribute("id") or active.text)
            if active.get_attribute("id") == "f-ring-value":
                break
        if order[0] != "Skip to content" or order[-1] != "f-ring-value":
            fail("builder: Tab order from the top is %s; expected the skip link first and the value field soon "
                 "after" % order)
        active = driver.switch_to.active_element
        active.send_keys(Keys.CONTROL, "a")
        active.send_keys("35")
        if not self.wait_for(lambda d: "value=35" in text("out-url") and self.shown("status") == "Preview up to date.",
                             "the URL and the snippets to follow the typed value"):
            return
        self.wait_for(
            lambda d: "value=35" in d.find_element(By.ID, "preview-svg").get_attribute("src")
            and "value=35" in d.find_element(By.ID, "preview-png").get_attribute("src"),
            "both previews to follow the typed value",
        )
        url = text("out-url")
        if not url.startswith(self.server.base + "/ring.svg?"):
            fail("builder: URL %r does not start with the server's /ring.svg" % url)
        if text("out-markdown") != "![Progress: 35%](" + url + ")":
            fail("builder: Markdown snippet is %r" % text("out-markdown"))
        expected = '<img alt="Progress: 35%" src="' + url.replace("&", "&amp;") + '" width="128" height="128">'
        if text("out-html") != expected:
            fail("builder: HTML snippet is %r, expected %r" % (text("out-html"), expected))
        alt = driver.find_element(By.ID, "preview-svg").get_attribute("alt")
        if alt != "Progress: 35%":
            fail("builder: preview alt text is %r" % alt)
        body = self.served(url)
        if not body.startswith(b"<svg") or b"35%" not in body:
            fail("builder: the copied URL does not serve the 35% ring")

        # Template text is encoded so the URL survives Markdown: no bare parenthesis, braces or spaces.
        driver.find_element(By.ID, "f-ring-label").send_keys("{value} (done)")
        if self.wait_for(lambda d: "label=" in text("out-url"), "the label in the URL"):
            if "label=%7Bvalue%7D%20%28done%29" not in text("out-url"):
                fail("builder: the label is encoded as %r" % text("out-url"))
            if "35 (done)</text>" not in html.unescape(self.served(text("out-url")).decode("utf-8")):
                fail("builder: the copied URL does not draw the label '35 (done)'")
        driver.find_element(By.CSS_SELECTOR, "button[data-copy=out-markdown]").click()
        self.wait_for(lambda d: "Markdown" in self.shown("status"), "the copy button's message")

        # The snippet boxes grow to their text: a long URL or Markdown line is shown whole, not two lines of it.
        if self.open("?value=30,60,90&color=red,green,blue&label=%7Bvalue%7D%20of%20a%20long%20label&size=200",
                     "a preview with long snippets"):
            for box in ["out-url", "out-markdown", "out-html"]:
                hidden = driver.execute_script(
                    "var e = document.getElementById(arguments[0]); return e.scrollHeight - e.clientHeight;", box)
                if hidden > 1:
                    fail("builder: the %s box hides %d px of its text" % (box, hidden))

        # Several rings: the alt text names every one, as the image's own title does.
        if self.open("?value=30,60,90&color=red,green,blue", "the three-ring preview"):
            alt = "Progress: 30%, 60%, 90%"
            if text("out-markdown") != "![%s](%s)" % (alt, text("out-url")) or 'alt="%s"' % alt not in text("out-html"):
                fail("builder: the three-ring snippets do not name all rings: %r, %r" % (
                    text("out-markdown"), text("out-html")))

        self.check_address()

    def check_address(self):
        """The address bar follows the form (kind, format, parameters), so a reload or a shared link keeps it."""
        driver, fail, text = self.driver, self.fail, self.text
        if not self.open("?kind=bar&value=40", "the bar preview"):
            return
        field = driver.find_element(By.ID, "f-ring-value")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("64")
        driver.find_element(By.CSS_SELECTOR, "input[name=format][value=png]").click()
        if not self.wait_for(lambda d: "value=64" in d.current_url and "format=png" in d.current_url
                             and "kind=bar" in d.current_url, "the address bar to follow the form"):
            fail("builder: the address is %r" % driver.current_url)
            return
        driver.refresh()
        if not self.up_to_date("the reloaded builder"):
            return
        checked = driver.execute_script("return document.querySelector('input[name=kind]:checked').value")
        if text("f-ring-value") != "64" or checked != "bar" or not text("out-url").startswith(
                self.server.base + "/bar.png?"):
            fail("builder: a reload lost the form: kind %s, value %r, URL %r" % (
                checked, text("f-ring-value"), text("out-url")))

    def check_errors(self):
        """A bad value shows the server's sentence beside its field and leaves the snippets out until fixed."""
        driver, fail, text = self.driver, self.fail, self.text
        self.open("?value=72", "the ring preview")
        size = driver.find_element(By.ID, "f-ring-size")
        size.send_keys("5000")
        message = "size: 5000 is out of range 16…1024"
        if self.wait_for(lambda d: self.shown("f-ring-size-error") == message, "the size error"):
            if size.get_attribute("aria-invalid") != "true":
                fail("builder: the bad size field is not marked aria-invalid")
            if text("out-html") or text("out-markdown") or "5000" in text("out-html"):
                fail("builder: snippets of an error image: %r, %r" % (text("out-markdown"), text("out-html")))
            if not driver.find_element(By.ID, "out-html").get_attribute("placeholder"):
                fail("builder: the empty HTML snippet does not say why it is empty")
        size.send_keys(Keys.CONTROL, "a")
        size.send_keys("96")
        self.wait_for(lambda d: self.shown("f-ring-size-error") == "", "the size error to clear")
        self.wait_for(lambda d: 'width="96" height="96"' in text("out-html"), "the HTML snippet to take the new size")
        color = driver.find_element(By.ID, "f-ring-color")
        color.send_keys("purplish")
        self.wait_for(lambda d: self.shown("f-ring-color-error").startswith('color: "purplish" is not a color'),
                      "the color error")
        color.send_keys(Keys.CONTROL, "a")
        color.send_keys("green")
        self.wait_for(lambda d: self.shown("f-ring-color-error") == "", "the color error to clear")

        # A parameter given twice is refused with the server's words, as the server refuses the image URL; editing
        # the field leaves one value.
        driver.get(self.server.base + "/?value=1&value=2")
        served_error = self.server_error("/ring.svg?value=1&value=2")
        if not self.wait_for(lambda d: self.shown("f-ring-value-error") == served_error and served_error,
                             "the repeated value to be refused with %r" % served_error):
            fail("builder: /?value=1&value=2 shows %r beside value, URL %r" % (
                self.shown("f-ring-value-error"), text("out-url")))
        else:
            value = driver.find_element(By.ID, "f-ring-value")
            value.send_keys(Keys.CONTROL, "a")
            value.send_keys("2")
            self.wait_for(lambda d: self.shown("f-ring-value-error") == "" and text("out-url").endswith("?value=2")
                          and self.shown("status") == "Preview up to date.", "one value once the field is edited")

        # Only the browser's reports of the 400s asked for may be in the console.
        problems = [m for m in self.console_problems()
                    if not re.search(r"(size=5000|color=purplish|label=xxxx|value=1&value=2)\S* - Failed to load "
                                     r"resource: .* 400", m)]
        if problems:
            fail("builder: console errors %s" % problems)

    def server_error(self, path):
        try:
            self.server.get(path)
        except Exception as error:  # urllib raises on the 400
            return error.headers.get("X-Error", "")
        return ""

    def check_readable_previews(self):
        """Each preview's label is readable on the page behind it: theme=auto's SVG on the system's scheme (which
        it follows) and its PNG (which reads on both) on the system's scheme too, theme=dark's on dark, the default
        on light."""
        driver, fail = self.driver, self.fail
        for query, svg_backdrop in [("?value=72", "light"), ("?value=72&theme=dark", "dark"),
                                    ("?value=72&theme=auto", self.scheme)]:
            if not self.open(query, "the preview of " + query):
                continue
            self.previews_loaded("the previews of " + query)
            driver.execute_script("return document.getElementById('preview-svg').decode()")
            for image in ("preview-svg", "preview-png"):
                best, backdrop = label_contrast(driver.find_element(By.ID, image))
                if best < READABLE:
                    fail("builder: the label of %s in %s has a contrast of %.2f with the backdrop %s" % (
                        query, image, best, backdrop[:3]))
                    self.save_artifact(self.artifacts, "builder-%s-%s-%s.png" % (
                        self.scheme, re.sub(r"\W+", "_", query), image), driver.get_screenshot_as_png())
            dark_backdrop = luminance(label_contrast(driver.find_element(By.ID, "preview-svg"))[1]) < 0.2
            if dark_backdrop != (svg_backdrop == "dark"):
                fail("builder: the SVG preview of %s is not on a %s backdrop" % (query, svg_backdrop))

    def check_policy(self):
        """The policy is enforced and a violation would be seen: a script the page did not ship, and an image from
        elsewhere, are both refused and reported."""
        driver, fail = self.driver, self.fail
        violations = driver.execute_script("return window.__violations")
        if violations:
            fail("builder: CSP violations %s" % violations)
        driver.execute_script(
            "var s=document.createElement('script');s.textContent='window.__injected=1';document.body.appendChild(s);"
            "var i=new Image();i.src='data:image/gif;base64,R0lGODlhAQABAAAAACw=';document.body.appendChild(i);"
        )
        time.sleep(0.3)
        violations = driver.execute_script("return window.__violations")
        if driver.execute_script("return window.__injected") or not any(v.startswith("script-src") for v in violations) \
                or not any(v.startswith("img-src") for v in violations):
            fail("builder: an injected script or a data: image was not refused by the CSP: %s" % violations)
        refused = [m for m in self.console_problems() if "Content Security Policy" in m]
        if len(refused) < 2:
            fail("builder: the console did not report the refused script and image: %s" % refused)
