#!/usr/bin/env bash
# nginx in front of two progress-rings replicas (config/nginx.conf, with loopback ports and a temporary prefix):
#  1. the first request for a URL is a MISS at nginx and reaches one replica, the second is a HIT and reaches none
#     (the replicas' /metrics count exactly the misses, shared between both);
#  2. both replicas send the same bytes and the same ETag for a URL;
#  3. If-None-Match gets 304 through nginx; an expired entry is revalidated upstream (REVALIDATED, a 304 counted
#     by a replica) with proxy_cache_revalidate;
#  4. under load (wrk, every request a distinct URL, so every one goes upstream) one replica is killed with
#     SIGKILL: no request fails, and nginx retried at least one request on the survivor (its access log shows two
#     upstream attempts, the last one replica b answering 200).
# Usage: .ci/checks/nginx-front-test.sh [BINARY]. Bounded: about 15 s. NGINX_FRONT_CONF tests another nginx.conf than
# config/nginx.conf; with retries turned off, step 4 fails:
#   sed 's/^\( *proxy_next_upstream\) .*/\1 off;/' config/nginx.conf >/tmp/no-retry.conf
#   NGINX_FRONT_CONF=/tmp/no-retry.conf .ci/checks/nginx-front-test.sh
#   nginx-front-test: FAIL: nginx retried no request on the surviving replica after replica a was killed (no line
#   of its access log has two upstream attempts; are proxy_next_upstream and its tries on?); under load 9551 of 9566
#   answered 200, 15 other statuses, wrk counted 15 errors
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
BIN=${1:-.build/debug/progress-rings}
[ -x "$BIN" ] || swift build --product progress-rings
for tool in nginx wrk curl; do
  command -v "$tool" >/dev/null || { echo "nginx-front-test: $tool is missing (make test installs it)" >&2; exit 1; }
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/nginx-front.XXXXXX")
chmod 755 "$WORK"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ "${failed:-0}" = 1 ]; then
    echo "--- nginx error log"; tail -20 "$WORK/error.log" 2>/dev/null || true
    echo "--- nginx access log (last 20)"; tail -20 "$WORK/access.log" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
failed=0
fail() { echo "nginx-front-test: FAIL: $*" >&2; failed=1; exit 1; }

