"""Fidelity of rings and bars: Chromium's rendering of an image's SVG against our PNG of the same URL.

Chromium draws with Skia (analytic anti-aliasing, its own arc flattening), our PNG with Cairo: the two agree in the
body of every shape and differ only along its edges, by partial coverage of the edge pixel. So, outside the label,
at most DIFFERING_SHARE of the shape's pixels may differ by more than PIXEL_LEVELS, and where our PNG is flat over
3×3 pixels no pixel may differ by more than INSIDE_LEVELS. The label, which Skia and Cairo hint differently, is
compared by its ink (the amount within INK_RATIO, its centre within INK_CENTRE_PX), laid over white, and glyph by
glyph (label_fidelity.py). Where the label is comes from our PNG itself: the pixels that change when the same URL
draws its text transparent (TEXT_FREE).
`.ci/checks/browser-tests.sh` prints the worst of each measure in the run; the measured values are in docs/benchmarks.md,
"Browser fidelity". Rings (ring_fidelity.py) and bars (bar_fidelity.py) are held to the same tolerances.
"""

import re
import xml.etree.ElementTree as ET

import label_fidelity
import pngdecode
from chromium import render_in_chromium
from report import fail, save_artifact

PIXEL_LEVELS = 64  # a pixel "differs" when a premultiplied channel differs by more than this (of 255)
DIFFERING_SHARE = 0.015  # at most this share of the shape's pixels may differ
INSIDE_LEVELS = 2  # away from edges (a flat 3×3 area of our PNG) the colors must be the same, ±2 for rounding
INK_RATIO = 0.2  # label ink (text-colored coverage) within ±20 % (measured ±11 %): Skia hints and weights text unlike Cairo
INK_CENTRE_PX = 1.0  # label ink centroid within 1 CSS px (measured 0.86, every script)

TEXT_FREE = "&textColor=%2300000000"  # the same image with its text transparent: the rest drawn exactly the same

SVG = "{http://www.w3.org/2000/svg}"


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


def over_white(p):
    return [(c * p[3] + 255 * (255 - p[3])) / 255 for c in p[:3]]


def coverage(p, behind, color):
    """How much of the text color `color` pixel `p` shows over `behind` (both laid over white), 0…1, or None when
    `p` is not a mix of the two (an emoji's colors, another shape's edge). Over a transparent page this is the
    alpha of a text-colored pixel."""
    p, behind = over_white(p), over_white(behind)
    span = [t - b for t, b in zip(color, behind)]
    length = sum(d * d for d in span)
    if length < 32 * 32:
        return None
    amount = min(1.0, max(0.0, sum((c - b) * d for c, b, d in zip(p, behind, span)) / length))
    if max(abs(c - b - amount * d) for c, b, d in zip(p, behind, span)) > 16:
        return None
    return amount


def ink(image, box, text_colors, text_free):
    """Coverage-weighted amount and centroid of the label inside `box`: the pixels that are a mix of a text color
    and what the text-free PNG has behind them, each weighted by how much text color it shows. Pixels the
    text-free PNG already has are left out."""
    weight = sx = sy = 0.0
    x0, y0, x1, y1 = box
    for y in range(max(0, y0), min(image.height, y1 + 1)):
        for x in range(max(0, x0), min(image.width, x1 + 1)):
            p, behind = image[x, y], text_free[x, y]
            if premultiplied_distance(p, behind) <= INSIDE_LEVELS:
                continue
            amounts = [a for a in (coverage(p, behind, color) for color in text_colors) if a is not None]
            if amounts:
                w = max(amounts)
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


