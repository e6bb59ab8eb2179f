#!/usr/bin/python3
"""Real-browser tests: headless Chromium (Debian's chromium and chromium-driver, driven by python3-selenium)
against a live progress-rings server on a free loopback port.

1. The builder page at / and the gallery at /examples (builder_pages.py), first in the light color scheme, then
   again in a second browser started in the dark one (--force-dark-mode).
2. The gallery's cards each reopen their own image in the builder.
3. Fidelity: for a matrix of rings, Chromium's rendering of our SVG and our PNG agree pixel by pixel (outside the
   label; the label by its ink), and an animated SVG's final frame is the static SVG.
4. Badge fidelity: the same for badges, outside their texts pixel by pixel and each text by its ink.

Usage: browser_test.py [--binary .build/debug/progress-rings] [--artifacts DIR] [--update-screenshots]
A failure saves both renderings and their difference under the artifacts directory, prints the paths and a base64
of each small image into the log (CI keeps only the log), and exits 1.
"""

import argparse
import base64
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
import builder_pages  # noqa: E402
import pngdecode  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Tolerances of the fidelity checks; see README text in check_fidelity() for how they were measured.
# Chromium draws with Skia (analytic anti-aliasing, its own arc flattening), our PNG with Cairo: the two agree in
# the body of every stroke and differ only along its edges, by partial coverage of the edge pixel.
PIXEL_LEVELS = 64  # a pixel "differs" when a premultiplied channel differs by more than this (of 255)
DIFFERING_SHARE = 0.015  # at most this share of the ring's pixels may differ
INSIDE_LEVELS = 2  # away from edges (a flat 3×3 area of our PNG) the colors must be the same, ±2 for rounding
INK_RATIO = 0.2  # label ink (text-colored coverage) within ±20 % (measured ±11 %): Skia hints and weights text unlike Cairo
INK_CENTRE_PX = 1.0  # label ink centroid within 1 CSS px (measured 0.5)
FRAME_LEVELS = 8  # animated SVG's final frame vs the static SVG, both in Chromium: same renderer, same picture

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, flush=True)


class Server:
    """progress-rings serve on 127.0.0.1, port 0 (the kernel picks a free one), read from its start-up line; with
    `config`, the settings file it reads first."""

    def __init__(self, binary, config=None):
        self.process = subprocess.Popen(
            [binary, "serve"] + (["--config", config] if config else [])
            + ["--host", "127.0.0.1", "--port", "0", "--log-format", "logfmt"],
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


def start_browser(dark=False):
    """Headless Chromium; `dark` starts it as on a system in the dark color scheme (--force-dark-mode, which
    Debian's chromium honours in headless mode: prefers-color-scheme is dark in pages and in the SVG images they
    show)."""
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
    ] + (["--force-dark-mode"] if dark else []):
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


def wait_for(driver, condition, what, timeout=10):
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: condition(d))
        return True
    except Exception:
        fail("timed out waiting for " + what)
        return False


def save_artifact(artifacts, name, png_bytes):
    path = os.path.join(artifacts, name)
    with open(path, "wb") as f:
        f.write(png_bytes)
    print("  saved " + path, flush=True)
    if len(png_bytes) <= 48 * 1024 and not os.environ.get("BROWSER_TEST_QUIET"):
        print("  base64 %s: %s" % (name, base64.b64encode(png_bytes).decode()), flush=True)


# ---------------------------------------------------------------------------------------------------------------
# Fidelity


def render_in_chromium(driver, server, path, size, scale, height=None):
    """Chromium's pixels of the image at `path`, shown by an <img> of size × height CSS px (square unless `height`
    is given) on a transparent page at `scale` device pixels per CSS pixel."""
    height = height or size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size, "height": height, "deviceScaleFactor": scale, "mobile": False},
    )
    driver.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
    driver.execute_script(
        "document.documentElement.style.cssText='margin:0;padding:0;background:transparent';"
        "document.body.style.cssText='margin:0;padding:0;background:transparent';"
        "document.body.innerHTML='';var i=new Image();i.width=arguments[1];i.height=arguments[2];"
        "i.style.display='block';i.id='shot';i.src=arguments[0];document.body.appendChild(i);",
        server.base + path,
        size,
        height,
    )
    wait_for(
        driver,
        lambda d: d.execute_script("var i=document.getElementById('shot');return i.complete&&i.naturalWidth>0"),
        "image " + path,
    )
    driver.execute_script("return document.getElementById('shot').decode()")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "fromSurface": True})
    return base64.b64decode(shot["data"])


