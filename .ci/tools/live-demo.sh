#!/usr/bin/env bash
# make live-demo: the gallery's live cards on this machine. Python's http.server serves the documents in
# config/live-demo/ on 127.0.0.1 (the port the sources of config/live-demo.json name), and progress-rings serves with
# that configuration; both stop together (Ctrl-C, or the server exiting). Edit a document and the images follow once
# its value's liveTTL (10 s in the demo) has passed. docs/live-demo.md says more.
# Usage: .ci/tools/live-demo.sh [BINARY] [serve flags...]
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/wait.sh
binary=.build/release/progress-rings
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  binary=$1
  shift
fi
config=config/live-demo.json
# The one port every source of the demo names, so the documents' server and the configuration cannot disagree.
port=$(python3 - "$config" <<'EOF'
import json, sys, urllib.parse
sources = json.load(open(sys.argv[1]))["liveSources"]["value"]
urls = [s if isinstance(s, str) else s["url"] for s in sources.values()]
ports = {urllib.parse.urlsplit(u).port for u in urls}
hosts = {urllib.parse.urlsplit(u).hostname for u in urls}
if len(ports) != 1 or hosts != {"127.0.0.1"}:
    sys.exit("the sources of %s must all be on 127.0.0.1 and one port: %s" % (sys.argv[1], urls))
print(ports.pop())
EOF
)
documents_log=$(mktemp /tmp/live-demo-documents.XXXXXX)
python3 -m http.server "$port" --bind 127.0.0.1 --directory config/live-demo >"$documents_log" 2>&1 &
documents=$!
trap 'kill "$documents" 2>/dev/null || true; wait "$documents" 2>/dev/null || true; rm -f "$documents_log"' EXIT
# Fails, with the document server's output, when it could not listen (the port in use, say).
wait_healthy "http://127.0.0.1:$port/coverage.json" "$documents_log" "$documents"
echo "live-demo: config/live-demo/*.json on http://127.0.0.1:$port/; the live cards are at /examples (Ctrl-C stops both)"
# Stored values live in a scratch file of this run, so each demo starts from the same short history.
values=$(mktemp -d /tmp/live-demo-values.XXXXXX)
trap 'kill "$documents" 2>/dev/null || true; wait "$documents" 2>/dev/null || true; rm -rf "$documents_log" "$values"' EXIT
# In the background and in a session of its own, so a signal to this script (Ctrl-C, a TERM) reaches the server once,
# through the trap, at once: bash runs a trap only after its foreground command ends, and Ctrl-C or timeout would
# signal the server a second time (which stops it without draining).
setsid "$binary" serve --config "$config" --value-store "$values/values.db" "$@" &
server=$!
trap 'kill -TERM "$server" 2>/dev/null || true' INT TERM
# The gallery's stored-value cards: a short history of demo.coverage (a trend upwards, with the last push 87.4)
# and one push of demo.tests with its max, with the demo's token (config/live-demo.json holds its digest).
# Where the server listens: the defaults, or what the flags say (make live-demo ARGS="--port 9000").
host=127.0.0.1 server_port=8080
while [ $# -gt 0 ]; do
  case $1 in
    --port) server_port=${2:-$server_port}; shift ;;
    --port=*) server_port=${1#--port=} ;;
    --host) host=${2:-$host}; shift ;;
    --host=*) host=${1#--host=} ;;
  esac
  shift
done
[ "$host" = "0.0.0.0" ] && host=127.0.0.1
address=$host:$server_port
if wait_healthy "http://$address/healthz" "" "$server"; then
  push() {
    curl -fsS -o /dev/null -X PUT -H "Authorization: Bearer pr_live-demo-only" --data "$2" "http://$address/values/$1" ||
      echo "live-demo: could not push $1=$2" >&2
  }
  for value in 78.2 79.0 78.6 80.1 81.4 81.0 82.7 83.5 83.1 84.9 85.6 86.2 85.8 86.9 87.4; do push demo.coverage "$value"; done
  push demo.tests '{"value": 412, "max": 430}'
  echo "live-demo: pushed a history of demo.coverage and demo.tests; the stored cards are at /examples too"
fi
status=0
wait "$server" || status=$?
# A signal ends the first wait; the second waits for the server's drain and gives its exit status.
if kill -0 "$server" 2>/dev/null; then
  status=0
  wait "$server" || status=$?
fi
exit "$status"
