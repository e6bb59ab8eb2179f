#!/usr/bin/env bash
# The PNG encoder (Sources/CPNG) of several commits on the same drawn images, timed in one process that takes turns
# image by image (.ci/bench/encoder-ab.c), so the machine's drift falls on all alike: for changes to the encoder, whose
# effect on a whole miss is too small for .ci/bench/bench-pair.sh to see through the noise. The images are drawn once by
# this tree's ring-bench (`--surfaces`): by default 300 labelled 128 px rings whose values spread as make bench's do.
# Usage: .ci/bench/encoder-ab.sh [-c CASE] [-p PASSES] [-P] REV...   (REV: a commit, or `.` for the working tree;
#        CASE as ring-bench --misses names it, default "ring, labelled 128x128"; -P writes palette PNGs where they fit)
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/scratch.sh
case_name="ring, labelled 128x128"
passes=20
palette=0
while getopts "c:p:P" option; do
  case $option in
  c) case_name=$OPTARG ;;
  p) passes=$OPTARG ;;
  P) palette=1 ;;
  *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-c CASE] [-p PASSES] [-P] REV..." >&2; exit 2; }
.ci/lib/deps.sh zlib1g-dev >/dev/null  # clang comes with the Swift toolchain
make_scratch encoder-ab
swift build -c release --product ring-bench >/dev/null
"$(swift build -c release --show-bin-path)/ring-bench" --surfaces "$WORK/surfaces" --only "$case_name"
libraries=()
index=0
for rev in "$@"; do
  index=$((index + 1))
  dir="$WORK/$index"
  mkdir -p "$dir"
  if [ "$rev" = . ]; then
    cp -r Sources/CPNG/. "$dir"
  else
    git archive "$rev" Sources/CPNG | tar -x -C "$dir" --strip-components 2
  fi
  clang -O2 -fPIC -shared -I"$dir" -I"$dir/include" "$dir"/*.c -lz -o "$dir/libcpng.so"
  libraries+=("$dir/libcpng.so")
done
clang -O2 -I Sources/CPNG/include .ci/bench/encoder-ab.c -ldl -o "$WORK/encoder-ab"
echo "$case_name, ${passes} passes, each image encoded by each build in turn; builds: $*"
echo
# Each build is printed as the revision it was given (libraries are named by their position).
"$WORK/encoder-ab" "$WORK/surfaces" "$palette" "$passes" "${libraries[@]}" |
  awk -v names="$*" 'BEGIN { n = split(names, name, " ") } { for (i = n; i >= 1; i--) gsub("[^|]*/" i "/libcpng.so", " " name[i]); print }'

