#!/usr/bin/env bash
# Where a server's CPU goes under a flood of PNG misses: the release binary serves distinct 128 px rings (values
# spread over the ring, as in `make bench`) to wrk -t2 -c64, while `perf record -F 999 -g` samples it on the
# cpu-clock (hardware counters are not needed, so it works in a VM). Prints the share of each library and of the
# top functions.
# Usage: .ci/bench/profile-misses.sh [SECONDS] [BINARY]   (default 10 s, the release build of this tree)
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
SECONDS_TO_SAMPLE=${1:-10}
BIN=${2:-}
PORT=${PORT:-18494}
.ci/lib/deps.sh wrk curl linux-perf >/dev/null
if [ -z "$BIN" ]; then
  swift build -c release --product progress-rings >/dev/null 2>&1
  BIN=$(swift build -c release --show-bin-path)/progress-rings
fi
make_scratch profile-misses
"$BIN" serve --port "$PORT" --log-format off > >(tee "$WORK/server.log") 2>&1 &
pid=$!
pids+=("$pid")
wait_healthy "http://127.0.0.1:$PORT/healthz" "$WORK/server.log" "$pid"
spread_lua "$WORK/miss.lua" "/ring.png?size=%d&value=%s" 7000000000 128
wrk -t2 -c64 -d"$((SECONDS_TO_SAMPLE + 4))s" -s "$WORK/miss.lua" "http://127.0.0.1:$PORT" >"$WORK/wrk.txt" &
wrk_pid=$!
sleep 2
perf record -F 999 -e cpu-clock -g -p "$pid" -o "$WORK/perf.data" -- sleep "$SECONDS_TO_SAMPLE" >/dev/null 2>&1
wait "$wrk_pid"
wrk_parse "$WORK/wrk.txt"
echo "perf record -F 999 -e cpu-clock -g over ${SECONDS_TO_SAMPLE} s of a flood of distinct 128 px PNGs" \
  "($(printf "%.0f" "$wrk_rate") requests/s), $BIN."
echo
echo "| library | share of samples |"
echo "|---|---:|"
perf report -i "$WORK/perf.data" --no-children --sort dso --stdio 2>/dev/null |
  awk '/^ +[0-9.]+%/ && n++ < 8 { printf "| %s | %s |\n", $2, $1 }'
echo
echo "| function (self) | share of samples |"
echo "|---|---:|"
perf report -i "$WORK/perf.data" --no-children --sort sym --stdio 2>/dev/null |
  awk '/^ +[0-9.]+%/ && n++ < 15 { share = $1; $1 = ""; $2 = ""; sub(/^ +/, ""); print share "\t" $0 }' |
  swift demangle --simplified --compact 2>/dev/null |
  awk -F'\t' '{ printf "| `%s` | %s |\n", substr($2, 1, 90), $1 }'
