# progress-rings: build with the Makefile's own release step, run on a slim Debian with only the shared
# libraries the binary links (Cairo, libpng) and the label font.
#   docker build -t progress-rings .
#   docker run --rm -p 8080:8080 progress-rings

FROM swift:6.3-bookworm AS build
WORKDIR /src
# The build dependencies are the Makefile's BUILD_DEPS, installed here in a layer of their own so source
# changes do not repeat the download.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libcairo2-dev libpng-dev zlib1g-dev libcurl4-openssl-dev pkg-config \
       fonts-dejavu-core make \
    && rm -rf /var/lib/apt/lists/*
COPY Package.swift Makefile ./
COPY .ci/deps.sh .ci/deps.sh
COPY Sources Sources
# The same target a developer runs; the static standard library keeps the runtime image free of Swift.
RUN make release SWIFT_BUILD_FLAGS=--static-swift-stdlib \
    && install -D -m 0755 "$(swift build -c release --show-bin-path)/progress-rings" /out/progress-rings

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libcairo2 libpng16-16 fonts-dejavu-core curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --no-create-home --shell /usr/sbin/nologin rings
COPY --from=build /out/progress-rings /usr/local/bin/progress-rings
COPY config/ /etc/progress-rings/
# Every interface inside the container; the file documents every other setting, and any
# PROGRESS_RINGS_<SETTING> passed to `docker run -e` overrides it.
ENV PROGRESS_RINGS_CONFIG=/etc/progress-rings/default.json \
    PROGRESS_RINGS_HOST=0.0.0.0
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/bin/sh", "-c", "curl -fsS \"http://127.0.0.1:${PROGRESS_RINGS_PORT:-8080}/healthz\" || exit 1"]
# SIGTERM starts the drain: /readyz fails, requests in flight finish, exit 0 within drainDelay + drainDeadline.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/progress-rings"]
CMD ["serve"]
