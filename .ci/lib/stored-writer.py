#!/usr/bin/env python3
"""Pushes a stored value at a steady rate for a while, on one keep-alive connection, and prints the latency of
each acknowledged write: `writes N failed F p50_ms P p99_ms Q`. Used by .ci/bench/bench-stored.sh and the soak.
Usage: stored-writer.py PORT TOKEN RATE SECONDS [NAME]   (NAME: bench-writes)"""
import http.client
import sys
import time

port, token, rate, seconds = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
name = sys.argv[5] if len(sys.argv) > 5 else "bench-writes"
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
latencies, failed = [], 0
start = time.monotonic()
n = 0
while time.monotonic() - start < seconds:
    due = start + n / rate
    pause = due - time.monotonic()
    if pause > 0:
        time.sleep(pause)
    body = str(50 + n % 50)
    began = time.perf_counter()
    try:
        connection.request("PUT", "/values/" + name, body=body, headers={"Authorization": "Bearer " + token})
        response = connection.getresponse()
        response.read()
        ok = response.status == 200
    except OSError:
        ok = False
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    if ok:
        latencies.append((time.perf_counter() - began) * 1000)
    else:
        failed += 1
    n += 1
latencies.sort()


def percentile(p):
    return latencies[min(len(latencies) - 1, int(len(latencies) * p))] if latencies else float("nan")


print(f"writes {len(latencies)} failed {failed} p50_ms {percentile(0.5):.2f} p99_ms {percentile(0.99):.2f}")
