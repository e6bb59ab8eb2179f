#!/usr/bin/env bash
# `make bench-stored`: what a stored value costs an image, and what pushes cost the images served meanwhile, on
# SQLite (synchronous=FULL) and on PostgreSQL (a cluster made here, in the scratch directory). Release build, access
# log off, wrk on 127.0.0.1, compared as ratios within one run:
#   1. a cached ring with its value in the URL against the same ring showing a stored value (`value=@name`): the
#      server's CPU per request and requests/s, in alternating rounds (target: stored at most 1.3 × the CPU);
#      the same stored ring with `staleAfter=30d` (a fresh value, so the same bytes) against the mean of the round's
#      two stored rows, measured before and after it in turn: what deciding the value's freshness costs a cached hit
#      (target: at most 1.05 × the CPU);
#      The same for a sparkline: the 30 points of a name's history in the URL against `value=@name` (target as 1);
#   2. cached rings under load (wrk, 64 connections) alone, then while a client pushes 50 writes a second
#      (.ci/lib/stored-writer.py): requests/s with writes against without (target ≥ 0.9 ×), and the writes'
#      median and p99 latency, from the request to the 200 that says the point is durable.
# Writes .bench/stored.md.
# Usage: .ci/bench/bench-stored.sh [SECONDS] [ROUNDS]   (defaults: 5 s per run, 3 rounds)
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
. .ci/lib/wait.sh
. .ci/lib/wrk.sh
DURATION=${1:-${BENCH_SECONDS:-5}}
ROUNDS=${2:-3}
SWIFT=${SWIFT:-swift}
PORT=${SERVICE_PORT:-18495}
CONNECTIONS=64
TOKEN=pr_bench-stored-token

for tool in wrk curl python3 sha256sum; do
  command -v "$tool" >/dev/null || { echo "bench-stored: $tool is missing (make bench-stored installs it)" >&2; exit 1; }
done
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)
[ -x "$PG_BIN/pg_ctl" ] || { echo "bench-stored: PostgreSQL is missing (make bench-stored installs it)" >&2; exit 1; }
"$SWIFT" build -c release --product progress-rings >/dev/null
BIN_DIR=$("$SWIFT" build -c release --show-bin-path)
make_scratch bench-stored

# PostgreSQL refuses to run as root: its programs run as the postgres user, in a directory it owns.
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
mkdir -p "$WORK/pg/socket"
# The scratch directory is private (0700): the postgres user may pass through it to its own.
[ "$(id -u)" != 0 ] || { chmod 711 "$WORK"; chown -R postgres "$WORK/pg"; }
as_postgres "$PG_BIN/initdb" -D "$WORK/pg/data" -A trust -U postgres -E UTF8 >/dev/null
PG_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_postgres "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -w -l "$WORK/pg/log" \
  -o "-p $PG_PORT -k $WORK/pg/socket -c listen_addresses=127.0.0.1" start >/dev/null
stop_postgres() { as_postgres "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -w -m fast stop >/dev/null 2>&1 || true; }
trap 'stop_postgres; scratch_cleanup' EXIT

DIGEST=$(printf %s "$TOKEN" | sha256sum | cut -c1-64)
TICKS=$(getconf CLK_TCK)
S="http://127.0.0.1:$PORT"
PLAIN="/ring.svg?value=87.4&size=128"
STORED="/ring.svg?value=@coverage&size=128"
AGED="/ring.svg?value=@coverage&size=128&staleAfter=30d"
# A history of 30 points, pushed to a name no writer touches during the rounds.
TREND=$(python3 -c 'print(",".join(str(round(80 + 5 * ((i * 37) % 11) / 10, 1)) for i in range(30)))')
SPARK_PLAIN="/spark.svg?points=$TREND&label=auto"
SPARK_STORED="/spark.svg?value=@trend&label=auto"

# Runs wrk on a URL and prints "requests_per_second p99_ms cpu_us_per_request errors".
measure() {
  local before after out
  before=$(cpu_ticks "$service_pid")
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "$1")
  after=$(cpu_ticks "$service_pid")
  wrk_parse <<<"$out"
  awk -v r="$wrk_rate" -v p="$wrk_p99" -v t=$((after - before)) -v hz="$TICKS" -v n="$wrk_requests" -v e="$wrk_errors" \
    'BEGIN { printf "%s %s %.2f %d\n", r, p, (n > 0 ? t / hz * 1e6 / n : 0), e }'
}

