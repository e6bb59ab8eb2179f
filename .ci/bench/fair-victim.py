#!/usr/bin/python3
"""One well-behaved client beside a flood: from its own address (127.0.0.2), over one keep-alive connection, it asks
for distinct 128 px PNG rings (misses) and for one cached ring (hits), in turn, for SECONDS, and prints the p50 and p99
latency of each in milliseconds, and how many answers were not 200.
Usage: fair-victim.py PORT SECONDS BLOCK"""
import http.client, socket, sys, time

port, seconds, block = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])


class FromAddress(http.client.HTTPConnection):
    def connect(self):
        self.sock = socket.create_connection((self.host, self.port), source_address=("127.0.0.2", 0))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def ask(conn, path):
    started = time.perf_counter()
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    return (time.perf_counter() - started) * 1000, response.status


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else float("nan")


conn = FromAddress("127.0.0.1", port, timeout=30)
ask(conn, "/ring.png?size=128&value=41.5")
misses, hits, bad = [], [], 0
end = time.monotonic() + seconds
n = 0
while time.monotonic() < end:
    n += 1
    took, status = ask(conn, "/ring.png?size=128&value=%d.%d" % (n % 100, block + n))
    misses.append(took)
    bad += status != 200
    took, status = ask(conn, "/ring.png?size=128&value=41.5")
    hits.append(took)
    bad += status != 200
    time.sleep(0.01)
print("misses %d p50 %.2f p99 %.2f hits %d p50 %.2f p99 %.2f not200 %d" % (
    len(misses), percentile(misses, 0.5), percentile(misses, 0.99), len(hits), percentile(hits, 0.5),
    percentile(hits, 0.99), bad))
