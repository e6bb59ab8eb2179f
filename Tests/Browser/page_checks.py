"""What the browser checks of the builder (builder_pages.py, builder_kinds.py) and of the gallery (gallery_pages.py)
share: the driver's helpers for the page, and the contrast of a label against the backdrop the page shows it on.
"""

import pngdecode

from selenium.webdriver.common.by import By
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


class PageChecks:
    """What the builder's and the gallery's checks share. `server` reads live values from `live` (a
    LiveFixture); `plain` is a server without live values."""

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
        """Console errors and warnings of the page so far (CSP reports arrive as errors)."""
        return [e["message"] for e in self.driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
