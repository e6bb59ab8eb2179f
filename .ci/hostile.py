#!/usr/bin/env python3
"""Hostile clients against a server on 127.0.0.1, all at once, for a bounded time (used by .ci/soak.sh).

Usage: hostile.py PORT SECONDS CORPUS_DIR

Kinds, each on its own threads:
  slowloris     connections that send a request head one byte a second, reconnecting when cut
  vanish        half a request, then gone (half of them with a reset instead of a close)
  slow-reader   pipelined requests for large PNGs, then reads one byte a second
  reset         asks for a large PNG and resets the connection before reading the answer
  flood         keep-alive requests for rings nobody asked before (distinct URLs), rate-limited
  malformed     each file of the bad-request corpus, checking the status its name announces

Prints one line of counts per kind; exits 1 when a malformed request got another status than its file name says,
or when the flood saw an answer other than 200 (those URLs are well-formed too).
"""

import os
import random
import socket
import struct
import sys
import threading
import time

PORT = int(sys.argv[1])
SECONDS = float(sys.argv[2])
CORPUS = sys.argv[3]
DEADLINE = time.monotonic() + SECONDS

counts = {}
problems = []
lock = threading.Lock()


def count(kind, what, n=1):
    with lock:
        counts.setdefault(kind, {}).setdefault(what, 0)
        counts[kind][what] += n


def problem(text):
    with lock:
        if len(problems) < 20:
            problems.append(text)


