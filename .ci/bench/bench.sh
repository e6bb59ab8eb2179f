#!/usr/bin/env bash
# `make bench`: the service as deployed (release build, access log off) against nginx (Debian nginx-light) serving
# the very same bytes with the same headers, both on 127.0.0.1, measured by wrk in one run, and the renderers'
# cost per image (ring-bench). Prints one table and writes it, with the core count and the date, to
# .bench/results.md.
#
# Scenarios, each at every connection count, ours then nginx back to back:
#   cached SVG / PNG / WebP / GIF   one URL, served from the render cache (nginx: the same file); the GIF is a
#                             128 px ring's 1 s animation
#   all-miss SVG / PNG 128px  every request a ring never asked before (nginx: the same distinct URLs, one file);
#                             the PNGs' values spread over 0–100 %, so the rings are as full as real ones
#   all-miss PNG 64/128/256px the same, the size cycling through 64, 128 and 256 px
#   all-miss bar SVG          every request a 200×20 bar never asked before (nginx: one bar's file)
#   all-miss bar PNG          the same as PNG, 200×20 and 400×40 px in turn, values spread as the rings' (nginx: one
#                             400×40 bar's file)
#   304 revalidation          If-None-Match with the current ETag (nginx: its own ETag for the same file)
#   cached gzip SVG           one URL with Accept-Encoding: gzip (nginx: gzip_static serving the same .svg.gz)
# CPU per request is the server's user + system time (every nginx worker) over the requests wrk completed; wrk
# shares the cores with the server, so requests/s is what both servers reach with the client beside them.
# Usage: .ci/bench/bench.sh [SECONDS] [CONNECTIONS...]   (defaults: 10, 64 256; BENCH_SECONDS and BENCH_CONNECTIONS too)
# BENCH_ONLY=cached runs the cached rows alone and prints them (no table file, no memory runs).
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/bench/bench-nginx.sh
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
DURATION=${1:-${BENCH_SECONDS:-10}}
shift || true
CONNECTION_COUNTS=("$@")
[ ${#CONNECTION_COUNTS[@]} -gt 0 ] || read -r -a CONNECTION_COUNTS <<<"${BENCH_CONNECTIONS:-64 256}"
SWIFT=${SWIFT:-swift}
NGINX_PORT=${NGINX_PORT:-18490}
SERVICE_PORT=${SERVICE_PORT:-18491}

for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing (make bench installs it)" >&2; exit 1; }
done

"$SWIFT" build -c release --product progress-rings >/dev/null
"$SWIFT" build -c release --product ring-bench >/dev/null
BIN_DIR=$("$SWIFT" build -c release --show-bin-path)

make_scratch bench
chmod 755 "$WORK"

"$BIN_DIR/progress-rings" serve --port "$SERVICE_PORT" --log-format off --cache-bytes 67108864 \
  > >(tee "$WORK/service.log") 2>&1 &
service_pid=$!
pids+=("$service_pid")
wait_healthy "http://127.0.0.1:$SERVICE_PORT/healthz" "$WORK/service.log" "$service_pid"

SVG_URL="/ring.svg?value=72&size=128"
PNG_URL="/ring.png?value=72&size=128"
WEBP_URL="/ring.webp?value=72&size=128"
GIF_URL="/ring.gif?value=72&size=128&animate=1"
mkdir -p "$WORK/www" "$WORK/tmp"
curl -fs -o "$WORK/www/ring.svg" "http://127.0.0.1:$SERVICE_PORT$SVG_URL"
curl -fs -o "$WORK/www/ring.png" "http://127.0.0.1:$SERVICE_PORT$PNG_URL"
curl -fs -o "$WORK/www/ring.webp" "http://127.0.0.1:$SERVICE_PORT$WEBP_URL"
curl -fs -o "$WORK/www/ring.gif" "http://127.0.0.1:$SERVICE_PORT$GIF_URL"
curl -fs -o "$WORK/www/bar.svg" "http://127.0.0.1:$SERVICE_PORT/bar.svg?value=72"
curl -fs -o "$WORK/www/bar.png" "http://127.0.0.1:$SERVICE_PORT/bar.png?value=72&scale=2"
header() { curl -fsI "$1" | tr -d '\r' | awk -v h="$2" 'tolower($1) == tolower(h) ":" { sub(/^[^:]*: /, ""); print }'; }
svg_etag=$(header "http://127.0.0.1:$SERVICE_PORT$SVG_URL" ETag)
# The gzip coding, byte for byte as the service sends it, for nginx's gzip_static to serve.
mkdir -p "$WORK/www/gz"
curl -fs -H 'Accept-Encoding: gzip' -o "$WORK/www/gz/ring.svg.gz" "http://127.0.0.1:$SERVICE_PORT$SVG_URL"
cp "$WORK/www/ring.svg" "$WORK/www/gz/ring.svg"
gzip_etag=$(curl -fsI -H 'Accept-Encoding: gzip' "http://127.0.0.1:$SERVICE_PORT$SVG_URL" | tr -d '\r' |
  awk 'tolower($1) == "etag:" { print $2 }')
png_etag=$(header "http://127.0.0.1:$SERVICE_PORT$PNG_URL" ETag)
webp_etag=$(header "http://127.0.0.1:$SERVICE_PORT$WEBP_URL" ETag)
gif_etag=$(header "http://127.0.0.1:$SERVICE_PORT$GIF_URL" ETag)
bar_svg_etag=$(header "http://127.0.0.1:$SERVICE_PORT/bar.svg?value=72" ETag)
bar_png_etag=$(header "http://127.0.0.1:$SERVICE_PORT/bar.png?value=72&scale=2" ETag)
cache_control=$(header "http://127.0.0.1:$SERVICE_PORT$SVG_URL" Cache-Control)
chmod -R a+rX "$WORK"
# The nginx location serving one image file as the service serves it: its type, caching headers and ETag, and for
# SVG the Content-Security-Policy.
image_location() {
  local path=$1 etag=$2
  echo "        location = $path {"
  case $path in
    *.svg) echo '            types { } default_type "image/svg+xml; charset=utf-8";' ;;
    *.webp) echo '            types { } default_type image/webp;' ;;
    *.gif) echo '            types { } default_type image/gif;' ;;
    *) echo '            types { } default_type image/png;' ;;
  esac
  echo "            add_header Cache-Control \"$cache_control\";"
  echo "            add_header ETag '$etag';"
  echo '            add_header X-Content-Type-Options nosniff;'
  if [[ $path == *.svg ]]; then
    echo "            add_header Content-Security-Policy \"default-src 'none'; style-src 'unsafe-inline'\";"
  fi
  echo '            add_header Access-Control-Allow-Origin *;'
  echo '        }'
}
server_locations=$(image_location /ring.svg "$svg_etag"; image_location /ring.png "$png_etag"
  image_location /ring.webp "$webp_etag"; image_location /ring.gif "$gif_etag"
  image_location /bar.svg "$bar_svg_etag"; image_location /bar.png "$bar_png_etag"; cat <<LOCATIONS
        location = /gz/ring.svg {
            gzip_static on;
            gzip_vary on;
            types { } default_type "image/svg+xml; charset=utf-8";
            add_header Cache-Control "$cache_control";
            add_header ETag '$gzip_etag';
            add_header X-Content-Type-Options nosniff;
            add_header Content-Security-Policy "default-src 'none'; style-src 'unsafe-inline'";
            add_header Access-Control-Allow-Origin *;
        }
        # Revalidation needs nginx's own ETag, which it compares itself.
        location = /etag/ring.svg {
            alias $WORK/www/ring.svg;
            etag on;
            types { } default_type "image/svg+xml; charset=utf-8";
            add_header Cache-Control "$cache_control";
            add_header X-Content-Type-Options nosniff;
            add_header Content-Security-Policy "default-src 'none'; style-src 'unsafe-inline'";
            add_header Access-Control-Allow-Origin *;
        }
LOCATIONS
)
bench_nginx_conf "$WORK" "$NGINX_PORT" "    etag off;" "$server_locations"
nginx -p "$WORK" -c "$WORK/nginx.conf" -g 'daemon off;' 2>"$WORK/nginx.stderr" &
nginx_pid=$!
pids+=("$nginx_pid")
wait_healthy "http://127.0.0.1:$NGINX_PORT/ring.svg" "$WORK/nginx.stderr" "$nginx_pid"
for url in "$SVG_URL" "$PNG_URL" "$WEBP_URL" "$GIF_URL"; do
  a=$(curl -fs "http://127.0.0.1:$NGINX_PORT$url" | cksum)
  b=$(curl -fs "http://127.0.0.1:$SERVICE_PORT$url" | cksum)
  [ "$a" = "$b" ] || { echo "bench: nginx and the service send different bytes for $url" >&2; exit 1; }
