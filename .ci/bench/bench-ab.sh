#!/usr/bin/env bash
# Before and after: two release builds of progress-rings (e.g. two commits built in two worktrees) in alternating
# rounds on the same URLs, so that a change is judged in one sitting on a shared machine. For each build and
# scenario: requests/s and the server's CPU µs per request (user + system over the requests wrk completed), the
# mean of the rounds, and new ÷ old.
#   cached SVG / cached PNG   one 128 px ring, served from the render cache
#   all-miss SVG              every request a 128 px ring never drawn (drawn on the loops)
#   all-miss PNG 128 px       every request a ring never drawn, values spread over 0–100 % as in make bench
# Usage: .ci/bench/bench-ab.sh OLD_BINARY NEW_BINARY [SECONDS] [ROUNDS]   (defaults: 4 s, 3 rounds; wrk -t2 -c64)
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
[ $# -ge 2 ] || { sed -n '2,9p' "$0" >&2; exit 2; }
OLD=$1 NEW=$2 SECONDS_PER_RUN=${3:-4} ROUNDS=${4:-3}
PORT=${AB_PORT:-18601}
for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "bench-ab: $tool is missing (make bench installs it)" >&2; exit 1; }
done
make_scratch bench-ab
spread_lua "$WORK/spread.lua" "/ring.png?size=%d&value=%s" "$((RANDOM * 1000000))" 128
spread_lua "$WORK/spread-svg.lua" "/ring.svg?size=%d&value=%s" "$((RANDOM * 1000000 + 500000000))" 128
TICKS=$(getconf CLK_TCK)
results=$WORK/results.txt
: >"$results"
# measure WHO BINARY SCENARIO WRK_ARGS...: one fresh server, one wrk run; appends "who|scenario|rps|cpu".
measure() {
  local who=$1 binary=$2 scenario=$3
  shift 3
  "$binary" serve --port "$PORT" --log-format off >"$WORK/server.log" 2>&1 &
  local pid=$!
  pids+=("$pid")
  wait_healthy "http://127.0.0.1:$PORT/healthz" "$WORK/server.log" "$pid"
  for url in "/ring.svg?value=72&size=128" "/ring.png?value=72&size=128"; do
    curl -fs -o /dev/null "http://127.0.0.1:$PORT$url"
  done
  local before after out
  before=$(cpu_ticks "$pid")
  out=$(wrk -t2 -c64 -d"${SECONDS_PER_RUN}s" "$@" 2>&1)
  after=$(cpu_ticks "$pid")
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  wrk_parse <<<"$out"
  awk -v w="$who" -v s="$scenario" -v r="$wrk_rate" -v t=$((after - before)) -v hz="$TICKS" -v n="$wrk_requests" \
    'BEGIN { printf "%s|%s|%s|%.2f\n", w, s, r, (n > 0 ? t / hz * 1e6 / n : 0) }' | tee -a "$results" >&2
}
S="http://127.0.0.1:$PORT"
for round in $(seq "$ROUNDS"); do
  echo "bench-ab: round $round of $ROUNDS" >&2
  for who in old new; do
    if [ "$who" = old ]; then binary=$OLD; else binary=$NEW; fi
    measure "$who" "$binary" "cached SVG" "$S/ring.svg?value=72&size=128"
    measure "$who" "$binary" "cached PNG" "$S/ring.png?value=72&size=128"
    measure "$who" "$binary" "all-miss SVG" -s "$WORK/spread-svg.lua" "$S"
    measure "$who" "$binary" "all-miss PNG 128 px" -s "$WORK/spread.lua" "$S"
  done
done
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, wrk -t2 -c64 -d${SECONDS_PER_RUN}s, $ROUNDS rounds, mean of the rounds."
echo
echo "| scenario | req/s old | req/s new | new ÷ old | CPU µs/req old | CPU µs/req new | new ÷ old |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for scenario in "cached SVG" "cached PNG" "all-miss SVG" "all-miss PNG 128 px"; do
  awk -F'|' -v s="$scenario" '$2 == s { r[$1] += $3; c[$1] += $4; n[$1]++ }
    END { printf "| %s | %.0f | %.0f | %.2f | %.2f | %.2f | %.2f |\n", s, r["old"] / n["old"], r["new"] / n["new"],
      (r["new"] / n["new"]) / (r["old"] / n["old"]), c["old"] / n["old"], c["new"] / n["new"],
      (c["new"] / n["new"]) / (c["old"] / n["old"]) }' "$results"
done