# A replica on a free port (port 0), read from its start-up line. max-age 2 s, so that test 3 sees an entry expire.
start_replica() {
  local log=$WORK/replica-$1.log
  : >"$log"
  "$BIN" serve --host 127.0.0.1 --port 0 --max-age 2 --log-format logfmt >"$log" 2>&1 &
  pids+=($!)
  eval "replica_pid_$1=$!"
  for _ in $(seq 200); do
    port=$(sed -n 's/.*msg=listening address=127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -1)
    [ -n "$port" ] && { eval "replica_port_$1=$port"; return 0; }
    sleep 0.05
  done
  fail "replica $1 did not start: $(cat "$log")"
}
start_replica a
start_replica b
free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
NGINX_PORT=$(free_port)

# The documented configuration, with loopback ports and every path under the temporary prefix.
sed -e "s|127\.0\.0\.1:8081|127.0.0.1:$replica_port_a|; s|127\.0\.0\.1:8082|127.0.0.1:$replica_port_b|" \
    -e "s|listen 80;|listen 127.0.0.1:$NGINX_PORT;|" \
    -e "s|/run/nginx-progress-rings.pid|$WORK/nginx.pid|" \
    -e "s|/var/log/nginx/progress-rings-error.log|$WORK/error.log|" \
    -e "s|/var/log/nginx/progress-rings-access.log|$WORK/access.log|" \
    -e "s|/var/cache/nginx/|$WORK/|g" \
    -e "s|worker_processes auto;|worker_processes 1;|" \
    "${NGINX_FRONT_CONF:-config/nginx.conf}" >"$WORK/nginx.conf"
grep -q "$replica_port_a" "$WORK/nginx.conf" && grep -q "listen 127.0.0.1:$NGINX_PORT" "$WORK/nginx.conf" \
  || fail "config/nginx.conf no longer has the lines this test substitutes"
if grep -nE '^[^#]*/(var|run|etc)/' "$WORK/nginx.conf"; then fail "a path outside the temporary prefix is left"; fi
# As root, nginx's workers would run as nobody and could not write the temporary prefix.
user=()
[ "$(id -u)" -eq 0 ] && user=(-g "user root; daemon off;") || user=(-g "daemon off;")
nginx -p "$WORK" -c "$WORK/nginx.conf" "${user[@]}" 2>>"$WORK/error.log" &
pids+=($!)
FRONT=http://127.0.0.1:$NGINX_PORT
wait_healthy "$FRONT/healthz" "$WORK/error.log" "$!"

header() { tr -d '\r' | awk -v h="$1" 'tolower($1) == tolower(h) ":" { sub(/^[^:]*: /, ""); print }'; }
# Image requests a replica answered with this status, from its /metrics.
served() {
  curl -fs "http://127.0.0.1:$1/metrics" \
    | awk -v s="$2" '/^progress_rings_http_requests_total\{route="\/ring.svg"/ && $0 ~ "status=\"" s "\"" { n += $2 } END { print n + 0 }'
}

# 1. MISS, then HIT; the replicas count exactly the misses.
urls=20
for pass in MISS HIT; do
  for i in $(seq $urls); do
    status=$(curl -fs -D - -o /dev/null "$FRONT/ring.svg?value=$i&size=64" | header X-Cache-Status)
    [ "$status" = "$pass" ] || fail "request $i, pass $pass: X-Cache-Status is '$status'"
  done
done
a=$(served "$replica_port_a" 200)
b=$(served "$replica_port_b" 200)
[ $((a + b)) -eq $urls ] || fail "the replicas served $a + $b images for $urls distinct URLs requested twice"
[ "$a" -gt 0 ] && [ "$b" -gt 0 ] || fail "one replica served everything ($a, $b): no balancing"
echo "1. $urls URLs twice through nginx: first pass all MISS, second all HIT; replicas served $a + $b = $urls"

# 2. Same bytes and ETag from either replica.
for path in "/ring.svg?value=72&color=red" "/ring.png?value=72&size=96&scale=2" "/" "/examples"; do
  ea=$(curl -fs -D - -o "$WORK/a" "http://127.0.0.1:$replica_port_a$path" | header ETag)
  eb=$(curl -fs -D - -o "$WORK/b" "http://127.0.0.1:$replica_port_b$path" | header ETag)
  [ -n "$ea" ] && [ "$ea" = "$eb" ] || fail "$path: ETag $ea on one replica, $eb on the other"
  cmp -s "$WORK/a" "$WORK/b" || fail "$path: the replicas send different bytes"
done
echo "2. identical bytes and ETags from both replicas (SVG, 2x PNG, builder, gallery)"

# 3. Conditional requests through nginx, and revalidation of an expired entry.
path="/ring.svg?value=33&size=80"
etag=$(curl -fs -D - -o /dev/null "$FRONT$path" | header ETag)
[ -n "$etag" ] || fail "no ETag through nginx"
read -r code cache < <(curl -s -o /dev/null -D - -H "If-None-Match: $etag" "$FRONT$path" \
  | tr -d '\r' | awk '/^HTTP/ { c = $2 } tolower($1) == "x-cache-status:" { s = $2 } END { print c, s }')
[ "$code" = 304 ] && [ "$cache" = HIT ] || fail "If-None-Match through nginx: $code $cache, expected 304 HIT"
before=$(( $(served "$replica_port_a" 304) + $(served "$replica_port_b" 304) ))
# nginx counts max-age in whole seconds from when it stored the entry: 2 s of age is expired after 3.
sleep 3.1
read -r code cache < <(curl -s -o /dev/null -D - -H "If-None-Match: $etag" "$FRONT$path" \
  | tr -d '\r' | awk '/^HTTP/ { c = $2 } tolower($1) == "x-cache-status:" { s = $2 } END { print c, s }')
# proxy_cache_background_update: the stale entry answers at once (STALE) while nginx revalidates it upstream.
cache_first=$cache
[ "$code" = 304 ] && { [ "$cache" = STALE ] || [ "$cache" = REVALIDATED ]; } \
  || fail "expired entry: $code $cache, expected 304 STALE (or REVALIDATED)"
for _ in $(seq 40); do
  after=$(( $(served "$replica_port_a" 304) + $(served "$replica_port_b" 304) ))
  [ $((after - before)) -ge 1 ] && break
  sleep 0.05
done
[ $((after - before)) -eq 1 ] || fail "the replicas answered $((after - before)) revalidations with 304, expected 1"
cache=$(curl -fs -D - -o /dev/null "$FRONT$path" | header X-Cache-Status)
[ "$cache" = HIT ] || fail "after revalidation: $cache, expected HIT (the entry refreshed by the 304)"
echo "3. If-None-Match: 304 HIT at nginx; after max-age: 304 $cache_first at once, revalidated upstream by" \
  "If-None-Match (one 304 from a replica), then HIT again"

# 4. One replica killed under load: every request still answered 200.
before_b=$(served "$replica_port_b" 200)
wrk -t2 -c16 -d6s -s Tests/Browser/count-statuses.lua "$FRONT" >"$WORK/wrk.txt" 2>&1 &
wrk_pid=$!
pids+=($wrk_pid)
sleep 2
kill -9 "$replica_pid_a"
wait "$replica_pid_a" 2>/dev/null || true   # reaped here, so the shell does not report the kill
wait "$wrk_pid" || fail "wrk failed: $(cat "$WORK/wrk.txt")"
cat "$WORK/wrk.txt" | sed 's/^/   wrk: /'
requests=$(awk '/^requests/ { print $2 }' "$WORK/wrk.txt")
errors=$(awk '/^requests/ { print $4 }' "$WORK/wrk.txt")
ok=$(awk '$1 == "status" && $2 == 200 { print $3 }' "$WORK/wrk.txt")
other=$(awk '$1 == "status" && $2 != 200 { n += $3 } END { print n + 0 }' "$WORK/wrk.txt")
wrk_parse "$WORK/wrk.txt"
rps=$wrk_rate
[ "${requests:-0}" -gt 100 ] || fail "too few requests under load: ${requests:-0}"
# A retried request is logged once with every upstream nginx tried: upstream=A, B upstream_status=502, 200.
read -r retried on_survivor < <(awk -v b="127.0.0.1:$replica_port_b" '/upstream_status=[0-9-]*, / {
    n++
    tried = $0; sub(/.* upstream=/, "", tried); sub(/ upstream_status=.*/, "", tried)
    answers = $0; sub(/.* upstream_status=/, "", answers); sub(/ time=.*/, "", answers)
    last = split(tried, address, ", ")
    final = split(answers, answer, ", ")
    if (address[last] == b && answer[final] == "200") survivor++
  } END { print n + 0, survivor + 0 }' "$WORK/access.log")
[ "$retried" -gt 0 ] || fail "nginx retried no request on the surviving replica after replica a was killed (no line" \
  "of its access log has two upstream attempts; are proxy_next_upstream and its tries on?); under load $ok of" \
  "$requests answered 200, $other other statuses, wrk counted $errors errors"
[ "$on_survivor" -eq "$retried" ] || fail "of $retried requests nginx retried, only $on_survivor ended on the" \
  "surviving replica b (127.0.0.1:$replica_port_b) with 200"
[ "$errors" -eq 0 ] && [ "$other" -eq 0 ] && [ "$ok" -eq "$requests" ] \
  || fail "$requests requests under load: $ok answered 200, $other other statuses, wrk counted $errors errors"
after_b=$(served "$replica_port_b" 200)
[ $((after_b - before_b)) -gt 0 ] || fail "the surviving replica counted no images"
echo "4. replica a killed (SIGKILL) 2 s into 6 s of load: $requests requests ($rps/s), all 200, none lost;" \
  "$retried retried on replica b, each answered 200 there; replica b counted $((after_b - before_b)) images"
grep -m1 'upstream_status=[0-9-]*, ' "$WORK/access.log" | sed 's/^/   a retried request: /' || true
echo "nginx-front-test: ok"
