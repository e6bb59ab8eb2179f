"""Sparkline fidelity: Chromium's rendering of a sparkline's SVG against our PNG of the same sparkline, by
fidelity.py's comparison and the rings' and bars' tolerances: the line with and without its area, rising, falling,
flat and jagged series, one point, the label at the end (in every script of label_fidelity.SCRIPTS), thresholds, a
translucent color, a background, the dark theme, sizes from 16 to 64 px high and scale 2.
"""

from fidelity import Fidelity
from label_fidelity import SCRIPTS, label

CASES = [
    "points=3,5,4,8,6,9,7",
    "points=3,5,4,8,6,9,7&fill=none",
    "points=0,10",
    "points=10,0&label=auto",
    "points=5,5,5,5",
    "points=42",
    "points=1,9,2,8,3,7,4,6,5&width=60",
    "points=80,82.5,81,84,83.2&max=100&label=auto&unit=percent&decimals=1&width=200",
    "points=71,74,73,78,80&min=0&max=100&thresholds=50:orange,75:green&label=%7Bvalue%7D%25",
    "points=9,4,2&min=0&max=10&thresholds=0:red,50:green&fill=none",
    "points=3,5,4,8&color=2563eb80",
    "points=3,5,4,8&background=white&label=auto&fontWeight=normal",
    "points=3,5,4,8,6,9,7&theme=dark&label=auto",
    "points=3,5,4,8,6,9,7&theme=dark&background=%230d1117",
    "points=3,5,4,8,6,9,7&scale=2&label=auto",
    "points=3,5,4,8,6,9,7&height=16&width=80",
    "points=3,5,4,8,6,9,7,5,6,8,9,12,11,10,13&height=64&width=320&label=%7Bdelta%7D",
    "points=" + ",".join(str((i * 37) % 23) for i in range(120)) + "&width=240",
] + [
    # Labels in every script at the line's end. Not the one with a family emoji (see bar_fidelity.py).
    "points=3,5,4,8&width=240&height=28&" + label(template) for template, _ in SCRIPTS if "\u200d" not in template
]

# (what Chromium is shown, what our PNG draws): a point moved by one unit of eight, an area Chromium does not show, a
# shade of the line's color off (on a line wide enough to have an inside), or the points in the other order must be
# caught.
CONTROLS = [
    ("points=3,5,4,8,6,9,7", "points=3,5,5,8,6,9,7"),
    ("points=3,5,4,8,6,9,7&fill=none", "points=3,5,4,8,6,9,7"),
    ("points=3,5,4,8&color=%232b63eb&height=64&scale=2", "points=3,5,4,8&color=%232563eb&height=64&scale=2"),
    ("points=1,2,3,4,5", "points=5,4,3,2,1"),
]


def check(driver, server, artifacts):
    Fidelity(driver, server, artifacts, "spark", "sparkline fidelity").check(CASES, CONTROLS)
