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
PROGRESS_RINGS_FUZZ=1 swift build -c release --sanitize=fuzzer --sanitize=address \
  --scratch-path "$scratch" --product HTTPParserFuzz

corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
cp Tests/HTTPServerTests/Corpus/* "$corpus/"
mkdir -p .fuzz/artifacts

echo "fuzzing the HTTP parser for ${seconds}s" >&2
"$scratch/release/HTTPParserFuzz" \
  -max_total_time="$seconds" \
  -max_len=20000 \
  -timeout=10 \
  -rss_limit_mb=2048 \
  -detect_leaks=1 \
  -dict=Tests/Fuzz/http.dict \
  -artifact_prefix=.fuzz/artifacts/ \
  -print_final_stats=1 \
  "$corpus"
