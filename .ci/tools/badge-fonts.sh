#!/usr/bin/env bash
# Fetches Verdana, whose advance widths the badge width table holds (shields.io measures badge text in Verdana, a font
# no Debian package carries): PyPI's genbadge, a maintained badge generator that ships verdana.ttf, is installed with
# pip into .build/badge-fonts (never the system's Python, never git). Prints the font's path.
# Usage: .ci/tools/badge-fonts.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
VERSION=1.1.3
dir=.build/badge-fonts
font=$dir/genbadge/verdana.ttf
if [ ! -f "$font" ] || [ "$(cat "$dir/VERSION" 2>/dev/null)" != "$VERSION" ]; then
  command -v python3 >/dev/null 2>&1 || .ci/lib/deps.sh python3
  python3 -m pip --version >/dev/null 2>&1 || .ci/lib/deps.sh python3-pip
  echo "installing Verdana from PyPI's genbadge $VERSION into $dir" >&2
  rm -rf "$dir"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps --target "$dir" \
    "genbadge==$VERSION"
  echo "$VERSION" >"$dir/VERSION"
fi
echo "$PWD/$font"