def premultiplied_distance(a, b):
    pa = [c * a[3] // 255 for c in a[:3]] + [a[3]]
    pb = [c * b[3] // 255 for c in b[:3]] + [b[3]]
    return max(abs(x - y) for x, y in zip(pa, pb))


def label_box(with_label, without_label, margin):
    """The box around every pixel where the labelled PNG differs from the unlabelled one: the label's ink."""
    xs, ys = [], []
    for y in range(with_label.height):
        for x in range(with_label.width):
            if with_label[x, y] != without_label[x, y]:
                xs.append(x)
                ys.append(y)
    if not xs:
        return None
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def ink(image, box, text_color):
    """Coverage-weighted amount and centroid of the pixels close to the text color inside `box`."""
    weight = sx = sy = 0.0
    x0, y0, x1, y1 = box
    for y in range(max(0, y0), min(image.height, y1 + 1)):
        for x in range(max(0, x0), min(image.width, x1 + 1)):
            p = image[x, y]
            if max(abs(p[i] - text_color[i]) for i in range(3)) < 64 and p[3] > 0:
                w = p[3] / 255
                weight += w
                sx += w * (x + 0.5)
                sy += w * (y + 0.5)
    return weight, sx / max(weight, 1e-9), sy / max(weight, 1e-9)


def difference_image(a, b):
    pixels = []
    for p, q in zip(a.pixels, b.pixels):
        d = premultiplied_distance(p, q)
        pixels.append((255, 0, 0, 255) if d > PIXEL_LEVELS else (0, 0, 0, min(255, d * 3)))
    return pngdecode.Image(a.width, a.height, pixels)


def fidelity_cases():
    cases = []
    for value in ["0", "1", "50", "99.5", "100"]:
        for arc in ["360", "270"]:
            for cap, direction in [("round", "cw"), ("butt", "ccw"), ("square", "cw")]:
                cases.append("value=%s&arc=%s&cap=%s&direction=%s" % (value, arc, cap, direction))
    cases += [
        "value=72&size=32",
        "value=72&size=64&thickness=12",
        "value=35&size=256&label=%7Bvalue%7D%20of%20%7Bmax%7D",
        "value=64&size=512&thickness=40&cap=square",
        "value=80&size=96&scale=2",
        "value=12.5&size=64&scale=2&direction=ccw&arc=300",
        "value=66&background=white&color=%23e11d48&track=none&fontWeight=normal",
        "value=42&start=90&label=none&color=2563eb80",
        # Several rings, value-driven color, gradients and the dark theme.
        "value=30,60,90&color=red,green,blue&size=160",
        "value=90&thresholds=50:orange,80:green&color=red&arc=270",
        "value=80&gradient=%2316a34a&cap=round",
        "value=97&gradient=orange&color=purple&direction=ccw&size=200&thickness=24",
        "value=72&theme=dark&label=none",
    ]
    return cases


def compare_rings(ours, theirs, box):
    """Outside the label box: (ring pixels, pixels differing by more than PIXEL_LEVELS, the largest difference
    at a pixel inside a flat area of our PNG, where its 3×3 neighbourhood is one color and no edge is near)."""
    ring = differing = worst_inside = 0
    w, h = ours.width, ours.height
    for y in range(h):
        for x in range(w):
            if box and box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                continue
            a, b = ours[x, y], theirs[x, y]
            if a[3] or b[3]:
                ring += 1
            d = premultiplied_distance(a, b)
            if d > PIXEL_LEVELS:
                differing += 1
            if d > worst_inside and 0 < x < w - 1 and 0 < y < h - 1 and a[3]:
                if all(ours[x + dx, y + dy] == a for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                    worst_inside = d
    return ring, differing, worst_inside


def check_fidelity(driver, server, artifacts):
    worst = {"share": 0.0, "inside": 0, "ink": 0.0, "centre": 0.0}
    for query in fidelity_cases():
        fields = dict(part.split("=", 1) for part in query.split("&"))
        size = int(fields.get("size", "128"))
        scale = int(fields.get("scale", "1"))
        theirs = pngdecode.decode(render_in_chromium(driver, server, "/ring.svg?" + query, size, scale))
        ours_bytes, _ = server.get("/ring.png?" + query)
        ours = pngdecode.decode(ours_bytes)
        name = re.sub(r"[^A-Za-z0-9]+", "_", query)
        if (theirs.width, theirs.height) != (ours.width, ours.height):
            fail("fidelity %s: Chromium %dx%d, ours %dx%d" % (query, theirs.width, theirs.height, ours.width, ours.height))
            continue
        box = None
        if fields.get("label") != "none":
            plain_query = "&".join(p for p in query.split("&") if not p.startswith("label="))
            plain, _ = server.get("/ring.png?" + plain_query + "&label=none")
            box = label_box(ours, pngdecode.decode(plain), 2 * scale)
        ring, differing, inside = compare_rings(ours, theirs, box)
        share = differing / max(ring, 1)
        worst["share"] = max(worst["share"], share)
        worst["inside"] = max(worst["inside"], inside)
        problem = None
        if share > DIFFERING_SHARE or inside > INSIDE_LEVELS:
            problem = "%d of %d ring pixels differ by more than %d levels; inside a stroke by %d levels" % (
                differing, ring, PIXEL_LEVELS, inside)
        if box:
            text_color = (0x11, 0x18, 0x27)
            ours_ink = ink(ours, box, text_color)
            their_ink = ink(theirs, box, text_color)
            ratio = ours_ink[0] / max(their_ink[0], 1e-9)
            centre = max(abs(ours_ink[1] - their_ink[1]), abs(ours_ink[2] - their_ink[2])) / scale
            worst["ink"] = max(worst["ink"], abs(ratio - 1))
            worst["centre"] = max(worst["centre"], centre)
            if abs(ratio - 1) > INK_RATIO or centre > INK_CENTRE_PX:
                problem = (problem or "") + " label ink ratio %.3f, centre %.2f px apart" % (ratio, centre)
        if problem:
            fail("fidelity %s: %s" % (query, problem))
            save_artifact(artifacts, name + ".chromium.png", pngdecode.encode(theirs))
            save_artifact(artifacts, name + ".ours.png", ours_bytes)
            save_artifact(artifacts, name + ".diff.png", pngdecode.encode(difference_image(ours, theirs)))
    print(
        "fidelity: %d rings; worst: %.4f of ring pixels differ by > %d levels, %d levels inside a stroke, "
        "label ink %.3f off, label centre %.2f px off" % (
            len(fidelity_cases()), worst["share"], PIXEL_LEVELS, worst["inside"], worst["ink"], worst["centre"]),
        flush=True,
    )
    # The comparison can fail: rings 2 % of a turn apart, turned by 3°, a pixel thicker, or a shade off are caught.
    controls = [
        ("value=52", "value=50"),
        ("value=50&start=3", "value=50"),
        ("value=50&thickness=14", "value=50&thickness=13"),
        ("value=50&color=%232b63eb", "value=50&color=%232563eb"),
    ]
    for shown, drawn in controls:
        theirs = pngdecode.decode(render_in_chromium(driver, server, "/ring.svg?" + shown + "&label=none", 128, 1))
        ours = pngdecode.decode(server.get("/ring.png?" + drawn + "&label=none")[0])
        ring, differing, inside = compare_rings(ours, theirs, None)
        if differing / max(ring, 1) <= DIFFERING_SHARE and inside <= INSIDE_LEVELS:
            fail("fidelity: the comparison did not notice %s drawn as %s (%d of %d differing, %d inside)" % (
                shown, drawn, differing, ring, inside))
        else:
            print("fidelity control: %s drawn as %s is caught (%d of %d differing, %d levels inside)" % (
                shown, drawn, differing, ring, inside))


def check_badge_fidelity(driver, server, artifacts):
    """Chromium, the browser most README readers use, shows our badge SVG as our PNG draws the badge (its text laid
    out by Skia with DejaVu Sans, Verdana's stand-in here), at 1 and 2 device pixels per CSS pixel."""
    worst = {"level": 0, "share": 0.0, "ink": 0.0, "centre": 0.0}

    def compare(svg_query, png_query, scale):
        svg, _ = server.get("/badge.svg?" + svg_query)
        width, texts = badge_fidelity.layout(svg)
        theirs_bytes = render_in_chromium(driver, server, "/badge.svg?" + svg_query, width, scale, height=20)
        ours_bytes, _ = server.get("/badge.png?%s&scale=%d" % (png_query, scale))
        theirs, ours = pngdecode.decode(theirs_bytes), pngdecode.decode(ours_bytes)
        if (theirs.width, theirs.height) != (ours.width, ours.height):
            return ["Chromium %dx%d, ours %dx%d" % (theirs.width, theirs.height, ours.width, ours.height)], ours, theirs
        problems, measured = badge_fidelity.compare(ours, theirs, texts, scale)
        for key, value in measured.items():
            worst[key] = max(worst[key], value)
        return problems, ours, theirs

    for scale in (1, 2):
        for query in badge_fidelity.QUERIES:
            problems, ours, theirs = compare(query, query, scale)
            if problems:
                fail("badge fidelity %s at scale %d: %s" % (query, scale, "; ".join(problems)))
                name = "badge_%s_x%d" % (re.sub(r"[^A-Za-z0-9]+", "_", query), scale)
                save_artifact(artifacts, name + ".chromium.png", pngdecode.encode(theirs))
                save_artifact(artifacts, name + ".ours.png", pngdecode.encode(ours))
    print(
        "badge fidelity: %d badges at scales 1 and 2; worst: a pixel %d levels off, %.4f of pixels off by > %d "
        "levels, text ink %.3f off, text centre %.2f px off" % (
            len(badge_fidelity.QUERIES), worst["level"], worst["share"], badge_fidelity.DIFFERING_LEVELS,
            worst["ink"], worst["centre"]),
        flush=True,
    )
    # The comparison can fail: a badge showing another value, or its icon in another color, is caught.
    for shown, drawn in badge_fidelity.CONTROLS:
        problems, _, _ = compare(shown, drawn, 1)
        if not problems:
            fail("badge fidelity: the comparison did not notice %s drawn as %s" % (shown, drawn))
        else:
            print("badge fidelity control: %s drawn as %s is caught (%s)" % (shown, drawn, problems[0]), flush=True)


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


def check_pages(driver, server, artifacts, screenshots, dark, live, plain):
    """The builder and the gallery (builder_pages.py) in the browser's color scheme: the light one first, with the
    gallery's cards reopened in the builder; the dark one again in a browser started with --force-dark-mode. `server`
    reads live values from `live`; `plain` has none."""
    scheme = "dark" if dark else "light"
    if driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") != dark:
        fail("the browser was started for the %s scheme but pages do not see it" % scheme)
        return
    pages = builder_pages.PageChecks(driver, server, artifacts, fail, save_artifact, dark, live=live, plain=plain)
    for name, check in [
        ("builder", lambda: pages.check_builder(screenshots)),
        ("gallery", lambda: pages.check_gallery(screenshots, round_trip=not dark)),
    ]:
        before = len(failures)
        check()
        if len(failures) > before:
            # What the page looked like when it failed (the messages above say what was expected).
            save_artifact(artifacts, "%s-%s-failure.png" % (name, scheme), driver.get_screenshot_as_png())


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
    # The server reads live values as `make live-demo`'s does, from the demo's documents served here on 127.0.0.1
    # (builder_pages.LiveFixture); a second one, without live values, shows the pages as such a server does.
    live = builder_pages.LiveFixture(artifacts)
    server = plain = driver = None
    try:
        server = Server(args.binary, config=live.config)
        plain = Server(args.binary)
        driver = start_browser()
        check_pages(driver, server, artifacts, screenshots, dark=False, live=live, plain=plain)
        check_fidelity(driver, server, artifacts)
        check_badge_fidelity(driver, server, artifacts)
        check_animation(driver, server, artifacts)
        # The dark scheme is the browser's, set when it starts: a second browser for the second run of the pages.
        driver.quit()
        driver = None
        driver = start_browser(dark=True)
        check_pages(driver, server, artifacts, None, dark=True, live=live, plain=plain)
    finally:
        if driver:
            driver.quit()
        for started_server in (server, plain):
            if started_server:
                started_server.stop()
        live.stop()
    print("browser tests: %d failures in %.1f s (artifacts: %s)" % (len(failures), time.time() - started, artifacts))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
