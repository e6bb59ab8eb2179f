#!/usr/bin/env bash
# What a service that has served other images pays for a PNG miss. `make bench` runs all its rows on one service, so
# its 256-connection rows come after some three million requests of every kind. This script gives a release build
# the first half of that history, then the all-miss 128 px PNG row at 64 and 256 connections in turn (three times
# each), printing the server CPU per request and the resident memory after each run; with `fresh` it skips the
# history, for the same rows on a new service.
# Usage: .ci/bench/bench-aged.sh BINARY [aged|fresh] [SECONDS]   (defaults: aged, 10 s a history run; the PNG rows 8 s)
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
[ $# -ge 1 ] || { sed -n '2,7p' "$0" >&2; exit 2; }
BIN=$1 MODE=${2:-aged} SECONDS_PER_RUN=${3:-10}
PORT=${AGED_PORT:-18631}
for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "bench-aged: $tool is missing (make bench installs it)" >&2; exit 1; }
done
make_scratch bench-aged
TICKS=$(getconf CLK_TCK)
"$BIN" serve --port "$PORT" --log-format off --cache-bytes 67108864 >"$WORK/server.log" 2>&1 &
pid=$!
pids+=("$pid")
wait_healthy "http://127.0.0.1:$PORT/healthz" "$WORK/server.log" "$pid"

# Scripts as make bench's: each run its own block of values, so no run finds another's images cached.
block=0
distinct() {
  block=$((block + 1000000000))
  distinct_lua "$WORK/$2.lua" "$1" "$block"
}
spread() {
  local format=$1 name=$2
  shift 2
  block=$((block + 1000000000))
  spread_lua "$WORK/$name.lua" "$format" "$block" "$@"
}
run() {
  local name=$1 connections=$2 seconds=$3 before after
  before=$(cpu_ticks "$pid")
  wrk -t2 -c"$connections" -d"${seconds}s" -s "$WORK/$name.lua" "http://127.0.0.1:$PORT" >"$WORK/wrk.txt"
  after=$(cpu_ticks "$pid")
  wrk_parse "$WORK/wrk.txt"
  awk -v name="$name" -v c="$connections" -v n="$wrk_requests" -v t=$((after - before)) -v hz="$TICKS" \
    -v rss="$(awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status")" \
    'BEGIN { printf "| %s | %d | %d | %.1f | %d |\n", name, c, n, t / hz * 1e6 / n, rss }'
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $BIN, $MODE service, 64 MiB cache, wrk -t2."
echo
echo "| run | conns | requests | CPU µs/req | RSS MiB after |"
echo "|---|---:|---:|---:|---:|"
if [ "$MODE" = aged ]; then
  distinct '/ring.svg?max=1000000000000&value=%d' "svg-miss"
  run svg-miss 64 "$SECONDS_PER_RUN"
  spread '/ring.png?size=%d&value=%s' "png-miss" 128
  run png-miss 64 "$SECONDS_PER_RUN"
  spread '/ring.png?size=%d&value=%s' "mixed-miss" 64 128 256
  run mixed-miss 64 "$SECONDS_PER_RUN"
  distinct '/bar.svg?max=1000000000000&value=%d' "bar-svg-miss"
  run bar-svg-miss 64 "$SECONDS_PER_RUN"
  spread '/bar.png?scale=%d&value=%s' "bar-png-miss" 1 2
  run bar-png-miss 64 "$SECONDS_PER_RUN"
fi
for round in 1 2 3; do
  for connections in 64 256; do
    spread '/ring.png?size=%d&value=%s' "png-$round-$connections" 128
    run "png-$round-$connections" "$connections" 8
  done
done
