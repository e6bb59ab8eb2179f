#!/usr/bin/env bash
# `make soak`: the release server under steady well-formed traffic while hostile clients run beside it
# (.ci/hostile.py: slowloris, half requests that vanish, one-byte-a-second readers, resets mid-response, a flood of
# distinct URLs, the bad-request corpus). Bounded: SOAK_SECONDS (default 600), then everything stops.
# Passes when: no well-formed request failed; their p99 stayed within 3 × its quiet value (the mean of the mix's p99
# alone before and after, so one noisy window on a shared machine does not decide; the p99 after within 2 × the one
# before, so a server the attack left slower fails);
# resident memory never went over the cache budget + 48 MiB; open descriptors came back to the baseline;
# the server still answers; and every hostile check held.
# Usage: .ci/soak.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/scratch.sh
SECONDS_TOTAL=${1:-${SOAK_SECONDS:-600}}
SWIFT=${SWIFT:-swift}
PORT=${SOAK_PORT:-18495}
CACHE_BYTES=$((64 << 20))
RSS_LIMIT_KIB=$(((CACHE_BYTES >> 10) + 48 * 1024))
QUIET_SECONDS=$((SECONDS_TOTAL / 6 < 10 ? 10 : (SECONDS_TOTAL / 6 > 60 ? 60 : SECONDS_TOTAL / 6)))
CONNECTIONS=16

for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || { echo "soak: $tool is missing (make soak installs it)" >&2; exit 1; }
done
"$SWIFT" build -c release --product progress-rings >/dev/null
BIN=$("$SWIFT" build -c release --show-bin-path)/progress-rings

make_scratch soak

"$BIN" serve --port "$PORT" --log-format off --cache-bytes "$CACHE_BYTES" &
server=$!
pids+=("$server")
for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.05; done
curl -fs -o /dev/null "http://127.0.0.1:$PORT/healthz" || { echo "soak: the server does not answer" >&2; exit 1; }