done
a=$(curl -fs -H 'Accept-Encoding: gzip' "http://127.0.0.1:$NGINX_PORT/gz/ring.svg" | cksum)
b=$(curl -fs -H 'Accept-Encoding: gzip' "http://127.0.0.1:$SERVICE_PORT$SVG_URL" | cksum)
[ "$a" = "$b" ] || { echo "bench: nginx and the service send different gzip bytes for $SVG_URL" >&2; exit 1; }
# Bytes on the wire (content only) of each text answer, identity and gzip, as `curl` receives them.
wire_bytes() { curl -fs -o /dev/null -w '%{size_download}' ${2:+-H "Accept-Encoding: $2"} "http://127.0.0.1:$SERVICE_PORT$1"; }
wire=$WORK/wire.txt
: >"$wire"
for path in "$SVG_URL" "/ring.svg?value=72&gradient=green" "/badge.svg?label=coverage&value=72" / /examples /metrics; do
  echo "$path $(wire_bytes "$path") $(wire_bytes "$path" gzip)" >>"$wire"
done
nginx_etag=$(header "http://127.0.0.1:$NGINX_PORT/etag/ring.svg" ETag)

# Each script gets the next block, so no run asks for another run's images. Called in this shell (not in `$(…)`,
# whose changes to `block` would be lost), each writes $WORK/NAME.lua.
block=0
# distinct_script PATH_FORMAT NAME: PATH_FORMAT takes the request's number (%d).
distinct_script() {
  block=$((block + 1000000000))
  distinct_lua "$WORK/$2.lua" "$1" "$block"
}
# spread_script PATH_FORMAT NAME SIZE...: PATH_FORMAT takes the size (%d) and the value (%s).
spread_script() {
  local format=$1 name=$2
  shift 2
  block=$((block + 1000000000))
  spread_lua "$WORK/$name.lua" "$format" "$block" "$@"
}

