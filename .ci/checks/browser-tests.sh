#!/usr/bin/env bash
# Real-browser tests: headless Chromium against a live server (Tests/Browser/browser_test.py).
# Usage: .ci/checks/browser-tests.sh [BINARY] [--update-screenshots]
# Needs Debian's chromium, chromium-driver and python3-selenium (make test installs them). Bounded: the whole run
# is killed after 300 s (it takes about 145 s on an idle 2-core machine; 180 s was hit under load).
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=.build/debug/progress-rings
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then
  binary=$1
  shift
fi
[ -x "$binary" ] || swift build --product progress-rings
# The label fonts: the system's, less WenQuanYi (Tests/fonts.conf), for Chromium and for the server alike.
export FONTCONFIG_FILE=$PWD/Tests/fonts.conf
artifacts=$(mktemp -d "${TMPDIR:-/tmp}/progress-rings-browser.XXXXXX")
# Debian's python3, where python3-selenium lives (not a virtualenv's).
PYTHONDONTWRITEBYTECODE=1 timeout --kill-after=10 300 /usr/bin/python3 Tests/Browser/browser_test.py --binary "$binary" --artifacts "$artifacts" "$@"
