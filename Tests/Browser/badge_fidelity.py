"""Badge fidelity: Chromium's rendering of a badge's SVG against our PNG of the same badge.

Outside the texts, pixels must agree within DIFFERING_LEVELS, all but one in DIFFERING_ONE_IN, and none may differ by
more than WORST_LEVEL; each text (laid out by Skia in Chromium and by Pango and Cairo in our PNG) must have the same
ink, within INK, centred at the same point, within one CSS pixel, and the same glyphs (label_fidelity.py). Skia
antialiases edges analytically and draws text with more contrast, so the differences lie along the ring icon and the
corners (`.ci/checks/browser-tests.sh` prints the worst of the run in its `badge fidelity:` line; measured: a pixel 52
levels off, 0.9 % of pixels over 32 levels, ink 15 % off, centres 0.84 px apart, glyph tiles correlating 0.66).
The labels include every script of label_fidelity.SCRIPTS.
"""

import base64
import math
import re
import xml.etree.ElementTree as ET

import label_fidelity
import pngdecode
from label_fidelity import SCRIPTS, label
from chromium import render_in_chromium
from report import fail, save_artifact

DIFFERING_LEVELS = 32  # a pixel "differs" when a premultiplied channel differs by more than this (of 255)
DIFFERING_ONE_IN = 100  # at most one pixel (texts aside) in this many may differ
WORST_LEVEL = 64  # and none by more than this
INK = 0.2  # each text's ink within ±20 %

QUERIES = [
    "label=coverage&value=72",
    "label=build&value=100&color=brightgreen",
    "label=&value=0",
    "label=docs&value=50&labelColor=white&color=yellow&decimals=1",
    "label=tests&value=5&style=flat-square",
    "label=a&value=99.9&thresholds=50:orange,99:green&color=%23c2410c80",
    "label=disk&value=1288490188.8&max=2147483648&unit=bytes&locale=de",
    "label=api&value=0&max=1&map=0:down:red,1:up:brightgreen",
] + ["value=30&" + label(words) for _, words in SCRIPTS if words] + [
    # Right-to-left words in the other styles: measured by the layout and drawn at their own width in each.
    "value=30&style=%s&%s" % (style, label(words))
    for style in ("flat-square", "plastic", "for-the-badge", "social")
    for words in (SCRIPTS[0][1], SCRIPTS[1][1])
] + [
    # Logos: every style with a Simple Icons logo (whitesmoke on the fill, and a brand color), one without a label,
    # and a custom logo with a stroke (drawn from our paths by Skia there, by Cairo here).
    "label=build&value=72&logo=%s&style=%s" % (logo, style)
    for style in ("flat", "flat-square", "plastic", "for-the-badge", "social")
    for logo in ("github", "python")
] + [
    "label=&value=72&logo=github",
    "label=logo&value=40&logo=data:image/svg%2Bxml;base64," + base64.b64encode(
        b"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><circle cx='5' cy='5' r='4' fill='orange' "
        b"stroke='white'/></svg>").decode().replace("+", "%2B").replace("/", "%2F"),
]

# (what Chromium is shown, what our PNG draws): each pair must fail the comparison, or the check proves nothing.
CONTROLS = [
    ("label=coverage&value=72", "label=coverage&value=80"),
    ("label=coverage&value=72&labelColor=%23999999", "label=coverage&value=72&labelColor=%23555555"),
    ("value=30&" + label(SCRIPTS[0][1][::-1]), "value=30&" + label(SCRIPTS[0][1])),
]

SVG = "{http://www.w3.org/2000/svg}"


