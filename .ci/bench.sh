#!/usr/bin/env bash
# Every benchmark of the project, one after another.
set -euo pipefail
cd "$(dirname "$0")/.."
.ci/bench-http.sh "$@"