results=$WORK/results.txt
: >"$results"
echo "bench-stored: wrk -t2 -c$CONNECTIONS -d${DURATION}s, $ROUNDS rounds, $(nproc) cores" >&2
for store in sqlite postgres; do
  if [ "$store" = sqlite ]; then place=$WORK/values.db; else place="postgresql://postgres@127.0.0.1:$PG_PORT/postgres"; fi
  "$BIN_DIR/progress-rings" serve --port "$PORT" --log-format off --value-store "$place" \
    --value-tokens "{\"*\": \"sha256:$DIGEST\"}" > >(tee "$WORK/server-$store.log") 2>&1 &
  service_pid=$!
  pids+=("$service_pid")
  wait_healthy "$S/healthz" "$WORK/server-$store.log" "$service_pid"
  curl -fsS -o /dev/null -X PUT -H "Authorization: Bearer $TOKEN" --data 87.4 "$S/values/coverage"
  [ "$(curl -fs "$S$PLAIN" | cksum)" = "$(curl -fs "$S$STORED" | cksum)" ] \
    || { echo "bench-stored: the stored ring and the plain ring differ" >&2; exit 1; }
  [ "$(curl -fs "$S$PLAIN" | cksum)" = "$(curl -fs "$S$AGED" | cksum)" ] \
    || { echo "bench-stored: the fresh ring with staleAfter and the plain ring differ" >&2; exit 1; }
  for value in ${TREND//,/ }; do
    curl -fsS -o /dev/null -X PUT -H "Authorization: Bearer $TOKEN" --data "$value" "$S/values/trend"
  done
  [ "$(curl -fs "$S$SPARK_PLAIN" | cksum)" = "$(curl -fs "$S$SPARK_STORED" | cksum)" ] \
    || { echo "bench-stored: the stored sparkline and the plain sparkline differ" >&2; exit 1; }
  for round in $(seq "$ROUNDS"); do
    p=$(measure "$S$PLAIN"); echo "$store plain $p" >>"$results"
    # The cost of a run grows with its place in a round on this machine (the identical stored and quiet rows differed
    # by up to 10 %): staleAfter is measured second and first in turn, against the mean of the two stored rows.
    if [ $((round % 2)) = 1 ]; then
      s=$(measure "$S$STORED"); a=$(measure "$S$AGED")
    else
      a=$(measure "$S$AGED"); s=$(measure "$S$STORED")
    fi
    echo "$store stored $s" >>"$results"
    echo "$store aged $a" >>"$results"
    q=$(measure "$S$STORED"); echo "$store quiet $q" >>"$results"
    sp=$(measure "$S$SPARK_PLAIN"); echo "$store sparkplain $sp" >>"$results"
    ss=$(measure "$S$SPARK_STORED"); echo "$store sparkstored $ss" >>"$results"
    python3 .ci/lib/stored-writer.py "$PORT" "$TOKEN" 50 "$((DURATION + 1))" >"$WORK/writer.txt" &
    writer=$!
    sleep 0.5
    w=$(measure "$S$STORED")
    wait "$writer"
    echo "$store writing $w" >>"$results"
    echo "$store writes $(cat "$WORK/writer.txt")" >>"$results"
    echo "  $store round $round: plain $p | stored $s | staleAfter $a | quiet $q | spark $sp | spark @name $ss | with 50 writes/s $w |" \
      "$(cat "$WORK/writer.txt")" >&2
  done
  kill "$service_pid"
  wait "$service_pid" 2>/dev/null || true
done

mkdir -p .bench
table=$(awk -v rounds="$ROUNDS" '
  $2 == "writes" { n[$1] += $4; failed[$1] += $6; p50[$1] += $8; p99w[$1] += $10; next }
  { k = $1 " " $2; rps[k] += $3; p99[k] += $4; cpu[k] += $5; err[k] += $6 }
  END {
    printf "| store | scenario | req/s | p99 ms | CPU µs/req | errors |\n|---|---|---:|---:|---:|---:|\n"
    split("plain stored aged quiet writing sparkplain sparkstored", order, " ")
    names["plain"] = "cached ring, value in the URL"; names["stored"] = "the same ring, value=@name"
    names["aged"] = "the same, staleAfter=30d (fresh)"
    names["quiet"] = "value=@name, no writes"; names["writing"] = "value=@name while 50 writes/s"
    names["sparkplain"] = "cached sparkline, 30 points in the URL"; names["sparkstored"] = "the same sparkline, value=@name"
    split("sqlite postgres", stores, " ")
    for (s = 1; s <= 2; s++) for (i = 1; i <= 7; i++) { k = stores[s] " " order[i]
      printf "| %s | %s | %.0f | %.2f | %.2f | %d |\n", stores[s], names[order[i]], rps[k] / rounds, p99[k] / rounds, cpu[k] / rounds, err[k] }
    printf "\n| store | writes acknowledged | failed | median ms | p99 ms |\n|---|---:|---:|---:|---:|\n"
    for (s = 1; s <= 2; s++) { k = stores[s]
      printf "| %s | %d | %d | %.2f | %.2f |\n", k, n[k], failed[k], p50[k] / rounds, p99w[k] / rounds }
    printf "\n"
    for (s = 1; s <= 2; s++) { k = stores[s]
      c = cpu[k " stored"] / cpu[k " plain"]; w = rps[k " writing"] / rps[k " quiet"]
      sc = cpu[k " sparkstored"] / cpu[k " sparkplain"]; ac = cpu[k " aged"] / ((cpu[k " stored"] + cpu[k " quiet"]) / 2)
      printf "%s: staleAfter costs a cached hit %.2f × its CPU without (the mean of the two stored rows; target ≤ 1.05: %s).\n", k, ac, (ac <= 1.05 ? "met" : "missed")
      printf "%s: a stored value costs %.2f × the CPU of the value in the URL (target ≤ 1.3: %s); a stored sparkline %.2f × the CPU of its points in the URL (%s); cached images while pushing 50 a second: %.2f × the requests/s (target ≥ 0.9: %s).\n", \
        k, c, (c <= 1.3 ? "met" : "missed"), sc, (sc <= 1.3 ? "met" : "missed"), w, (w >= 0.9 ? "met" : "missed") }
  }' "$results")
{
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, wrk -t2 -c$CONNECTIONS -d${DURATION}s, $ROUNDS rounds averaged, 127.0.0.1."
  echo
  echo "$table"
} | tee .bench/stored.md
