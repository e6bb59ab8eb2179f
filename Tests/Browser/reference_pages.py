"""The parameter reference (/parameters) in a real browser: on a phone's width (390 CSS px) no column is cut or runs
off the page (the accepted column wraps), every link leads somewhere (an element of the page or a page the server
answers), and the units `unit=` accepts are listed.
"""

import urllib.error

from page_checks import PageChecks

PHONE = (390, 844)

# Each table cell wider than its box, or reaching past the viewport; the page's own horizontal overflow.
OVERFLOW = """
var width = document.documentElement.clientWidth, out = [];
document.querySelectorAll('main table td, main table th').forEach(function (cell) {
  var box = cell.getBoundingClientRect();
  if (cell.scrollWidth > cell.clientWidth + 1 || box.right > width + 1)
    out.push([cell.cellIndex, Math.round(box.right), cell.scrollWidth, cell.clientWidth,
              cell.textContent.slice(0, 60)]);
});
return {viewport: width, page: document.documentElement.scrollWidth, cells: out};
"""

LINKS = """
return Array.from(document.querySelectorAll('a[href]')).map(function (a) {
  var href = a.getAttribute('href');
  return [href, a.href, href.charAt(0) === '#' ? !!document.getElementById(href.slice(1)) : null];
});
"""


class ReferenceChecks(PageChecks):
    def check_reference(self):
        driver, fail = self.driver, self.fail
        size = driver.get_window_size()
        try:
            driver.set_window_size(*PHONE)
            driver.get(self.server.base + "/parameters")
            layout = driver.execute_script(OVERFLOW)
            if layout["viewport"] > 420:
                fail("reference: the window did not shrink to a phone's width (%d px)" % layout["viewport"])
            if layout["page"] > layout["viewport"] + 1:
                fail("reference: at %d px the page is %d px wide" % (layout["viewport"], layout["page"]))
            for column, right, content, box, text in layout["cells"][:10]:
                fail("reference: at %d px a cell of column %d is cut (%d px of content in %d, right edge %d): %r"
                     % (layout["viewport"], column + 1, content, box, right, text))
            if layout["cells"]:
                self.save_artifact(self.artifacts, "reference-%s-phone.png" % self.scheme,
                                   driver.get_screenshot_as_png())
        finally:
            driver.set_window_size(size["width"], size["height"])

        links = driver.execute_script(LINKS)
        for href, absolute, found in links:
            if found is False:
                fail("reference: the link %s leads to no element of the page" % href)
            elif absolute.startswith(self.server.base):
                try:
                    self.served(absolute)
                except urllib.error.HTTPError as error:
                    fail("reference: the link %s answers %d" % (href, error.code))
            else:
                fail("reference: the link %s leads off the server" % href)
        units = driver.execute_script(
            "var u=document.querySelector('section[aria-labelledby=units]');return u?u.textContent:''")
        for unit in ["percent", "percentunit", "bytes", "decbytes", "Bps", "ms", "reqps", "short", "si:", "prefix:"]:
            if unit not in units:
                fail("reference: the units section does not list %s" % unit)
        print("reference (%s scheme): %d links lead somewhere; nothing cut at %d px"
              % (self.scheme, len(links), PHONE[0]), flush=True)
