#!/usr/bin/env python3
"""The upstream the LiveValues tests fetch from, on 127.0.0.1 only.

Usage: live_fixture.py DIR [--tls CERT KEY [--client-ca CA]]
Prints the port it listens on as the first line of standard output, then serves until killed:
  /NAME                    the file DIR/NAME as application/json (404 when absent)
  /status/CODE             that status with a small JSON body
  /redirect?to=URL&code=N  a redirect (302 by default) to URL
  /chain/N                 N redirects (301 and 302 alternating) ending at {"value": 42}
  /big, /big-unsized       5 MiB of JSON, with and without Content-Length
  /gzip/NAME, /gzip-bomb   DIR/NAME gzip-encoded; 64 KiB of gzip that expands to 5 MiB
  /trickle                 a 64-byte body sent one byte a second
  /hang                    reads the request and never answers
  /slow?ms=N&file=NAME     DIR/NAME after N milliseconds
  /held?flag=F&file=NAME   DIR/NAME once the file DIR/F exists (at most 120 s), so a test decides when
  /metrics                 a Prometheus exposition: fixture_done, fixture_total, three fixture_series
  /PREFIX/api/v1/query?query=NAME  DIR/NAME, so a test writes the answer a Prometheus API gives to each query
                                   (after the seconds DIR/NAME.delay holds, where the test wrote one: a slow query);
                                   or until the flag file DIR/NAME.hold names exists; a NAME `metric{...}` without
                                   files of its own reads those of `metric{}`
  /PREFIX/api/v1/query_range?query=NAME&...  the same, for a query over time
  /PREFIX/api/v1/query?query=NAME&time=T     DIR/NAME@past: the query's answer at a time before now
  /moved/api/v1/query?query=NAME   a 302 to http://localhost:PORT/prom/api/v1/query?query=NAME (another origin)
Every request is appended to DIR/requests.log as "PATH<TAB>User-Agent<TAB>Accept-Encoding", and to
DIR/headers.log as a JSON line {"path": PATH, "headers": {NAME: VALUE}} (what credentials arrived).
With --client-ca, a TLS client must present a certificate signed by CA.
The server exits when its standard input closes, so it never outlives the test process that started it.
"""
import gzip
import http.server
import json
import os
import signal
import ssl
import sys
import threading
import time
import urllib.parse

DIRECTORY = sys.argv[1]
LOG_LOCK = threading.Lock()
BIG = b'{"pad": "' + b"x" * (5 * 1024 * 1024) + b'", "value": 1}'
BOMB = gzip.compress(BIG, compresslevel=9)
METRICS = (
    b"# TYPE fixture_done gauge\nfixture_done 7\n"
    b"# TYPE fixture_total gauge\nfixture_total 12\n"
    b'# TYPE fixture_series gauge\nfixture_series{part="a"} 1\nfixture_series{part="b"} 2\nfixture_series{part="c"} 3\n'
)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, headers=()):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def file(self, name):
        path = os.path.join(DIRECTORY, os.path.basename(name))
        # A name from a query may hold any character, a NUL included, which no file name does.
        if "\0" in path or not os.path.isfile(path):
            return None
        with open(path, "rb") as f:
            return f.read()

    def do_GET(self):
        with LOG_LOCK, open(os.path.join(DIRECTORY, "requests.log"), "a") as log:
            ua = self.headers.get("User-Agent", "")
            log.write(f"{self.path}\t{ua}\t{self.headers.get('Accept-Encoding', '')}\n")
            with open(os.path.join(DIRECTORY, "headers.log"), "a") as headers:
                headers.write(json.dumps({"path": self.path, "headers": dict(self.headers.items())}) + "\n")
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        parts = url.path.strip("/").split("/")
        if url.path == "/moved/api/v1/query":
            port = self.server.server_address[1]
            target = f"http://localhost:{port}/prom/api/v1/query?" + url.query
            self.send(302, b"", [("Location", target)])
        elif url.path.endswith(("/api/v1/query", "/api/v1/query_range")) and "query" in query:
            # Any selector of a metric (`fast{shard="7"}`) falls back to the files of `fast{}`, so a benchmark can
            # ask for a new document each time.
            metric = query["query"].split("{")[0] + "{}"
            delay = self.file(query["query"] + ".delay") or self.file(metric + ".delay")
            if delay is not None:
                time.sleep(float(delay))
            # NAME.hold names a flag file: the answer waits until the test writes it (at most 600 s, beyond any
            # stall of a loaded machine: a test that fails before writing it stops the fixture).
            hold = self.file(query["query"] + ".hold") or self.file(metric + ".hold")
            if hold is not None:
                flag = os.path.join(DIRECTORY, os.path.basename(hold.decode().strip()))
                deadline = time.monotonic() + 600
                while not os.path.exists(flag) and time.monotonic() < deadline:
                    time.sleep(0.01)
            name = query["query"] + ("@past" if "time" in query else "")
            body = self.file(name)
            if body is None and "time" not in query:
                body = self.file(metric)
            self.send(200 if body is not None else 404, body if body is not None else b'{"error": "no such file"}')
        elif parts[0] == "status":
            self.send(int(parts[1]), b'{"error": "as asked"}')
        elif parts[0] == "redirect":
            self.send(int(query.get("code", "302")), b"", [("Location", query["to"])])
        elif parts[0] == "chain":
            n = int(parts[1])
            if n == 0:
                self.send(200, b'{"value": 42}')
            else:
                self.send(301 if n % 2 else 302, b"", [("Location", f"/chain/{n - 1}")])
        elif parts[0] == "big":
            self.send(200, BIG)
        elif parts[0] == "big-unsized":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(BIG)
            self.close_connection = True
        elif parts[0] == "gzip-bomb":
            self.send(200, BOMB, [("Content-Encoding", "gzip")])
        elif parts[0] == "gzip":
            body = self.file(parts[1])
            self.send(200, gzip.compress(body), [("Content-Encoding", "gzip")])
        elif parts[0] == "trickle":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "64")
            self.end_headers()
            for _ in range(64):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(1)
        elif parts[0] == "hang":
            time.sleep(3600)
        elif parts[0] == "slow":
            time.sleep(int(query.get("ms", "500")) / 1000)
            body = self.file(query["file"])
            self.send(200 if body is not None else 404, body or b"{}")
        elif parts[0] == "held":
            flag = os.path.join(DIRECTORY, os.path.basename(query["flag"]))
            deadline = time.monotonic() + 120
            while not os.path.exists(flag) and time.monotonic() < deadline:
                time.sleep(0.01)
            body = self.file(query["file"])
            self.send(200 if body is not None else 404, body or b"{}")
        elif parts[0] == "metrics":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; version=0.0.4")
            self.send_header("Content-Length", str(len(METRICS)))
            self.end_headers()
            self.wfile.write(METRICS)
        else:
            body = self.file(url.path)
            self.send(200 if body is not None else 404, body if body is not None else b'{"error": "no such file"}')


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 2048


def exit_when_parent_goes():
    sys.stdin.buffer.read()
    os._exit(0)


def main():
    # A parent may start us with signals blocked (the mask is inherited); SIGTERM must work.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    threading.Thread(target=exit_when_parent_goes, daemon=True).start()
    server = Server(("127.0.0.1", 0), Handler)
    if len(sys.argv) >= 5 and sys.argv[2] == "--tls":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[3], sys.argv[4])
        if len(sys.argv) == 7 and sys.argv[5] == "--client-ca":
            context.load_verify_locations(sys.argv[6])
            context.verify_mode = ssl.CERT_REQUIRED
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
