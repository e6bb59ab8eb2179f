# progress-rings: built with the Makefile's own release step, run from an image that holds only the binary, the
# shared libraries it links, the label fonts and the named logos. docs/deployment.md has more; in short, from a
# fresh clone:
#   docker build -t progress-rings .
#   docker run --rm -p 8080:8080 --read-only --cap-drop ALL --security-opt no-new-privileges progress-rings

# ---- The named logos, fetched as `make deps` fetches them on a host: Simple Icons from PyPI's simple-icons-pack,
# pinned in .ci/tools/simple-icons.sh, written out as icons/SLUG.svg and index.tsv. ----
FROM debian:bookworm-slim AS logos
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        ca-certificates \
        python3 \
        python3-pip \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY .ci/tools/simple-icons.sh .ci/tools/simple-icons.sh
# Behind a proxy that re-signs TLS, give pip its certificate authorities as a build secret:
#   docker build --secret id=ca-certificates,src=/etc/ssl/certs/ca-certificates.crt -t progress-rings .
RUN --mount=type=secret,id=ca-certificates \
    if [ -s /run/secrets/ca-certificates ]; then export PIP_CERT=/run/secrets/ca-certificates; fi \
    && .ci/tools/simple-icons.sh /out/simple-icons

FROM swift:6.3-bookworm AS build
WORKDIR /src
# ---- Build dependencies, one package a line: the Makefile's BUILD_DEPS, plus make. ----
# A layer of its own, so that source changes do not repeat the download.
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        fonts-dejavu-core \
        fonts-liberation2 \
        fonts-noto-cjk \
        fonts-noto-color-emoji \
        libcairo2-dev \
        libcurl4-openssl-dev \
        libgif-dev \
        libicu-dev \
        libjemalloc-dev \
        libpango1.0-dev \
        libpng-dev \
        libpq-dev \
        libsqlite3-dev \
        libssl-dev \
        libwebp-dev \
        libxml2-dev \
        make \
        pkg-config \
        zlib1g-dev \
    && rm -rf /var/lib/apt/lists/*
# Only what the binary is built from (.dockerignore keeps everything else out of the context): a change to the
# README, the docs or the tests leaves this layer and the compile below cached.
COPY Package.swift Makefile ./
COPY .ci/lib/deps.sh .ci/lib/deps.sh
COPY Sources Sources
# The same target a developer runs. The static standard library keeps Swift out of the runtime image; the
# binary is stripped (it has no use for its symbol table there).
RUN make release LOGOS_STEP=true SWIFT_BUILD_FLAGS="--static-swift-stdlib --product progress-rings -Xlinker --strip-all" \
    && install -D -m 0755 "$(swift build -c release --show-bin-path)/progress-rings" /out/progress-rings

FROM debian:bookworm-slim AS runtime
# ---- Runtime dependencies, one package a line: the libraries `ldd progress-rings` lists, and the label fonts
# (DejaVu Sans; Liberation Sans for social badges; Noto Sans CJK for Chinese, Japanese and Korean, regular and
# bold, without the package's serif faces, which no label asks for; Noto Color Emoji), and the system's certificate
# store for live values fetched over https. Installed here only to be copied out: the image below is made of the binary, these libraries and
# their data, and nothing else (no shell, no package manager). ----
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        fontconfig \
        fonts-dejavu-core \
        fonts-liberation2 \
        fonts-noto-cjk \
        fonts-noto-color-emoji \
        ca-certificates \
        libcairo2 \
        libcurl4 \
        libgif7 \
        libicu72 \
        libjemalloc2 \
        libpango-1.0-0 \
        libpangocairo-1.0-0 \
        libpng16-16 \
        libpq5 \
        libsqlite3-0 \
        libssl3 \
        libstdc++6 \
        libwebp7 \
        libxml2 \
        zlib1g \
    && rm -rf /var/lib/apt/lists/* /usr/share/fonts/opentype/noto/NotoSerifCJK-* \
        /usr/share/fonts/truetype/liberation2/LiberationMono-* /usr/share/fonts/truetype/liberation2/LiberationSerif-*
COPY --from=build /out/progress-rings /out/progress-rings
COPY deploy/container/runtime-root.sh /usr/local/bin/runtime-root
# The file system of the image: the binary, each library it loads, the fonts with fontconfig's configuration and a
# prebuilt cache (a read-only container could not write one, and without it every start would scan the fonts), the
# certificate authorities, passwd and group naming uid 10001, an empty /tmp. See the script.
RUN runtime-root /out/progress-rings /rootfs

FROM scratch
COPY --from=runtime /rootfs /
COPY --from=logos /out/simple-icons /usr/share/progress-rings/simple-icons
COPY config/default.json /etc/progress-rings/config.json
# Every interface inside the container. The file documents every other setting: mount your own over it (a
# file may hold only the settings it changes), and any PROGRESS_RINGS_<SETTING> from `docker run -e` overrides it.
# Stored values (on once valueTokens is set) live in /data, the one place the server writes: mount a volume there
# (`-v rings-data:/data`), the root file system stays read-only.
ENV PROGRESS_RINGS_CONFIG=/etc/progress-rings/config.json \
    PROGRESS_RINGS_HOST=0.0.0.0 \
    PROGRESS_RINGS_LOGO_DIRECTORY=/usr/share/progress-rings/simple-icons \
    PROGRESS_RINGS_VALUE_STORE=/data/values.db
VOLUME /data
USER 10001:10001
EXPOSE 8080
# The binary checks itself (no curl, no shell): GET /healthz on the port the settings above give, through loopback.
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=3 \
    CMD ["/usr/local/bin/progress-rings", "check"]
# SIGTERM starts the drain: /readyz fails, requests in flight finish, exit 0 within drainDelay + drainDeadline
# (2 + 5 s by default, inside `docker stop`'s 10 s).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/progress-rings"]
CMD ["serve"]
