"""The builder's layout and what the form keeps, in a real browser: each check says what it proves. Run in the light
scheme as part of the builder's checks (builder_pages.py); the layout and the form do not depend on the scheme.
"""

import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

PHONE = (390, 844)
# The groups of fields that say what each kind shows: the preview follows them.
MAIN_GROUPS = {"ring": ["Value"], "bar": ["Value"], "badge": ["Value", "Badge"], "spark": ["Value", "Sparkline"]}
# A rectangle of an element in the page's coordinates (the viewport's, so what a visitor sees where).
RECT = "var r=document.getElementById(arguments[0]).getBoundingClientRect();return [r.top,r.bottom,r.left,r.right]"
# Every visible field's label whose text reaches into its control, as [parameter, text right, control left].
LABELS_UNDER_CONTROLS = (
    "return Array.from(document.querySelectorAll('.field:not([hidden])')).filter(function(f){return f.offsetParent})"
    ".map(function(f){var t=document.createRange();t.selectNodeContents(f.querySelector('label'));"
    "var l=t.getBoundingClientRect();"
    "var c=f.querySelector('[data-param]').closest('.color-pair')||f.querySelector('[data-param]');"
    "return [f.querySelector('[data-param]').getAttribute('data-param'),l.right,c.getBoundingClientRect().left]})"
    ".filter(function(x){return x[1]>x[2]+0.5})"
)


