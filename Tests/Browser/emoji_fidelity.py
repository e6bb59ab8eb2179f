"""Emoji in color: where our PNG draws a label's emoji in color, Chromium draws our SVG's in color too.

A browser takes each character from the first font of the label's list that has it. DejaVu Sans has black-and-white
glyphs for some characters whose default is emoji presentation (⚡ U+26A1, ☕ U+2615), so unless the SVG names a color
emoji font for them, Chromium draws them in black and white, where Pango (which itemizes emoji runs on their own and
asks fontconfig for a color font) draws them in color. Color is measured as saturated pixels (channels MIN_SPREAD or
more apart) in images drawn otherwise in grays: the count in Chromium's rendering of the SVG must be within
COUNT_RATIO of our PNG's, and our PNG's at least MIN_PIXELS (the emoji is drawn in color at all).
"""

import re

import pngdecode
from chromium import render_in_chromium
from fidelity import svg_layout
from label_fidelity import label
from report import fail, save_artifact

MIN_SPREAD = 80  # a pixel is saturated when its largest and smallest channel differ by this much (of 255)
MIN_PIXELS = 20  # our PNG's emoji has at least this many saturated pixels (a badge's 11 px ⚡ has about 50)
COUNT_RATIO = 0.6  # Chromium's count of saturated pixels is between this and its inverse times ours

LIGHTNING, HEART = "⚡ {value}%", "❤\ufe0f {value}%"  # emoji by default (in DejaVu Sans); text unless U+FE0F follows
GRAYS = "color=grey&track=lightgrey&"
CASES = [
    "/ring.%s?value=72&" + GRAYS + label(LIGHTNING),
    "/ring.%s?value=72&" + GRAYS + label(HEART),
    "/bar.%s?value=72&width=240&height=28&" + GRAYS + label(LIGHTNING),
    "/spark.%s?points=3,5,4,8&width=240&height=28&color=grey&" + label(LIGHTNING),
    "/badge.%s?value=72&color=grey&" + label("⚡ build"),
    "/badge.%s?value=1&max=1&map=1:%E2%9A%A1%20up:grey",  # the message
]


def saturated(image):
    return sum(1 for p in image.pixels if p[3] >= 128 and max(p[:3]) - min(p[:3]) >= MIN_SPREAD)


def check(driver, server, artifacts):
    counts = []
    for case in CASES:
        svg_path = case.replace("%s", "svg", 1)
        svg, _ = server.get(svg_path)
        width, height, _ = svg_layout(svg)
        theirs = pngdecode.decode(render_in_chromium(driver, server, svg_path, width, 1, height=height))
        ours = pngdecode.decode(server.get(case.replace("%s", "png", 1))[0])
        mine, chromium = saturated(ours), saturated(theirs)
        counts.append("%d/%d" % (chromium, mine))
        if mine < MIN_PIXELS or not COUNT_RATIO <= chromium / mine <= 1 / COUNT_RATIO:
            fail("emoji in color %s: %d saturated pixels in Chromium's rendering of the SVG, %d in our PNG "
                 "(at least %d, within a factor %.1f)" % (svg_path, chromium, mine, MIN_PIXELS, 1 / COUNT_RATIO))
            name = "emoji_" + re.sub(r"[^A-Za-z0-9]+", "_", svg_path)
            save_artifact(artifacts, name + ".chromium.png", pngdecode.encode(theirs))
            save_artifact(artifacts, name + ".ours.png", pngdecode.encode(ours))
    print("emoji in color: %d labels; saturated pixels, Chromium/ours: %s" % (len(CASES), " ".join(counts)),
          flush=True)
