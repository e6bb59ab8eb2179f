#!/usr/bin/env bash
# Benchmarks the HTTP transport against nginx on this machine: the same 7 KiB body with the same headers,
# keep-alive, 127.0.0.1 only. Prints requests/s and p99 latency of both and their ratio.
# The machine is usually shared, so the two servers are measured in alternating rounds and the medians compared.
# Saturated (every connection sends its next request as soon as the answer arrives) measures throughput; there
# the client shares the cores with the server, so the faster server also starves the client, whose own queueing
# shows in p99. Latency is therefore also measured paced: each connection waits 1 ms between requests, the same
# offered load for both servers.
# Usage: .ci/bench/bench-http.sh [DURATION_SECONDS] [CONNECTIONS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/bench/bench-nginx.sh
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
DURATION=${1:-10}
CONNECTIONS=${2:-64}
ROUNDS=${3:-3}
SWIFT=${SWIFT:-swift}
NGINX_PORT=${NGINX_PORT:-18480}
SWIFT_PORT=${SWIFT_PORT:-18481}

for tool in wrk nginx; do
  command -v "$tool" >/dev/null || { echo "bench-http: $tool is missing (make bench installs it)" >&2; exit 1; }
done

"$SWIFT" build -c release --product http-bench-server >/dev/null
BIN=$("$SWIFT" build -c release --show-bin-path)/http-bench-server

make_scratch bench-http
chmod 755 "$WORK"

mkdir -p "$WORK/www" "$WORK/tmp"
head -c 7168 /dev/zero | tr '\0' x >"$WORK/www/bench.txt"
chmod -R a+rX "$WORK"
bench_nginx_conf "$WORK" "$NGINX_PORT" "    default_type text/plain;" ""
nginx -p "$WORK" -c "$WORK/nginx.conf" -g 'daemon off;' &
pids+=($!)
nginx_pid=$!
"$BIN" "$SWIFT_PORT" 2 >/dev/null 2> >(tee "$WORK/server.log" >&2) &
pids+=($!)
server_pid=$!

wait_healthy "http://127.0.0.1:$NGINX_PORT/bench.txt" "$WORK/error.log" "$nginx_pid"
wait_healthy "http://127.0.0.1:$SWIFT_PORT/bench.txt" "$WORK/server.log" "$server_pid"

# Both answers must carry the same body length, or the comparison is meaningless.
nginx_length=$(curl -s "http://127.0.0.1:$NGINX_PORT/bench.txt" | wc -c)
swift_length=$(curl -s "http://127.0.0.1:$SWIFT_PORT/bench.txt" | wc -c)
[ "$nginx_length" = "$swift_length" ] || { echo "bench-http: bodies differ ($nginx_length vs $swift_length bytes)" >&2; exit 1; }

echo 'function delay() return 1 end' >"$WORK/paced.lua"


# Prints "requests_per_second p99_milliseconds p50_milliseconds"; a second argument paces the connections.
measure() {
  local out script=()
  [ "${2:-}" = paced ] && script=(-s "$WORK/paced.lua")
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "${script[@]}" "http://127.0.0.1:$1/bench.txt")
  if echo "$out" | grep -q 'Non-2xx\|Socket errors'; then
    echo "bench-http: errors against port $1:" >&2
    echo "$out" >&2
  fi
  wrk_parse <<<"$out"
  echo "$wrk_rate $wrk_p99 $wrk_p50"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "wrk -t2 -c$CONNECTIONS -d${DURATION}s --latency, GET /bench.txt (7168-byte body), keep-alive, nginx 2 workers / 2 event loops"
printf '%-7s %-12s %14s %10s\n' round server 'requests/s' 'p99 ms'
: >"$WORK/nginx.results"
: >"$WORK/swift.results"
for round in $(seq "$ROUNDS"); do
  # Alternate who goes first, so neither always runs in the other's wake.
  if [ $((round % 2)) -eq 1 ]; then order="nginx swift"; else order="swift nginx"; fi
  for server in $order; do
    if [ "$server" = nginx ]; then port=$NGINX_PORT; name=nginx; else port=$SWIFT_PORT; name=HTTPServer; fi
    read -r rps p99 _ < <(measure "$port")
    echo "$rps $p99" >>"$WORK/$server.results"
    printf '%-7s %-12s %14.0f %10.2f\n' "$round" "$name" "$rps" "$p99"
  done
done

nginx_rps=$(awk '{print $1}' "$WORK/nginx.results" | median)
nginx_p99=$(awk '{print $2}' "$WORK/nginx.results" | median)
swift_rps=$(awk '{print $1}' "$WORK/swift.results" | median)
swift_p99=$(awk '{print $2}' "$WORK/swift.results" | median)
printf '%-7s %-12s %14.0f %10.2f\n' median nginx "$nginx_rps" "$nginx_p99"
printf '%-7s %-12s %14.0f %10.2f\n' median HTTPServer "$swift_rps" "$swift_p99"
awk -v s="$swift_rps" -v n="$nginx_rps" -v sp="$swift_p99" -v np="$nginx_p99" \
  'BEGIN { printf "ratio: %.2f x nginx requests/s, p99 %.2f x nginx\n", s / n, sp / np }'

echo
echo "paced: wrk -t2 -c$CONNECTIONS -d${DURATION}s --latency -s paced.lua (each connection waits 1 ms between requests)"
printf '%-12s %14s %10s %10s\n' server 'requests/s' 'p50 ms' 'p99 ms'
for server in nginx swift; do
  if [ "$server" = nginx ]; then port=$NGINX_PORT; name=nginx; else port=$SWIFT_PORT; name=HTTPServer; fi
  read -r rps p99 p50 < <(measure "$port" paced)
  printf '%-12s %14.0f %10.2f %10.2f\n' "$name" "$rps" "$p50" "$p99"
done
