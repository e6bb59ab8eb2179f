#!/usr/bin/env bash
# `make bench-report-push`: how long a 10 MiB LCOV report takes from the request's start to the 200 that says its
# records are on disk (target: under 1 s), and what cached images answer meanwhile (wrk, 16 connections, p99).
# The report is made here: 14,645 source files (10 MiB) of 50 lines, with branch and function lines, as lcov writes them.
# Prints one line a push, and the images' figures alone and during the pushes; the binary is the release build unless BIN_DIR names another.
# Usage: .ci/bench/bench-report-push.sh [PUSHES]   (default 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
PUSHES=${1:-5}
SWIFT=${SWIFT:-swift}
PORT=${SERVICE_PORT:-18497}
TOKEN=pr_bench-report-token
for tool in curl python3 sha256sum wrk; do
  command -v "$tool" >/dev/null || { echo "bench-report-push: $tool is missing" >&2; exit 1; }
done
if [ -z "${BIN_DIR:-}" ]; then
  "$SWIFT" build -c release --product progress-rings >/dev/null
  BIN_DIR=$("$SWIFT" build -c release --show-bin-path)
fi
make_scratch bench-report-push

python3 - "$WORK/lcov.info" <<'PY'
import sys
out = []
for f in range(14645):
    out.append(f"TN:\nSF:src/module{f // 100}/file{f}.c\n")
    out += [f"FN:{i * 10 + 1},function_{i}\nFNDA:{i % 3},function_{i}\n" for i in range(3)]
    out.append("FNF:3\nFNH:2\n")
    out += [f"DA:{line},{(line * 7 + f) % 5}\n" for line in range(1, 51)]
    out += [f"BRDA:{line},0,{b},{'-' if (line + b) % 4 == 0 else (line + b) % 3}\n" for line in range(1, 51, 10) for b in range(2)]
    out.append("BRF:10\nBRH:6\nLF:50\nLH:40\nend_of_record\n")
text = "".join(out)
open(sys.argv[1], "w").write(text)
PY
SIZE=$(stat -c %s "$WORK/lcov.info")
DIGEST=$(printf %s "$TOKEN" | sha256sum | cut -c1-64)
"$BIN_DIR/progress-rings" serve --port "$PORT" --log-format off --value-store "$WORK/values.db" \
  --value-tokens "{\"*\": \"sha256:$DIGEST\"}" &
pids+=($!)
wait_healthy "http://127.0.0.1:$PORT/healthz" "" "${pids[0]}"
curl -fsS "http://127.0.0.1:$PORT/ring.svg?value=72" >/dev/null

echo "report: $SIZE bytes of LCOV"
# The same load alone first: on a shared machine the images' p99 means something only beside its own baseline.
wrk -t2 -c16 -d$((PUSHES * 2 + 2))s --latency "http://127.0.0.1:$PORT/ring.svg?value=72" >"$WORK/alone.txt"
echo "cached images alone: $(awk '/Requests\/sec/ {print $2 " requests/s"}' "$WORK/alone.txt"), p99 $(awk '$1 == "99%" {print $2}' "$WORK/alone.txt")"
SERVER_TICKS=$(awk '{print $14 + $15}' "/proc/${pids[0]}/stat")
wrk -t2 -c16 -d$((PUSHES * 2 + 2))s --latency "http://127.0.0.1:$PORT/ring.svg?value=72" >"$WORK/wrk.txt" &
WRK=$!
pids+=($WRK)
sleep 1
for i in $(seq "$PUSHES"); do
  curl -sS -o "$WORK/answer.json" -w "push $i: %{http_code} in %{time_total} s\n" -X PUT \
    -H "Authorization: Bearer $TOKEN" --data-binary @"$WORK/lcov.info" "http://127.0.0.1:$PORT/values/coverage"
  sleep 1
done
wait "$WRK" || true
echo "server CPU for the pushes and the images: $(( $(awk '{print $14 + $15}' "/proc/${pids[0]}/stat") - SERVER_TICKS )) ticks of $(getconf CLK_TCK) a second"
echo "answer: $(cat "$WORK/answer.json")"
echo "cached images meanwhile: $(awk '/Requests\/sec/ {print $2 " requests/s"}' "$WORK/wrk.txt"), p99 $(awk '$1 == "99%" {print $2}' "$WORK/wrk.txt")"
