#!/usr/bin/env bash
# `make soak`: the release server under steady well-formed traffic while hostile clients (.ci/checks/hostile.py) run beside
# it, then one PASS/FAIL line per rule with its figures. Bounded: SOAK_SECONDS (default 600), then everything stops.
# Usage: .ci/checks/soak.sh [SECONDS]
#
# Rules (the slack, 5 s, covers the server's 250 ms timer tick and a loaded 2-core machine):
#   slowloris     100 clients sending a head a byte a second: each cut with 408 within headerTimeout (10 s) + slack
#   slow-reader   20 clients that pipeline 6 MB of 2048 px PNGs and read a byte a second: the server closes each
#                 within sendTimeout (30 s) + slack (seen on the server's side of the socket)
#   flood         600 distinct rings and sparklines a second on keep-alive connections: each answered 200 within
#                 5 s; none closed or reset under an unanswered request (closes announced by Connection: close are
#                 counted apart)
#   malformed     the bad-request corpus: each file answered with the status its name says
#   vanish+reset  half requests that vanish (close or reset) and 2048 px requests reset mid-response: the well-formed
#                 traffic beside them has no failed request and a p99 within 3 × its quiet value (the mean of the
#                 same traffic alone just before and just after, so one noisy window on a shared machine does not
#                 decide) plus BESIDE_SLACK_MS (10 ms): what the hostile clients' own CPU adds on 2 shared cores, a
#                 few scheduler slices (runs that harmed no request measured 2.4-4.1 ms against quiet p99s of 0.24-0.93
#                 ms); a server that stalls on them is seconds late and fails requests, far past it
#   recovery      a quiet window after (warmed as the one before was) has requests, none failed, and a p99 within
#                 2 × the one before; a window over that bound is measured again, up to 3 windows, the best judged
#                 (a server the attack left slower is slower in every one; noise on a shared machine is not). Each
#                 window prints where its CPU went and how long a fixed work (SHA-256 of 32 MiB) took just after: a
#                 window over the bound on a machine busy with other work (other processes or the hypervisor taking
#                 ≥ 25 % of a core) or slower (that work ≥ 1.5 × its time before) passes if the server spent at most
#                 1.25 × its CPU per request before, in units of that work's time: the machine was slower then, not
#                 the server (a CI run saw 0.82 ms before and 10-11 ms in all three windows after, beside a p99 of
#                 2.8 ms under attack). Back to back, that work took 148-232 ms on this 2-core VM.
#   memory        peak RSS (the kernel's VmHWM: every peak, not only those a sample meets) ≤ cacheBytes + the MiB
#                 of .ci/lib/memory-bound.env
#   drift         what the process holds beside the cache (RSS less the cache's bytes, sampled every SOAK_RSS_EVERY
#                 seconds: 30 in runs of 600 s and more, else 5) grows at most SOAK_RSS_DRIFT_MIB (4) from half the
#                 run to its end: a heap that fragments or buffers that pile up grow it while the cache stays at
#                 its budget. The curve (RSS, cache, the allocator's bytes in use and held) is printed.
#   descriptors   back to their baseline;  up: /healthz still answers
#
# SOAK_CACHE_BYTES (default 64 MiB) is the cache budget the server gets and the memory rule counts with.
# SOAK_SERVER_FLAGS are server flags given after the soak's own: they change the server, never the bounds it is
# held to. SOAK_PRELOAD is a shared object preloaded into the server. HOSTILE_KINDS=a,b runs only those clients.
#
# Each rule fails against a server without the protection it checks (2 shared cores at a load average of 7 to 11;
# the other rules passed in the same run unless named):
#   SOAK_SERVER_FLAGS="--header-timeout 3600" .ci/checks/soak.sh 60
#     FAIL slowloris: 0 connections cut with 408 (rule: within 10 s + 5 s slack = 15 s); 100 never cut, open for
#     60.0-60.0 s at the end; 0 open at the end, younger than the limit
#   SOAK_SERVER_FLAGS="--send-timeout 3600" .ci/checks/soak.sh 60
#     FAIL slow-reader: 0 connections closed by the server (rule: within 30 s + 5 s slack = 35 s); 20 never cut, open
#     for 60.0-60.1 s at the end; 0 open at the end, younger than the limit
#   HOSTILE_KINDS=flood SOAK_SERVER_FLAGS="--max-requests-per-connection 50" HOSTILE_FLOOD_IGNORE_CLOSE=1 \
#     .ci/checks/soak.sh 60   (the flood keeps sending after Connection: close, as if the server had closed unannounced)
#     FAIL flood: 35296 requests answered 200, 704 closed unanswered, 0 reset or failed unanswered, 0 unanswered
#     within 5 s, 0 connect failed, 0 answered another status; 0 connections closed after an answer that said
#     Connection: close
#     (without HOSTILE_FLOOD_IGNORE_CLOSE the same run passes: 36000 answered 200, 0 closed unanswered; 720
#     connections closed after an answer that said Connection: close)
#   cc -shared -fPIC -o /tmp/stall-on-reset.so .ci/fixtures/stall-on-reset.c -ldl
#   SOAK_PRELOAD=/tmp/stall-on-reset.so HOSTILE_KINDS=vanish,reset .ci/checks/soak.sh 60
#     (no setting takes away what keeps these clients cheap; the preload makes each reset cost a loop 100 ms)
#     FAIL vanish+reset: 2727 half requests that vanished and 542 resets mid-response beside 837 well-formed
#     requests: 88 failed (rule: 0), p99 4510 ms (rule: ≤ 3 × the quiet 0.178 ms + 10 ms for the clients' own CPU =
#     10.534 ms)
#     (recovery and up failed too: the stalled server did not answer the quiet window after)
#   SOAK_BIN=<a build of 6772ca9, on glibc's malloc> .ci/checks/soak.sh 180   (SOAK_BIN: another build, same rules)
#     FAIL memory: peak RSS (VmHWM) 147 MiB (rule: ≤ cache budget 64 MiB + 64 MiB = 128 MiB)
#     FAIL drift: RSS less the cache's bytes 63.4 MiB at 90 s, at most 84.7 MiB after, 84.7 MiB at 180 s (rule: at
#     most 4 MiB above its value at half the run)   (a second soak ran beside it; the heap held the same in use)
#   SOAK_SERVER_FLAGS="--cache-bytes 268435456" .ci/checks/soak.sh 60   (the server keeps 256 MiB; the rule counts 64)
#     FAIL memory: peak RSS (VmHWM) 181 MiB (rule: ≤ cache budget 64 MiB + 48 MiB = 112 MiB); the cache held
#     157987960 bytes at the end
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
. .ci/lib/cpu.sh
SECONDS_TOTAL=${1:-${SOAK_SECONDS:-600}}
SWIFT=${SWIFT:-swift}
PORT=${SOAK_PORT:-18495}
# The bounds the server is held to. SOAK_SERVER_FLAGS (word-split) go to the server after the soak's own flags, so
# they can change what the server does, never the bounds it is judged by: that is how the proofs above break it.
# The timeouts are the defaults, given here so that the rules know them.
CACHE_BYTES=${SOAK_CACHE_BYTES:-$((64 << 20))}
# The documented bound, from its one statement: the soak runs with logos and stored values on, so it counts both.
# shellcheck source=../lib/memory-bound.env
. .ci/lib/memory-bound.env
FIXED_MIB=$MEMORY_FIXED_MIB STORE_MIB=$MEMORY_STORE_MIB LOGOS_MIB=$MEMORY_LOGOS_MIB
RSS_LIMIT_KIB=$(((CACHE_BYTES >> 10) + (FIXED_MIB + STORE_MIB + LOGOS_MIB) * 1024))
HEADER_TIMEOUT=10
SEND_TIMEOUT=30
SLACK=5
read -r -a EXTRA_FLAGS <<<"${SOAK_SERVER_FLAGS:-}"
KINDS=${HOSTILE_KINDS:-slowloris,slow-reader,flood,malformed,vanish,reset}
BESIDE_SLACK_MS=${BESIDE_SLACK_MS:-10}
QUIET_SECONDS=$((SECONDS_TOTAL / 6 < 10 ? 10 : (SECONDS_TOTAL / 6 > 60 ? 60 : SECONDS_TOTAL / 6)))
CONNECTIONS=16
# The memory curve's interval, and how far what the process holds beside the cache may grow in the second half.
RSS_EVERY=${SOAK_RSS_EVERY:-$((SECONDS_TOTAL >= 600 ? 30 : 5))}
RSS_DRIFT_MIB=${SOAK_RSS_DRIFT_MIB:-4}

