#!/usr/bin/env bash
# The container image, built from the Dockerfile exactly as a user builds it, and run as the docs say:
#   - base images: `debian:bookworm-slim` (where the runtime files are installed, then copied; mmdebstrap --variant=minbase, dpkg excludes as the official slim image)
#     and `swift:6.3-bookworm` (the same plus the toolchain the Makefile finds and the libraries it needs), made
#     locally when absent (no registry is reachable here) and kept between runs under the names the Dockerfile uses;
#   - the image builds; its size stays under IMAGE_LIMIT_MB (160 MB); it holds no program but the binary (no shell);
#   - a second build after a README-only change reuses the dependency and compile layers (both builds timed);
#   - the container turns `healthy` through the image's own HEALTHCHECK (`progress-rings check`);
#   - it runs as uid 10001 with --read-only --cap-drop ALL --security-opt no-new-privileges (seen from /proc);
#   - 61 URLs (rings, badges, bars, PNG at scale 2, labels in Hebrew, Arabic, Chinese and emoji drawn by the
#     image's fonts, error images, pages) give the same status, headers and bytes as
#     the host's binary;
#   - settings from `-e PROGRESS_RINGS_…` and from a mounted config file take effect;
#   - `docker stop` under load (wrk): /readyz turns 503, no request fails, exit 0 within drainDelay + drainDeadline.
# Containers use --network host bound to 127.0.0.1, never the bridge network. Starts dockerd if none runs and stops
# only the one it started; removes the containers and the image it made, keeps the base images.
# Usage: .ci/checks/container-test.sh [HOST_BINARY]   (default .build/debug/progress-rings)
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/wait.sh
script_started=$(date +%s.%N)
BIN=${1:-.build/debug/progress-rings}
SWIFT=$(command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
IMAGE=progress-rings:container-test-$$
PREFIX=progress-rings-test-$$
# 105 MB before locales; ICU's libraries and data add 36.7 MB (docs/decisions.md, "Locales from ICU"); libxml2
# (custom logos) and Simple Icons' 3,467 logos (5 MB) about 7 MB more.
IMAGE_LIMIT_MB=160

.ci/lib/deps.sh docker.io mmdebstrap wrk curl python3
# The docker.io client: it drives BuildKit itself (DOCKER_BUILDKIT=1), where a newer client would need buildx.
DOCKER=/usr/bin/docker
export DOCKER_BUILDKIT=1
[ -x "$BIN" ] || "$SWIFT" build --product progress-rings
BIN=$(readlink -f "$BIN")

# The host binary draws CJK labels in Noto Sans CJK, as the image does: the system's fonts, less WenQuanYi
# (Tests/fonts.conf).
export FONTCONFIG_FILE=$PWD/Tests/fonts.conf

WORK=$(mktemp -d "${TMPDIR:-/tmp}/container-test.XXXXXX")
pids=()
built_images=()
dockerd_pid=
failures=0
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [ -n "${docker_up:-}" ]; then
    $DOCKER ps -aq --filter "name=^$PREFIX" | xargs -r $DOCKER rm -f >/dev/null 2>&1 || true
    $DOCKER volume ls -q --filter "name=^$PREFIX" | xargs -r $DOCKER volume rm -f >/dev/null 2>&1 || true
    $DOCKER image rm -f "$IMAGE" >/dev/null 2>&1 || true
    # A build the second one replaced is left untagged: remove it by id (unless another name still holds it).
    for id in "${built_images[@]}"; do $DOCKER image rm "$id" >/dev/null 2>&1 || true; done
    # The build cache stays, so the next run's first build is quick; bounded so it cannot fill the disk.
    $DOCKER builder prune -f --keep-storage 4GB >/dev/null 2>&1 || true
  fi
  if [ -n "$dockerd_pid" ]; then
    kill "$dockerd_pid" 2>/dev/null || true
    for _ in $(seq 150); do kill -0 "$dockerd_pid" 2>/dev/null || break; sleep 0.1; done
    echo "container-test: stopped the dockerd it started (pid $dockerd_pid)"
  fi
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'echo "container-test: FAIL: line $LINENO: \"$BASH_COMMAND\" failed"' ERR
pass() { echo "container-test: PASS: $*"; }
fail() { echo "container-test: FAIL: $*"; failures=$((failures + 1)); }
die() { echo "container-test: FAIL: $*"; exit 1; }
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
header() { tr -d '\r' | awk -v h="$1" 'tolower($1) == tolower(h) ":" { sub(/^[^:]*: /, ""); print }'; }

# ---- dockerd: the running one, or one of our own (no bridge, no iptables: containers use the host network).
if $DOCKER info >/dev/null 2>&1; then
  echo "container-test: using the running dockerd"
else
  dockerd --iptables=false --ip6tables=false --bridge=none >"$WORK/dockerd.log" 2>&1 &
  dockerd_pid=$!
  for _ in $(seq 300); do $DOCKER info >/dev/null 2>&1 && break; sleep 0.1; done
  $DOCKER info >/dev/null 2>&1 || { tail -20 "$WORK/dockerd.log"; die "dockerd did not start"; }
  echo "container-test: started dockerd (pid $dockerd_pid)"
fi
docker_up=1

. .ci/checks/container-base-images.sh
make_base_images

# ---- Build context: the working tree's files as git sees them (tracked and new, not ignored), so a README edit
# can be made to a copy; .dockerignore then keeps only what the Dockerfile copies.
mkdir "$WORK/context"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
  [ -e "$f" ] && printf '%s\0' "$f"
done | tar --null -T - -cf - | tar -xf - -C "$WORK/context"

# Builds the image from the context copy, logging to $1; sets build_seconds.
build() {
  local log=$1 started
  started=$(date +%s.%N)
  # The logos stage fetches from PyPI: with the host's certificate authorities, where a proxy re-signs TLS.
  if ! $DOCKER build --network host --progress=plain --secret id=ca-certificates,src=/etc/ssl/certs/ca-certificates.crt \
    -t "$IMAGE" "$WORK/context" >"$log" 2>&1; then
    tail -40 "$log"
    die "docker build failed (log above)"
  fi
  build_seconds=$(since "$started")
  built_images+=("$($DOCKER image inspect -f '{{.Id}}' "$IMAGE")")
}
# The step numbers BuildKit gave the two RUN steps of a stage's dependency and compile layers, and whether each
# was CACHED.
cached_steps() {
  local log=$1 pattern step
  for pattern in '\[build [0-9/]*\] RUN apt-get update' '\[build [0-9/]*\] RUN make release' \
    '\[runtime [0-9/]*\] RUN apt-get update'; do
    step=$(grep -E "^#[0-9]+ $pattern" "$log" | awk 'NR == 1 { print $1 }')
    if [ -n "$step" ] && grep -qE "^$step CACHED" "$log"; then echo -n "cached "; else echo -n "built "; fi
  done
}

build "$WORK/build-1.log"
first_build=$build_seconds
first_cache=$(cached_steps "$WORK/build-1.log")
echo "container-test: first build ${first_build} s (build deps, compile, runtime deps: $first_cache)"
echo "<!-- changed by .ci/checks/container-test.sh -->" >>"$WORK/context/README.md"
build "$WORK/build-2.log"
second_build=$build_seconds
second_cache=$(cached_steps "$WORK/build-2.log")
if [ "$second_cache" = "cached cached cached " ]; then
  pass "README-only change: dependency and compile layers reused; build ${first_build} s, rebuild ${second_build} s"
else
  grep -E '^#[0-9]+ (\[.*\] (RUN|COPY)|CACHED)' "$WORK/build-2.log" | cut -c1-100
  fail "README-only change rebuilt layers (build deps, compile, runtime deps: $second_cache)"
fi

# ---- Image size, and what it is made of.
size=$($DOCKER image inspect -f '{{.Size}}' "$IMAGE")
$DOCKER create --name "$PREFIX-copy" "$IMAGE" >/dev/null
$DOCKER export "$PREFIX-copy" >"$WORK/image.tar"
$DOCKER rm "$PREFIX-copy" >/dev/null
mkdir "$WORK/image-root"
tar -xf "$WORK/image.tar" -C "$WORK/image-root"
cp "$WORK/image-root/usr/local/bin/progress-rings" "$WORK/image-binary"
binary=$(stat -c %s "$WORK/image-binary")
bytes_under() { du -sb "$WORK/image-root/$1" | cut -f1; }
fonts=$(bytes_under usr/share/fonts)
libraries=$(($(bytes_under usr/lib) + $(bytes_under usr/lib64)))
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }
summary="$(mb "$size") MB: binary $(mb "$binary") MB, shared libraries $(mb "$libraries") MB, fonts $(mb "$fonts") MB, the rest $(mb $((size - binary - libraries - fonts))) MB"
programs=$(find "$WORK/image-root" -type f -perm -u+x ! -empty ! -name '*.so*' | sed "s|^$WORK/image-root||" | sort | tr '\n' ' ')
if [ "$programs" = "/usr/local/bin/progress-rings " ]; then
  pass "no program but the binary in the image (no shell, no package manager)"
