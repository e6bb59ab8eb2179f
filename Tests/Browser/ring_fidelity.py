"""Ring fidelity: Chromium's rendering of a ring's SVG against our PNG of the same ring.

Chromium draws with Skia (analytic anti-aliasing, its own arc flattening), our PNG with Cairo: the two agree in the
body of every stroke and differ only along its edges, by partial coverage of the edge pixel. So, outside the label,
at most DIFFERING_SHARE of the ring's pixels may differ by more than PIXEL_LEVELS, and where our PNG is flat over
3×3 pixels no pixel may differ by more than INSIDE_LEVELS; the label, which Skia and Cairo hint differently, is
compared by its ink (`.ci/browser-tests.sh` prints the worst of the run in its `fidelity:` line; the measured values
are in docs/benchmarks.md, "Browser fidelity").
"""

import re

import pngdecode
from chromium import render_in_chromium
from report import fail, save_artifact

PIXEL_LEVELS = 64  # a pixel "differs" when a premultiplied channel differs by more than this (of 255)
DIFFERING_SHARE = 0.015  # at most this share of the ring's pixels may differ
INSIDE_LEVELS = 2  # away from edges (a flat 3×3 area of our PNG) the colors must be the same, ±2 for rounding
INK_RATIO = 0.2  # label ink (text-colored coverage) within ±20 % (measured ±11 %): Skia hints and weights text unlike Cairo
INK_CENTRE_PX = 1.0  # label ink centroid within 1 CSS px (measured 0.5)


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


def check(driver, server, artifacts):
    """Every case of fidelity_cases() agrees in Chromium and in our PNG; then the controls must be caught."""
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
