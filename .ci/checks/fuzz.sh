#!/usr/bin/env bash
# Fuzzes the HTTP request-head parser, the query/spec parser, the live-value source parser, the PNG drawing and
# writing, the body and names of pushed values, custom logos and the GIF and WebP writers with libFuzzer and
# AddressSanitizer, each for a bounded time.
# Usage: .ci/checks/fuzz.sh [SECONDS] [TARGET...]   (default: $FUZZ_SECONDS, else 60, for every target)
# Targets: HTTPParserFuzz (seeds: Tests/HTTPServerTests/Corpus), RingSpecFuzz (seeds: Tests/Fuzz/RingSpecCorpus),
# LiveSourceFuzz (a query's sources, and the answer on the lines after it, with `window` or `trend` too, read and drawn as they would be; seeds:
# Tests/Fuzz/LiveSourceCorpus), PNGFuzz (the rasterizer and the PNG writer; seeds:
# Tests/Fuzz/PNGCorpus), StoredValuesFuzz (PUT /values bodies, every report format and value names; seeds:
# Tests/Fuzz/StoredValuesCorpus), LogoFuzz (custom logos' SVG through libxml2 and the logo reader, then drawn;
# seeds: Tests/Fuzz/LogoCorpus), EncoderFuzz (the GIF and WebP writers, read back by giflib and libwebp; seeds:
# Tests/Fuzz/EncoderCorpus) and TokenFuzz (OIDC tokens read and checked against held keys, key sets, base64url;
# seeds: Tests/Fuzz/TokenCorpus).
# Seeds are copied, so new inputs never land in the repository. Fails on any crash, broken invariant, leak,
# timeout or out-of-memory; the failing input is kept under .fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-${FUZZ_SECONDS:-60}}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(HTTPParserFuzz RingSpecFuzz LiveSourceFuzz PNGFuzz StoredValuesFuzz LogoFuzz EncoderFuzz TokenFuzz)
scratch=.fuzz/build
# The Swift backtracer would catch the trap before libFuzzer can record the crashing input.
export SWIFT_BACKTRACE=enable=no
# Leaks from outside the project (fontconfig keeps its configuration for the process's lifetime, and the spec
# parser now measures labels with combining marks through Pango) are the sanitizers' suppressions, read and named
# in that file.
export LSAN_OPTIONS="suppressions=$PWD/.ci/fixtures/lsan.supp:print_suppressions=0"

corpus_of() {
  case $1 in
    HTTPParserFuzz) echo Tests/HTTPServerTests/Corpus ;;
    RingSpecFuzz) echo Tests/Fuzz/RingSpecCorpus ;;
    LiveSourceFuzz) echo Tests/Fuzz/LiveSourceCorpus ;;
    PNGFuzz) echo Tests/Fuzz/PNGCorpus ;;
    StoredValuesFuzz) echo Tests/Fuzz/StoredValuesCorpus ;;
    LogoFuzz) echo Tests/Fuzz/LogoCorpus ;;
    EncoderFuzz) echo Tests/Fuzz/EncoderCorpus ;;
    TokenFuzz) echo Tests/Fuzz/TokenCorpus ;;
    *) echo "fuzz: unknown target $1" >&2; exit 2 ;;
  esac
}
dict_of() {
  case $1 in
    HTTPParserFuzz) echo Tests/Fuzz/http.dict ;;
    RingSpecFuzz) echo Tests/Fuzz/spec.dict ;;
    LiveSourceFuzz) echo Tests/Fuzz/live.dict ;;
    PNGFuzz) echo Tests/Fuzz/png.dict ;;
    StoredValuesFuzz) echo Tests/Fuzz/stored.dict ;;
    LogoFuzz) echo Tests/Fuzz/logo.dict ;;
    EncoderFuzz) echo Tests/Fuzz/encoder.dict ;;
    TokenFuzz) echo Tests/Fuzz/token.dict ;;
  esac
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p .fuzz/artifacts

for target in "${targets[@]}"; do
  seeds=$(corpus_of "$target")
  # The targets have no main (libFuzzer brings it), so Package.swift declares them only when PROGRESS_RINGS_FUZZ is
  # set; their own scratch path keeps the sanitized build apart from the normal one.
  # `--sanitize=fuzzer` makes SwiftPM link libFuzzer's main; the sanitizers themselves go in one -sanitize= list,
  # because given as two `--sanitize` options SwiftPM orders them at random and the compiler keeps only the last,
  # which at times left the code without coverage counters or without AddressSanitizer.
  PROGRESS_RINGS_FUZZ=1 swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
    --scratch-path "$scratch" --product "$target"
  fuzzer="$scratch/release/$target"

  # A fuzzer without coverage counters runs blind and "passes": refuse to go on with one.
  counters="$("$fuzzer" -runs=0 "$seeds" 2>&1 | sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' | head -n1)"
  if [ "${counters:-0}" -lt 500 ]; then
    echo "fuzz: $target has ${counters:-no} coverage counters; the build is not instrumented" >&2
    exit 1
  fi

  corpus="$work/$target"
  mkdir -p "$corpus"
  cp "$seeds"/* "$corpus/"
  echo "fuzzing $target for ${seconds}s" >&2
  "$fuzzer" \
    -max_total_time="$seconds" \
    -max_len=20000 \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -detect_leaks=1 \
    -dict="$(dict_of "$target")" \
    -artifact_prefix=".fuzz/artifacts/$target-" \
    -print_final_stats=1 \
    "$corpus"
done
