#!/usr/bin/env bash
# Lints every route's response with REDbot's httplint (PyPI): the exact bytes the server sends, GET on each route,
# the negotiated route, badges, the builder and gallery pages, a 304, error images, 404 and 405. Fails on any note httplint rates BAD; prints the WARNs.
# (HEAD is left out: httplint reads a response without knowing its request, so it would expect a body.)
# Usage: .ci/checks/httplint.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/wait.sh
SWIFT=${SWIFT:-swift}
PORT=${HTTPLINT_PORT:-18496}
# Debian's own Python refuses a plain pip install (PEP 668); httplint has no Debian package.
command -v httplint >/dev/null || python3 -m pip install --quiet httplint 2>/dev/null ||
  python3 -m pip install --quiet --break-system-packages httplint
"$SWIFT" build --product progress-rings >/dev/null
BIN=$("$SWIFT" build --show-bin-path)/progress-rings
log=$(mktemp /tmp/httplint-server.XXXXXX)
"$BIN" serve --port "$PORT" --log-format off > >(tee "$log") 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait 2>/dev/null || true; rm -f "$log"' EXIT
wait_healthy "http://127.0.0.1:$PORT/healthz" "$log" "$server"

fetch() { python3 .ci/checks/httplint.py "$PORT" "$@"; }
etag=$(fetch GET '/ring.svg?value=72' | tr -d '\r' | awk 'tolower($1) == "etag:" {print $2}')
bad=0
while IFS='|' read -r method target header; do
  args=("$method" "$target")
  [ -n "$header" ] && args+=("${header//ETAG/$etag}")
  notes=$(fetch "${args[@]}" | httplint -n)
  warnings=$(echo "$notes" | grep -E '\[(BAD|WARN)\]' | sed 's/^ *\* //' | paste -sd ';' - || true)
  printf '%-8s %-44s %s\n' "$method" "$target${header:+ ($header)}" "${warnings:-clean}"
  if echo "$notes" | grep -q '\[BAD\]'; then bad=1; fi
done <<'ROUTES'
GET|/ring.svg?value=72|
GET|/ring.png?value=72|
GET|/ring?value=72|
GET|/ring?value=72|Accept: image/png
GET|/ring/72.svg?color=green|
GET|/ring/72.png|
GET|/ring.svg?value=72|If-None-Match: ETAG
GET|/ring.svg?size=5000|
GET|/ring.png?value=abc|
GET|/badge.svg?label=coverage&value=72|
GET|/badge.png?label=coverage&value=72|
GET|/badge/build/72.svg|
GET|/badge.svg?value=abc|
GET|/|
GET|/examples|
GET|/parameters|
GET|/healthz|
GET|/readyz|
GET|/metrics|
GET|/nowhere|
DELETE|/ring.svg|
ROUTES
[ "$bad" -eq 0 ] || { echo "httplint: a response has BAD notes" >&2; exit 1; }
echo "httplint: no BAD notes"
