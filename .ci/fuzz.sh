#!/usr/bin/env bash
# Fuzzes the HTTP request-head parser with libFuzzer and AddressSanitizer for a bounded time.
# Usage: .ci/fuzz.sh [SECONDS]   (default: $FUZZ_SECONDS, else 60)
# Seeds from Tests/HTTPServerTests/Corpus (copied, so new inputs never land in the repository) and fails on any
# crash, broken invariant, leak, timeout or out-of-memory; the failing input is kept under .fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-${FUZZ_SECONDS:-60}}"
scratch=.fuzz/build
# The Swift backtracer would catch the trap before libFuzzer can record the crashing input.
export SWIFT_BACKTRACE=enable=no

# The target has no main (libFuzzer brings it), so Package.swift declares it only when PROGRESS_RINGS_FUZZ is set;
# its own scratch path keeps the sanitized build apart from the normal one.
# `--sanitize=fuzzer` makes SwiftPM link libFuzzer's main; the sanitizers themselves go in one -sanitize= list,
# because given as two `--sanitize` options SwiftPM orders them at random and the compiler keeps only the last,
# which at times left the code without coverage counters or without AddressSanitizer.
PROGRESS_RINGS_FUZZ=1 swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
  --scratch-path "$scratch" --product HTTPParserFuzz
fuzzer="$scratch/release/HTTPParserFuzz"

# A fuzzer without coverage counters runs blind and "passes": refuse to go on with one.
counters="$("$fuzzer" -runs=0 Tests/HTTPServerTests/Corpus 2>&1 | sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' | head -n1)"
if [ "${counters:-0}" -lt 500 ]; then
  echo "fuzz: the fuzz target has ${counters:-no} coverage counters; the build is not instrumented" >&2
  exit 1
fi

corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
cp Tests/HTTPServerTests/Corpus/* "$corpus/"
mkdir -p .fuzz/artifacts

echo "fuzzing the HTTP parser for ${seconds}s" >&2
"$fuzzer" \
  -max_total_time="$seconds" \
  -max_len=20000 \
  -timeout=10 \
  -rss_limit_mb=2048 \
  -detect_leaks=1 \
  -dict=Tests/Fuzz/http.dict \
  -artifact_prefix=.fuzz/artifacts/ \
  -print_final_stats=1 \
  "$corpus"
