#!/usr/bin/env bash
# Instructions per PNG miss, split into draw, encode and the service's own work, counted by valgrind's callgrind
# over `ring-bench --misses` (the same images as its time table). Instruction counts do not depend on what else the
# machine runs, so two commits can be compared on a busy machine: `git checkout A; .ci/bench/render-instructions.sh`.
# Usage: .ci/bench/render-instructions.sh [IMAGES] [CASE...]   (default 20 images per case; cases as ring-bench names
# them, e.g. "ring, labelled 128×128"; default: every case)
set -euo pipefail
cd "$(dirname "$0")/../.."
IMAGES=${1:-20}
shift || true
.ci/lib/deps.sh valgrind >/dev/null
SWIFT=${SWIFT:-swift}
"$SWIFT" build -c release --product ring-bench >/dev/null 2>&1
out=$(mktemp -d "${TMPDIR:-/tmp}/render-instructions.XXXXXX")
trap 'rm -rf "$out"' EXIT
# Valgrind 3.19 cannot read the DWARF 5 the Swift toolchain writes: count a copy without debug information (the
# symbol table, which names the functions, stays).
objcopy --strip-debug "$("$SWIFT" build -c release --show-bin-path)/ring-bench" "$out/ring-bench"
bench=$out/ring-bench

cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  mapfile -t cases < <("$bench" --misses --images 1 | awk -F' \\| ' '/^\| (ring|badge|bar|spark)/ { sub(/^\| /, "", $1); gsub(/×/, "x", $2); print $1 " " $2 }')
fi

echo "Instructions per image (valgrind --tool=callgrind, $IMAGES distinct images per case; $(git rev-parse --short HEAD))."
echo
echo "| image | draw | encode | service | miss |"
echo "|---|---:|---:|---:|---:|"
for c in "${cases[@]}"; do
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bench" --misses --images "$IMAGES" --only "$c" \
    >/dev/null 2>"$out/log" || { cat "$out/log" >&2; exit 1; }
  # Inclusive instructions of the three stage functions of ring-bench (see MissTable.swift).
  callgrind_annotate --inclusive=yes --threshold=100 "$out/cg" 2>/dev/null |
    awk -v c="$c" -v n="$IMAGES" '
      { gsub(/,/, "", $1) }
      /ring_bench9drawStage/ { d = $1 } /ring_bench11encodeStage/ { e = $1 } /ring_bench12serviceStage/ { s = $1 }
      END {
        split(c, parts, " ")
        printf "| %s | %.0f | %.0f | %.0f | %.0f |\n", c, d / n, e / n, (s - d - e) / n, s / n
      }'
done