else
  fail "programs in the image beside the binary: $programs"
fi
if [ "$size" -le $((IMAGE_LIMIT_MB * 1000 * 1000)) ]; then pass "image $summary"; else fail "image over $IMAGE_LIMIT_MB MB: $summary"; fi

# ---- The container as the docs run it, and the host's binary beside it.
PORT=$(free_port)
HOST_PORT=$(free_port)
hardened=(--network host --read-only --cap-drop ALL --security-opt no-new-privileges)
$DOCKER run -d --name "$PREFIX-main" "${hardened[@]}" \
  -e PROGRESS_RINGS_HOST=127.0.0.1 -e PROGRESS_RINGS_PORT="$PORT" -e PROGRESS_RINGS_DRAIN_DELAY=4 "$IMAGE" >/dev/null
"$BIN" serve --host 127.0.0.1 --port "$HOST_PORT" --log-format off > >(tee "$WORK/host.log") 2>&1 &
pids+=($!)
host_pid=$!

wait_container_healthy() {
  local name=$1 started status
  started=$(date +%s.%N)
  for _ in $(seq 600); do
    status=$($DOCKER inspect -f '{{.State.Health.Status}}' "$name")
    [ "$status" = healthy ] || [ "$status" = unhealthy ] && break
    sleep 0.1
  done
  echo "$status $(since "$started")"
}
read -r health took < <(wait_container_healthy "$PREFIX-main")
said=$($DOCKER inspect -f '{{with (index .State.Health.Log 0)}}{{.ExitCode}}: {{.Output}}{{end}}' "$PREFIX-main" | sed -n 1p)
stderr=$($DOCKER logs "$PREFIX-main" 2>&1 >/dev/null)
if [ "$health" = healthy ] && [ -z "$stderr" ]; then
  pass "healthy through the image's HEALTHCHECK after $took s ($said); nothing on standard error"
