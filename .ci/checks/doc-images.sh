#!/usr/bin/env bash
# The pictures in docs/, drawn by this build's `progress-rings render` from the queries listed here, so every
# picture shows what the service draws. `.ci/checks/doc-images.sh` (re)draws them; `--check` (run by `make lint`) fails when
# one differs from what the build draws now.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
"$SWIFT" build --product progress-rings 2>&1 | grep -v "prohibited flag" | grep -E "error|warning: .*\.swift" || true
BIN=$("$SWIFT" build --show-bin-path)/progress-rings
check=false
[ "${1:-}" = --check ] && check=true

# file | render options | query
images=(
  "bar-default.png|--bar|value=72&scale=2"
  "bar-stacked.png|--bar|value=30,60,90&label={value}/{max}&width=240&scale=2"
  "bar-beside.png|--bar|value=40&height=8&width=240&scale=2"
  "bar-gradient.png|--bar|value=80&gradient=green&width=240&height=24&scale=2"
  "bar-square.png|--bar|value=55&radius=0&width=240&thresholds=50:orange,80:green&scale=2"
  "pbd-28.png|--bar|value=28&max=100&width=90&thresholds=0:d9534f,30:f0ad4e,70:5cb85c&track=555555&textColor=ffffff&height=20&radius=4&fontSize=11&fontWeight=normal&label={value}%25&scale=2"
  "pbd-28-progress.png|--bar|value=28&max=100&width=118&thresholds=0:d9534f,30:f0ad4e,70:5cb85c&track=555555&textColor=ffffff&height=20&radius=4&fontSize=11&fontWeight=normal&label=progress%20{value}%25&title=progress&scale=2"
  "pbd-7-mark.png|--bar|value=7&max=10&width=94&thresholds=0:d9534f,30:f0ad4e,70:5cb85c&track=555555&textColor=ffffff&height=20&radius=4&fontSize=11&fontWeight=normal&label=mark%20{value}X&title=mark&scale=2"
  "spark-label.png|--spark|points=3,5,4,8,6,9,7&label=auto&width=160&scale=2"
  "pbd-420-funds.png|--bar|value=420&max=500&width=160&color=babaca&track=555555&textColor=ffffff&height=20&radius=4&fontSize=11&fontWeight=normal&label=funds%20{value}%24&title=funds&scale=2"
)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
stale=0
for entry in "${images[@]}"; do
  IFS='|' read -r file options query <<<"$entry"
  # shellcheck disable=SC2086
  "$BIN" render $options "$query" -o "$scratch/$file"
  if $check; then
    if ! cmp -s "$scratch/$file" "docs/images/$file"; then
      echo "doc-images: docs/images/$file is not what this build draws (run .ci/checks/doc-images.sh)" >&2
      stale=1
    fi
  else
    cp "$scratch/$file" "docs/images/$file"
  fi
done
$check && [ "$stale" -eq 0 ] && echo "doc-images: ${#images[@]} pictures match this build"
exit "$stale"
