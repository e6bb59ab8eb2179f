#!/usr/bin/env bash
# `make bench-live`: what a live value costs the service once it is read, and what a source that never answers costs
# everyone else. Release build, access log off, wrk on 127.0.0.1, in one run, compared as ratios (ours vs ours):
#   1. a cached ring with its value in the URL against the same ring whose value is a cached live value: the
#      server's CPU per request and requests/s, in alternating rounds (target: live at most 1.3 × the CPU);
#   2. cached rings under load (wrk, 64 connections) alone, then while a stream of requests asks for documents that
#      never answer (each held until liveTimeout): requests/s and p99 (target: within 1.5 ×).
# The upstream is Tests/TestSupport/Fixtures/live_fixture.py (a JSON document and /hang). Writes .bench/live.md.
# Usage: .ci/bench/bench-live.sh [SECONDS] [ROUNDS]   (defaults: 5 s per run, 3 rounds)
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
DURATION=${1:-${BENCH_SECONDS:-5}}
ROUNDS=${2:-3}
SWIFT=${SWIFT:-swift}
PORT=${SERVICE_PORT:-18495}
CONNECTIONS=64

for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || { echo "bench-live: $tool is missing (make bench-live installs it)" >&2; exit 1; }
done
"$SWIFT" build -c release --product progress-rings >/dev/null
BIN_DIR=$("$SWIFT" build -c release --show-bin-path)
make_scratch bench-live

# The upstream: prints its port once it listens, and exits when its standard input closes.
mkdir -p "$WORK/docs"
echo '{"v": 87.4}' >"$WORK/docs/c.json"
mkfifo "$WORK/fixture-in"
python3 Tests/TestSupport/Fixtures/live_fixture.py "$WORK/docs" <"$WORK/fixture-in" >"$WORK/fixture-port" &
pids+=($!)
exec 3>"$WORK/fixture-in"
for _ in $(seq 200); do [ -s "$WORK/fixture-port" ] && break; sleep 0.05; done
UPSTREAM=$(head -n1 "$WORK/fixture-port")
[ -n "$UPSTREAM" ] || { echo "bench-live: the fixture upstream did not start" >&2; exit 1; }

"$BIN_DIR/progress-rings" serve --port "$PORT" --log-format off --live-hosts 127.0.0.1 \
  --live-private-addresses true --live-ttl 3600 --live-timeout 2.5 > >(tee "$WORK/server.log") 2>&1 &
service_pid=$!
pids+=("$service_pid")
wait_healthy "http://127.0.0.1:$PORT/healthz" "$WORK/server.log" "$service_pid"

S="http://127.0.0.1:$PORT"
PLAIN="/ring.svg?value=87.4&size=128"
LIVE="/ring.svg?url=http%3A%2F%2F127.0.0.1%3A$UPSTREAM%2Fc.json&query=v&size=128"
plain_sum=$(curl -fs "$S$PLAIN" | cksum)
live_sum=$(curl -fs "$S$LIVE" | cksum)
[ "$plain_sum" = "$live_sum" ] || { echo "bench-live: the live ring and the plain ring differ" >&2; exit 1; }
source_header=$(curl -fsI "$S$LIVE" | tr -d '\r' | awk 'tolower($1) == "x-source:" { print $2 }')
[ "$source_header" = cached ] || { echo "bench-live: the live value is not cached ($source_header)" >&2; exit 1; }

TICKS=$(getconf CLK_TCK)
ticks() { cpu_ticks "$service_pid"; }
# Runs wrk on a URL and prints "requests_per_second p99_ms cpu_us_per_request errors".
measure() {
  local before after out
  before=$(ticks)
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "$1")
  after=$(ticks)
  wrk_parse <<<"$out"
  awk -v r="$wrk_rate" -v p="$wrk_p99" -v t=$((after - before)) -v hz="$TICKS" -v n="$wrk_requests" -v e="$wrk_errors" \
    'BEGIN { printf "%s %s %.2f %d\n", r, p, (n > 0 ? t / hz * 1e6 / n : 0), e }'
}

