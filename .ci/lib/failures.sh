#!/usr/bin/env bash
# Runs a Swift test command with its output shown as it comes, and, when it fails, repeats every failed test and its
# issues at the end: a CI log that keeps only its tail still says which test failed and why.
# Usage: .ci/lib/failures.sh COMMAND [ARG...]   (exits with the command's status)
set -uo pipefail
log=$(mktemp /tmp/swift-test.XXXXXX)
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo "---- failed tests and their issues ($(grep -c '✘' "$log") lines) ----"
  grep -E '✘' "$log" | head -n 80
  echo "---- full output in $log ----"
else
  rm -f "$log"
fi
exit "$status"
