#!/usr/bin/env python3
"""Whether two servers (two builds of progress-rings) answer the same bytes: N pseudo-random ring, badge and bar PNG
URLs (labels in five scripts, scales 1-3, themes, weights; the same list every run), each fetched from both.
Prints the URLs that differ; exits 1 if any does.
Usage: .ci/bench/same-bytes.py PORT_A PORT_B [N]   (servers on 127.0.0.1, e.g. `progress-rings serve --port 18611`)"""
import sys, random, urllib.request, urllib.parse
a, b = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
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
bad = 0; codes = {}
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
        bad += 1
        if bad < 10: print("DIFF", u, got[0][0], got[1][0], len(got[0][1]), len(got[1][1]))
print(f"{n} urls, {bad} differ, statuses {codes}")
sys.exit(1 if bad else 0)
