# Sourced by .ci/checks/container-test.sh (needs DOCKER, SWIFT, WORK, die): makes the two base images the Dockerfile
# names, when they are absent, from Debian's own mirror (no registry is reachable here). Kept between runs.
#   debian:bookworm-slim  mmdebstrap --variant=minbase, with the path excludes and apt settings of the official
#                         slim image (no manuals, docs, translations or apt caches); bookworm, bookworm-updates
#                         and bookworm-security.
#   swift:6.3-bookworm    the same, plus the libraries and tools the toolchain needs, plus the toolchain this
#                         machine has (the one the Makefile finds), under /opt/swift and on PATH.
# Where a registry is reachable, the official images of those names serve the same Dockerfile.

DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEBIAN_SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
# What the toolchain needs to build a package: clang's linker driver (binutils' ld.gold, the C runtime and
# libgcc), the C and C++ headers, and the libraries its tools link (curl, xml2, edit, ncurses, sqlite, uuid, z3);
# git, make and pkg-config as the official image has them.
SWIFT_IMAGE_PACKAGES="binutils,ca-certificates,git,libc6-dev,libcurl4-openssl-dev,libedit2,libgcc-12-dev,libncurses6"
SWIFT_IMAGE_PACKAGES+=",libsqlite3-0,libstdc++-12-dev,libxml2-dev,libz3-4,make,pkg-config,tzdata,uuid-dev,zlib1g-dev"
# Parts of the toolchain a build never runs: the debugger, the editor services, docc, the embedded and wasm
# runtimes. Leaving them out halves what `docker import` copies.
SWIFT_IMAGE_EXCLUDES=('./usr/bin/lldb*' ./usr/bin/clangd ./usr/bin/sourcekit-lsp ./usr/bin/docc ./usr/bin/wasmkit
  './usr/lib/liblldb*' ./usr/lib/libsourcekitdInProc.so './usr/lib/libSwiftSourceKit*' './usr/lib/python*'
  ./usr/lib/swift/embedded ./usr/share/docc)

# mmdebstrap with the slim image's excludes and its apt settings (no translations, no package caches, downloaded
# packages deleted once installed), writing a tarball to standard output; extra options first.
debian_rootfs() {
  mmdebstrap --variant=minbase --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/groff/*' --dpkgopt='path-exclude=/usr/share/lintian/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias' \
    --aptopt='Acquire::Languages "none"' --aptopt='Dir::Cache::pkgcache ""' --aptopt='Dir::Cache::srcpkgcache ""' \
    --aptopt='DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb || true"; }' \
    "$@" bookworm - \
    "deb $DEBIAN_MIRROR bookworm main" "deb $DEBIAN_MIRROR bookworm-updates main" \
    "deb $DEBIAN_SECURITY_MIRROR bookworm-security main"
}

make_base_images() {
  local started
  if $DOCKER image inspect debian:bookworm-slim >/dev/null 2>&1; then
    echo "container-test: base image debian:bookworm-slim present"
  else
    started=$(date +%s.%N)
    debian_rootfs 2>"$WORK/mmdebstrap-slim.log" | $DOCKER import --change 'CMD ["bash"]' - debian:bookworm-slim \
      >/dev/null || { tail -20 "$WORK/mmdebstrap-slim.log"; die "could not make debian:bookworm-slim"; }
    echo "container-test: made debian:bookworm-slim in $(since "$started") s"
  fi

  if $DOCKER image inspect swift:6.3-bookworm >/dev/null 2>&1; then
    echo "container-test: base image swift:6.3-bookworm present"
  else
    local version root excludes=()
    version=$("$SWIFT" --version 2>&1 | sed -n 1p)
    [[ $version == *"Swift version 6.3"* ]] || die "swift:6.3-bookworm needs a Swift 6.3 toolchain; $SWIFT is: $version"
    # .../usr/bin/swift → the directory that holds usr/.
    root=$(dirname "$(dirname "$(dirname "$(readlink -f "$SWIFT")")")")
    [ -x "$root/usr/bin/swift-frontend" ] || die "no toolchain under $root (from $SWIFT)"
    for path in "${SWIFT_IMAGE_EXCLUDES[@]}"; do excludes+=("'--exclude=$path'"); done
    started=$(date +%s.%N)
    debian_rootfs --include="$SWIFT_IMAGE_PACKAGES" \
      --customize-hook="mkdir -p \"\$1/opt/swift\" && tar -C '$root' ${excludes[*]} -cf - ./usr | tar -C \"\$1/opt/swift\" -xf -" \
      2>"$WORK/mmdebstrap-swift.log" \
      | $DOCKER import --change 'ENV PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'CMD ["bash"]' - swift:6.3-bookworm >/dev/null \
      || { tail -20 "$WORK/mmdebstrap-swift.log"; die "could not make swift:6.3-bookworm"; }
    echo "container-test: made swift:6.3-bookworm ($version, from $root) in $(since "$started") s"
  fi
}
