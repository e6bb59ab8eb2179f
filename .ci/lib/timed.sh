#!/usr/bin/env bash
# Runs one step of `make check` or `make test` and prints how long it took, so a CI log says where its minutes go.
# Usage: .ci/lib/timed.sh COMMAND [ARG...]   (exits with the command's status)
set -uo pipefail
started=$(date +%s)
"$@"
status=$?
# A wrapper that only reports (.ci/lib/failures.sh) is named by the command it wraps.
[[ $1 == */failures.sh ]] && shift
echo "step $(basename "$1") ${2:-}: $(( $(date +%s) - started )) s, exit $status"
exit $status
