"""The builder's three kinds in a real browser: each with its own fields and route, a switch of kind that never
lands on an error, an empty badge label, and the snippets' size and alt text as the server draws them (never an
error's). Run as part of the builder's checks (builder_pages.py).
"""

import re

from page_checks import LOADED

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def svg_box(svg_bytes):
    """The width and height the root element of an SVG gives itself."""
    root = re.search(rb"<svg\b[^>]*>", svg_bytes).group(0)
    return (re.search(rb' width="([^"]+)"', root).group(1).decode(),
            re.search(rb' height="([^"]+)"', root).group(1).decode())


class KindChecks:
    """Mixed into BuilderChecks, whose PageChecks helpers (open, text, shown, wait_for) it uses."""

    def check_kinds(self):
        """Badge and bar mode: their own fields, their own routes; an empty badge label can be said."""
        driver, fail, text = self.driver, self.fail, self.text
        self.open("?value=72&size=96", "the ring preview")
        driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=badge]").click()
        if self.wait_for(lambda d: "/badge.svg?" in text("out-url") and self.shown("status") == "Preview up to date.",
                         "the URL to switch to /badge.svg"):
            if not driver.find_element(By.ID, "f-badge-label").is_displayed() or driver.find_element(
                    By.ID, "f-ring-size").is_displayed():
                fail("builder: badge mode shows the wrong fields")
            if "size=" in text("out-url"):
                fail("builder: a ring-only parameter stayed in the badge URL: " + text("out-url"))
            label = driver.find_element(By.ID, "f-badge-label")
            label.send_keys("docs")
            self.wait_for(lambda d: "label=docs" in text("out-url") and self.shown("status") == "Preview up to date."
                          and d.execute_script(LOADED, "preview-svg"), "the badge preview")
            if text("out-markdown") != "![docs: 72%](" + text("out-url") + ")":
                fail("builder: badge Markdown snippet is %r" % text("out-markdown"))
            height = driver.execute_script("return document.getElementById('preview-svg').naturalHeight")
            if height != 20:
                fail("builder: the badge preview is %s px high, not 20" % height)
            # The empty label: the checkbox sends label= and the right half alone is drawn.
            driver.find_element(By.ID, "f-badge-label-empty").click()
            if self.wait_for(lambda d: re.search(r"[?&]label=(&|$)", text("out-url")), "label= in the URL"):
                if not label.get_attribute("disabled"):
                    fail("builder: the badge label field stays editable while it is sent empty")
            driver.find_element(By.ID, "f-badge-label-empty").click()
            self.wait_for(lambda d: "label=docs" in text("out-url"), "the label back after unticking")
            label.send_keys(Keys.CONTROL, "a")
            label.send_keys("x" * 101)
            self.wait_for(lambda d: self.shown("f-badge-label-error").startswith("label: "), "the badge label error")

        # The gallery's "right half alone": the link ticks the box, and the builder's URL draws that badge.
        if self.open("?kind=badge&label=&value=33", "the right half alone"):
            if not driver.find_element(By.ID, "f-badge-label-empty").is_selected():
                fail("builder: /?kind=badge&label= does not tick the empty-label box")
            if self.served(text("out-url")) != self.server.get("/badge.svg?label=&value=33")[0]:
                fail("builder: /?kind=badge&label=&value=33 draws another badge: " + text("out-url"))

        # Bars: their own fields, /bar.svg, and the snippets' size from the bar the server draws.
        if self.open("?kind=bar&value=40&width=240", "the bar preview"):
            if not driver.find_element(By.ID, "f-bar-width").is_displayed() or driver.find_element(
                    By.ID, "f-ring-size").is_displayed():
                fail("builder: bar mode shows the wrong fields")
            if not text("out-url").startswith(self.server.base + "/bar.svg?value=40&width=240"):
                fail("builder: the bar URL is %r" % text("out-url"))
            self.previews_loaded("the bar previews")
            if driver.execute_script("return document.getElementById('preview-svg').naturalWidth") != 240:
                fail("builder: the bar preview is not 240 px wide")
            driver.find_element(By.ID, "f-bar-radius").send_keys("0")
            self.wait_for(lambda d: "radius=0" in text("out-url") and self.shown("status") == "Preview up to date.",
                          "the radius in the bar URL")

    def check_switching(self):
        """A switch of kind converts or leaves out (with a note) what the new kind refuses: never an error."""
        driver, fail, text = self.driver, self.fail, self.text

        def no_errors(what):
            errors = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".error") if e.text]
            if errors:
                fail("builder: switching %s lands on an error: %s" % (what, errors))

        def switch(to, what):
            driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=%s]" % to).click()
            if self.wait_for(lambda d: "/%s.svg?" % to in text("out-url")
                             and self.shown("status") == "Preview up to date.", what):
                return True
            no_errors(what)
            return False

        self.open("?value=30,60,90&color=red,green,blue", "three rings")
        if switch("bar", "ring → bar"):
            if "value=30,60,90" not in text("out-url"):
                fail("builder: three rings did not become three bars: " + text("out-url"))
        if switch("badge", "bar → badge"):
            url = text("out-url")
            if "value=30&" not in url + "&" or "color=red" not in url or "," in url.split("?")[1]:
                fail("builder: the lists did not become one value and one color on a badge: " + url)
            note = self.shown("switch-note")
            if "30,60,90" not in note or "value" not in note:
                fail("builder: no note says the value list became its first item: %r" % note)
        # A value the new kind refuses outright is left out, and the note quotes the server.
        self.open("?value=72&size=512&fontSize=200", "a large label")
        if switch("bar", "ring → bar with fontSize=200"):
            note = self.shown("switch-note")
            if "fontSize" in text("out-url") or "fontSize: 200 is out of range" not in note:
                fail("builder: fontSize=200 was not left out with a note: %r, %r" % (text("out-url"), note))

        # A ring of a stored value the server does not hold (it keeps the demo's demo.* names only): a sparkline
        # leaves the name out with the server's sentence and draws the points' example, never "points: is missing".
        driver.get(self.server.base + "/?value=@coverage")
        if self.wait_for(lambda d: self.shown("f-ring-value-error").startswith("value: "), "the stored value's refusal"):
            if switch("spark", "ring of value=@coverage → sparkline"):
                url, note = text("out-url"), self.shown("switch-note")
                if "points=3,5,4,8" not in url or "@coverage" in url:
                    fail("builder: the sparkline did not start from the points' example: " + url)
                refused = "names no stored value" in note or "stored values are off" in note
                if "value=@coverage" not in note or not refused or "points=" not in note:
                    fail("builder: no note says the name was left out and the points are an example: %r" % note)

    def check_snippet_sizes(self):
        """Badge and bar snippets carry the width and height the server draws, in CSS pixels whatever the scale."""
        for query, path in [
            ("?kind=badge&label=docs&value=72", "/badge.svg?value=72&label=docs"),
            ("?kind=bar&value=30,60,90", "/bar.svg?value=30,60,90"),
            ("?kind=bar&format=png&value=50&width=300&scale=2", "/bar.svg?value=50&width=300"),
        ]:
            if not self.open(query, "the preview of " + query):
                continue
            width, height = svg_box(self.server.get(path)[0])
            snippet = self.text("out-html")
            if 'width="%s" height="%s"' % (width, height) not in snippet:
                self.fail("builder: %s gives the HTML snippet %r, not %s × %s" % (query, snippet, width, height))
            if "format=png" in query and "/bar.png?" not in self.text("out-url"):
                self.fail("builder: format=png did not choose the PNG URL: " + self.text("out-url"))