def connect(timeout=5.0, rcvbuf=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(timeout)
    s.connect(("127.0.0.1", PORT))
    return s


def reset(s):
    # SO_LINGER with a zero timeout: close() sends RST instead of FIN.
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def alive():
    return time.monotonic() < DEADLINE


def read_response(s):
    """Reads one response framed by Content-Length; returns (status, body length) or None at end of stream."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split(b" ")[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(rest) < length:
        chunk = s.recv(65536)
        if not chunk:
            return None
        rest += chunk
    return status, length


def slowloris(index):
    head = b"GET /ring.svg?value=%d HTTP/1.1\r\nHost: x\r\nX-Padding: " % index + b"a" * 400 + b"\r\n\r\n"
    while alive():
        try:
            s = connect(timeout=2.0)
        except OSError:
            count("slowloris", "connect failed")
            time.sleep(1)
            continue
        count("slowloris", "connections")
        try:
            for byte in head:
                if not alive():
                    break
                s.send(bytes([byte]))
                time.sleep(1.0)
                try:
                    s.setblocking(False)
                    answer = s.recv(4096)
                    s.setblocking(True)
                    if answer:
                        count("slowloris", "cut with " + answer[9:12].decode("ascii", "replace"))
                        break
                    count("slowloris", "closed")
                    break
                except BlockingIOError:
                    s.setblocking(True)
        except OSError:
            count("slowloris", "reset")
        finally:
            s.close()


def vanish(index):
    n = 0
    while alive():
        n += 1
        try:
            s = connect()
            s.send(b"GET /ring.png?value=%d&size=256 HTTP/1.1\r\nHost: x\r\nAcc" % (n % 100))
            if n % 2:
                reset(s)
            else:
                s.close()
            count("vanish", "requests")
        except OSError:
            count("vanish", "connect failed")
        time.sleep(0.02)


def slow_reader(index):
    while alive():
        try:
            s = connect(timeout=3.0, rcvbuf=4096)
        except OSError:
            count("slow-reader", "connect failed")
            time.sleep(1)
            continue
        count("slow-reader", "connections")
        try:
            request = b"GET /ring.png?value=%d&size=1024 HTTP/1.1\r\nHost: x\r\n\r\n" % (index % 7)
            s.send(request * 8)
            while alive():
                if not s.recv(1):
                    count("slow-reader", "closed by server")
                    break
                count("slow-reader", "bytes read")
                time.sleep(1.0)
        except OSError:
            count("slow-reader", "cut")
        finally:
            s.close()


def resetter(index):
    n = 0
    while alive():
        n += 1
        try:
            s = connect()
            s.send(b"GET /ring.png?value=%d&size=1024&scale=2 HTTP/1.1\r\nHost: x\r\n\r\n" % (n % 50))
            time.sleep(0.005)
            reset(s)
            count("reset", "requests")
        except OSError:
            count("reset", "connect failed")
        time.sleep(0.05)


# HOSTILE_FLOOD_PNG_SHARE: the share of the flood that asks for PNGs (16-256 px) rather than SVGs; default 0.2.
FLOOD_PNG_SHARE = float(os.environ.get("HOSTILE_FLOOD_PNG_SHARE", "0.2"))


def flood(index, per_second):
    rng = random.Random(index)
    s = None
    interval = 1.0 / per_second
    next_at = time.monotonic()
    while alive():
        try:
            if s is None:
                s = connect()
            value = rng.random() * 100
            if rng.random() >= FLOOD_PNG_SHARE:
                target = "/ring.svg?value=%.6f&size=%d&color=%06x" % (value, rng.randint(16, 1024), rng.getrandbits(24))
            else:
                target = "/ring.png?value=%.6f&size=%d" % (value, rng.randint(16, 256))
            s.send(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % target).encode())
            answer = read_response(s)
            if answer is None:
                count("flood", "closed by server")
                s.close()
                s = None
            elif answer[0] != 200:
                count("flood", "status %d" % answer[0])
                problem("flood: %s answered %d" % (target, answer[0]))
            else:
                count("flood", "requests")
        except OSError as error:
            count("flood", "error")
            problem("flood: %s" % error)
            if s:
                s.close()
            s = None
        next_at += interval
        delay = next_at - time.monotonic()
        if delay > 0:
            time.sleep(delay)
    if s:
        s.close()


def malformed(index):
    files = sorted(f for f in os.listdir(CORPUS) if f[:3].isdigit())
    payloads = [(f, int(f[:3]), open(os.path.join(CORPUS, f), "rb").read()) for f in files]
    n = index
    while alive():
        name, expected, payload = payloads[n % len(payloads)]
        n += 1
        try:
            s = connect()
            try:
                s.sendall(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the server may answer and close before it has read everything
            data = b""
            try:
                while len(data) < 12:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
            except ConnectionResetError:
                pass
            s.close()
            status = int(data[9:12]) if len(data) >= 12 else 0
            if status != expected:
                count("malformed", "wrong status")
                problem("malformed: %s answered %s, its name says %d" % (name, status or "nothing", expected))
            else:
                count("malformed", "requests")
        except OSError as error:
            count("malformed", "error")
            problem("malformed: %s: %s" % (name, error))
        time.sleep(0.02)


# HOSTILE_KINDS (comma-separated) runs only some kinds, to see which one costs what.
kinds = os.environ.get("HOSTILE_KINDS", "slowloris,vanish,slow-reader,reset,flood,malformed").split(",")
plan = {
    "slowloris": (slowloris, 100, ()),
    "vanish": (vanish, 4, ()),
    "slow-reader": (slow_reader, 20, ()),
    "reset": (resetter, 2, ()),
    "flood": (flood, 4, (150,)),
    "malformed": (malformed, 2, ()),
}
threads = []
for kind in kinds:
    target, copies, extra = plan[kind]
    for i in range(copies):
        threads.append(threading.Thread(target=target, args=(i,) + extra))
for t in threads:
    t.daemon = True
    t.start()
for t in threads:
    t.join(timeout=max(0, DEADLINE - time.monotonic()) + 15)

for kind in sorted(counts):
    print("hostile %-12s %s" % (kind, ", ".join("%s %d" % item for item in sorted(counts[kind].items()))))
for text in problems:
    print("hostile problem: " + text, file=sys.stderr)
sys.exit(1 if problems else 0)