def layout(svg_bytes):
    """The badge's width and height in CSS px and its visible texts as (text, centre x, reserved length), from its SVG. A text
    drawn at its own width (a script Verdana's table does not cover) has no textLength: its box is what its half
    holds inside the 6 px outer padding, as the text is centred in its half."""
    root = ET.fromstring(svg_bytes)
    width, height = int(root.get("width")), int(root.get("height"))
    visible = [t for t in root.iter(SVG + "text") if t.get("aria-hidden") != "true"]
    texts = []
    for index, t in enumerate(visible):
        centre = float(t.get("x"))
        if t.get("textLength") is not None:
            length = float(t.get("textLength"))
        elif index == 0 and len(visible) == 2:
            length = 2 * centre - 12
        else:
            length = 2 * (width - centre) - 12
        texts.append((t.text or "", centre, max(length, 4.0)))
    return width, height, texts, notch(root)


def notch(root):
    """Social's notch, the arrow from the label's box to the value's bubble, as (left, top, right, bottom) in CSS px,
    or None. Its outline is a 1 px stroke along two 45-degree lines: Skia draws it as a staircase of whole pixels
    (measured: the pixels the stroke half covers are empty in Chromium), where our PNG gives each pixel its share of
    the stroke, so the notch is left out of the pixel comparison; the box and bubble around it are not."""
    for path in root.iter(SVG + "path"):
        found = re.match(r"M([0-9.]+) 6\.5l-3 3v1l3 3", path.get("d", ""))
        if found:
            x = float(found.group(1))
            return (x - 4, 5.5, x + 0.5, 14.5)
    return None


