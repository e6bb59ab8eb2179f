# Sourced by checks that judge latency on a shared machine: where a window's CPU went, so that a slow window can be
# told apart as the server's own (more CPU per request) or the machine's (other processes, the hypervisor).

# proc_ticks PID: the CPU ticks (1/CLK_TCK s, user + system, every thread) PID has used; 0 once it is gone.
proc_ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
# children_ticks: the ticks of this shell's children it has waited for (a foreground wrk, once it has ended).
children_ticks() { awk '{ sub(/^.*\) /, ""); print $14 + $15 }' "/proc/$$/stat"; }
# machine_ticks: "BUSY STOLEN": every core's busy ticks (user, nice, system, irq, softirq) and the hypervisor's steal.
machine_ticks() { awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8, $9 }' /proc/stat; }
# process_ticks: "PID TICKS NAME" for every process now.
process_ticks() {
  local f
  for f in /proc/[0-9]*/stat; do cat "$f" 2>/dev/null || true; done |
    awk '{ from = index($0, "("); to = match($0, /\) [A-Z] /); name = substr($0, from + 1, to - from - 1)
           rest = substr($0, to + 2); split(rest, a, " "); gsub(/ /, "_", name); print $1, a[12] + a[13], name }'
}
# top_ticks BEFORE AFTER [N]: the N (3) processes that used the most ticks between two process_ticks snapshots,
# as "name 1.23 s, …".
top_ticks() {
  awk 'NR == FNR { t[$1] = $2; next }
    { d = $2 - ($1 in t ? t[$1] : 0); if (d > 0) print d, $3 }' "$1" "$2" | sort -rn | head -n "${3:-3}" |
    awk -v hz="$(getconf CLK_TCK)" '{ printf "%s%s %.2f s", (NR > 1 ? ", " : ""), $2, $1 / hz }'
}
# calibrate_ms: milliseconds this machine takes now for a fixed single-core work (SHA-256 of 32 MiB), the best of 3:
# a machine slowed by its host (frequency, a noisy neighbour) takes longer for the same work.
calibrate_ms() {
  local best= t0 t i
  for i in 1 2 3; do
    t0=$(date +%s%N)
    head -c 32M /dev/zero | sha256sum >/dev/null
    t=$((($(date +%s%N) - t0) / 1000000))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}