# Well-formed traffic: a fixed mix of 200 rings (SVG, PNG, short links, the negotiated route) and revalidations,
# paced (each connection waits 2 ms between requests), so the load is steady rather than saturating.
etag=$(curl -fsI "http://127.0.0.1:$PORT/ring.svg?value=1" | tr -d '\r' | awk 'tolower($1) == "etag:" {print $2}')
cat >"$WORK/mix.lua" <<LUA
local paths = {}
for i = 0, 199 do
  local kind = i % 5
  if kind == 0 then paths[#paths + 1] = "/ring.svg?value=" .. i .. "&size=128"
  elseif kind == 1 then paths[#paths + 1] = "/ring.png?value=" .. i .. "&size=" .. (32 + i)
  elseif kind == 2 then paths[#paths + 1] = "/ring/" .. i .. ".svg?color=green"
  elseif kind == 3 then paths[#paths + 1] = "/ring?value=" .. i
  else paths[#paths + 1] = "/ring.svg?value=" .. i .. "&label=%7Bvalue%7D%2F200&arc=270" end
end
local n = 0
function request()
  n = n + 1
  if n % 10 == 0 then
    return wrk.format("GET", "/ring.svg?value=1", { ["If-None-Match"] = '$etag' })
  end
  return wrk.format("GET", paths[(n % #paths) + 1])
end
function delay() return 2 end
LUA

# Prints "requests p99_ms failures" of a wrk run's output.
summarize() {
  local requests p99 failures
  requests=$(awk '/requests in/ {print $1}' "$1")
  p99=$(awk '$1 == "99%" { print $2 }' "$1" | to_ms)
  failures=$(awk '/Non-2xx or 3xx/ {n += $NF} /Socket errors/ {gsub(/,/, ""); n += $4 + $6 + $8 + $10} END {print n + 0}' "$1")
  # Fields wrk did not print (it was cut short) are 0, so the three stay in place.
  echo "${requests:-0} ${p99:-0} ${failures:-0}"
}
# -1 once the server is gone.
fds() { if [ -d "/proc/$server/fd" ]; then ls "/proc/$server/fd" | wc -l; else echo -1; fi; }
rss_kib() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }

# Warm the mix into the cache (and a large PNG through a worker thread), then measure the mix alone.
wrk -t2 -c"$CONNECTIONS" -d3s -s "$WORK/mix.lua" "http://127.0.0.1:$PORT" >/dev/null
curl -fs -o /dev/null "http://127.0.0.1:$PORT/ring.png?value=0.5&size=1024"
sleep 1
baseline_fds=$(fds)
wrk -t2 -c"$CONNECTIONS" -d"${QUIET_SECONDS}s" --latency -s "$WORK/mix.lua" "http://127.0.0.1:$PORT" >"$WORK/quiet.txt"
read -r before_requests quiet_before_p99 before_failures < <(summarize "$WORK/quiet.txt")
echo "soak: quiet ${QUIET_SECONDS}s before: $before_requests requests, p99 ${quiet_before_p99} ms, $before_failures failed"

echo "soak: ${SECONDS_TOTAL}s of the same traffic with hostile clients beside it"
python3 .ci/hostile.py "$PORT" "$SECONDS_TOTAL" Tests/HTTPServerTests/Corpus >"$WORK/hostile.txt" 2>&1 &
hostile=$!
pids+=("$hostile")
wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_TOTAL}s" --latency --timeout 5s -s "$WORK/mix.lua" "http://127.0.0.1:$PORT" \
  >"$WORK/soak.txt" &
wrk_pid=$!
pids+=("$wrk_pid")
peak_rss=0
peak_fds=0
while kill -0 "$wrk_pid" 2>/dev/null; do
  kill -0 "$server" 2>/dev/null || break
  r=$(rss_kib)
  f=$(fds)
  [ "$r" -gt "$peak_rss" ] && peak_rss=$r
  [ "$f" -gt "$peak_fds" ] && peak_fds=$f
  sleep 1
done
wait "$wrk_pid" || true
hostile_status=0
wait "$hostile" || hostile_status=$?
cat "$WORK/hostile.txt"
read -r soak_requests soak_p99 soak_failures < <(summarize "$WORK/soak.txt")

# The same mix alone again, now that the hostile clients are gone (a server that died is reported below).
if kill -0 "$server" 2>/dev/null; then
  wrk -t2 -c"$CONNECTIONS" -d"${QUIET_SECONDS}s" --latency -s "$WORK/mix.lua" "http://127.0.0.1:$PORT" \
    >"$WORK/after.txt" || true
  read -r after_requests quiet_after_p99 after_failures < <(summarize "$WORK/after.txt")
  echo "soak: quiet ${QUIET_SECONDS}s after: $after_requests requests, p99 ${quiet_after_p99} ms, $after_failures failed"
else
  quiet_after_p99=$quiet_before_p99
  after_failures=0
  : >"$WORK/after.txt"
fi
quiet_p99=$(awk -v a="$quiet_before_p99" -v b="$quiet_after_p99" 'BEGIN { printf "%.3f", (a + b) / 2 }')

up=yes
curl -fs -o /dev/null --max-time 5 "http://127.0.0.1:$PORT/healthz" || up=no
# Descriptors: the hostile clients are gone; give the server's timeouts a moment to notice the last of them.
final_fds=$(fds)
for _ in $(seq 30); do
  [ "$final_fds" -le "$baseline_fds" ] && break
  sleep 1
  final_fds=$(fds)
done
metrics=$(curl -fs --max-time 5 "http://127.0.0.1:$PORT/metrics" || true)
cache_bytes=$(echo "$metrics" | awk '$1 == "progress_rings_cache_bytes{cache=\"render\"}" {print $2}')

echo "soak: well-formed: $soak_requests requests, p99 ${soak_p99} ms (quiet ${quiet_p99} ms: ${quiet_before_p99} before," \
  "${quiet_after_p99} after), $soak_failures failed"
# What kind of failures: wrk's own line (connect, read, write, timeout; answers of 400 and above).
grep -hE 'Socket errors|Non-2xx' "$WORK/quiet.txt" "$WORK/soak.txt" "$WORK/after.txt" | sed 's/^ */soak: wrk: /' || true
echo "soak: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
echo "soak: peak RSS $((peak_rss / 1024)) MiB (limit $((RSS_LIMIT_KIB / 1024)) MiB; cache holds ${cache_bytes:-?} bytes);" \
  "descriptors: baseline $baseline_fds, peak $peak_fds, after $final_fds; server up: $up"

failed=()
[ "$soak_failures" -eq 0 ] && [ "$before_failures" -eq 0 ] && [ "$after_failures" -eq 0 ] ||
  failed+=("well-formed requests failed")
[ "$soak_requests" -gt 0 ] || failed+=("wrk reported no well-formed request")
awk -v s="$soak_p99" -v q="$quiet_p99" 'BEGIN { exit !(s <= 3 * q) }' ||
  failed+=("p99 ${soak_p99} ms is over 3 × the quiet ${quiet_p99} ms")
# Within one run the two quiet windows differed by at most 1.41 × in thirteen runs here, so 2 × leaves room for that
# noise; a laxer bound would let a server the attack left slower raise its own quiet value.
awk -v a="$quiet_before_p99" -v b="$quiet_after_p99" 'BEGIN { exit !(b <= 2 * a) }' ||
  failed+=("the quiet p99 went from ${quiet_before_p99} ms before to ${quiet_after_p99} ms after")
[ "$peak_rss" -le "$RSS_LIMIT_KIB" ] || failed+=("peak RSS $((peak_rss / 1024)) MiB over the limit")
if [ "$final_fds" -gt "$baseline_fds" ]; then
  failed+=("descriptors $final_fds did not come back to $baseline_fds")
  ls -l "/proc/$server/fd" >&2 || true
  ss -tanpo 2>/dev/null | grep ":$PORT " >&2 || true
fi
[ "$up" = yes ] || failed+=("the server no longer answers")
[ "$hostile_status" -eq 0 ] || failed+=("a hostile check failed (see above)")
if [ ${#failed[@]} -gt 0 ]; then
  printf 'soak: FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "soak: passed"
