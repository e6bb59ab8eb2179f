#!/usr/bin/env bash
# Before and after at the same time: two release builds of progress-rings, each flooded with distinct 128 px PNG
# rings (values spread over 0–100 %, as in make bench) by its own `wrk -t1 -c32`, both at once, so whatever else the
# machine does falls on both alike (bench-ab.sh runs them in turn, and a shared machine's speed moves ±10 % between
# its rounds). The two share the cores, so requests/s depend on how the scheduler splits them; the server CPU per
# request does not: it is the figure to compare. The builds swap ports every round, so neither always starts
# second; one build against itself shows the rounds' spread.
# Usage: .ci/bench/bench-pair.sh OLD_BINARY NEW_BINARY [SECONDS] [ROUNDS]   (defaults: 15 s, 6 rounds)
# PAIR_PATH='/ring.svg?size=%d&value=%s' floods with another path (it takes the size, 128, and the value).
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
[ $# -ge 2 ] || { sed -n '2,9p' "$0" >&2; exit 2; }
OLD=$1 NEW=$2 SECONDS_PER_RUN=${3:-15} ROUNDS=${4:-6}
PORT=${PAIR_PORT:-18621}
PATH_FORMAT=${PAIR_PATH:-/ring.png?size=%d&value=%s}
for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "bench-pair: $tool is missing (make bench installs it)" >&2; exit 1; }
done
make_scratch bench-pair
TICKS=$(getconf CLK_TCK)
results=$WORK/results.txt
: >"$results"
for round in $(seq "$ROUNDS"); do
  if [ $((round % 2)) -eq 1 ]; then first=$OLD second=$NEW; else first=$NEW second=$OLD; fi
  server=()
  for binary in "$first" "$second"; do
    port=$((PORT + ${#server[@]}))
    "$binary" serve --port "$port" --log-format off >"$WORK/server-$port.log" 2>&1 &
    server+=("$!")
    pids+=("$!")
    wait_healthy "http://127.0.0.1:$port/healthz" "$WORK/server-$port.log" "$!"
  done
  before=() clients=()
  for k in 0 1; do
    # Each server, round and slot counts through its own block of values: no image is asked for twice.
    spread_lua "$WORK/spread$k.lua" "$PATH_FORMAT" "$(((RANDOM * 100 + round * 10 + k) * 1000000))" 128
    before+=("$(cpu_ticks "${server[$k]}")")
  done
  for k in 0 1; do
    wrk -t1 -c32 -d"${SECONDS_PER_RUN}s" -s "$WORK/spread$k.lua" "http://127.0.0.1:$((PORT + k))" >"$WORK/wrk$k.txt" &
    clients+=("$!")
  done
  wait "${clients[@]}"
  line=""
  for k in 0 1; do
    ticks=$(($(cpu_ticks "${server[$k]}") - before[k]))
    wrk_parse "$WORK/wrk$k.txt"
    cpu=$(awk -v t="$ticks" -v hz="$TICKS" -v n="$wrk_requests" 'BEGIN { printf "%.2f", (n > 0 ? t / hz * 1e6 / n : 0) }')
    line="$line|$wrk_rate|$cpu"
  done
  # Old first, whichever port it had.
  echo "$round$line" | awk -F'|' -v swap=$((round % 2 == 0)) '{
    if (swap) print $1 "|" $4 "|" $5 "|" $2 "|" $3; else print }' | tee -a "$results" >&2
  kill "${server[@]}"
  wait "${server[@]}" 2>/dev/null || true
done
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, both servers at once, wrk -t1 -c32 -d${SECONDS_PER_RUN}s each," \
  "distinct $PATH_FORMAT (size 128, values over the ring), $ROUNDS rounds."
echo
echo "| round | req/s old | req/s new | new ÷ old | CPU µs/req old | CPU µs/req new | new ÷ old |"
echo "|---|---:|---:|---:|---:|---:|---:|"
awk -F'|' '{
    printf "| %d | %.0f | %.0f | %.3f | %.1f | %.1f | %.3f |\n", $1, $2, $4, $4 / $2, $3, $5, $5 / $3
    ro += $2; rn += $4; co += $3; cn += $5; n++
  } END {
    printf "| mean | %.0f | %.0f | %.3f | %.1f | %.1f | %.3f |\n", ro / n, rn / n, rn / ro, co / n, cn / n, cn / co
  }' "$results"