else
  echo "$stderr" | head -5
  $DOCKER logs "$PREFIX-main" 2>&1 | tail -5
  die "container is '$health' after $took s ($said)"
fi

# ---- Non-root, read-only, no capabilities, no new privileges: what the kernel says about the process.
pid=$($DOCKER inspect -f '{{.State.Pid}}' "$PREFIX-main")
status_of() { awk -v k="$1:" '$1 == k { $1 = ""; sub(/^ /, ""); print }' "/proc/$pid/status"; }
uids=$(status_of Uid)
gids=$(status_of Gid)
caps="$(status_of CapEff) $(status_of CapPrm) $(status_of CapBnd)"
nnp=$(status_of NoNewPrivs)
seccomp=$(status_of Seccomp)
write_error=$($DOCKER exec "$PREFIX-main" /usr/local/bin/progress-rings render value=1 -o /tmp/ring.svg 2>&1 || true)
if [ "$uids" = "10001 10001 10001 10001" ] && [ "$gids" = "10001 10001 10001 10001" ] \
  && [ "$caps" = "0000000000000000 0000000000000000 0000000000000000" ] && [ "$nnp" = 1 ] && [ "$seccomp" = 2 ] \
  && [[ $write_error == *"Read-only file system"* ]]; then
  pass "runs as uid/gid 10001, no capabilities (effective, permitted, bounding: 0), NoNewPrivs 1, seccomp filter on, root file system read-only ($write_error)"
