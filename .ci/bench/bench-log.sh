#!/usr/bin/env bash
# What the access log costs a cached hit: one release build of progress-rings (one event loop), the same cached
# /ring.svg asked by `wrk -t1 -c16`, with the log written as logfmt to a file and with it off, in turns, ROUNDS
# times each. Prints requests/s and the server's CPU per request for each run; the CPU is the figure to compare
# (wrk shares the cores, so requests/s follow the scheduler more than the server); then wrk's count of answers and
# the access lines the log holds after the server exits, which must be at least as many.
# Usage: .ci/bench/bench-log.sh BINARY [SECONDS] [ROUNDS]   (defaults: 8 s, 2 rounds)
# LOG_BENCH_FORMAT=json measures JSON lines instead of logfmt; LOG_BENCH_AGENT=TEXT sends TEXT as the User-Agent
# (wrk sends none), so the line carries an agent.
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
[ $# -ge 1 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
BINARY=$1 SECONDS_PER_RUN=${2:-8} ROUNDS=${3:-2}
PORT=${LOG_BENCH_PORT:-18931} FORMAT=${LOG_BENCH_FORMAT:-logfmt}
headers=()
[ -z "${LOG_BENCH_AGENT:-}" ] || headers=(-H "User-Agent: $LOG_BENCH_AGENT")
for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "bench-log: $tool is missing (make bench installs it)" >&2; exit 1; }
done
make_scratch bench-log
TICKS=$(getconf CLK_TCK)
URL="http://127.0.0.1:$PORT/ring.svg?value=72"
for round in $(seq "$ROUNDS"); do
  for format in "$FORMAT" off; do
    "$BINARY" serve --port "$PORT" --event-loops 1 --log-format "$format" >"$WORK/server-$format.log" 2>&1 &
    pid=$!
    pids+=("$pid")
    wait_healthy "http://127.0.0.1:$PORT/healthz" "$WORK/server-$format.log" "$pid"
    # The third request of a URL is answered from its alias, as every later one: the hit measured.
    for _ in 1 2 3; do curl -fs -o /dev/null "$URL"; done
    before=$(cpu_ticks "$pid")
    out=$(timeout $((SECONDS_PER_RUN + 10)) wrk -t1 -c16 -d"${SECONDS_PER_RUN}s" "${headers[@]}" "$URL")
    after=$(cpu_ticks "$pid")
    requests=$(echo "$out" | awk '/requests in/ { print $1 }')
    rate=$(echo "$out" | awk '/Requests\/sec/ { print $2 }')
    cpu=$(awk -v t=$((after - before)) -v r="$requests" -v hz="$TICKS" 'BEGIN { printf "%.2f", t / hz * 1e6 / r }')
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    # Every answer has its line once the server has exited (wrk's count leaves out answers it did not wait for,
    # and the 3 curl requests and the health checks are not in it).
    lines=$(grep -c -e 'msg=request' -e '"msg":"request"' "$WORK/server-$format.log" || true)
    echo "round $round log=$format requests/s=$rate server_cpu_us_per_request=$cpu requests=$requests lines=$lines"
  done
done