# Requests for documents that never answer, from a second wrk (one thread, 48 connections, each request a document
# never asked before): each waits liveTimeout (2.5 s), so 48 wait at any time, four fetches hold the host's slots
# and the rest wait for one. A wrk rather than a curl per request, so the client's own cost stays small.
cat >"$WORK/hang.lua" <<LUA
local n = 0
function request()
  n = n + 1
  return wrk.format("GET", string.format("/ring.svg?url=http%%3A%%2F%%2F127.0.0.1%%3A$UPSTREAM%%2Fhang%%3Fn%%3D%d-%d&query=v", math.random(1e9), n))
end
LUA
hanging_stream() {
  wrk -t1 -c48 -d"$((DURATION + 1))s" --timeout 10s -s "$WORK/hang.lua" "$S" >/dev/null
}

echo "bench-live: wrk -t2 -c$CONNECTIONS -d${DURATION}s, $ROUNDS rounds, $(nproc) cores" >&2
results=$WORK/results.txt
: >"$results"
for round in $(seq "$ROUNDS"); do
  p=$(measure "$S$PLAIN"); echo "plain $p" >>"$results"
  l=$(measure "$S$LIVE"); echo "live $l" >>"$results"
  q=$(measure "$S$PLAIN"); echo "quiet $q" >>"$results"
  hanging_stream &
  stream=$!
  sleep 1
  h=$(measure "$S$PLAIN")
  wait "$stream"
  echo "hanging $h" >>"$results"
  echo "  round $round: plain $p | live $l | quiet $q | with hanging sources $h (rps p99-ms cpu-us errors)" >&2
  # The hanging requests end within liveTimeout; the next round starts without them.
  sleep 3
done
fetches=$(curl -fs "$S/metrics" | awk '/^progress_rings_live_fetches_total/ { n += $NF } END { print n + 0 }')

mkdir -p .bench
table=$(awk -v rounds="$ROUNDS" '
  { rps[$1] += $2; p99[$1] += $3; cpu[$1] += $4; err[$1] += $5 }
  END {
    printf "| scenario | req/s | p99 ms | CPU µs/req | errors |\n|---|---:|---:|---:|---:|\n"
    split("plain live quiet hanging", order, " ")
    names["plain"] = "cached ring, value in the URL"; names["live"] = "the same ring, value read live (cached)"
    names["quiet"] = "cached ring, no other traffic"; names["hanging"] = "cached ring while sources hang"
    for (i = 1; i <= 4; i++) { k = order[i]
      printf "| %s | %.0f | %.2f | %.2f | %d |\n", names[k], rps[k] / rounds, p99[k] / rounds, cpu[k] / rounds, err[k] }
    cpu_ratio = cpu["live"] / cpu["plain"]; rps_ratio = rps["plain"] / rps["hanging"] * 1; p99_ratio = p99["hanging"] / p99["quiet"]
    printf "\nLive value (cached) against the value in the URL: %.2f × the CPU per request (target ≤ 1.3: %s), %.2f × the requests/s.\n", \
      cpu_ratio, cpu_ratio <= 1.3 ? "met" : "missed", rps["live"] / rps["plain"]
    printf "Sources hanging beside the load: requests/s %.2f × and p99 %.2f × those without them (target within 1.5: %s).\n", \
      rps["hanging"] / rps["quiet"], p99_ratio, (rps["quiet"] / rps["hanging"] <= 1.5 && p99_ratio <= 1.5) ? "met" : "missed"
  }' "$results")
{
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, wrk -t2 -c$CONNECTIONS -d${DURATION}s, $ROUNDS rounds averaged, 127.0.0.1."
  echo
  echo "$table"
  echo
  echo "Fetches made in all: $fetches (the cached document once; each hanging document once)."
} | tee .bench/live.md