TICKS=$(getconf CLK_TCK)
nginx_pids() { echo "$nginx_pid" $(pgrep -P "$nginx_pid" || true); }


# Runs wrk and prints "requests_per_second p50_ms p99_ms cpu_us_per_request errors".
measure() {
  local who=$1 connections=$2
  shift 2
  local pids_now before after out
  if [ "$who" = ours ]; then pids_now=$service_pid; else pids_now=$(nginx_pids); fi
  # shellcheck disable=SC2086
  before=$(cpu_ticks $pids_now)
  out=$(wrk -t2 -c"$connections" -d"${DURATION}s" --latency "$@")
  # shellcheck disable=SC2086
  after=$(cpu_ticks $pids_now)
  wrk_parse <<<"$out"
  awk -v r="$wrk_rate" -v a="$wrk_p50" -v b="$wrk_p99" -v t=$((after - before)) -v hz="$TICKS" -v n="$wrk_requests" \
    -v e="$wrk_errors" \
    'BEGIN { printf "%s %s %s %.2f %d\n", r, a, b, (n > 0 ? t / hz * 1e6 / n : 0), e }'
}

results=$WORK/results.txt
: >"$results"
run() {
  local name=$1 connections=$2 ours_args=$3 nginx_args=$4
  local o n
  # shellcheck disable=SC2086
  o=$(measure ours "$connections" $ours_args)
  # shellcheck disable=SC2086
  n=$(measure nginx "$connections" $nginx_args)
  echo "$name|$connections|$o|$n" >>"$results"
  echo "  $name, $connections connections: ours $o / nginx $n (rps p50 p99 cpu-us errors)" >&2
}