for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || { echo "soak: $tool is missing (make soak installs it)" >&2; exit 1; }
done
# SOAK_BIN: another build to hold to the same rules (an older commit's, to show what a rule catches).
if [ -z "${SOAK_BIN:-}" ]; then
  "$SWIFT" build -c release --product progress-rings >/dev/null
fi
BIN=${SOAK_BIN:-$("$SWIFT" build -c release --show-bin-path)/progress-rings}

make_scratch soak

# Stored values on (an SQLite file in the scratch directory): the mix draws one, and a writer pushes it through the
# attack, five times a second, each push answered only once it is on disk.
STORE_TOKEN=pr_soak-token
store_digest=$(printf %s "$STORE_TOKEN" | sha256sum | cut -c1-64)
LD_PRELOAD=${SOAK_PRELOAD:-} "$BIN" serve --port "$PORT" --log-format off --cache-bytes "$CACHE_BYTES" \
  --header-timeout "$HEADER_TIMEOUT" --send-timeout "$SEND_TIMEOUT" --value-store "$WORK/values.db" \
  --value-tokens "{\"soak.*\": \"sha256:$store_digest\"}" "${EXTRA_FLAGS[@]}" \
  > >(tee "$WORK/server.log") 2>&1 &
server=$!
pids+=("$server")
wait_healthy "http://127.0.0.1:$PORT/healthz" "$WORK/server.log" "$server"
curl -fsS -o /dev/null -X PUT -H "Authorization: Bearer $STORE_TOKEN" --data 42 "http://127.0.0.1:$PORT/values/soak.value"

