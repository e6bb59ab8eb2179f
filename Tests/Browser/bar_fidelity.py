"""Bar fidelity: Chromium's rendering of a bar's SVG against our PNG of the same bar, by fidelity.py's comparison and
the rings' tolerances: labelled (inside and beside, in every script of label_fidelity.SCRIPTS) and unlabelled,
rounded and square ends, empty, full and nearly empty fills, gradients, thresholds, stacked bars, a translucent fill,
the dark theme and scale 2.
"""

from fidelity import Fidelity
from label_fidelity import SCRIPTS, label

CASES = [
    "value=72",
    "value=72&label=none",
    "value=0",
    "value=1&label=none",
    "value=99.5",
    "value=100&label=none",
    "value=55&radius=0",
    "value=55&radius=0&width=240&thresholds=50:orange,80:green",
    "value=90&radius=0&thresholds=50:orange,80:green&color=red&label=none",
    "value=80&gradient=green&width=240&height=24",
    "value=80&gradient=%2316a34a&radius=0&label=none",
    "value=30,60,90&label=%7Bvalue%7D/%7Bmax%7D&width=240",
    "value=30,60,90&color=red,green,blue&label=none&radius=3",
    "value=40&height=8&width=240",
    "value=64&radius=4&height=32&width=300&label=%7Bvalue%7D%20of%20%7Bmax%7D",
    "value=35&color=2563eb80",
    "value=72&background=white&track=none&fontWeight=normal",
    "value=72&theme=dark",
    "value=72&theme=dark&label=none&radius=0",
    "value=72&scale=2",
    "value=412e9&max=512e9&unit=bytes&width=240",
    "value=72.5&decimals=1&locale=de&width=240",
    "value=60&thresholds=50:orange,80:green&markers=true&target=90&width=240&height=24",
    "value=-30&min=-100&max=100&neutral=0&width=240&height=24&unit=ms",
    "value=30,60,90&scale=2&radius=0&gradient=orange",
    "value=72&width=400&height=40",
    "value=30&height=8&width=300&" + label(SCRIPTS[0][0]),
] + [
    # Labels in every script inside a bar. Not the one with a family emoji: its white-on-blue tiles count as the
    # white text's ink, which moves the ink centre of a 12 px label by 2.4 px (the drawings agree).
    "value=30&width=240&height=28&" + label(template) for template, _ in SCRIPTS if "\u200d" not in template
]

# (what Chromium is shown, what our PNG draws): a fill 2 % longer, round ends drawn with 6 px corners, a shade off, a
# fade to another green, stacked bars in the other order, or a Hebrew label backwards must be caught.
CONTROLS = [
    ("value=52&label=none", "value=50&label=none"),
    ("value=50&label=none", "value=50&radius=6&label=none"),
    ("value=50&color=%232b63eb&label=none", "value=50&color=%232563eb&label=none"),
    ("value=80&gradient=%2316a34a&label=none", "value=80&gradient=%2315803d&label=none"),
    ("value=30,60&label=none", "value=60,30&label=none"),
    ("value=30&width=240&height=28&" + label(SCRIPTS[0][0].replace("התקדמות", "התקדמות"[::-1])),
     "value=30&width=240&height=28&" + label(SCRIPTS[0][0])),
]


def check(driver, server, artifacts):
    Fidelity(driver, server, artifacts, "bar", "bar fidelity").check(CASES, CONTROLS)