def visible_distance(a, b):
    pa = [c * a[3] // 255 for c in a[:3]] + [a[3]]
    pb = [c * b[3] // 255 for c in b[:3]] + [b[3]]
    return max(abs(x - y) for x, y in zip(pa, pb))


def luminance(p):
    return (0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]) * p[3] / 65025


class Ink:
    """How far each pixel's brightness lies from its background, and where that weight centres."""

    def __init__(self):
        self.weight = self.x = self.y = 0.0

    def add(self, p, background, px, py):
        w = abs(luminance(p) - luminance(background))
        self.weight += w
        self.x += w * (px + 0.5)
        self.y += w * (py + 0.5)

    def centre(self):
        return self.x / max(self.weight, 1e-9), self.y / max(self.weight, 1e-9)


def compare(ours, theirs, texts, scale, height=20, skip=None):
    """The problems found (empty when the two agree) and what was measured, comparing two decoded images of one
    badge drawn at `scale` device pixels per CSS pixel."""
    k = float(scale)

    def box(x, y):
        px, py = (x + 0.5) / k, (y + 0.5) / k
        if py < 2 or py > height - 2:
            return None
        if skip and skip[0] <= px <= skip[2] and skip[1] <= py <= skip[3]:
            return -1
        for index, (_, centre, length) in enumerate(texts):
            if abs(px - centre) <= length / 2 + 2:
                return index
        return None

    # Each text's background, row by row: the pixel just left of its box, in padding or in the icon's gap.
    background_x = [int((centre - length / 2 - 2) * k // 1) - 1 for _, centre, length in texts]
    pixels = differing = worst = 0
    ink = [(Ink(), Ink()) for _ in texts]
    for y in range(ours.height):
        for x in range(ours.width):
            index = box(x, y)
            if index == -1:
                continue
            if index is not None:
                ink[index][0].add(ours[x, y], ours[background_x[index], y], x, y)
                ink[index][1].add(theirs[x, y], theirs[background_x[index], y], x, y)
                continue
            pixels += 1
            distance = visible_distance(ours[x, y], theirs[x, y])
            if distance > DIFFERING_LEVELS:
                differing += 1
            worst = max(worst, distance)
    problems = []
    if worst > WORST_LEVEL:
        problems.append("a pixel differs by %d levels" % worst)
    if differing > pixels // DIFFERING_ONE_IN:
        problems.append("%d of %d pixels differ by more than %d levels" % (differing, pixels, DIFFERING_LEVELS))
    measured = {"level": worst, "share": differing / max(pixels, 1), "ink": 0.0, "centre": 0.0, "glyph": 1.0}
    rows = (math.ceil(2 * k - 0.5), math.floor((height - 2) * k - 0.5))
    for index, ((text, centre, length), (mine, other)) in enumerate(zip(texts, ink)):
        line = (math.ceil((centre - length / 2 - 2) * k - 0.5), rows[0],
                math.floor((centre + length / 2 + 2) * k - 0.5), rows[1])
        glyph = label_fidelity.glyph_correlation(
            ours, theirs, line, lambda image, x, y, index=index: image[background_x[index], y])
        measured["glyph"] = min(measured["glyph"], glyph)
        if glyph < label_fidelity.GLYPH_CORRELATION:
            problems.append("%r: a glyph tile correlates %.3f with Chromium's" % (text, glyph))
        if mine.weight <= 0 or other.weight <= 0:
            problems.append("no ink for %r" % text)
            continue
        ratio = mine.weight / max(other.weight, 1)
        (ax, ay), (bx, by) = mine.centre(), other.centre()
        centre = max(abs(ax - bx), abs(ay - by)) / k
        measured["ink"] = max(measured["ink"], abs(ratio - 1))
        measured["centre"] = max(measured["centre"], centre)
        if abs(ratio - 1) >= INK:
            problems.append("%r: ink ratio %.3f" % (text, ratio))
        if centre > 1:
            problems.append("%r: ink centred %.2f px apart" % (text, centre))
    return problems, measured


def check(driver, server, artifacts):
    """Chromium, the browser most README readers use, shows our badge SVG as our PNG draws the badge (its text laid
    out by Skia with DejaVu Sans, Verdana's stand-in here), at 1 and 2 device pixels per CSS pixel."""
    worst = {"level": 0, "share": 0.0, "ink": 0.0, "centre": 0.0, "glyph": 1.0}

    def compare_urls(svg_query, png_query, scale):
        svg, _ = server.get("/badge.svg?" + svg_query)
        width, height, texts, skip = layout(svg)
        theirs_bytes = render_in_chromium(driver, server, "/badge.svg?" + svg_query, width, scale, height=height)
        ours_bytes, _ = server.get("/badge.png?%s&scale=%d" % (png_query, scale))
        theirs, ours = pngdecode.decode(theirs_bytes), pngdecode.decode(ours_bytes)
        if (theirs.width, theirs.height) != (ours.width, ours.height):
            return ["Chromium %dx%d, ours %dx%d" % (theirs.width, theirs.height, ours.width, ours.height)], ours, theirs
        problems, measured = compare(ours, theirs, texts, scale, height, skip)
        for key, value in measured.items():
            worst[key] = (min if key == "glyph" else max)(worst[key], value)
        return problems, ours, theirs

    for scale in (1, 2):
        for query in QUERIES:
            problems, ours, theirs = compare_urls(query, query, scale)
            if problems:
                fail("badge fidelity %s at scale %d: %s" % (query, scale, "; ".join(problems)))
                name = "badge_%s_x%d" % (re.sub(r"[^A-Za-z0-9]+", "_", query), scale)
                save_artifact(artifacts, name + ".chromium.png", pngdecode.encode(theirs))
                save_artifact(artifacts, name + ".ours.png", pngdecode.encode(ours))
    print(
        "badge fidelity: %d badges at scales 1 and 2; worst: a pixel %d levels off, %.4f of pixels off by > %d "
        "levels, text ink %.3f off, text centre %.2f px off, glyph tiles correlating %.3f" % (
            len(QUERIES), worst["level"], worst["share"], DIFFERING_LEVELS, worst["ink"], worst["centre"],
            worst["glyph"]),
        flush=True,
    )
    # The comparison can fail: a badge showing another value, or its icon in another color, is caught.
    for shown, drawn in CONTROLS:
        problems, _, _ = compare_urls(shown, drawn, 1)
        if not problems:
            fail("badge fidelity: the comparison did not notice %s drawn as %s" % (shown, drawn))
        else:
            print("badge fidelity control: %s drawn as %s is caught (%s)" % (shown, drawn, "; ".join(problems)),
                  flush=True)