else
  fail "process: Uid '$uids', Gid '$gids', caps '$caps', NoNewPrivs '$nnp', Seccomp '$seccomp'; write: '$write_error'"
fi

. .ci/checks/container-urls.sh
wait_healthy "http://127.0.0.1:$HOST_PORT/healthz" "$WORK/host.log" "$host_pid"
compare_urls "http://127.0.0.1:$PORT" "http://127.0.0.1:$HOST_PORT"

# ---- Settings: a mounted file (port, maxAge, errorStatus, logFormat) and -e over it (maxAge, port). Every
# container gets -e PROGRESS_RINGS_HOST=127.0.0.1, so none listens beyond loopback even if a setting were lost.
FILE_PORT=$(free_port)
cat >"$WORK/settings.json" <<JSON
{"port": $FILE_PORT, "maxAge": 77, "errorStatus": 200, "logFormat": "json"}
JSON
chmod 644 "$WORK/settings.json"
$DOCKER run -d --name "$PREFIX-settings" "${hardened[@]}" -e PROGRESS_RINGS_HOST=127.0.0.1 \
  -v "$WORK/settings.json:/etc/progress-rings/config.json:ro" "$IMAGE" >/dev/null
$DOCKER run -d --name "$PREFIX-env" "${hardened[@]}" -e PROGRESS_RINGS_HOST=127.0.0.1 \
  -v "$WORK/settings.json:/etc/progress-rings/config.json:ro" -e PROGRESS_RINGS_MAX_AGE=123 \
  -e PROGRESS_RINGS_PORT="$(free_port)" "$IMAGE" >/dev/null
ENV_PORT=$($DOCKER inspect -f '{{range .Config.Env}}{{println .}}{{end}}' "$PREFIX-env" | sed -n 's/^PROGRESS_RINGS_PORT=//p')
read -r health_file _ < <(wait_container_healthy "$PREFIX-settings")
read -r health_env _ < <(wait_container_healthy "$PREFIX-env")
file_cc=$(curl -s -D - -o /dev/null "http://127.0.0.1:$FILE_PORT/ring.svg?value=5" | header Cache-Control || true)
file_error=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$FILE_PORT/ring.svg?size=5000" || true)
file_log=$($DOCKER logs "$PREFIX-settings" 2>/dev/null | sed -n 1p)
env_cc=$(curl -s -D - -o /dev/null "http://127.0.0.1:$ENV_PORT/ring.svg?value=5" | header Cache-Control || true)
if [ "$health_file" = healthy ] && [ "$file_cc" = "public, max-age=77, s-maxage=77" ] && [ "$file_error" = 200 ] \
  && [[ $file_log == '{'*'"msg":"listening"'* ]] && [ "$health_env" = healthy ] \
  && [ "$env_cc" = "public, max-age=123, s-maxage=123" ]; then
  pass "mounted file: port $FILE_PORT (healthy there), max-age=77, error images 200, JSON log; with -e PROGRESS_RINGS_MAX_AGE=123 and PROGRESS_RINGS_PORT=$ENV_PORT over the file: max-age=123, healthy on that port"
else
  fail "settings: file container '$health_file', Cache-Control '$file_cc', error status '$file_error', log '$file_log'; env container '$health_env', Cache-Control '$env_cc'"
fi

# ---- Stored values: the volume at /data takes the SQLite file beside the read-only root, and a push survives its
# container (removed with -f, a kill) into a new one on the same volume.
STORE_PORT=$(free_port)
store_token=pr_container-test-token
store_digest=$(printf %s "$store_token" | sha256sum | cut -c1-64)
$DOCKER volume create "$PREFIX-data" >/dev/null
store_run() {
  $DOCKER run -d --name "$1" "${hardened[@]}" -e PROGRESS_RINGS_HOST=127.0.0.1 -e PROGRESS_RINGS_PORT="$STORE_PORT" \
    -e PROGRESS_RINGS_VALUE_TOKENS="{\"*\": \"sha256:$store_digest\"}" -v "$PREFIX-data:/data" "$IMAGE" >/dev/null
}
store_run "$PREFIX-store1"
read -r health_store1 _ < <(wait_container_healthy "$PREFIX-store1")
pushed=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H "Authorization: Bearer $store_token" --data 87.4 \
  "http://127.0.0.1:$STORE_PORT/values/coverage" || true)
