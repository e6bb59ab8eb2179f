"""The builder page (/) and the gallery (/examples) in a real browser, once in the light and once in the dark system
color scheme (Chromium started with --force-dark-mode, see browser_test.py).

The builder: no console message or CSP violation, labels and alt text, keyboard order, typing redraws both previews
and the snippets, the server's own error sentence beside the field it names (a repeated parameter included), the
snippets' size and alt text as the server draws them (never an error's), all three kinds with their own fields, a
switch of kind that never lands on an error, an empty badge label, and previews whose labels stay readable on the
page behind them in both schemes. The builder's live values (light run): a url folds out the live section and turns
the value field off, the preview says what was read, when and for how long, a changed document shows once its
value's freshness has passed, a failed read and a server without live values show the server's sentence. The gallery:
every image loads (the live cards too, on a server configured as make live-demo is), every card opens exactly its
image in the builder, no card puts a label on a backdrop of its own color, and a server without live values shows the
live cards' URLs and how to turn them on.
"""

import html
import os
import re
import time

import live_pages
import pngdecode
from live_pages import LiveFixture  # noqa: F401 (browser_test.py starts it with the pages' server)

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

READABLE = 4.5  # WCAG's contrast for text: the label's core against the backdrop beside it (a vanished label is ~1.1)
LOADED = "var i=document.getElementById(arguments[0]);return i.complete&&i.naturalWidth>0"
def luminance(rgb):
    def linear(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def label_contrast(element):
    """The best contrast, against the backdrop, of any pixel in the middle of a ring's picture as the page shows it
    (the label, inside the hole): the backdrop is read at the picture's corner, outside the ring."""
    shot = pngdecode.decode(element.screenshot_as_png)
    backdrop = shot[1, 1]
    w, h = shot.width, shot.height
    best = 1.0
    for y in range(int(h * 0.4), int(h * 0.6)):
        for x in range(int(w * 0.3), int(w * 0.7)):
            best = max(best, contrast(shot[x, y], backdrop))
    return best, backdrop


def svg_box(svg_bytes):
    """The width and height the root element of an SVG gives itself."""
    root = re.search(rb"<svg\b[^>]*>", svg_bytes).group(0)
    return (re.search(rb' width="([^"]+)"', root).group(1).decode(),
            re.search(rb' height="([^"]+)"', root).group(1).decode())


class PageChecks:
    """`server` reads live values from `live` (a LiveFixture); `plain` is a server without live values."""

    def __init__(self, driver, server, artifacts, fail, save_artifact, dark, live=None, plain=None):
        self.driver = driver
        self.server = server
        self.live = live
        self.plain = plain
        self.artifacts = artifacts
        self.scheme = "dark" if dark else "light"
        self.fail = lambda message: fail("[%s scheme] %s" % (self.scheme, message))
        self.save_artifact = save_artifact
        self.dark = dark

    def wait_for(self, condition, what, timeout=10):
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda d: condition(d))
            return True
        except Exception:
            self.fail("timed out waiting for " + what)
            return False

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).get_attribute("value")

    def shown(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def up_to_date(self, what):
        return self.wait_for(lambda d: self.shown("status") == "Preview up to date.", what)

    def previews_loaded(self, what):
        return self.wait_for(
            lambda d: d.execute_script(LOADED, "preview-svg") and d.execute_script(LOADED, "preview-png"), what)

    def open(self, query, what):
        """The builder opened by a link, once the server has answered for its image."""
        self.driver.get(self.server.base + "/" + query)
        return self.up_to_date(what)

    def served(self, url):
        return self.server.get(url[len(self.server.base):])[0]

    def console_problems(self):
        return [e["message"] for e in self.driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]

    # -----------------------------------------------------------------------------------------------------------
    # The builder

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

        # Several rings: the alt text names every one, as the image's own title does.
        if self.open("?value=30,60,90&color=red,green,blue", "the three-ring preview"):
            alt = "Progress: 30%, 60%, 90%"
            if text("out-markdown") != "![%s](%s)" % (alt, text("out-url")) or 'alt="%s"' % alt not in text("out-html"):
                fail("builder: the three-ring snippets do not name all rings: %r, %r" % (
                    text("out-markdown"), text("out-html")))

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

    def check_readable_previews(self):
        """Each preview's label is readable on the page behind it: theme=auto's SVG on the system's scheme (which
        it follows), its PNG (always light) on light, theme=dark's on dark, the default on light."""
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

    # -----------------------------------------------------------------------------------------------------------
    # The gallery

    def check_gallery(self, screenshots, round_trip):
        driver, fail = self.driver, self.fail
        driver.get(self.server.base + "/examples")
        for img in driver.find_elements(By.TAG_NAME, "img"):
            driver.execute_script("arguments[0].loading='eager'", img)
        self.wait_for(lambda d: d.execute_script("return Array.from(document.images).every(function(i){"
                                                 "return i.complete})"), "the gallery's images", timeout=20)
        broken = driver.execute_script("return Array.from(document.images).filter(function(i){return !i.naturalWidth})"
                                       ".map(function(i){return i.src})")
        count = driver.execute_script("return document.images.length")
        if broken:
            fail("gallery: images that did not load: %s" % broken)
        if count < 30:
            fail("gallery: only %d images" % count)
        problems = self.console_problems()
        violations = driver.execute_script("return window.__violations")
        if problems or violations:
            fail("gallery: console errors %s, CSP violations %s" % (problems, violations))
        cards = driver.execute_script(
            "return Array.from(document.querySelectorAll('figure')).map(function(f){var e=f.querySelectorAll("
            "'a.edit');return [f.querySelector('img').src,e.length?e[0].href:null,e.length,f.className]})")
        bars = [c for c in cards if "/bar" in c[0]]
        if len(bars) < 6:
            fail("gallery: only %d bars" % len(bars))
        for src, link, links, _ in cards:
            if links != 1:
                fail("gallery: the card of %s has %d 'open in the builder' links" % (src, links))

        # Every card whose colors follow a theme shows its label readably on its card, in this scheme.
        for figure in driver.find_elements(By.CSS_SELECTOR, "figure"):
            img = figure.find_element(By.TAG_NAME, "img")
            src = img.get_attribute("src")
            if "/ring." not in src or "theme=" not in src:
                continue
            best, backdrop = label_contrast(img)
            if best < READABLE:
                fail("gallery: the label of %s has a contrast of %.2f with its card %s" % (src, best, backdrop[:3]))
                self.save_artifact(self.artifacts, "gallery-%s-%s.png" % (self.scheme, re.sub(r"\W+", "_", src)[-60:]),
                                   figure.screenshot_as_png)
        print("gallery (%s scheme): %d images, all loaded; %d bars" % (self.scheme, count, len(bars)), flush=True)
        if screenshots:
            driver.set_window_size(1200, 760)
            # From "Gauges, directions and caps" on: more kinds of ring in one picture than the sizes at the top.
            driver.execute_script("document.querySelectorAll('h2')[2].scrollIntoView()")
            time.sleep(0.3)
            driver.save_screenshot(os.path.join(screenshots, "gallery.png"))
        if self.plain and not self.dark:
            live = [c[0][len(self.server.base):] for c in cards if "url=" in c[0]]
            if len(live) < 4:
                fail("gallery: only %d live cards on a server configured as make live-demo is" % len(live))
            live_pages.LiveChecks(self).check_gallery(live)
        if round_trip:
            self.check_builder_links(cards)

    def check_builder_links(self, cards):
        """Each card's "open in the builder" fills the builder so that its URL draws the card's image, byte for
        byte (a short link, a PNG and an empty badge label included)."""
        started = time.time()
        for src, link, _, _ in cards:
            if not link:
                continue
            self.driver.get(link)
            if not self.up_to_date("the builder opened from the card of " + src):
                continue
            url = self.text("out-url")
            if self.served(url) != self.served(src):
                self.fail("gallery: the builder opened from %s draws %s, another image" % (src, url))
        print("gallery: %d cards reopened in the builder in %.1f s" % (len(cards), time.time() - started), flush=True)
