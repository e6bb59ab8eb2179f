#!/usr/bin/env bash
# Installs the named logos (Simple Icons, CC0) where the server reads them, when they are not there yet: PyPI's
# simple-icons-pack, which redistributes the simple-icons SVGs and metadata, is installed with pip into
# .build/simple-icons-pip (never the system's Python: Debian's pip refuses that), and its icons are written out as
# DIR/icons/SLUG.svg with DIR/index.tsv (slug, brand color, title). Nothing of it is kept in git.
# Usage: .ci/tools/simple-icons.sh [DIR]   (default .build/simple-icons, the logoDirectory setting's default)
set -euo pipefail
cd "$(dirname "$0")/../.."
VERSION=16.36.0
dir=${1:-.build/simple-icons}
[ -f "$dir/index.tsv" ] && [ "$(cat "$dir/VERSION" 2>/dev/null)" = "$VERSION" ] && exit 0
command -v python3 >/dev/null 2>&1 || .ci/lib/deps.sh python3
python3 -m pip --version >/dev/null 2>&1 || .ci/lib/deps.sh python3-pip
pip_dir=.build/simple-icons-pip
echo "installing Simple Icons $VERSION (PyPI simple-icons-pack) into $dir" >&2
rm -rf "$pip_dir"
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps --target "$pip_dir" \
  "simple-icons-pack==$VERSION"
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp/icons"
PYTHONPATH="$pip_dir" python3 - "$dir.tmp" <<'PY'
import re
import sys
import simple_icons_pack as pack

out = sys.argv[1]
icons = [getattr(pack, name) for name in dir(pack) if name.startswith("SI_")]
slug_pattern = re.compile(r"[a-z0-9_.-]{1,64}")
lines = []
for icon in sorted(icons, key=lambda i: i.slug):
    if not slug_pattern.fullmatch(icon.slug) or icon.slug in (".", ".."):
        continue
    with open(f"{out}/icons/{icon.slug}.svg", "w", encoding="utf-8") as f:
        f.write(icon.svg)
    title = " ".join(icon.title.split())
    lines.append(f"{icon.slug}\t{icon.hex}\t{title}\n")
with open(f"{out}/index.tsv", "w", encoding="utf-8") as f:
    f.writelines(lines)
print(f"{len(lines)} icons", file=sys.stderr)
PY
echo "$VERSION" > "$dir.tmp/VERSION"
rm -rf "$dir" "$pip_dir"
mv "$dir.tmp" "$dir"
