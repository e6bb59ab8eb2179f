#!/usr/bin/env bash
# Benchmarks the service as deployed (release build, access log off):
#  1. cached hits: the same ring as SVG and as PNG under wrk -t2 -c64 -d10s, beside nginx serving the same bytes
#     with the same headers from files (one run each, interleaved), with the ratio;
#  2. all-miss throughput: every request a distinct ring (SVG, then 128 px PNG), from a wrk Lua script;
#  3. peak resident memory (VmHWM) after a flood of distinct URLs with the default 64 MiB cache.
# Usage: .ci/bench-service.sh [DURATION_SECONDS] [CONNECTIONS] [DISTINCT_URLS]
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${1:-10}
CONNECTIONS=${2:-64}
DISTINCT=${3:-1000000}
SWIFT=${SWIFT:-swift}
NGINX_PORT=${NGINX_PORT:-18490}
SERVICE_PORT=${SERVICE_PORT:-18491}

for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || { echo "bench-service: $tool is missing (make bench installs it)" >&2; exit 1; }
done

"$SWIFT" build -c release --product progress-rings >/dev/null
BIN=$("$SWIFT" build -c release --show-bin-path)/progress-rings

WORK=$(mktemp -d /tmp/bench-service.XXXXXX)
chmod 755 "$WORK"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

start_service() {
  "$BIN" serve --port "$SERVICE_PORT" --log-format off --cache-bytes 67108864 &
  service_pid=$!
  pids+=("$service_pid")
  for _ in $(seq 100); do
    curl -fs -o /dev/null "http://127.0.0.1:$SERVICE_PORT/healthz" && return 0
    sleep 0.05
  done
  echo "bench-service: the service does not answer on $SERVICE_PORT" >&2
  exit 1
}
stop_service() {
  kill "$service_pid"
  wait "$service_pid" 2>/dev/null || true
}

SVG_URL="/ring.svg?value=72&size=128"
PNG_URL="/ring.png?value=72&size=128"
start_service

# nginx serves the very bytes the service sends, with its headers (ETag, Cache-Control, CSP, CORS, nosniff).
mkdir -p "$WORK/www" "$WORK/tmp"
curl -fs -o "$WORK/www/ring.svg" "http://127.0.0.1:$SERVICE_PORT$SVG_URL"
curl -fs -o "$WORK/www/ring.png" "http://127.0.0.1:$SERVICE_PORT$PNG_URL"
header() { curl -fsI "http://127.0.0.1:$SERVICE_PORT$1" | tr -d '\r' | awk -v h="$2" 'tolower($1) == tolower(h) ":" { sub(/^[^:]*: /, ""); print }'; }
svg_etag=$(header "$SVG_URL" ETag)
png_etag=$(header "$PNG_URL" ETag)
cache_control=$(header "$SVG_URL" Cache-Control)
chmod -R a+rX "$WORK"
cat >"$WORK/nginx.conf" <<CONF
worker_processes 2;
pid $WORK/nginx.pid;
error_log $WORK/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    sendfile on;
    tcp_nodelay on;
    open_file_cache max=64 inactive=60s;
    etag off;
    client_body_temp_path $WORK/tmp/body;
    proxy_temp_path $WORK/tmp/proxy;
    fastcgi_temp_path $WORK/tmp/fastcgi;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $WORK/www;
        location = /ring.svg {
            types { } default_type "image/svg+xml; charset=utf-8";
            add_header Cache-Control "$cache_control";
            add_header ETag '$svg_etag';
            add_header X-Content-Type-Options nosniff;
            add_header Content-Security-Policy "default-src 'none'; style-src 'unsafe-inline'";
            add_header Access-Control-Allow-Origin *;
        }
        location = /ring.png {
            types { } default_type image/png;
            add_header Cache-Control "$cache_control";
            add_header ETag '$png_etag';
            add_header X-Content-Type-Options nosniff;
            add_header Access-Control-Allow-Origin *;
        }
    }
}
CONF
nginx -p "$WORK" -c "$WORK/nginx.conf" -g 'daemon off;' &
pids+=($!)
for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$NGINX_PORT/ring.svg" && break; sleep 0.05; done
for url in "$SVG_URL" "$PNG_URL"; do
  a=$(curl -fs "http://127.0.0.1:$NGINX_PORT$url" | cksum)
  b=$(curl -fs "http://127.0.0.1:$SERVICE_PORT$url" | cksum)
  [ "$a" = "$b" ] || { echo "bench-service: nginx and the service send different bytes for $url" >&2; exit 1; }
done

to_ms() { awk '{ v = $1; if (v ~ /us$/) { sub(/us$/, "", v); v = v / 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v = v * 1000 }; print v }'; }

