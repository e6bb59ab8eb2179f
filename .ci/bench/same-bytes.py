#!/usr/bin/env python3
"""Whether two servers (two builds of progress-rings) answer the same bytes: N pseudo-random ring, badge and bar PNG
URLs (labels in five scripts, scales 1-3, themes, weights; the same list every run), each fetched from both.
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
def url():
    k = rnd.random()
    if k < 0.55:
        q = {"value": str(rnd.randint(0, 100) + rnd.choice([0, 0.5, 0.25])), "size": str(rnd.choice([32, 64, 96, 128, 200, 256]))}
        if rnd.random() < 0.3: q["scale"] = str(rnd.choice([1, 2, 3]))
        if rnd.random() < 0.3: q["label"] = rnd.choice(texts)
        if rnd.random() < 0.2: q["fontWeight"] = "bold"
        if rnd.random() < 0.2: q["theme"] = rnd.choice(["dark", "auto"])
        if rnd.random() < 0.2: q["color"] = rnd.choice(["red", "green", "#123456"])
        return "/ring.png?" + urllib.parse.urlencode(q)
    if k < 0.8:
        q = {"label": rnd.choice(texts), "value": str(rnd.randint(0, 100))}
        if rnd.random() < 0.3: q["scale"] = "2"
        return "/badge.png?" + urllib.parse.urlencode(q)
    q = {"value": str(rnd.randint(0, 100)), "width": str(rnd.choice([100, 200, 400])), "height": str(rnd.choice([20, 40]))}
    if rnd.random() < 0.5: q["label"] = rnd.choice(texts + ["%d%%" % rnd.randint(0, 100)])
    return "/bar.png?" + urllib.parse.urlencode(q)
bad = 0; codes = {}; near = 0; worst = 0
for i in range(n):
    u = url()
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
print(f"{n} urls, {bad} differ{within}, statuses {codes}")
sys.exit(1 if bad else 0)