echo "bench: wrk -t2 -d${DURATION}s per run; $(nproc) cores; connections ${CONNECTION_COUNTS[*]}" >&2
S="http://127.0.0.1:$SERVICE_PORT"
N="http://127.0.0.1:$NGINX_PORT"
for c in "${CONNECTION_COUNTS[@]}"; do
  run "cached SVG" "$c" "$S$SVG_URL" "$N/ring.svg"
  run "cached PNG" "$c" "$S$PNG_URL" "$N/ring.png"
  run "cached WebP" "$c" "$S$WEBP_URL" "$N/ring.webp"
  run "cached GIF" "$c" "$S$GIF_URL" "$N/ring.gif"
  [ "${BENCH_ONLY:-}" != cached ] || continue
  distinct_script '/ring.svg?max=1000000000000&value=%d' "svg-miss-$c"
  svg_miss="$WORK/svg-miss-$c.lua"
  distinct_script '/ring.svg?max=1000000000000&value=%d' "nginx-svg-$c"
  nginx_svg="$WORK/nginx-svg-$c.lua"
  run "all-miss SVG" "$c" "-s $svg_miss $S" "-s $nginx_svg $N"
  spread_script '/ring.png?size=%d&value=%s' "png-miss-$c" 128
  png_miss="$WORK/png-miss-$c.lua"
  spread_script '/ring.png?size=%d&value=%s' "nginx-png-$c" 128
  nginx_png="$WORK/nginx-png-$c.lua"
  run "all-miss PNG 128 px" "$c" "-s $png_miss $S" "-s $nginx_png $N"
  spread_script '/ring.png?size=%d&value=%s' "mixed-miss-$c" 64 128 256
  mixed_miss="$WORK/mixed-miss-$c.lua"
  spread_script '/ring.png?size=%d&value=%s' "nginx-mixed-$c" 64 128 256
  nginx_mixed="$WORK/nginx-mixed-$c.lua"
  run "all-miss PNG 64/128/256 px" "$c" "-s $mixed_miss $S" "-s $nginx_mixed $N"
  distinct_script '/bar.svg?max=1000000000000&value=%d' "bar-svg-miss-$c"
  bar_svg_miss="$WORK/bar-svg-miss-$c.lua"
  distinct_script '/bar.svg?max=1000000000000&value=%d' "nginx-bar-svg-$c"
  nginx_bar_svg="$WORK/nginx-bar-svg-$c.lua"
  run "all-miss bar SVG 200×20" "$c" "-s $bar_svg_miss $S" "-s $nginx_bar_svg $N"
  # The size is the scale: 1 draws 200×20 px, 2 draws 400×40.
  spread_script '/bar.png?scale=%d&value=%s' "bar-png-miss-$c" 1 2
  bar_png_miss="$WORK/bar-png-miss-$c.lua"
  spread_script '/bar.png?scale=%d&value=%s' "nginx-bar-png-$c" 1 2
  nginx_bar_png="$WORK/nginx-bar-png-$c.lua"
  run "all-miss bar PNG 200×20/400×40" "$c" "-s $bar_png_miss $S" "-s $nginx_bar_png $N"
  run "304 revalidation" "$c" "-H If-None-Match:$svg_etag $S$SVG_URL" "-H If-None-Match:$nginx_etag $N/etag/ring.svg"
  run "cached gzip SVG" "$c" "-H Accept-Encoding:gzip $S$SVG_URL" "-H Accept-Encoding:gzip $N/gz/ring.svg"
done

# Memory: a fresh service with the default 64 MiB cache, its peak resident memory (VmHWM) after at least
# 1,000,000 distinct ring URLs, then another fresh one through a flood of distinct 2048 px PNG misses (each needs a
# 16 MiB surface while it is drawn), then a third through 15 s of distinct SVGs followed by 15 s of distinct 128 px
# PNGs (the cache's contents change kind: SVGs are drawn on the loops, PNGs on the workers). Target for all: the
# cache budget + 64 MiB.
MEMORY_PORT=${MEMORY_PORT:-18492}
memory_run() {
  local kind=$1 pid total=0 script
  "$BIN_DIR/progress-rings" serve --port "$MEMORY_PORT" --log-format off --cache-bytes 67108864 \
    > >(tee "$WORK/memory.log") 2>&1 &
  pid=$!
  pids+=("$pid")
  wait_healthy "http://127.0.0.1:$MEMORY_PORT/healthz" "$WORK/memory.log" "$pid"
  if [ "$kind" = shift ]; then
    distinct_script '/ring.svg?max=1000000000000&value=%d' memory-shift-svg
    spread_script '/ring.png?size=%d&value=%s' memory-shift-png 128
    total=0
    for script in memory-shift-svg memory-shift-png; do
      wrk -t2 -c64 -d15s -s "$WORK/$script.lua" "http://127.0.0.1:$MEMORY_PORT" >"$WORK/wrk.txt"
      wrk_parse "$WORK/wrk.txt"
      total=$((total + wrk_requests))
    done
  elif [ "$kind" = urls ]; then
    while [ "$total" -lt 1000000 ]; do
      distinct_script '/ring.svg?max=1000000000000&value=%d' "memory-$total"
      script="$WORK/memory-$total.lua"
      wrk -t2 -c64 -d10s -s "$script" "http://127.0.0.1:$MEMORY_PORT" >"$WORK/wrk.txt"
      wrk_parse "$WORK/wrk.txt"
      total=$((total + wrk_requests))
    done
  else
    distinct_script '/ring.png?max=1000000000000&size=1024&scale=2&value=%d' memory-large
    script="$WORK/memory-large.lua"
    wrk -t2 -c16 -d20s -s "$script" "http://127.0.0.1:$MEMORY_PORT" >"$WORK/wrk.txt"
    wrk_parse "$WORK/wrk.txt"
    total=$wrk_requests
  fi
  local cache_bytes peak
  cache_bytes=$(curl -fs "http://127.0.0.1:$MEMORY_PORT/metrics" | awk '$1 == "progress_rings_cache_bytes{cache=\"render\"}" {print $2}')
  peak=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status")
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  echo "$total $((peak / 1024)) $cache_bytes"
}
if [ "${BENCH_ONLY:-}" = cached ]; then
  # The cached rows alone (formats side by side), without the rest and the memory runs.
  tr '|' ' ' <"$results"
  exit 0