# Prints "requests_per_second p99_milliseconds"; warns on any error or non-2xx answer.
measure() {
  local out rps p99
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "$@")
  if echo "$out" | grep -q 'Non-2xx\|Socket errors'; then
    echo "bench-service: errors in wrk $*:" >&2
    echo "$out" >&2
  fi
  rps=$(echo "$out" | awk '/^Requests\/sec:/ {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" { print $2 }' | to_ms)
  echo "$rps $p99"
}

echo "cached hits: wrk -t2 -c$CONNECTIONS -d${DURATION}s --latency, keep-alive, nginx 2 workers / service 2 event loops"
printf '%-6s %-16s %14s %10s\n' format server 'requests/s' 'p99 ms'
for format in svg png; do
  if [ "$format" = svg ]; then url=$SVG_URL; else url=$PNG_URL; fi
  read -r n_rps n_p99 < <(measure "http://127.0.0.1:$NGINX_PORT$url")
  read -r s_rps s_p99 < <(measure "http://127.0.0.1:$SERVICE_PORT$url")
  printf '%-6s %-16s %14.0f %10.2f\n' "$format" nginx "$n_rps" "$n_p99"
  printf '%-6s %-16s %14.0f %10.2f\n' "$format" progress-rings "$s_rps" "$s_p99"
  awk -v s="$s_rps" -v n="$n_rps" -v sp="$s_p99" -v np="$n_p99" -v f="$format" \
    'BEGIN { printf "%-6s ratio: %.2f x nginx requests/s, p99 %.2f x nginx\n", f, s / n, sp / np }'
done

# Every request a ring never asked before: each wrk thread counts through its own range of values.
cat >"$WORK/distinct.lua" <<'LUA'
local counter = 0
local threads = 0
function setup(thread)
  thread:set("base", threads * 100000000)
  threads = threads + 1
end
function request()
  counter = counter + 1
  return wrk.format("GET", string.format(path_format, base + counter))
end
LUA
distinct_script() {
  { echo "path_format = \"$1\""; cat "$WORK/distinct.lua"; } >"$WORK/$2.lua"
  echo "$WORK/$2.lua"
}
svg_miss=$(distinct_script '/ring.svg?max=1000000000&value=%d' svg-miss)
png_miss=$(distinct_script '/ring.png?max=1000000000&size=128&value=%d' png-miss)

echo
echo "all misses: wrk -t2 -c$CONNECTIONS -d${DURATION}s, every URL a distinct ring"
printf '%-16s %14s %10s\n' route 'requests/s' 'p99 ms'
read -r rps p99 < <(measure -s "$svg_miss" "http://127.0.0.1:$SERVICE_PORT")
printf '%-16s %14.0f %10.2f\n' "SVG" "$rps" "$p99"
read -r rps p99 < <(measure -s "$png_miss" "http://127.0.0.1:$SERVICE_PORT")
printf '%-16s %14.0f %10.2f\n' "PNG 128 px" "$rps" "$p99"
stop_service

# Peak memory: a fresh process, DISTINCT different SVG URLs (or as many as 300 s allow), then the kernel's
# high-water mark of its resident set.
start_service
start=$(date +%s)
wrk -t2 -c"$CONNECTIONS" -d300s -s "$svg_miss" "http://127.0.0.1:$SERVICE_PORT" >/dev/null &
wrk_pid=$!
pids+=("$wrk_pid")
# wrk cannot stop after a count of requests: watch the service's own miss counter and stop wrk there.
misses() { curl -fs "http://127.0.0.1:$SERVICE_PORT/metrics" | awk '$1 == "progress_rings_cache_misses_total{cache=\"render\"}" {print $2}'; }
while kill -0 "$wrk_pid" 2>/dev/null && [ "$(misses)" -lt "$DISTINCT" ]; do sleep 1; done
kill "$wrk_pid" 2>/dev/null || true
wait "$wrk_pid" 2>/dev/null || true
elapsed=$(( $(date +%s) - start ))
requests=$(misses)
hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$service_pid/status")
rss=$(awk '/^VmRSS/ {print $2}' "/proc/$service_pid/status")
entries=$(curl -fs "http://127.0.0.1:$SERVICE_PORT/metrics" | awk '$1 == "progress_rings_cache_entries{cache=\"render\"}" {print $2}')
cache_bytes=$(curl -fs "http://127.0.0.1:$SERVICE_PORT/metrics" | awk '$1 == "progress_rings_cache_bytes{cache=\"render\"}" {print $2}')
echo
echo "memory: $requests distinct SVG URLs in ${elapsed}s, cache 64 MiB ($entries entries, $cache_bytes bytes held)"
awk -v h="$hwm" -v r="$rss" 'BEGIN { printf "peak RSS %.1f MiB, RSS now %.1f MiB (target: at most 112 MiB)\n", h / 1024, r / 1024 }'
stop_service
