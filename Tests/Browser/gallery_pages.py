"""The gallery (/examples) in a real browser, once in the light and once in the dark system color scheme (Chromium
started with --force-dark-mode, see browser_test.py).

Every image loads (the live cards too, on a server configured as make live-demo is), every card opens exactly its
image in the builder, no card puts a label on a backdrop of its own color, and a server without live values shows the
live cards' URLs and how to turn them on (live_pages.py).
"""

import os
import re
import time

import live_pages
from page_checks import READABLE, PageChecks, label_contrast

from selenium.webdriver.common.by import By


class GalleryChecks(PageChecks):
    """The gallery's checks; `server` reads live values from `live` (a LiveFixture); `plain` is a server without live
    values."""

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
