#!/usr/bin/env bash
# Where the PNG workers' time goes when the client shares the cores: a flood of distinct 128 px PNGs (values spread
# over the ring, as in `make bench`) from wrk -t2 -c64, and beside it a paced probe of cached hits (wrk -t1 -c8, 1 ms
# between requests per connection), each placement in turn:
#   shared        server and clients on every core (how `make bench` runs)
#   shared, wrk nice 10   the same, the clients at the workers' nice, so the kernel weighs them alike
#   apart         the server pinned to CPU 0 and the clients to CPU 1 (taskset)
# Prints misses per second, the flood's p99, the probe's p50 and p99, and the server's CPU µs per miss.
# Usage: .ci/bench/bench-workers.sh [SECONDS] [BINARY]   (default 10 s and this tree's release build; needs 2 CPUs)
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
SECONDS_PER_RUN=${1:-10}
BIN=${2:-}
PORT=${PORT:-18493}
SWIFT=${SWIFT:-swift}
.ci/lib/deps.sh wrk curl util-linux >/dev/null
[ "$(nproc)" -ge 2 ] || { echo "bench-workers: needs 2 CPUs" >&2; exit 1; }
if [ -z "$BIN" ]; then
  "$SWIFT" build -c release --product progress-rings >/dev/null 2>&1
  BIN=$("$SWIFT" build -c release --show-bin-path)/progress-rings
fi
make_scratch bench-workers

# The probe: one cached PNG, each connection waiting 1 ms between requests. The flood: .ci/bench/spread.lua, as bench.sh's
# all-miss PNG rows.
cat >"$WORK/paced.lua" <<'LUA'
function delay() return 1 end
LUA
TICKS=$(getconf CLK_TCK)

echo "| placement | misses/s | miss p99 ms | hit p50 ms (paced, beside) | hit p99 ms | server CPU µs per miss |"
echo "|---|---:|---:|---:|---:|---:|"
block=0
for placement in shared "shared, wrk nice 10" apart; do
  server_cpu=() client=()
  case $placement in
    apart) server_cpu=(taskset -c 0); client=(taskset -c 1) ;;
    "shared, wrk nice 10") client=(nice -n 10) ;;
  esac
  "${server_cpu[@]}" "$BIN" serve --port "$PORT" --log-format off > >(tee "$WORK/server.log") 2>&1 &
  pid=$!
  pids+=("$pid")
  wait_healthy "http://127.0.0.1:$PORT/healthz" "$WORK/server.log" "$pid"
  curl -fs -o /dev/null "http://127.0.0.1:$PORT/ring.png?value=72&size=128"
  block=$((block + 1000000000))
  spread_lua "$WORK/miss-$block.lua" "/ring.png?size=%d&value=%s" "$block" 128
  before=$(cpu_ticks "$pid")
  "${client[@]}" wrk -t1 -c8 -d"${SECONDS_PER_RUN}s" --latency -s "$WORK/paced.lua" \
    "http://127.0.0.1:$PORT/ring.png?value=72&size=128" >"$WORK/probe.txt" &
  probe=$!
  "${client[@]}" wrk -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency -s "$WORK/miss-$block.lua" \
    "http://127.0.0.1:$PORT" >"$WORK/flood.txt"
  wait "$probe"
  after=$(cpu_ticks "$pid")
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  wrk_parse "$WORK/probe.txt"
  hit50=$wrk_p50 hit99=$wrk_p99
  wrk_parse "$WORK/flood.txt"
  rps=$(printf "%.0f" "$wrk_rate")
  flood99=$wrk_p99
  cpu=$(awk -v t=$((after - before)) -v hz="$TICKS" -v n="$wrk_requests" 'BEGIN { printf "%.0f", t / hz * 1e6 / n }')
  echo "| $placement | $rps | $flood99 | $hit50 | $hit99 | $cpu |"
done
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average before: $(cut -d' ' -f1-3 /proc/loadavg);" \
  "\`.ci/bench/bench-workers.sh $SECONDS_PER_RUN\`, $BIN."
