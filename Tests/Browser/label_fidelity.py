"""Labels in every script: Chromium's text (Skia, HarfBuzz, its own font fallback) against our PNG's (Pango, HarfBuzz,
FriBidi, fontconfig fallback), for rings, bars and badges.

Two measures, beside the ink amount and centre each image kind already checks (neither of which sees a word drawn
backwards: same ink, same centre):

- Glyphs: each label line is cut into tiles as wide as the line is high, half a tile apart. In each tile with text,
  the brightness of Chromium's drawing, moved by up to GLYPH_SHIFT device pixels to fit ours best, must correlate
  with ours by at least GLYPH_CORRELATION. The shift absorbs where the two put glyphs (at one device pixel per CSS
  pixel Skia puts each glyph on a whole pixel, Pango on fractions: a Hebrew word at 256 px drifts by 1.8 px), and
  a correlation does not mind how heavy or how contrasted the strokes are (hinting, synthetic bold, a badge's light
  text on gray), only whether they are the same strokes. Measured: every label correlates 0.66 or more; a word
  backwards 0.34 to 0.42, Arabic unjoined 0.08, boxes for Chinese 0.09, another emoji 0.41, marks on dotted circles
  0.24.
- On white (issue 16's labelled tolerance): both images laid over white, the label's pixels that differ by more than
  LABEL_LEVELS may be at most LABEL_SHARE of the image's pixels, in images of at least LABEL_SHARE_FROM CSS px on
  each side (a 32 px ring's label is a tenth of it, and a bar's or badge's text most of it).

`.ci/checks/browser-tests.sh` prints the worst of each for every image kind.
"""

import subprocess
from urllib.parse import quote

from report import fail

LABEL_LEVELS = 64  # a label pixel "differs", laid over white, when a channel differs by more than this (of 255)
LABEL_SHARE = 0.02  # at most this share of the image's pixels may be label pixels that differ: issue 16's 2 %
LABEL_SHARE_FROM = 96  # for images at least this many CSS px on each side; in smaller ones the label is the image
GLYPH_CORRELATION = 0.6  # every tile's brightness correlates with Chromium's at least this much
GLYPH_SHIFT = (2, 1)  # how far Chromium's tile may move to fit ours: device pixels across, up or down


# Labels in every script the installed fonts cover (DejaVu Sans: Latin, Hebrew, Arabic; Noto Sans CJK: Chinese,
# Japanese, Korean; Noto Color Emoji, which Cairo draws in color), each as a ring or bar label template and as a
# badge's label (None: no badge case).
SCRIPTS = [
    ("התקדמות {value}%", "התקדמות"),  # Hebrew, right to left: issue 16's URL
    ("التقدم {value}%", "التقدم"),  # Arabic, joined
    ("גרסה 2.1 build 7: {value}%", "גרסה 2.1 build 7"),  # right to left and left to right, with digits
    ("进度 {value}%", "进度"),  # Chinese
    ("進捗は{value}%です", "進捗です"),  # Japanese: kanji and kana
    # Emoji, in color. Not in a badge: at the badge's 11 px, Cairo's downscaled bitmap of the rocket has 21 % more ink
    # than Skia's, over the 20 % a badge's text may differ by (measured; the two agree at 12 px and up, in rings and
    # bars, and the badge case below agrees).
    ("🚀 {value}%", None),
    ("✅ {value}% 👨\u200d👩\u200d👧", "✅ 👨\u200d👩\u200d👧"),  # an emoji-default symbol, a joined family
    ("Tie\u0302\u0301n đo\u0323\u0302 {value}%", "Tie\u0302\u0301n đo\u0323\u0302"),  # stacked combining marks
]