class LayoutChecks:
    """Mixed into BuilderChecks, whose PageChecks helpers (open, text, shown, wait_for) it uses."""

    def check_layout(self):
        self.check_phone()
        self.check_desktop_results()
        self.check_labels_clear()

    def phone(self, on):
        if on:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
        else:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def main_fields_bottom(self, kind):
        """The bottom of the last of the kind's main groups of fields (by their legends)."""
        return self.driver.execute_script(
            "var names=arguments[0];var sets=Array.from(document.querySelectorAll('fieldset')).filter(function(s){"
            "var l=s.querySelector('legend');return s.offsetParent&&l&&names.indexOf(l.textContent)>=0});"
            "return Math.max.apply(null,sets.map(function(s){return s.getBoundingClientRect().bottom}))",
            MAIN_GROUPS[kind])

    def check_phone(self):
        """At 390 × 844 the preview comes right after the kind's main fields, and the URL box ends within one screen
        of them; nothing is wider than the screen."""
        driver, fail = self.driver, self.fail
        self.phone(True)
        try:
            for kind in ["ring", "badge", "bar", "spark"]:
                if not self.open("?kind=%s&value=72" % kind if kind != "spark" else "?kind=spark&points=3,5,4,8", "the %s on a phone" % kind):
                    continue
                driver.execute_script("window.scrollTo(0,0)")
                main = self.main_fields_bottom(kind)
                preview = driver.execute_script(RECT, "preview")
                url = driver.execute_script(RECT, "out-url")
                width = driver.execute_script("return document.documentElement.scrollWidth")
                print("builder at 390x844, %s: main fields end at %d px, preview at %d px, URL box ends at %d px" % (
                    kind, main, preview[0], url[1]), flush=True)
                if not (main <= preview[0] <= main + 120) or url[1] - main > PHONE[1]:
                    fail("builder: on a 390 x 844 phone the %s's main fields end at %d px, the preview starts at %d px "
                         "and the URL ends at %d px: not within the screen after them" % (kind, main, preview[0], url[1]))
                if width > PHONE[0]:
                    fail("builder: on a 390 px phone the %s page is %d px wide" % (kind, width))
                clashes = driver.execute_script(LABELS_UNDER_CONTROLS)
                if clashes:
                    fail("builder: on a 390 px phone these %s labels run under their controls: %s" % (kind, clashes))
        finally:
            self.phone(False)

    def check_desktop_results(self):
        """On a short desktop window a tall preview leaves the results column scrollable within the window, so its
        last control (Copy HTML) can be reached wherever the form is scrolled."""
        driver, fail = self.driver, self.fail
        size = driver.get_window_size()
        driver.set_window_size(1200, 700)
        try:
            if not self.open("?value=72&size=512", "a tall preview"):
                return
            self.previews_loaded("the tall previews")
            height = driver.execute_script("return innerHeight")
            for fraction in (0.3, 0.6):
                driver.execute_script("window.scrollTo(0,(document.documentElement.scrollHeight-innerHeight)*%s)"
                                      % fraction)
                results = driver.execute_script(
                    "var r=document.querySelector('.results').getBoundingClientRect();return [r.top,r.bottom]")
                if results[1] > height + 1:
                    fail("builder: scrolled %d%% down a %d px window, the results column runs to %d px" % (
                        fraction * 100, height, results[1]))
            reached = driver.execute_script(
                "var b=document.querySelector('button[data-copy=out-html]');b.scrollIntoView({block:'nearest'});"
                "var r=b.getBoundingClientRect();return document.elementFromPoint(r.left+r.width/2,r.top+r.height/2)===b")
            if not reached:
                fail("builder: Copy HTML cannot be brought into a 1200 x 700 window")
        finally:
            driver.set_window_size(size["width"], size["height"])

    def check_labels_clear(self):
        """No field label runs under its control, in any kind (thresholdsMode is the longest name)."""
        for kind in ["ring", "badge", "bar", "spark"]:
            if not self.open("?kind=%s" % kind + ("&points=3,5,4,8" if kind == "spark" else ""),
                             "the %s fields" % kind):
                continue
            self.driver.execute_script("document.getElementById('live').open=true")
            clashes = self.driver.execute_script(LABELS_UNDER_CONTROLS)
            if clashes:
                self.fail("builder: these %s labels run under their controls: %s" % (kind, clashes))

    def switch(self, to):
        self.driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=%s]" % to).click()
        return self.wait_for(lambda d: "/%s.svg" % to in self.text("out-url")
                             and self.shown("status") == "Preview up to date.", "the switch to " + to)

    def check_value_kept(self):
        """A value goes round every kind and comes back as it was: three rings become three bars, one badge (the
        first), a sparkline's points, and three rings again; a single value comes back from a sparkline."""
        fail, text = self.fail, self.text
        if not self.open("?value=30,60,90", "three rings"):
            return
        expected = [("bar", "value=30,60,90"), ("badge", "value=30"), ("spark", "points=30,60,90"),
                    ("ring", "value=30,60,90"), ("badge", "value=30"), ("ring", "value=30,60,90")]
        for kind, part in expected:
            if not self.switch(kind):
                return
            url = text("out-url")
            if part not in url.partition("?")[2].split("&"):
                fail("builder: after the switch to %s the URL is %r, without %s" % (kind, url, part))
        if text("f-ring-value") != "30,60,90":
            fail("builder: after a round of switches the value field holds %r" % text("f-ring-value"))
        if not self.open("?value=72", "one ring"):
            return
        if self.switch("spark") and self.switch("ring"):
            if text("f-ring-value") != "72" or "value=72" not in text("out-url"):
                fail("builder: ring → sparkline → ring lost value=72: field %r, URL %r" % (
                    text("f-ring-value"), text("out-url")))
        # An edit on the way is what the value is from then on.
        if self.switch("badge"):
            field = self.driver.find_element(By.ID, "f-ring-value")
            field.send_keys(Keys.CONTROL, "a")
            field.send_keys("45")
            if self.switch("bar") and "value=45" not in text("out-url"):
                fail("builder: an edited value did not stay through a switch: " + text("out-url"))

    def check_address_round_trip(self):
        """A link fills the form; each change replaces the address (no new history entry), a switch of kind
        included, and the address opens the same form again."""
        driver, fail, text = self.driver, self.fail, self.text
        if not self.open("?kind=badge&value=45&label=docs&color=red", "a badge link"):
            return
        checked = driver.execute_script("return document.querySelector('input[name=kind]:checked').value")
        if checked != "badge" or text("f-ring-value") != "45" or text("f-badge-label") != "docs" \
                or text("f-ring-color") != "red":
            fail("builder: /?kind=badge&value=45&label=docs&color=red fills kind %s, value %r, label %r, color %r" % (
                checked, text("f-ring-value"), text("f-badge-label"), text("f-ring-color")))
        entries = driver.execute_script("return history.length")
        field = driver.find_element(By.ID, "f-badge-label")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("tests")
        if not self.wait_for(lambda d: "label=tests" in d.current_url, "the address to take label=tests"):
            return
        self.switch("bar")
        if not self.wait_for(lambda d: "kind=bar" in d.current_url, "the address to take kind=bar"):
            return
        if driver.execute_script("return history.length") != entries:
            fail("builder: editing the form added history entries (%d, then %d)" % (
                entries, driver.execute_script("return history.length")))
        address, url = driver.current_url, text("out-url")
        if not self.open(address[len(self.server.base) + 1:], "the builder at its own address"):
            return
        if text("out-url") != url:
            fail("builder: the address %s opens the form of %s, not %s" % (address, text("out-url"), url))

    def check_dense_markdown(self):
        """A scale=2 PNG's Markdown is the HTML form with the image's CSS size, not its doubled pixels."""
        if not self.open("?format=png&value=72&scale=2", "a scale=2 PNG"):
            return
        markdown = self.text("out-markdown")
        if 'width="128" height="128"' not in markdown or markdown.startswith("![") or "scale=2" not in markdown:
            self.fail("builder: the Markdown of a scale=2 PNG is %r" % markdown)
        if self.open("?format=png&value=72", "a scale=1 PNG") and not self.text("out-markdown").startswith("!["):
            self.fail("builder: the Markdown of a scale=1 PNG is %r" % self.text("out-markdown"))

    def check_error_regions(self):
        """Every field's error is a live region, there before its text, so a screen reader says it."""
        silent = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('[data-error-for], #live-error')).filter(function(e){"
            "return !e.closest('[aria-live],[role=alert],[role=status]')}).map(function(e){return e.id})")
        if silent:
            self.fail("builder: errors outside any live region: %s" % silent[:5])

    def check_stored_readout(self):
        """The readout of a stored value is headed so, and each fact keeps the width of its column: no fact printed
        a character a line."""
        driver, fail = self.driver, self.fail
        request = urllib.request.Request(self.server.base + "/values/demo.layout", data=b"61", method="PUT",
                                         headers={"Authorization": "Bearer pr_live-demo-only"})
        urllib.request.urlopen(request, timeout=10).read()
        if not self.open("?value=@demo.layout", "a stored value"):
            return
        if not self.wait_for(lambda d: self.shown("live-push").startswith("curl"), "the push line"):
            return
        heading = self.shown("live-read-heading")
        if heading != "Stored value":
            fail("builder: the readout of value=@demo.layout is headed %r" % heading)
        narrow = driver.execute_script(
            "return Array.from(document.querySelectorAll('#live-read dd')).filter(function(e){return e.offsetParent})"
            ".map(function(e){var r=e.getBoundingClientRect();return [e.id||e.firstElementChild.id,r.width,r.height]})"
            ".filter(function(x){return x[1]<120})")
        if narrow:
            fail("builder: facts of the stored value's readout squeezed into a narrow column: %s" % narrow)

    def check_swatches(self):
        """A color field's swatch shows the color typed: a CSS name, hex without #, shields' names, a link's."""
        driver, fail = self.driver, self.fail

        def picker(field_id):
            return driver.execute_script(
                "return document.querySelector('[data-picker-for=%s]').value" % field_id)

        if self.open("?color=%2316a34a&track=none", "a link with a color") and picker("f-ring-color") != "#16a34a":
            fail("builder: color=#16a34a leaves the swatch at %s" % picker("f-ring-color"))
        color = driver.find_element(By.ID, "f-ring-color")
        for typed, shown in [("red", "#ff0000"), ("f80", "#ff8800"), ("brightgreen", "#44cc11"),
                             ("rgb(1,2,3)", "#010203"), ("blue,green", "#0000ff")]:
            color.send_keys(Keys.CONTROL, "a")
            color.send_keys(typed)
            if not self.wait_for(lambda d: picker("f-ring-color") == shown, "the swatch of %s to be %s" % (typed, shown)):
                fail("builder: typing %s leaves the swatch at %s" % (typed, picker("f-ring-color")))

    def check_clock_value(self):
        """With until (or from/to, since) the clock drives the value: the field is off and left out, and back
        once the date goes."""
        driver, fail, text = self.driver, self.fail, self.text
        if not self.open("?value=40", "a ring"):
            return
        driver.execute_script("document.getElementById('live').open=true")
        until = driver.find_element(By.ID, "f-ring-until")
        until.send_keys("2099-12-24")
        if self.wait_for(lambda d: "until=2099-12-24" in text("out-url") and self.shown("status") == "Preview up to date.",
                         "the countdown's preview"):
            value = driver.find_element(By.ID, "f-ring-value")
            if value.is_enabled() or "value=" in text("out-url"):
                fail("builder: with until the value field is on or sent: " + text("out-url"))
        until.send_keys(Keys.CONTROL, "a")
        until.send_keys(Keys.DELETE)
        self.wait_for(lambda d: "value=40" in text("out-url") and "until" not in text("out-url"),
                      "the value back once until is cleared")
