#!/usr/bin/env bash
# Six slow queries from one client against a fast one from another, both named queries on one Prometheus: the
# flood is wrk -t1 -c6 asking prometheus=slow for a new shard each time (a new document, whose upstream answers
# after 10 s, past liveTimeout: each holds a fetch slot for the whole timeout); the other client is wrk -t1 -c1
# asking prometheus=fast for a new shard each time (each a fetch the upstream answers at once), and its latency is
# what the row reports. Each binary runs alone, in turn, ROUNDS times: compare two builds in one sitting.
# The upstream is Tests/TestSupport/Fixtures/live_fixture.py (`slow{}.delay` makes every slow{…} selector slow).
# Usage: .ci/bench/bench-live-fair.sh BINARY... [-- SECONDS ROUNDS]   (defaults: 10 s, 2 rounds)
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
. .ci/lib/bench-args.sh
bench_args 10 2 2,8 "$@"
for tool in wrk python3; do
  command -v "$tool" >/dev/null || { echo "bench-live-fair: $tool is missing (make bench installs it)" >&2; exit 1; }
done
make_scratch bench-live-fair
PORT=${FAIR_PORT:-18633}

mkdir -p "$WORK/docs"
scalar='{"status":"success","data":{"resultType":"scalar","result":[1700000000,"42"]}}'
echo "$scalar" >"$WORK/docs/slow{}"
echo 10 >"$WORK/docs/slow{}.delay"
echo "$scalar" >"$WORK/docs/fast{}"
mkfifo "$WORK/fixture-in"
python3 Tests/TestSupport/Fixtures/live_fixture.py "$WORK/docs" <"$WORK/fixture-in" >"$WORK/fixture-port" 2>"$WORK/fixture.log" &
pids+=($!)
exec 3>"$WORK/fixture-in"
for _ in $(seq 200); do [ -s "$WORK/fixture-port" ] && break; sleep 0.05; done
UPSTREAM=$(head -n1 "$WORK/fixture-port")
[ -n "$UPSTREAM" ] || { echo "bench-live-fair: the fixture upstream did not start" >&2; exit 1; }
servers="{\"main\": \"http://127.0.0.1:$UPSTREAM/prom\"}"
queries='{"slow": {"query": "slow{shard=\"$shard\"}", "parameters": {"shard": "[0-9]+"}},
          "fast": {"query": "fast{shard=\"$shard\"}", "parameters": {"shard": "[0-9]+"}}}'

echo "| round | build | slow req/s | fast req/s | fast not 2xx | fast p50 / p99 ms |"
echo "|---|---|---:|---:|---:|---:|"
for round in $(seq "$ROUNDS"); do
  for binary in "${binaries[@]}"; do
    "$binary" serve --port "$PORT" --log-format off --live-private-addresses true --live-timeout 2.5 \
      --prometheus-servers "$servers" --prometheus-queries "$queries" >"$WORK/server.log" 2>&1 &
    server=$!
    pids+=("$server")
    wait_healthy "http://127.0.0.1:$PORT/healthz" "$WORK/server.log" "$server"
    block=$(((RANDOM * 100 + round) * 1000000))
    distinct_lua "$WORK/slow.lua" '/ring.svg?prometheus=slow&shard=%d' "$block"
    distinct_lua "$WORK/fast.lua" '/ring.svg?prometheus=fast&shard=%d' "$block"
    wrk -t1 -c6 -d"$((SECONDS_PER_RUN + 4))s" --timeout 10s -s "$WORK/slow.lua" "http://127.0.0.1:$PORT" \
      >"$WORK/slow.txt" &
    flood=$!
    sleep 1
    wrk -t1 -c1 -d"${SECONDS_PER_RUN}s" --timeout 10s --latency -s "$WORK/fast.lua" "http://127.0.0.1:$PORT" \
      >"$WORK/fast.txt"
    wait "$flood"
    wrk_parse "$WORK/slow.txt"
    slow_rate=$wrk_rate
    wrk_parse "$WORK/fast.txt"
    printf '| %d | %s | %s | %s | %d | %s / %s |\n' "$round" "$binary" "$slow_rate" "$wrk_rate" "$wrk_errors" \
      "$wrk_p50" "$wrk_p99"
    kill "$server"
    wait "$server" 2>/dev/null || true
  done
done
