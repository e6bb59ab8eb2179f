#!/usr/bin/env python3
"""Whether two servers (two builds of progress-rings) answer the same bytes: N pseudo-random ring, badge and bar URLs,
SVG and PNG (labels in five scripts and templates, scales 1-3, themes, weights, gauges, caps, thresholds, gradients,
several rings, animation, badge styles and icons, units, locales, maps, values read as null, error images; the same
list every run), each fetched from both.
Prints the URLs that differ; exits 1 if any does.
Usage: .ci/bench/same-bytes.py PORT_A PORT_B [N] [--levels L]   (servers on 127.0.0.1, e.g. `progress-rings serve --port
18611`)
With --levels L, two PNGs of the same status and size whose pixels (8-bit RGBA, premultiplied) differ by at most L
levels in every channel count as the same image; the run reports how many such images differ and by how much at
most. That is the test for retiring a fast path that drew a few pixels a level or two apart."""
import sys, random, struct, urllib.request, urllib.parse, zlib
args = sys.argv[1:]
levels = None
if "--levels" in args:
    i = args.index("--levels")
    levels = int(args[i + 1])
    del args[i:i + 2]
a, b = args[0], args[1]
n = int(args[2]) if len(args) > 2 else 1000

def pixels(png):
    """(width, height, premultiplied RGBA rows) of an 8-bit RGBA or RGB PNG, as zlib and the PNG filters give them."""
    pos, data, width, height, kind = 8, b"", 0, 0, 0
    while pos < len(png):
        length, tag = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + length]
        if tag == b"IHDR": width, height, depth, kind = struct.unpack(">IIBB", body[:10])
        if tag == b"IDAT": data += body
        pos += 12 + length
    raw, bpp = zlib.decompress(data), 4 if kind == 6 else 3
    stride, rows, prior = width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up, corner = prior[x], prior[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + left) & 255
            elif f == 2: line[x] = (line[x] + up) & 255
            elif f == 3: line[x] = (line[x] + (left + up) // 2) & 255
            elif f == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line)); prior = line
    out = []
    for row in rows:
        for x in range(width):
            px = list(row[x * bpp:(x + 1) * bpp]) + ([] if bpp == 4 else [255])
            out.append([(c * px[3] + 127) // 255 for c in px[:3]] + [px[3]])
    return width, height, out

def level_difference(x, y):
    """The largest channel difference of two PNGs of one size, or None when they cannot be compared."""
    try:
        (wa, ha, pa), (wb, hb, pb) = pixels(x), pixels(y)
    except Exception:
        return None
    if (wa, ha) != (wb, hb): return None
    return max((abs(c - d) for p, q in zip(pa, pb) if p != q for c, d in zip(p, q)), default=0)
rnd = random.Random(7)
texts = ["build", "coverage", "覆盖率", "تقدم", "ok", "テスト", "진행", "done ✓", "a"*40, "passing", "v1.2.3"]
templates = ["{value}/{max}", "{percent}% done", "{value} of {max} tasks", "{min}–{max}"]
def ring_features(q):
    """The ring's features beside value and size: gauges, caps, directions, thresholds, gradients, several rings,
    animation, templates, backgrounds, tracks."""
    if rnd.random() < 0.15: q["arc"] = str(rnd.choice([180, 270, 300]))
    if rnd.random() < 0.1: q["cap"] = rnd.choice(["butt", "square"])
    if rnd.random() < 0.1: q["direction"] = "ccw"
    if rnd.random() < 0.1: q["start"] = str(rnd.choice([45, 90, -90]))
    if rnd.random() < 0.15: q["thresholds"] = rnd.choice(["50:orange,80:green", "30:red,60:yellow,90:green"])
    if rnd.random() < 0.1: q["gradient"] = rnd.choice(["red", "#10b981"])
    if rnd.random() < 0.1: q["track"] = rnd.choice(["none", "#eee"])
    if rnd.random() < 0.1: q["background"] = rnd.choice(["white", "#111827"])
    if rnd.random() < 0.1: q["animate"] = str(rnd.choice([1, 2.5]))
    if rnd.random() < 0.1: q["decimals"] = str(rnd.randint(1, 3))
    if rnd.random() < 0.1: q["label"] = rnd.choice(templates)
    if rnd.random() < 0.08:
        q["value"] = ",".join(str(rnd.randint(0, 100)) for _ in range(rnd.randint(2, 4)))
        if rnd.random() < 0.5: q["color"] = ",".join(rnd.choice(["red", "green", "blue", "orange"]) for _ in q["value"].split(","))
    if rnd.random() < 0.08: q["max"] = str(rnd.choice([8, 12, 1000])); q.setdefault("label", "{value}/{max}")
    return value_style(q)
def value_style(q):
    """How the value is written and what replaces it: units, locales, maps, values read as null."""
    if rnd.random() < 0.08:
        q["unit"], q["max"] = rnd.choice([("bytes", "2147483648"), ("ms", "500"), ("percent", "100"), ("reqps", "5000"),
                                          ("suffix: tasks", "100")])
        if rnd.random() < 0.3: q["decimals"] = rnd.choice(["auto", "1"])
    if rnd.random() < 0.08: q["locale"] = rnd.choice(["de", "fr-CH", "en-IN", "ar-EG", "pt-BR"])
    if rnd.random() < 0.06:
        q["map"] = rnd.choice(["0..50:low:orange,50..100:high:green", "0:down:red,1:up:green", "null:no data"])
        if q["map"] == "null:no data" and rnd.random() < 0.5: q["value"] = "null"
    return q
def broken(q):
    """Now and then one parameter wrong: the error image of the requested kind and format."""
    if rnd.random() < 0.03:
        name, value = rnd.choice([("value", "abc"), ("color", "nope"), ("max", "-5"), ("decimals", "9"),
                                  ("locale", "xx-invalid"), ("unit", "furlongs"), ("map", "a:b:c:d")])
        q[name] = value
    return q
def url():
    k = rnd.random()
    fmt = rnd.choice(["png", "svg"])
    if k < 0.55:
        q = {"value": str(rnd.randint(0, 100) + rnd.choice([0, 0.5, 0.25])), "size": str(rnd.choice([32, 64, 96, 128, 200, 256]))}
        if rnd.random() < 0.3: q["scale"] = str(rnd.choice([1, 2, 3]))
        if rnd.random() < 0.3: q["label"] = rnd.choice(texts)
        if rnd.random() < 0.2: q["fontWeight"] = "bold"
        if rnd.random() < 0.2: q["theme"] = rnd.choice(["dark", "auto"])
        if rnd.random() < 0.2: q["color"] = rnd.choice(["red", "green", "#123456"])
        return f"/ring.{fmt}?" + urllib.parse.urlencode(broken(ring_features(q)))
    if k < 0.8:
        q = {"label": rnd.choice(texts), "value": str(rnd.randint(0, 100))}
        if rnd.random() < 0.3: q["scale"] = "2"
        if rnd.random() < 0.15: q["style"] = "flat-square"
        if rnd.random() < 0.15: q["icon"] = "bar"
        if rnd.random() < 0.15: q["thresholds"] = "50:orange,80:green"
        if rnd.random() < 0.15: q["theme"] = rnd.choice(["dark", "auto"])
        if rnd.random() < 0.1: q["decimals"] = "1"
        return f"/badge.{fmt}?" + urllib.parse.urlencode(broken(value_style(q)))
    q = {"value": str(rnd.randint(0, 100)), "width": str(rnd.choice([100, 200, 400])), "height": str(rnd.choice([20, 40]))}
    if rnd.random() < 0.5: q["label"] = rnd.choice(texts + ["%d%%" % rnd.randint(0, 100)])
    if rnd.random() < 0.15: q["radius"] = str(rnd.choice([0, 4]))
    if rnd.random() < 0.15: q["theme"] = rnd.choice(["dark", "auto"])
    if rnd.random() < 0.1: q["thresholds"] = "50:orange,80:green"
    if rnd.random() < 0.1: q["gradient"] = "red"
    return f"/bar.{fmt}?" + urllib.parse.urlencode(broken(value_style(q)))
bad = 0; codes = {}; near = 0; worst = 0
kinds = []
for i in range(n):
    u = url()
    kinds.append(".svg?" in u)
    got = []
    for port in (a, b):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{u}") as r:
                got.append((r.status, r.read()))
        except urllib.error.HTTPError as e:
            got.append((e.code, e.read()))
    codes[got[0][0]] = codes.get(got[0][0], 0) + 1
    if got[0] != got[1]:
        if levels is not None and got[0][0] == got[1][0] and u.split("?")[0].endswith(".png"):
            d = level_difference(got[0][1], got[1][1])
            if d is not None and d <= levels:
                near += 1; worst = max(worst, d)
                continue
        bad += 1
        if bad < 10: print("DIFF", u, got[0][0], got[1][0], len(got[0][1]), len(got[1][1]))
within = f", {near} PNGs differ by at most {worst} level(s) (allowed {levels})" if levels is not None else ""
print(f"{n} urls ({sum(1 for k in kinds if k)} SVG), {bad} differ{within}, statuses {codes}")
sys.exit(1 if bad else 0)