fi
echo "  memory: 1,000,000 distinct URLs, a flood of 2048 px misses, SVGs then PNGs" >&2
read -r url_count url_peak url_cache < <(memory_run urls)
read -r large_count large_peak large_cache < <(memory_run large)
read -r shift_count shift_peak shift_cache < <(memory_run shift)

mkdir -p .bench
out=.bench/results.md
{
  echo "## Benchmark: progress-rings vs nginx"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), wrk -t2 -d${DURATION}s on the same cores, 127.0.0.1, keep-alive."
  echo "Service: release build, 2 event loops, access log off, 64 MiB cache. nginx $(nginx -v 2>&1 | sed 's/.*nginx\///'): 2 workers, the same bytes and headers from files."
  echo "Command: \`make bench\` (\`.ci/bench/bench.sh $DURATION ${CONNECTION_COUNTS[*]}\`). Ratio = ours ÷ nginx, from the same run."
  echo
  echo "| scenario | conns | req/s ours | req/s nginx | ratio | p50 ms ours | p50 nginx | p99 ms ours | p99 nginx | p99 ratio | CPU µs/req ours | CPU nginx | errors |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  while IFS='|' read -r name c o n; do
    read -r ors op50 op99 ocpu oerr <<<"$o"
    read -r nrs np50 np99 ncpu nerr <<<"$n"
    awk -v name="$name" -v c="$c" -v ors="$ors" -v nrs="$nrs" -v op50="$op50" -v np50="$np50" -v op99="$op99" \
      -v np99="$np99" -v ocpu="$ocpu" -v ncpu="$ncpu" -v e="$((oerr + nerr))" \
      'BEGIN { printf "| %s | %d | %.0f | %.0f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f | %.1f | %d |\n",
        name, c, ors, nrs, ors / nrs, op50, np50, op99, np99, op99 / np99, ocpu, ncpu, e }'
  done <"$results"
  echo
  echo "nginx's all-miss rows serve one file for every distinct URL (it cannot draw): the ratio is the price of drawing."
  echo
  echo "### Bytes on the wire (content, identity vs gzip, as curl receives it)"
  echo
  echo "| path | identity | gzip | gzip ÷ identity |"
  echo "|---|---:|---:|---:|"
  while read -r path plain zipped; do
    awk -v p="$path" -v a="$plain" -v b="$zipped" 'BEGIN { printf "| `%s` | %d | %d | %.2f |\n", p, a, b, b / a }'
  done <"$wire"
  echo
  echo "### Memory (a fresh service each, 64 MiB cache; target: peak ≤ 64 + 64 = 128 MiB)"
  echo
  echo "| workload | requests | peak RSS | cache bytes at the end |"
  echo "|---|---:|---:|---:|"
  echo "| distinct SVG URLs, wrk -c64 | $url_count | $url_peak MiB | $url_cache |"
  echo "| distinct 2048 px PNG misses, wrk -c16 -d20s | $large_count | $large_peak MiB | $large_cache |"
  echo "| distinct SVGs for 15 s, then distinct 128 px PNGs for 15 s, wrk -c64 | $shift_count | $shift_peak MiB | $shift_cache |"
  echo
  echo "### Render cost per image (ring-bench, CPU time of one thread)"
  echo
  "$BIN_DIR/ring-bench"
  echo
  echo "### A miss in each format (ring-bench --formats)"
  echo
  "$BIN_DIR/ring-bench" --formats
} >"$out"
cat "$out"
echo "bench: written to $out" >&2