def check_fonts():
    """Bold Chinese is drawn in Noto Sans CJK's real bold face, as in the container: the tolerances above hold for
    it. A CJK font without a bold face (WenQuanYi Micro Hei, which fontconfig prefers to Noto while both are
    installed, unless Tests/fonts.conf leaves it out) is made bold by Pango and by Chromium each its own way."""
    face = subprocess.run(
        ["fc-match", "-f", "%{family[0]} %{style[0]}", "DejaVu Sans:weight=bold:charset=8fdb"],
        capture_output=True, text=True, check=True,
    ).stdout
    if face.startswith("Noto Sans CJK ") and face.endswith(" Bold"):
        print("label fonts: bold Chinese in %s" % face, flush=True)
    else:
        fail("label fonts: bold Chinese would be drawn in %s, not Noto Sans CJK Bold (make installs fonts-noto-cjk; "
             ".ci/checks/browser-tests.sh sets FONTCONFIG_FILE to Tests/fonts.conf, which leaves out WenQuanYi)" % face)


def label(text):
    """`text` as a URL query's label parameter."""
    return "label=" + quote(text, safe="")


def on_white(p):
    return tuple((c * p[3] + 255 * (255 - p[3])) // 255 for c in p[:3])


def white_distance(a, b):
    return max(abs(x - y) for x, y in zip(on_white(a), on_white(b)))


def differing_on_white(ours, theirs, boxes):
    """How many pixels inside `boxes` differ by more than LABEL_LEVELS once both images are laid over white."""
    count = 0
    for x0, y0, x1, y1 in boxes:
        for y in range(max(0, y0), min(ours.height, y1 + 1)):
            for x in range(max(0, x0), min(ours.width, x1 + 1)):
                if white_distance(ours[x, y], theirs[x, y]) > LABEL_LEVELS:
                    count += 1
    return count


def lines(with_label, without_label, box, margin):
    """The label's lines inside `box`: the rows where the labelled PNG differs from the text-free one, in runs."""
    x0, y0, x1, y1 = box
    rows = [
        y for y in range(max(0, y0), min(with_label.height, y1 + 1))
        if any(with_label[x, y] != without_label[x, y] for x in range(max(0, x0), min(with_label.width, x1 + 1)))
    ]
    runs = []
    for y in rows:
        if runs and y == runs[-1][1] + 1:
            runs[-1][1] = y
        else:
            runs.append([y, y])
    return [(x0, max(y0, top - margin), x1, min(y1, bottom + margin)) for top, bottom in runs]


def glyph_correlation(ours, theirs, line, background):
    """The lowest correlation of one tile of the two drawings of a label line `line`, Chromium's moved to fit ours
    best; 1.0 when no tile holds text. `background(image, x, y)` is the pixel behind the text: a text pixel differs
    from it by more than LABEL_LEVELS in either image, and a tile counts when at least half a column of it is text."""
    sx, sy = GLYPH_SHIFT
    x0, y0, x1, y1 = (max(0, line[0]), max(0, line[1]), min(ours.width - 1, line[2]), min(ours.height - 1, line[3]))

    def brightness(image, x, y):
        if 0 <= x < image.width and 0 <= y < image.height:
            return sum(on_white(image[x, y])) / 3
        return 255.0

    text_columns = [
        x for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
        if white_distance(ours[x, y], background(ours, x, y)) > LABEL_LEVELS
        or white_distance(theirs[x, y], background(theirs, x, y)) > LABEL_LEVELS
    ]
    tile = y1 - y0 + 1
    lowest = 1.0
    for left in range(x0, x1 + 1, max(1, tile // 2)):
        if sum(1 for x in text_columns if left <= x < left + tile) < max(1, tile // 2):
            continue
        pixels = [(x, y) for y in range(y0, y1 + 1) for x in range(left, min(left + tile, x1 + 1))]
        mine = centred([brightness(ours, x, y) for x, y in pixels])
        best = max(
            correlation(mine, centred([brightness(theirs, x + dx, y + dy) for x, y in pixels]))
            for dx in range(-sx, sx + 1)
            for dy in range(-sy, sy + 1)
        )
        lowest = min(lowest, best)
    return lowest


def centred(values):
    mean = sum(values) / len(values)
    return [v - mean for v in values]


def correlation(a, b):
    """Pearson's correlation of two centred lists: 1 for the same picture at any contrast, 0 for unrelated ones."""
    norm = (sum(v * v for v in a) * sum(v * v for v in b)) ** 0.5
    return sum(p * q for p, q in zip(a, b)) / norm if norm else 1.0