# Well-formed traffic: a fixed mix of 200 images (ring SVGs, PNGs, short links, the negotiated route, and sparklines
# of points in both formats), revalidations, and a ring and a sparkline of the stored value (the writer below pushes
# a point to its history five times a second), paced (each connection waits 2 ms between requests), so the load is
# steady rather than saturating.
etag=$(curl -fsI "http://127.0.0.1:$PORT/ring.svg?value=1" | tr -d '\r' | awk 'tolower($1) == "etag:" {print $2}')
cat >"$WORK/mix.lua" <<LUA
local paths = {}
for i = 0, 199 do
  local kind = i % 6
  local points = i .. "," .. (i + 7) % 50 .. "," .. (i * 3) % 40 .. "," .. (i + 20)
  if kind == 0 then paths[#paths + 1] = "/ring.svg?value=" .. i .. "&size=128"
  elseif kind == 1 then paths[#paths + 1] = "/ring.png?value=" .. i .. "&size=" .. (32 + i)
  elseif kind == 2 then paths[#paths + 1] = "/ring/" .. i .. ".svg?color=green"
  elseif kind == 3 then paths[#paths + 1] = "/ring?value=" .. i
  elseif kind == 4 then paths[#paths + 1] = "/ring.svg?value=" .. i .. "&label=%7Bvalue%7D%2F200&arc=270"
  elseif i % 12 == 5 then paths[#paths + 1] = "/spark.svg?points=" .. points .. "&label=auto&width=160"
  else paths[#paths + 1] = "/spark.png?points=" .. points .. "&height=" .. (16 + i % 48) end
end
local n = 0
function request()
  n = n + 1
  if n % 10 == 0 then
    return wrk.format("GET", "/ring.svg?value=1", { ["If-None-Match"] = '$etag' })
  end
  if n % 20 == 5 then return wrk.format("GET", "/ring.svg?value=@soak.value&size=96") end
  if n % 20 == 15 then return wrk.format("GET", "/spark.svg?value=@soak.value&window=1h&label=auto") end
  return wrk.format("GET", paths[(n % #paths) + 1])
end
function delay() return 2 end
LUA

# Prints "requests p99_ms failures" of a wrk run's output.
summarize() {
  wrk_parse "$1"
  # Fields wrk did not print (it was cut short) are 0, so the three stay in place.
  echo "${wrk_requests:-0} ${wrk_p99:-0} ${wrk_errors:-0}"
}
# -1 once the server is gone.
fds() { if [ -d "/proc/$server/fd" ]; then ls "/proc/$server/fd" | wc -l; else echo -1; fi; }
# The kernel's high-water mark of the server's resident memory: every peak counts, not only those a sample meets.
peak_rss_kib() { awk '/^VmHWM/ {print $2}' "/proc/$server/status" 2>/dev/null || echo 0; }
# "SECONDS RSS CACHE OVERHEAD IN_USE HELD" in MiB: resident memory now, the render cache's bytes, the difference, and
# the allocator's bytes in use and held (progress_rings_allocator_bytes).
sample_rss_and_cache() {
  local rss metrics
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$server/status" 2>/dev/null || echo 0)
  metrics=$(curl -fs --max-time 5 "http://127.0.0.1:$PORT/metrics" || true)
  echo "$metrics" | awk -v t="$1" -v r="${rss:-0}" '
    $1 == "progress_rings_cache_bytes{cache=\"render\"}" { c = $2 }
    $1 ~ /^progress_rings_allocator_bytes/ && $1 ~ /state="in_use"/ { u = $2 }
    $1 ~ /^progress_rings_allocator_bytes/ && $1 ~ /state="held"/ { h = $2 }
    END { printf "%d %.1f %.1f %.1f %.1f %.1f\n", t, r / 1024, c / 1048576, r / 1024 - c / 1048576, u / 1048576, h / 1048576 }'
}

# quiet_window OUT: the mix alone for QUIET_SECONDS, wrk's output in OUT; sets where the window's CPU went, in ticks:
# window_server_ticks (the server), window_other_ticks (every other process and the kernel, wrk's own left out),
# window_stolen_ticks (taken by the hypervisor), window_seconds, window_top (the processes that used the most), and
# window_calibration_ms (calibrate_ms just after: how fast the machine itself was then).
HZ=$(getconf CLK_TCK)
quiet_window() {
  local server0 busy0 stolen0 children0 started_ns busy1 stolen1
  process_ticks >"$WORK/ticks-before.txt"
  server0=$(proc_ticks "$server")
  read -r busy0 stolen0 < <(machine_ticks)
  children0=$(children_ticks)
  started_ns=$(date +%s%N)
  wrk -t2 -c"$CONNECTIONS" -d"${QUIET_SECONDS}s" --latency -s "$WORK/mix.lua" "http://127.0.0.1:$PORT" >"$1" || true
  window_seconds=$(awk -v a="$started_ns" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
  window_server_ticks=$(($(proc_ticks "$server") - server0))
  read -r busy1 stolen1 < <(machine_ticks)
  window_other_ticks=$((busy1 - busy0 - window_server_ticks - ($(children_ticks) - children0)))
  window_stolen_ticks=$((stolen1 - stolen0))
  process_ticks >"$WORK/ticks-after.txt"
  window_top=$(top_ticks "$WORK/ticks-before.txt" "$WORK/ticks-after.txt" 3)
  window_calibration_ms=$(calibrate_ms)
}
# cpu_per_kilo TICKS REQUESTS: the server's CPU milliseconds per thousand requests.
cpu_per_kilo() { awk -v t="$1" -v r="$2" -v hz="$HZ" 'BEGIN { printf "%.1f", (r > 0 ? t / hz * 1e6 / r : 0) }'; }
# The server's CPU per request in units of the machine's speed then (a slower machine spends more time on each).
per_calibration() { awk -v c="$1" -v k="$window_calibration_ms" 'BEGIN { printf "%.4f", (k > 0 ? c / k : 0) }'; }
# Share of one core (percent) that TICKS are over the last window.
# (Never below 0: the kernel's and the processes' counts are sampled a tick apart.)
core_share() {
  awk -v t="$1" -v s="$window_seconds" -v hz="$HZ" 'BEGIN { p = s > 0 ? t / hz / s * 100 : 0; printf "%.0f", (p < 0 ? 0 : p) }'
}
window_cpu_text() {  # SERVER_MS_PER_1000
  echo "the server's CPU ${1} ms per 1000 requests; other processes $(core_share "$window_other_ticks") %" \
    "of a core, stolen by the hypervisor $(core_share "$window_stolen_ticks") % (most: ${window_top:-none});" \
    "calibration ${window_calibration_ms} ms"
}

# Warm the mix into the cache (and a large PNG through a worker thread), then measure the mix alone.
wrk -t2 -c"$CONNECTIONS" -d3s -s "$WORK/mix.lua" "http://127.0.0.1:$PORT" >/dev/null
curl -fs -o /dev/null "http://127.0.0.1:$PORT/ring.png?value=0.5&size=1024"
sleep 1
baseline_fds=$(fds)
quiet_window "$WORK/quiet.txt"
read -r before_requests quiet_before_p99 before_failures < <(summarize "$WORK/quiet.txt")
before_cpu=$(cpu_per_kilo "$window_server_ticks" "$before_requests")
before_calibration_ms=$window_calibration_ms
before_relative=$(per_calibration "$before_cpu")
echo "soak: quiet ${QUIET_SECONDS}s before: $before_requests requests, p99 ${quiet_before_p99} ms, $before_failures failed;" \
  "$(window_cpu_text "$before_cpu")"

echo "soak: ${SECONDS_TOTAL}s of the same traffic with hostile clients beside it"
HOSTILE_HEADER_TIMEOUT=$HEADER_TIMEOUT HOSTILE_SEND_TIMEOUT=$SEND_TIMEOUT HOSTILE_SLACK=$SLACK HOSTILE_KINDS=$KINDS \
  python3 .ci/checks/hostile.py "$PORT" "$SECONDS_TOTAL" Tests/HTTPServerTests/Corpus >"$WORK/hostile.txt" 2>&1 &
hostile=$!
pids+=("$hostile")
wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_TOTAL}s" --latency --timeout 5s -s "$WORK/mix.lua" "http://127.0.0.1:$PORT" \
  >"$WORK/soak.txt" &
wrk_pid=$!
pids+=("$wrk_pid")
python3 .ci/lib/stored-writer.py "$PORT" "$STORE_TOKEN" 5 "$SECONDS_TOTAL" soak.value >"$WORK/writer.txt" 2>&1 &
writer=$!
pids+=("$writer")
peak_rss=0
peak_fds=0
# The curve: every RSS_EVERY seconds of the attack, seconds, RSS and the cache's bytes (MiB), for the drift rule.
: >"$WORK/rss.txt"
started=$(date +%s)
next_sample=$((started + RSS_EVERY))
while kill -0 "$wrk_pid" 2>/dev/null; do
  kill -0 "$server" 2>/dev/null || break
  r=$(peak_rss_kib)
  f=$(fds)
  [ "${r:-0}" -gt "$peak_rss" ] && peak_rss=$r
  [ "$f" -gt "$peak_fds" ] && peak_fds=$f
  if [ "$(date +%s)" -ge "$next_sample" ]; then
    sample_rss_and_cache "$(($(date +%s) - started))" >>"$WORK/rss.txt"
    next_sample=$((next_sample + RSS_EVERY))
  fi
  sleep 1
done
wait "$wrk_pid" || true
wait "$writer" || true
read -r _ pushes _ push_failures _ push_p50 _ push_p99 < <(grep '^writes ' "$WORK/writer.txt" || echo "writes 0 failed 0 p50_ms - p99_ms -")
hostile_status=0
wait "$hostile" || hostile_status=$?
grep -v '^hostile: ' "$WORK/hostile.txt" || true  # the first problems each failing kind saw, and any traceback
read -r soak_requests soak_p99 soak_failures < <(summarize "$WORK/soak.txt")

# The same mix alone again, now that the hostile clients are gone (a server that died is reported below), measured
# as the window before was: after the same 3 s warm-up and pause. One 10 s window's p99 on this shared machine moves
# by up to 2 x either way from noise alone (CI runs printed 1.79 ms before and 1.03 after, 0.567 before and 1.27
# after), so a window over the bound is measured again, at most AFTER_WINDOWS in all, and recovery is judged by the
# best: a server the attack left slower is slower in every window; a window with failures ends the retries.
AFTER_WINDOWS=3
# busy_not_slower SERVER_MS_PER_1000: in the last window the machine was busy with other work (other processes or
# the hypervisor took at least BUSY_SHARE % of a core) or itself slower (calibration ≥ 1.5 × the one before), and
# the server spent at most 1.25 × its CPU per request before, in units of the machine's speed.
BUSY_SHARE=25
busy_not_slower() {
  { [ "$(core_share $((window_other_ticks + window_stolen_ticks)))" -ge "$BUSY_SHARE" ] ||
    [ "$window_calibration_ms" -ge $((before_calibration_ms * 3 / 2)) ]; } &&
    awk -v a="$before_relative" -v b="$(per_calibration "$1")" 'BEGIN { exit !(a > 0 && b <= 1.25 * a) }'
}
machine_busy=
after_p99s=()
quiet_after_p99=$quiet_before_p99
after_requests=0
after_failures=0
: >"$WORK/after.txt"
if kill -0 "$server" 2>/dev/null; then
  wrk -t2 -c"$CONNECTIONS" -d3s -s "$WORK/mix.lua" "http://127.0.0.1:$PORT" >/dev/null || true
  sleep 1
  for window in $(seq "$AFTER_WINDOWS"); do
    quiet_window "$WORK/after.txt"
    read -r after_requests quiet_after_p99 after_failures < <(summarize "$WORK/after.txt")
    after_p99s+=("$quiet_after_p99")
    after_cpu=$(cpu_per_kilo "$window_server_ticks" "$after_requests")
    echo "soak: quiet ${QUIET_SECONDS}s after (window $window of up to $AFTER_WINDOWS): $after_requests requests," \
      "p99 ${quiet_after_p99} ms, $after_failures failed; $(window_cpu_text "$after_cpu")"
    [ "$after_failures" -eq 0 ] && [ "${after_requests:-0}" -gt 0 ] || break
    if awk -v a="$quiet_before_p99" -v b="$quiet_after_p99" 'BEGIN { exit !(b <= 2 * a) }'; then break; fi
    # A machine busy with other work: the server is no slower if it spends no more CPU on a request than before.
    if busy_not_slower "$after_cpu"; then
      machine_busy="window $window: other processes $(core_share "$window_other_ticks") % of a core, the hypervisor"
      machine_busy+=" $(core_share "$window_stolen_ticks") %, calibration $window_calibration_ms ms against"
      machine_busy+=" $before_calibration_ms before; the server's CPU $after_cpu ms per 1000 requests against $before_cpu"
      break
    fi
  done
fi
# The quiet reference of the rule beside the attack is the mean of every quiet window, noisy ones included.
quiet_p99=$(printf '%s\n' "$quiet_before_p99" "${after_p99s[@]}" | awk '{ s += $1; n++ } END { printf "%.3f", s / n }')
if [ ${#after_p99s[@]} -gt 0 ]; then
  quiet_after_p99=$(printf '%s\n' "${after_p99s[@]}" | awk 'NR == 1 || $1 < m { m = $1 } END { print m }')
fi

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
  "${after_p99s[*]:-none} after), $soak_failures failed"
# What kind of failures: wrk's own line (connect, read, write, timeout; answers of 400 and above).
grep -hE 'Socket errors|Non-2xx' "$WORK/quiet.txt" "$WORK/soak.txt" "$WORK/after.txt" | sed 's/^ */soak: wrk: /' || true
echo "soak: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
r=$(peak_rss_kib)
[ "${r:-0}" -gt "$peak_rss" ] && peak_rss=$r
echo "soak: descriptors: baseline $baseline_fds, peak $peak_fds, after $final_fds; server up: $up"

# One line per rule, PASS or FAIL, with its figures.
failed=()
verdict() {  # NAME PASS|FAIL TEXT...
  local name=$1 result=$2
  shift 2
  echo "soak: $result $name: $*"
  [ "$result" = PASS ] || failed+=("$name")
}
# slowloris, slow-reader, flood, malformed: judged by hostile.py.
while read -r _ result kind text; do
  echo "soak: $result $kind $text"
  if [ "$result" = FAIL ]; then failed+=("${kind%:}"); fi
done < <(grep -E '^hostile: (PASS|FAIL|SKIP) ' "$WORK/hostile.txt")
if [ "$hostile_status" -ne 0 ] && ! grep -q '^hostile: FAIL ' "$WORK/hostile.txt"; then
  verdict hostile FAIL "hostile.py exited with $hostile_status without a verdict (its output is above)"
fi
# vanish and reset: the well-formed traffic beside them (and the others) is undisturbed.
ran() { awk -v k="$1" '$2 == "ran" && $3 == k ":" { print $4 }' "$WORK/hostile.txt"; }
vanished=$(ran vanish)
resets=$(ran reset)
undisturbed=$({ [[ ",$KINDS," != *,vanish,* ]] || [ "${vanished:-0}" -gt 0 ]; } &&
  { [[ ",$KINDS," != *,reset,* ]] || [ "${resets:-0}" -gt 0 ]; } &&
  [ "$soak_requests" -gt 0 ] && [ "$soak_failures" -eq 0 ] &&
  awk -v s="$soak_p99" -v q="$quiet_p99" -v k="$BESIDE_SLACK_MS" 'BEGIN { exit !(s <= 3 * q + k) }' && echo PASS ||
  echo FAIL)
beside=vanish+reset
[[ ",$KINDS," == *,vanish,* || ",$KINDS," == *,reset,* ]] || beside=well-formed
verdict "$beside" "$undisturbed" "${vanished:-no} half requests that vanished and ${resets:-no} resets" \
  "mid-response beside $soak_requests well-formed requests: $soak_failures failed (rule: 0)," \
  "p99 ${soak_p99} ms (rule: ≤ 3 × the quiet ${quiet_p99} ms + ${BESIDE_SLACK_MS} ms for the clients' own CPU" \
  "= $(awk -v q="$quiet_p99" -v k="$BESIDE_SLACK_MS" 'BEGIN { print 3 * q + k }') ms)"
# Within one run quiet windows differ by noise (each run prints them all), so 2 × and the best of up to three windows
# after leave room for that; a laxer bound would let a server the attack left slower raise its own quiet value.
busy_text=
[ -z "$machine_busy" ] || busy_text="; judged by CPU: $machine_busy"
recovered=$([ "$before_failures" -eq 0 ] && [ "$after_failures" -eq 0 ] && [ "${after_requests:-0}" -gt 0 ] &&
  { [ -n "$machine_busy" ] || awk -v a="$quiet_before_p99" -v b="$quiet_after_p99" 'BEGIN { exit !(b <= 2 * a) }'; } &&
  echo PASS || echo FAIL)
verdict recovery "$recovered" "quiet p99 ${quiet_before_p99} ms before, ${quiet_after_p99} ms after" \
  "(the best of ${#after_p99s[@]} window(s) after: ${after_p99s[*]:-none} ms; rule: after ≤ 2 × before, or the" \
  "machine busy with other work (≥ $BUSY_SHARE % of a core) or slower (calibration ≥ 1.5 × before) and the" \
  "server's CPU per request, in units of the machine's speed, ≤ 1.25 × before)$busy_text;" \
  "$before_requests and ${after_requests:-0} requests (rule: some)," \
  "$before_failures and $after_failures failed (rule: 0)"
pass_if() { if "$@"; then echo PASS; else echo FAIL; fi; }
verdict memory "$(pass_if [ "$peak_rss" -le "$RSS_LIMIT_KIB" ])" "peak RSS (VmHWM) $((peak_rss / 1024)) MiB" \
  "(rule: ≤ cache budget $((CACHE_BYTES >> 20)) MiB + $FIXED_MIB MiB + $STORE_MIB MiB for the value store" \
  "+ $LOGOS_MIB MiB for libxml2 and the logo catalog" \
  "= $((RSS_LIMIT_KIB / 1024)) MiB);" \
  "the cache held ${cache_bytes:-?} bytes at the end"
# Drift: what the process holds beside the cache (RSS less the cache's bytes) from the middle of the attack, when the
# cache has long been full and every kind of traffic has run, to its largest after; a process that fragments its heap
# or keeps buffers grows it while the cache's count stays at its budget.
read -r warm_t warm_over last_t last_over max_over < <(awk -v w="$((SECONDS_TOTAL / 2))" '
  $1 >= w && !seen { seen = 1; wt = $1; wo = $4; m = $4 } seen { if ($4 > m) m = $4; lt = $1; lo = $4 }
  END { if (!seen) print "0 0 0 0 0"; else print wt, wo, lt, lo, m }' "$WORK/rss.txt")
echo "soak: every ${RSS_EVERY}s, seconds: RSS / cache / allocator in use / held MiB:" \
  "$(awk '{ printf "%s%d: %.0f/%.0f/%.0f/%.0f", (NR > 1 ? ", " : ""), $1, $2, $3, $5, $6 }' "$WORK/rss.txt")"
drift_ok=$(awk -v a="$warm_over" -v m="$max_over" -v d="$RSS_DRIFT_MIB" -v t="$warm_t" \
  'BEGIN { exit !(t > 0 && m - a <= d) }' && echo PASS || echo FAIL)
verdict drift "$drift_ok" "RSS less the cache's bytes ${warm_over} MiB at ${warm_t} s, at most ${max_over} MiB after," \
  "${last_over} MiB at ${last_t} s (rule: at most ${RSS_DRIFT_MIB} MiB above its value at half the run)"
verdict descriptors "$(pass_if [ "$final_fds" -le "$baseline_fds" ])" \
  "baseline $baseline_fds, peak $peak_fds, after $final_fds (rule: back to the baseline)"
if [ "$final_fds" -gt "$baseline_fds" ]; then
  ls -l "/proc/$server/fd" >&2 || true
  ss -tanpo 2>/dev/null | grep ":$PORT " >&2 || true
fi
stored_ok=$([ "${pushes:-0}" -ge $((SECONDS_TOTAL * 5 * 9 / 10)) ] && [ "${push_failures:-1}" -eq 0 ] && echo PASS ||
  echo FAIL)
verdict stored "$stored_ok" \
  "${pushes:-0} pushes acknowledged, each once on disk, ${push_failures:-?} failed (rule: 0, and at least 90 % of" \
  "5 a second), p50 ${push_p50} ms, p99 ${push_p99} ms"
verdict up "$(pass_if [ "$up" = yes ])" "/healthz answered after the soak: $up"
if [ ${#failed[@]} -gt 0 ]; then
  echo "soak: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "soak: passed"
