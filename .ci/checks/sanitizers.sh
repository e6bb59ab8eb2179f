#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer, each in its own
# scratch path so neither clobbers the debug build. Fails on any test failure or sanitizer report.
# Usage: .ci/checks/sanitizers.sh [address|thread]...   (default: both)
# The suppression files in .ci/fixtures/ name each report that comes from outside the project, and why.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
here=$PWD/.ci/fixtures
export SWIFT_BACKTRACE=enable=no
# The sanitizer brings its own malloc: the build leaves jemalloc out (Package.swift).
export PROGRESS_RINGS_MALLOC=glibc
export ASAN_OPTIONS="suppressions=$here/asan.supp:detect_leaks=1:abort_on_error=0"
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="suppressions=$here/tsan.supp:halt_on_error=0:exitcode=66:report_signal_unsafe=0"

status=0
for kind in "${kinds[@]}"; do
  case $kind in
    address) scratch=.build-asan; marker='ERROR: (AddressSanitizer|LeakSanitizer)'; skip=() ;;
    # The three parameter sweeps call the service from one thread, one request at a time: ThreadSanitizer, which
    # finds races, has nothing to see there, and they were the longest part of its run. AddressSanitizer keeps them.
    thread) scratch=.build-tsan; marker='WARNING: ThreadSanitizer'; skip=(--skip 'BadInput(Bar|Spark)?SweepTests') ;;
    *) echo "sanitizers: unknown sanitizer $kind (address or thread)" >&2; exit 2 ;;
  esac
  log=$(mktemp /tmp/sanitizer-$kind.XXXXXX)
  started=$(date +%s)
  "$SWIFT" build --build-tests --sanitize="$kind" --scratch-path "$scratch" 2>&1 | grep -v 'ld.gold: warning' | tail -n 3
  # Every test (less the sweeps under ThreadSanitizer): the binary tests run the sanitized progress-rings too, so its reports land in the same log.
  set +e
  "$SWIFT" test --skip-build --sanitize="$kind" --scratch-path "$scratch" "${skip[@]}" >"$log" 2>&1
  result=$?
  set -e
  reports=$(grep -cE "$marker" "$log" || true)
  summary=$(grep -E '(✔|✘) Test run with' "$log" | tail -n 1)
  echo "sanitizer $kind: ${summary:-no test summary}; $reports report(s); exit $result; $(( $(date +%s) - started ))s"
  if [ "$result" -ne 0 ] || [ "$reports" -ne 0 ]; then
    grep -E '✘|SUMMARY: ' "$log" | sort | uniq -c | head -n 40 >&2
    echo "sanitizer $kind: full log in $log" >&2
    status=1
  else
    rm -f "$log"
  fi
done
exit $status