def compare_shapes(ours, theirs, box):
    """Outside the label box: (shape pixels, pixels differing by more than PIXEL_LEVELS, the largest difference
    at a pixel inside a flat area of our PNG, where its 3×3 neighbourhood is one color and no edge is near)."""
    shape = differing = worst_inside = 0
    w, h = ours.width, ours.height
    for y in range(h):
        for x in range(w):
            if box and box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                continue
            a, b = ours[x, y], theirs[x, y]
            if a[3] or b[3]:
                shape += 1
            d = premultiplied_distance(a, b)
            if d > PIXEL_LEVELS:
                differing += 1
            if d > worst_inside and 0 < x < w - 1 and 0 < y < h - 1 and a[3]:
                if all(ours[x + dx, y + dy] == a for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                    worst_inside = d
    return shape, differing, worst_inside


def svg_layout(svg_bytes):
    """The image's width and height in CSS px, and the colors of its texts, from its SVG."""
    root = ET.fromstring(svg_bytes)
    colors = []
    for text in root.iter(SVG + "text"):
        fill = text.get("fill", "")
        if re.fullmatch(r"#[0-9a-f]{6}", fill):
            colors.append(tuple(int(fill[i : i + 2], 16) for i in (1, 3, 5)))
    return int(root.get("width")), int(root.get("height")), colors


class Fidelity:
    """One kind of image (`ring` or `bar`), its cases and its controls, and the worst of each measure so far."""

    def __init__(self, driver, server, artifacts, kind, title):
        self.driver, self.server, self.artifacts = driver, server, artifacts
        self.kind, self.title = kind, title
        # "label" stays None while no image is large enough for it (label_fidelity.LABEL_SHARE_FROM).
        self.worst = {"share": 0.0, "inside": 0, "ink": 0.0, "centre": 0.0, "label": None, "glyph": 1.0}

    def compare(self, shown, drawn):
        """The problems found when Chromium shows the SVG of `shown` and our PNG draws `drawn` (the same query but
        in the controls), what was measured, and the two images."""
        fields = dict(part.split("=", 1) for part in drawn.split("&"))
        scale = int(fields.get("scale", "1"))
        svg, _ = self.server.get("/%s.svg?%s" % (self.kind, shown))
        width, height, text_colors = svg_layout(svg)
        their_bytes = render_in_chromium(
            self.driver, self.server, "/%s.svg?%s" % (self.kind, shown), width, scale, height=height)
        theirs = pngdecode.decode(their_bytes)
        ours = pngdecode.decode(self.server.get("/%s.png?%s" % (self.kind, drawn))[0])
        if (theirs.width, theirs.height) != (ours.width, ours.height):
            size = "Chromium %dx%d, ours %dx%d" % (theirs.width, theirs.height, ours.width, ours.height)
            return [size], {}, ours, theirs
        text_free = pngdecode.decode(self.server.get("/%s.png?%s%s" % (self.kind, drawn, TEXT_FREE))[0])
        box = label_box(ours, text_free, 2 * scale)
        shape, differing, inside = compare_shapes(ours, theirs, box)
        share = differing / max(shape, 1)
        measured = {"share": share, "inside": inside, "ink": 0.0, "centre": 0.0, "glyph": 1.0}
        problems = []
        if share > DIFFERING_SHARE or inside > INSIDE_LEVELS:
            problems.append("%d of %d %s pixels differ by more than %d levels; inside a shape by %d levels" % (
                differing, shape, self.kind, PIXEL_LEVELS, inside))
        if box:
            # A label in two colors (a bar's, split at the fill's edge) is compared color by color: each part's ink
            # and centre. Together, a few percent more ink on one side would move the centre of the whole.
            worst_ratio, centre = 1.0, 0.0
            for color in sorted(set(text_colors)):
                ours_ink = ink(ours, box, [color], text_free)
                their_ink = ink(theirs, box, [color], text_free)
                if ours_ink[0] == 0 and their_ink[0] == 0:
                    continue
                ratio = ours_ink[0] / max(their_ink[0], 1e-9)
                if abs(ratio - 1) > abs(worst_ratio - 1):
                    worst_ratio = ratio
                centre = max(centre, abs(ours_ink[1] - their_ink[1]) / scale, abs(ours_ink[2] - their_ink[2]) / scale)
            ratio = worst_ratio
            measured["ink"], measured["centre"] = abs(ratio - 1), centre
            if abs(ratio - 1) > INK_RATIO or centre > INK_CENTRE_PX:
                problems.append("label ink ratio %.3f, centre %.2f px apart" % (ratio, centre))
            label = label_fidelity.differing_on_white(ours, theirs, [box]) / (ours.width * ours.height)
            glyph = min(
                label_fidelity.glyph_correlation(ours, theirs, line, lambda image, x, y: text_free[x, y])
                for line in label_fidelity.lines(ours, text_free, box, 2 * scale)
            )
            measured["glyph"] = glyph
            if min(width, height) >= label_fidelity.LABEL_SHARE_FROM:
                measured["label"] = label
            if min(width, height) >= label_fidelity.LABEL_SHARE_FROM and label > label_fidelity.LABEL_SHARE:
                problems.append("label pixels differing on white: %.4f of the image" % label)
            if glyph < label_fidelity.GLYPH_CORRELATION:
                problems.append("label glyphs: a tile correlates %.3f with Chromium's" % glyph)
        return problems, measured, ours, theirs

    def check(self, cases, controls):
        """Every case agrees in Chromium and in our PNG; then each control (what Chromium is shown, what our PNG
        draws) must be reported, or the comparison proves nothing."""
        for query in cases:
            problems, measured, ours, theirs = self.compare(query, query)
            for key, value in measured.items():
                if self.worst[key] is None:
                    self.worst[key] = value
                else:
                    self.worst[key] = (min if key == "glyph" else max)(self.worst[key], value)
            if problems:
                fail("%s %s: %s" % (self.title, query, "; ".join(problems)))
                name = self.kind + "_" + re.sub(r"[^A-Za-z0-9]+", "_", query)
                save_artifact(self.artifacts, name + ".chromium.png", pngdecode.encode(theirs))
                save_artifact(self.artifacts, name + ".ours.png", pngdecode.encode(ours))
                if (theirs.width, theirs.height) == (ours.width, ours.height):
                    save_artifact(self.artifacts, name + ".diff.png", pngdecode.encode(difference_image(ours, theirs)))
        on_white = "%.4f of the image" % self.worst["label"] if self.worst["label"] is not None else "not measured"
        print(
            "%s: %d %ss; worst: %.4f of %s pixels differ by > %d levels, %d levels inside a shape, label ink %.3f "
            "off, label centre %.2f px off, label pixels differing on white %s, glyph tiles correlating %.3f" % (
                self.title, len(cases), self.kind, self.worst["share"], self.kind, PIXEL_LEVELS, self.worst["inside"],
                self.worst["ink"], self.worst["centre"], on_white, self.worst["glyph"]),
            flush=True,
        )
        for shown, drawn in controls:
            problems, _, _, _ = self.compare(shown, drawn)
            if not problems:
                fail("%s: the comparison did not notice %s drawn as %s" % (self.title, shown, drawn))
            else:
                print("%s control: %s drawn as %s is caught (%s)" % (self.title, shown, drawn, "; ".join(problems)),
                      flush=True)