$DOCKER rm -f "$PREFIX-store1" >/dev/null
store_run "$PREFIX-store2"
read -r health_store2 _ < <(wait_container_healthy "$PREFIX-store2")
read_back=$(curl -s "http://127.0.0.1:$STORE_PORT/values/coverage" || true)
$DOCKER rm -f "$PREFIX-store2" >/dev/null
if [ "$health_store1" = healthy ] && [ "$pushed" = 200 ] && [ "$health_store2" = healthy ] \
  && [[ $read_back == *'"value": 87.4'* ]]; then
  pass "stored values on a volume at /data: PUT 200, the container removed, a new one on the volume reads $read_back"
else
  fail "stored values: first container '$health_store1', PUT $pushed; second '$health_store2', read '$read_back'"
fi

# ---- docker stop under load: wrk for 3 s on distinct URLs; the stop 1 s in. drainDelay is 4 s here, so the load
# ends while the server still accepts (as a load balancer stops sending once /readyz fails).
drain_delay=4
drain_deadline=$($DOCKER exec "$PREFIX-main" /usr/local/bin/progress-rings serve --print-config \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["drainDeadline"]["value"])')
wrk -t2 -c16 -d3s -s Tests/Browser/count-statuses.lua "http://127.0.0.1:$PORT" >"$WORK/wrk.txt" 2>&1 &
wrk_pid=$!
pids+=($wrk_pid)
(
  for _ in $(seq 300); do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:$PORT/readyz" || true)
    echo "$(date +%s.%N) $code"
    [ "$code" = 000 ] && break
    sleep 0.05
  done >"$WORK/readyz.txt"
) &
pids+=($!)
sleep 1
stop_started=$(date +%s.%N)
$DOCKER stop "$PREFIX-main" >/dev/null
stop_took=$(since "$stop_started")
wait "$wrk_pid" || true
exit_code=$($DOCKER inspect -f '{{.State.ExitCode}}' "$PREFIX-main")
requests=$(awk '/^requests/ { print $2 }' "$WORK/wrk.txt")
errors=$(awk '/^requests/ { print $4 }' "$WORK/wrk.txt")
ok=$(awk '$1 == "status" && $2 == 200 { print $3 }' "$WORK/wrk.txt")
first_503=$(awk -v t="$stop_started" '$2 == 503 { printf "%.2f", $1 - t; exit }' "$WORK/readyz.txt")
ok_after_503=$(awk '$2 == 503 { seen = 1 } seen && $2 == 200 { n++ } END { print n + 0 }' "$WORK/readyz.txt")
stopped_line=$($DOCKER logs "$PREFIX-main" 2>&1 | grep 'msg=stopped' || true)
limit=$((drain_delay + drain_deadline))
if [ -n "$first_503" ] && [ "$ok_after_503" = 0 ] && [ "${requests:-0}" -gt 100 ] && [ "$errors" = 0 ] \
  && [ "$ok" = "$requests" ] && [ "$exit_code" = 0 ] \
  && awk -v t="$stop_took" -v l="$limit" 'BEGIN { exit !(t <= l) }' \
  && [[ $stopped_line == *'drained="all requests finished"'* ]]; then
  pass "docker stop under load: /readyz 503 after $first_503 s, $requests requests all 200, 0 errors; exit 0 after $stop_took s (drainDelay $drain_delay + drainDeadline $drain_deadline = $limit s)"
else
  cat "$WORK/wrk.txt"
  fail "docker stop: first 503 at '${first_503:-never}' s, 200 after it $ok_after_503; $requests requests, $ok 200, $errors errors; exit $exit_code after $stop_took s (limit $limit s); '$stopped_line'"
fi

total=$(since "$script_started")
if [ "$failures" -eq 0 ]; then
  echo "container-test: ok (${total} s)"
else
  echo "container-test: $failures check(s) failed (${total} s)"
  exit 1
fi
