"""What .ci/checks/hostile.py measures and how it judges it: one record per connection a hostile client opened, a watcher
of the server's side of the slow readers' sockets, and one PASS/FAIL line per judged kind.

Times are seconds from just before the client's connect(), which comes before the server accepts, so a timeout the
server keeps can never look early (a thread delayed after connect() by a loaded machine would make it look so); the
slack covers the server's tick (at most 250 ms), a poll here, and a loaded machine.
"""

import sys
import threading
import time

lock = threading.Lock()
# kind -> list of (outcome, seconds): outcome "cut" (what the rule asks for), "open" (still open at the end), or
# anything else (a failure named by it).
records = {}
counts = {}
problems = []


def record(kind, outcome, seconds):
    with lock:
        records.setdefault(kind, []).append((outcome, seconds))


def count(kind, what, n=1):
    with lock:
        counts.setdefault(kind, {}).setdefault(what, 0)
        counts[kind][what] += n


def problem(text):
    with lock:
        if len(problems) < 20:
            problems.append(text)


class ServerSideWatcher:
    """Tells when the server has closed its side of a client's connection, from /proc/net/tcp.

    A slow reader cannot see the server's close: the FIN waits behind megabytes the reader never takes. The
    server's socket can: once the server calls close() it leaves ESTABLISHED (FIN_WAIT1, owned by no process).
    """

    def __init__(self, port, alive, interval=0.5):
        self.port_hex = ":%04X" % port
        self.alive = alive
        self.interval = interval
        # client port -> [seen ESTABLISHED once, time it was first seen closed after that, or None]
        self.watched = {}
        self.cond = threading.Condition()
        threading.Thread(target=self.run, daemon=True).start()

    def watch(self, client_port):
        with self.cond:
            self.watched[client_port] = [False, None]
            self.cond.notify()

    def forget(self, client_port):
        with self.cond:
            self.watched.pop(client_port, None)

    def closed_at(self, client_port):
        with self.cond:
            return self.watched.get(client_port, [False, None])[1]

    def established(self):
        """Client ports whose server side is ESTABLISHED (state 01) right now."""
        ports = set()
        with open("/proc/net/tcp") as table:
            for line in table:
                if self.port_hex not in line:
                    continue
                fields = line.split()
                if fields[1].endswith(self.port_hex) and fields[3] == "01":
                    ports.add(int(fields[2].rsplit(":", 1)[1], 16))
        return ports

    def run(self):
        while self.alive():
            with self.cond:
                while not any(closed is None for _, closed in self.watched.values()):
                    self.cond.wait()
            open_now = self.established()
            now = time.monotonic()
            with self.cond:
                for client_port, state in self.watched.items():
                    if client_port in open_now:
                        state[0] = True
                    elif state[0] and state[1] is None:
                        state[1] = now
            time.sleep(self.interval)


def timeout_verdict(kind, what, timeout, slack, seconds):
    """One line: every connection cut as the rule says within [timeout, timeout + slack], none open longer.
    `seconds`: how long the clients ran; a run shorter than the limit cannot judge anything (SKIP)."""
    limit = timeout + slack
    rows = records.get(kind, [])
    cut = [t for outcome, t in rows if outcome == "cut" and timeout - 0.05 <= t <= limit]
    early = [t for outcome, t in rows if outcome == "cut" and t < timeout - 0.05]
    late = [t for outcome, t in rows if outcome == "cut" and t > limit]
    still_open = [t for outcome, t in rows if outcome == "open"]
    overdue = [t for t in still_open if t > limit]
    others = {}
    for outcome, _ in rows:
        if outcome not in ("cut", "open"):
            others[outcome] = others.get(outcome, 0) + 1
    failed = bool(early or late or overdue or others) or not cut
    text = "%d connections %s%s (rule: within %g s + %g s slack = %g s)" % (
        len(cut), what, " after %s s" % span(cut) if cut else "", timeout, slack, limit)
    if early:
        text += "; %d cut too early (%s s)" % (len(early), span(early))
    if late:
        text += "; %d cut late (%s s)" % (len(late), span(late))
    if overdue:
        text += "; %d never cut, open for %s s at the end" % (len(overdue), span(overdue))
    text += "".join("; %d %s" % (n, outcome) for outcome, n in sorted(others.items()))
    text += "; %d open at the end, younger than the limit" % (len(still_open) - len(overdue))
    if failed and not cut and not others and seconds <= limit:
        return "hostile: SKIP %s: the run (%g s) is shorter than the limit; %s" % (kind, seconds, text)
    return verdict(kind, not failed, text)


def flood_verdict():
    c = counts.get("flood", {})
    answered = c.get("answered 200", 0)
    other = sum(n for what, n in c.items() if what.startswith("answered ") and what != "answered 200")
    failures = ["closed unanswered", "reset or failed unanswered", "unanswered within 5 s", "connect failed"]
    text = "%d requests answered 200, %s, %d answered another status; %d connections closed after an answer that " \
        "said Connection: close" % (answered, ", ".join("%d %s" % (c.get(what, 0), what) for what in failures), other,
                                    c.get("closed after Connection: close", 0))
    failed = other + sum(c.get(what, 0) for what in failures)
    return verdict("flood", answered > 0 and failed == 0, text)


def malformed_verdict():
    c = counts.get("malformed", {})
    text = "%d requests answered with the status their corpus file names, %d with another, %d errors" % (
        c.get("requests", 0), c.get("wrong status", 0), c.get("error", 0))
    return verdict("malformed", c.get("requests", 0) > 0 and c.get("wrong status", 0) + c.get("error", 0) == 0, text)


def span(times):
    return "%.1f-%.1f" % (min(times), max(times))


def verdict(kind, passed, text):
    return "hostile: %s %s: %s" % ("PASS" if passed else "FAIL", kind, text)


def report(kinds, header_timeout, send_timeout, slack, seconds):
    """Prints one line per kind that ran (PASS/FAIL/SKIP, or the counts of those .ci/checks/soak.sh judges) and the first
    problems on standard error; returns the exit status: 1 when a rule failed."""
    lines = []
    if "slowloris" in kinds:
        lines.append(timeout_verdict("slowloris", "cut with 408", header_timeout, slack, seconds))
    if "slow-reader" in kinds:
        lines.append(timeout_verdict("slow-reader", "closed by the server", send_timeout, slack, seconds))
    if "flood" in kinds:
        lines.append(flood_verdict())
    if "malformed" in kinds:
        lines.append(malformed_verdict())
    for kind in ("vanish", "reset"):
        if kind in kinds:
            c = counts.get(kind, {})
            lines.append("hostile: ran %s: %d requests, %d connects failed" % (
                kind, c.get("requests", 0), c.get("connect failed", 0)))
    print("\n".join(lines))
    for text in problems:
        print("hostile problem: " + text, file=sys.stderr)
    return 1 if any(line.startswith("hostile: FAIL") for line in lines) else 0
