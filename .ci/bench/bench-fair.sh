#!/usr/bin/env bash
# One client floods, another asks as a person's page would: the flood is wrk -t1 -c64 asking for distinct 128 px PNG
# rings (misses, drawn on the workers) from 127.0.0.1; the other client (.ci/bench/fair-victim.py) asks from 127.0.0.2
# for distinct misses and for one cached ring in turn, and its latency is what the row reports. Each binary runs
# alone, in turn, ROUNDS times; compare two builds in one sitting (a shared machine's speed moves between sittings).
# Usage: .ci/bench/bench-fair.sh BINARY... [-- SECONDS ROUNDS]   (defaults: 10 s, 3 rounds)
# FAIR_FLOOD=hits floods with one cached ring instead (the loops and wrk busy, no worker drawing); FAIR_FLOOD=none
# runs the other client alone: the floors its latency under the flood is read against.
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
. .ci/lib/bench-args.sh
bench_args 10 3 2,8 "$@"
FLOOD=${FAIR_FLOOD:-misses}
case $FLOOD in misses | hits | none) ;; *) echo "bench-fair: FAIR_FLOOD is misses, hits or none, not $FLOOD" >&2; exit 2 ;; esac
command -v wrk >/dev/null || { echo "bench-fair: wrk is missing (make bench installs it)" >&2; exit 1; }
make_scratch bench-fair
PORT=${FAIR_PORT:-18631}
echo "| round | build | flood req/s | flood not 2xx | other's misses p50 / p99 ms | other's hits p50 / p99 ms |"
echo "|---|---|---:|---:|---:|---:|"
for round in $(seq "$ROUNDS"); do
  for binary in "${binaries[@]}"; do
    FONTCONFIG_FILE=${FONTCONFIG_FILE:-$PWD/Tests/fonts.conf} "$binary" serve --port "$PORT" --log-format off \
      >"$WORK/server.log" 2>&1 &
    server=$!
    pids+=("$server")
    wait_healthy "http://127.0.0.1:$PORT/healthz" "$WORK/server.log" "$server"
    spread_lua "$WORK/spread.lua" '/ring.png?size=%d&value=%s' "$(((RANDOM * 100 + round) * 1000000))" 128
    case $FLOOD in
      misses) wrk -t1 -c64 -d"$((SECONDS_PER_RUN + 2))s" -s "$WORK/spread.lua" "http://127.0.0.1:$PORT" >"$WORK/wrk.txt" & ;;
      hits) wrk -t1 -c64 -d"$((SECONDS_PER_RUN + 2))s" "http://127.0.0.1:$PORT/ring.png?size=128&value=41.5" >"$WORK/wrk.txt" & ;;
      none) sleep "$((SECONDS_PER_RUN + 2))" & ;;
    esac
    flood=$!
    sleep 1
    victim=$(/usr/bin/python3 .ci/bench/fair-victim.py "$PORT" "$SECONDS_PER_RUN" "$((RANDOM * 1000 + round))")
    wait "$flood"
    if [ "$FLOOD" = none ]; then wrk_rate=0 wrk_errors=0; else wrk_parse "$WORK/wrk.txt"; fi
    echo "$victim" | awk -v r="$round" -v b="$binary" \
      -v rate="$wrk_rate" -v errors="$wrk_errors" \
      '{ printf "| %d | %s | %.0f | %d | %s / %s | %s / %s |\n", r, b, rate, errors, $4, $6, $10, $12 }'
    kill "$server"
    wait "$server" 2>/dev/null || true
  done
done
