"""Ring fidelity: Chromium's rendering of a ring's SVG against our PNG of the same ring, by fidelity.py's comparison
and tolerances: values 0 to 100 on full and partial arcs with every cap and direction, sizes 32 to 512, scale 2,
labels (in every script of label_fidelity.SCRIPTS), several rings, thresholds, gradients and the dark theme.
"""

from fidelity import Fidelity
from label_fidelity import SCRIPTS, label


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
        # Numbers as people read them: units, locales (no-break spaces, Arabic-Indic digits), mappings.
        "value=1288490188.8&max=2147483648&unit=bytes&size=160",
        "value=72.5&decimals=1&locale=de&size=160",
        "value=1234567&max=10000000&label=%7Bvalue%7D&locale=en-IN&size=200",
        "value=-1234.5&min=-10000&label=%7Bvalue%7D&locale=fr-CH&size=200",
        "value=72&locale=ar-EG&size=160",
        "value=0.35&max=0.3&unit=s&arc=270&size=160",
        "value=0&max=1&map=0:down:red,1:up:green&size=160",
        "value=60&thresholds=50:orange,80:green&markers=true&target=90&arc=270&size=160",
        "value=-30&min=-100&max=100&neutral=0&arc=270&size=160&unit=ms",
        "value=30,-60&min=-100&max=100&neutral=0&size=160&label=none",
    ]
    # Labels in every script, at issue 16's size (256), the default size and scale 2.
    for template, _ in SCRIPTS:
        cases += ["value=30&size=256&" + label(template), "value=30&" + label(template)]
    cases += ["value=30&size=96&scale=2&" + label(template) for template, _ in SCRIPTS[:4]]
    return cases


HEBREW, ARABIC, CHINESE, EMOJI, MARKS = SCRIPTS[0][0], SCRIPTS[1][0], SCRIPTS[3][0], SCRIPTS[5][0], SCRIPTS[7][0]

# (what Chromium is shown, what our PNG draws): rings 2 % of a turn apart, turned by 3°, a pixel thicker, or a shade
# off must be caught; and labels as a renderer without shaping, bidi or fallback draws them: a Hebrew word
# backwards, Arabic letters unjoined (a zero-width non-joiner between each, at a fixed size), boxes for Chinese,
# another emoji, and combining marks on dotted circles (what a shaper draws for marks it cannot place).
CONTROLS = [
    ("value=52&label=none", "value=50&label=none"),
    ("value=50&start=3&label=none", "value=50&label=none"),
    ("value=50&thickness=14&label=none", "value=50&thickness=13&label=none"),
    ("value=50&color=%232b63eb&label=none", "value=50&color=%232563eb&label=none"),
    ("value=30&" + label(HEBREW.replace("התקדמות", "התקדמות"[::-1])), "value=30&" + label(HEBREW)),
    ("value=30&size=256&fontSize=20&" + label(ARABIC.replace("التقدم", "\u200c".join("التقدم"))),
     "value=30&size=256&fontSize=20&" + label(ARABIC)),
    ("value=30&" + label(CHINESE.replace("进度", "\ue000\ue001")), "value=30&" + label(CHINESE)),
    ("value=30&" + label(EMOJI.replace("🚀", "🛸")), "value=30&" + label(EMOJI)),
    ("value=30&" + label(MARKS.replace("e\u0302", "e\u25cc\u0302").replace("o\u0323", "o\u25cc\u0323")),
     "value=30&" + label(MARKS)),
]


def check(driver, server, artifacts):
    Fidelity(driver, server, artifacts, "ring", "fidelity").check(fidelity_cases(), CONTROLS)
