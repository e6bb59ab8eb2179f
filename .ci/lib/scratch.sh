# Sourced by the benchmarks and the soak: a scratch directory and the processes started there, both gone on exit;
# the wrk scripts of the all-miss rows; and the CPU time of processes.

# Makes WORK (a fresh directory under /tmp named after $1) and `pids`; on exit, kills every pid in `pids`, waits
# for them and removes WORK.
make_scratch() {
  WORK=$(mktemp -d "/tmp/$1.XXXXXX")
  pids=()
  trap scratch_cleanup EXIT
}
scratch_cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"
}

# spread_lua FILE PATH_FORMAT BLOCK SIZE...: writes the wrk script of the all-miss PNG rows (.ci/bench/spread.lua) to FILE;
# PATH_FORMAT takes the size (%d) and the value (%s), BLOCK keeps one run's images apart from another's.
spread_lua() {
  local file=$1 format=$2 block=$3
  shift 3
  local sizes
  sizes=$(IFS=,; echo "$*")
  { echo "path_format = \"$format\""; echo "block = $block"; echo "sizes = {$sizes}"; cat .ci/bench/spread.lua; } >"$file"
}

# distinct_lua FILE PATH_FORMAT BLOCK: writes the wrk script of the counting all-miss rows (.ci/bench/distinct.lua) to
# FILE; PATH_FORMAT takes the request's number (%d), BLOCK keeps one run's images apart from another's.
distinct_lua() {
  { echo "path_format = \"$2\""; echo "block = $3"; cat .ci/bench/distinct.lua; } >"$1"
}

# cpu_ticks PID...: user + system CPU ticks (getconf CLK_TCK a second) of the processes and all their threads.
cpu_ticks() {
  local total=0 pid
  for pid in "$@"; do
    [ -r "/proc/$pid/stat" ] || continue
    total=$((total + $(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat")))
  done
  echo "$total"
}
