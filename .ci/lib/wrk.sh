# Sourced by every benchmark and check that reads wrk's output: one parser for it.

# wrk_parse [FILE]: reads wrk's output (FILE, else standard input) and sets, in the caller's shell:
#   wrk_requests   the requests completed ("N requests in …")
#   wrk_rate       requests a second, as wrk prints it ("Requests/sec:")
#   wrk_errors     answers other than 2xx/3xx plus socket errors (connect, read, write, timeout)
#   wrk_p50, wrk_p99   the latency percentiles in milliseconds (printed with --latency; empty without)
# Call it as `wrk_parse FILE` or `wrk_parse <<<"$out"`, not in a pipeline (which would set them in a subshell).
wrk_parse() {
  local fields
  fields=$(awk '
    # wrk writes "123.45us", "1.20ms" or "1.50s".
    function ms(v) {
      if (v ~ /us$/) { sub(/us$/, "", v); return v / 1000 }
      if (v ~ /ms$/) { sub(/ms$/, "", v); return v }
      if (v ~ /s$/) { sub(/s$/, "", v); return v * 1000 }
      return v
    }
    /requests in/ { requests = $1 }
    /^Requests\/sec:/ { rate = $2 }
    /Non-2xx or 3xx/ { errors += $NF }
    /Socket errors/ { gsub(/,/, ""); errors += $4 + $6 + $8 + $10 }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    END { print (requests == "" ? "-" : requests), (rate == "" ? "-" : rate), errors + 0, (p50 == "" ? "-" : p50), (p99 == "" ? "-" : p99) }
  ' "${1:-/dev/stdin}")
  read -r wrk_requests wrk_rate wrk_errors wrk_p50 wrk_p99 <<<"$fields"
  [ "$wrk_requests" != - ] || wrk_requests=
  [ "$wrk_rate" != - ] || wrk_rate=
  [ "$wrk_p50" != - ] || wrk_p50=
  [ "$wrk_p99" != - ] || wrk_p99=
}
