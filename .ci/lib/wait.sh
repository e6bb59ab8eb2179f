# Sourced by every script that starts a server and waits for it: one wait, which fails loudly.

# wait_healthy URL [LOG] [PID]: polls URL (curl, 2xx) every 0.05 s until it answers. Otherwise, after
# WAIT_HEALTHY_SECONDS (default 20) or as soon as PID (when given) has exited, prints the URL, the seconds waited
# and the last 20 lines of LOG (the server's output, when given), and exits the script with status 1.
wait_healthy() {
  local url=$1 log=${2:-} pid=${3:-} limit=${WAIT_HEALTHY_SECONDS:-20} started now waited why
  started=$(date +%s.%N)
  while :; do
    curl -fs -o /dev/null --max-time 2 "$url" && return 0
    now=$(date +%s.%N)
    waited=$(awk -v a="$started" -v b="$now" 'BEGIN { printf "%.1f", b - a }')
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
      why="the server (pid $pid) exited"
      break
    fi
    if awk -v w="$waited" -v l="$limit" 'BEGIN { exit !(w >= l) }'; then
      why="no answer"
      break
    fi
    sleep 0.05
  done
  {
    echo "wait_healthy: $url is not healthy after $waited s ($why)"
    if [ -n "$log" ] && [ -s "$log" ]; then
      echo "wait_healthy: the last lines of $log:"
      tail -n 20 "$log" | sed 's/^/  /'
    elif [ -n "$log" ]; then
      echo "wait_healthy: $log is empty or missing"
    fi
  } >&2
  exit 1
}
