# Sourced by the benchmarks that compare builds in turn: `BINARY... [-- SECONDS ROUNDS]`.

# bench_args SECONDS ROUNDS USAGE_LINES ARG...: sets `binaries` to the arguments before `--`, and SECONDS_PER_RUN and
# ROUNDS to the two after it (SECONDS and ROUNDS when absent). With no binary, prints the script's usage (its lines
# USAGE_LINES, a sed range such as 2,8) and exits the script with status 2.
bench_args() {
  local seconds=$1 rounds=$2 usage=$3
  shift 3
  binaries=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do binaries+=("$1"); shift; done
  [ "${1:-}" != -- ] || shift
  SECONDS_PER_RUN=${1:-$seconds} ROUNDS=${2:-$rounds}
  [ ${#binaries[@]} -gt 0 ] || { sed -n "${usage}p" "$0" >&2; exit 2; }
}
