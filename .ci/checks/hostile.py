#!/usr/bin/env python3
"""Hostile clients against a server on 127.0.0.1, all at once, for a bounded time (used by .ci/checks/soak.sh).

Usage: hostile.py PORT SECONDS CORPUS_DIR

Kinds, each on its own threads, and the rule each is judged by (one PASS/FAIL line each, exit 1 if one fails):
  slowloris     connections that send a request head one byte a second, reconnecting when cut: each is cut with
                a 408 within [headerTimeout, headerTimeout + slack] of connecting, and none stays open longer
  slow-reader   pipelined requests for 2048 px PNGs (6 MB, more than a socket buffer holds), then reads one byte a
                second: the server closes each within [sendTimeout, sendTimeout + slack] of connecting (seen on
                the server's side of the socket, .ci/checks/hostile_rules.py), and none stays open longer
  flood         keep-alive requests for rings and sparklines nobody asked before (distinct URLs), rate-limited:
                every one answered 200 within 5 s; a connection closed (or reset) under a request it had not
                answered fails, one closed after an answer that said Connection: close is counted apart
  malformed     each file of the bad-request corpus: answered with the status its file name says
  vanish        half a request, then gone (half of them with a reset instead of a close)
  reset         asks for a 2048 px PNG and resets the connection before reading the answer
vanish and reset are counted here and judged by .ci/checks/soak.sh: the well-formed traffic beside them stays undisturbed.

Environment: HOSTILE_HEADER_TIMEOUT (default 10) and HOSTILE_SEND_TIMEOUT (30), the server's timeouts the rules
hold it to; HOSTILE_SLACK (5) seconds; HOSTILE_KINDS (comma-separated) runs only some kinds;
HOSTILE_FLOOD_PNG_SHARE (0.2) the share of the flood asking for PNGs; HOSTILE_FLOOD_SPARK_SHARE (0.2) the share
asking for sparklines (of 2 to 64 random points, PNGs in the same share); HOSTILE_FLOOD_IGNORE_CLOSE=1 injects a
fault: the flood keeps sending on a connection the server said it would close, as if the server had closed it
unannounced.
"""

import os
import random
import socket
import struct
import sys
import threading
import time

from hostile_rules import ServerSideWatcher, count, problem, record, report

PORT = int(sys.argv[1])
SECONDS = float(sys.argv[2])
CORPUS = sys.argv[3]
DEADLINE = time.monotonic() + SECONDS
HEADER_TIMEOUT = float(os.environ.get("HOSTILE_HEADER_TIMEOUT", "10"))
SEND_TIMEOUT = float(os.environ.get("HOSTILE_SEND_TIMEOUT", "30"))
SLACK = float(os.environ.get("HOSTILE_SLACK", "5"))
FLOOD_PNG_SHARE = float(os.environ.get("HOSTILE_FLOOD_PNG_SHARE", "0.2"))
FLOOD_SPARK_SHARE = float(os.environ.get("HOSTILE_FLOOD_SPARK_SHARE", "0.2"))
FLOOD_IGNORE_CLOSE = os.environ.get("HOSTILE_FLOOD_IGNORE_CLOSE") == "1"
KINDS = os.environ.get("HOSTILE_KINDS", "slowloris,slow-reader,flood,malformed,vanish,reset").split(",")


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


def read_within(s, seconds, size=4096):
    """What the socket has within `seconds`: bytes, b"" at end of stream, or None when nothing came."""
    s.settimeout(max(0.001, seconds))
    try:
        return s.recv(size)
    except socket.timeout:
        return None


def read_response(s):
    """Reads one response framed by Content-Length; returns (status, closes) or None at end of stream before the
    whole answer came. `closes`: the answer said Connection: close."""
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
    closes = False
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            length = int(value.strip())
        elif name == b"connection":
            closes = value.strip().lower() == b"close"
    while len(rest) < length:
        chunk = s.recv(65536)
        if not chunk:
            return None
        rest += chunk
    return status, closes


def slowloris(index):
    head = b"GET /ring.svg?value=%d HTTP/1.1\r\nHost: x\r\nX-Padding: " % index + b"a" * 400 + b"\r\n\r\n"
    while alive():
        start = time.monotonic()  # before connect(): the server's clock for this connection starts later
        try:
            s = connect(timeout=2.0)
        except OSError:
            record("slowloris", "connect failed", 0)
            time.sleep(1)
            continue
        outcome = "open"
        try:
            for i, byte in enumerate(head):
                if not alive():
                    break
                s.send(bytes([byte]))
                answer = read_within(s, min(start + i + 1, DEADLINE) - time.monotonic())
                if answer == b"":
                    outcome = "closed without an answer"
                elif answer is not None:
                    status = answer[9:12].decode("ascii", "replace")
                    outcome = "cut" if status == "408" else "answered " + status
                if answer is not None:
                    break
            else:
                outcome = "sent its whole head uncut"
        except OSError:
            outcome = "reset without an answer"
        finally:
            s.close()
        record("slowloris", outcome, time.monotonic() - start)


