"""Ring fidelity: Chromium's rendering of a ring's SVG against our PNG of the same ring, by fidelity.py's comparison
and tolerances: values 0 to 100 on full and partial arcs with every cap and direction, sizes 32 to 512, scale 2,
labels, several rings, thresholds, gradients and the dark theme.
"""

from fidelity import Fidelity


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


# (what Chromium is shown, what our PNG draws): rings 2 % of a turn apart, turned by 3°, a pixel thicker, or a shade
# off must be caught.
CONTROLS = [
    ("value=52&label=none", "value=50&label=none"),
    ("value=50&start=3&label=none", "value=50&label=none"),
    ("value=50&thickness=14&label=none", "value=50&thickness=13&label=none"),
    ("value=50&color=%232b63eb&label=none", "value=50&color=%232563eb&label=none"),
]


def check(driver, server, artifacts):
    Fidelity(driver, server, artifacts, "ring", "fidelity").check(fidelity_cases(), CONTROLS)