SLOW_READER_REQUESTS = 32  # 32 answers of ~190 KB: more than the kernel's largest send buffer (tcp_wmem, 4 MB)


def slow_reader(index, watcher):
    request = b"GET /ring.png?value=%d&size=1024&scale=2 HTTP/1.1\r\nHost: x\r\n\r\n" % (index % 7)
    while alive():
        start = time.monotonic()
        try:
            s = connect(timeout=3.0, rcvbuf=4096)
        except OSError:
            record("slow-reader", "connect failed", 0)
            time.sleep(1)
            continue
        port = s.getsockname()[1]
        watcher.watch(port)
        outcome, seconds = "open", None
        try:
            s.sendall(request * SLOW_READER_REQUESTS)
            while alive():
                closed = watcher.closed_at(port)
                if closed is not None:
                    outcome, seconds = "cut", closed - start
                    break
                tick = time.monotonic()
                byte = read_within(s, 1.0, 1)
                if byte == b"":
                    outcome = "cut"  # the server closed and the little it had queued was read
                    break
                time.sleep(max(0, tick + 1.0 - time.monotonic()))
        except OSError:
            outcome = "cut"  # reset by the server
        finally:
            watcher.forget(port)
            reset(s)  # frees the megabytes queued on both sides at once
        record("slow-reader", outcome, seconds if seconds is not None else time.monotonic() - start)


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


def flood(index, per_second):
    rng = random.Random(index)
    s = None
    interval = 1.0 / per_second
    next_at = time.monotonic()
    while alive():
        if s is None:
            try:
                s = connect()
            except OSError as error:
                count("flood", "connect failed")
                problem("flood: connect: %s" % error)
        if s is not None:
            value = rng.random() * 100
            png = rng.random() < FLOOD_PNG_SHARE
            if rng.random() < FLOOD_SPARK_SHARE:
                points = ",".join("%.3f" % (rng.random() * 100) for _ in range(rng.randint(2, 64)))
                if png:
                    target = "/spark.png?points=%s&height=%d" % (points, rng.randint(8, 64))
                else:
                    target = "/spark.svg?points=%s&width=%d&color=%06x" % (points, rng.randint(16, 1024),
                                                                          rng.getrandbits(24))
            elif not png:
                target = "/ring.svg?value=%.6f&size=%d&color=%06x" % (value, rng.randint(16, 1024), rng.getrandbits(24))
            else:
                target = "/ring.png?value=%.6f&size=%d" % (value, rng.randint(16, 256))
            try:
                s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % target).encode())
                answer = read_response(s)
            except socket.timeout:
                answer = "unanswered within 5 s"
                problem("flood: %s: no answer within 5 s" % target)
            except OSError as error:
                answer = "reset or failed unanswered"
                problem("flood: %s: %s" % (target, error))
            if answer is None:
                answer = "closed unanswered"
                problem("flood: %s: the connection closed before the whole answer came" % target)
            if isinstance(answer, str):
                count("flood", answer)
                s.close()
                s = None
            else:
                status, closes = answer
                count("flood", "answered 200" if status == 200 else "answered %d" % status)
                if status != 200:
                    problem("flood: %s answered %d" % (target, status))
                if closes and not FLOOD_IGNORE_CLOSE:
                    count("flood", "closed after Connection: close")
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


watcher = ServerSideWatcher(PORT, alive) if "slow-reader" in KINDS else None
plan = {
    "slowloris": (slowloris, 100, ()),
    "slow-reader": (slow_reader, 20, (watcher,)),
    "flood": (flood, 4, (150,)),
    "malformed": (malformed, 2, ()),
    "vanish": (vanish, 4, ()),
    "reset": (resetter, 2, ()),
}
threads = []
for kind in KINDS:
    target, copies, extra = plan[kind]
    for i in range(copies):
        threads.append(threading.Thread(target=target, args=(i,) + extra, daemon=True))
for t in threads:
    t.start()
for t in threads:
    t.join(timeout=max(0, DEADLINE - time.monotonic()) + 15)

sys.exit(report(KINDS, HEADER_TIMEOUT, SEND_TIMEOUT, SLACK, SECONDS))
