#!/usr/bin/env bash
# The deployment files, checked without a cluster or systemd as init (neither runs here):
#   - yamllint over deploy/ (.yamllint.yaml), the GitHub action (deploy/github-action/action.yml) included; its
#     steps are run against a live server by the Swift suite's GitHubActionTests, which has the test OIDC issuer;
#   - kubernetes-validate --strict: every manifest against the schemas of the Kubernetes releases still
#     supported (KUBERNETES_VERSIONS);
#   - .ci/checks/deploy-check.py: the manifests fit each other, the Dockerfile and the settings the binary loads;
#   - deploy/systemd/progress-rings.service: `systemd-analyze verify`, `systemd-analyze security --offline`
#     (exposure at most 2.0), and every system call the server makes (strace, under a few requests and a
#     drain) is one its SystemCallFilter allows.
# Prints PASS/FAIL per check; exits 1 on any FAIL. Usage: .ci/checks/deploy-lint.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
. .ci/lib/wait.sh
BIN=$(readlink -f "${1:-.build/debug/progress-rings}")
[ -x "$BIN" ] || { echo "deploy-lint: build progress-rings first ($BIN)" >&2; exit 1; }
KUBERNETES_VERSIONS=(1.35.0 1.36.0 1.37.0)
PIP_PACKAGES=(kubernetes-validate==1.37.0 yamllint==1.38.0)
VENV=.build/deploy-lint-venv
UNIT=deploy/systemd/progress-rings.service
failures=0
pass() { echo "deploy-lint: PASS: $*"; }
fail() { echo "deploy-lint: FAIL: $*"; failures=$((failures + 1)); }

.ci/lib/deps.sh python3 python3-venv strace curl
# Debian's python3 with a venv of the pinned tools, made once per checkout (under .build, which git ignores).
if [ "$(cat "$VENV/pinned" 2>/dev/null)" != "${PIP_PACKAGES[*]}" ]; then
  rm -rf "$VENV"
  /usr/bin/python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "${PIP_PACKAGES[@]}"
  echo "${PIP_PACKAGES[*]}" >"$VENV/pinned"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/deploy-lint.XXXXXX")
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

if "$VENV/bin/yamllint" --strict deploy/ .yamllint.yaml; then
  pass "yamllint $("$VENV/bin/yamllint" --version | awk '{ print $2 }'): deploy/ and .yamllint.yaml"
else
  fail "yamllint (above)"
fi

mapfile -t manifests < <(find deploy/kubernetes -name '*.yaml' ! -name kustomization.yaml | sort)
for version in "${KUBERNETES_VERSIONS[@]}"; do
  if "$VENV/bin/kubernetes-validate" --strict --quiet -k "$version" "${manifests[@]}"; then
    pass "kubernetes-validate --strict, Kubernetes $version: ${manifests[*]}"
  else
    fail "kubernetes-validate --strict, Kubernetes $version (above)"
  fi
done

"$VENV/bin/python" .ci/checks/deploy-check.py "$BIN" || failures=$((failures + 1))

# ---- The systemd unit. systemd-analyze comes with the systemd package; it is not installed for this alone.
if ! command -v systemd-analyze >/dev/null; then
  echo "deploy-lint: SKIP: $UNIT: systemd-analyze is missing (package systemd, not installed on a machine whose init is not systemd)"
else
  # verify checks that ExecStart's program exists: the built binary stands in for /usr/local/bin's.
  sed "s|^ExecStart=/usr/local/bin/progress-rings |ExecStart=$BIN |" "$UNIT" >"$WORK/progress-rings.service"
  if systemd-analyze verify "$WORK/progress-rings.service" >"$WORK/verify.txt" 2>&1 && [ ! -s "$WORK/verify.txt" ]; then
    pass "systemd-analyze verify $UNIT: no message"
  else
    cat "$WORK/verify.txt"
    fail "systemd-analyze verify $UNIT (above)"
  fi
  exposure=$(systemd-analyze security --offline=true --threshold=20 "$WORK/progress-rings.service" 2>&1 \
    | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
  if [ -n "$exposure" ] && awk -v e="$exposure" 'BEGIN { exit !(e <= 2.0) }'; then
    pass "systemd-analyze security --offline: exposure $exposure (at most 2.0)"
  else
    fail "systemd-analyze security --offline: exposure '${exposure:-unknown}', more than 2.0"
  fi

  # The system calls the unit's filter allows: @system-service without the groups it takes away, expanded.
  expand() {
    systemd-analyze syscall-filter "$1" | awk 'NR > 1 && $1 !~ /^#/ && NF { print $1 }' | while read -r entry; do
      if [[ $entry == @* ]]; then expand "$entry"; else echo "$entry"; fi
    done
  }
  allowed=$(expand @system-service | sort -u)
  denied=""
  for group in $(sed -n 's/^SystemCallFilter=~//p' "$UNIT"); do denied+=$(expand "$group")$'\n'; done
  allowed=$(comm -23 <(echo "$allowed") <(echo "$denied" | sort -u))
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  strace -f -qq -o "$WORK/strace.txt" "$BIN" serve --host 127.0.0.1 --port "$port" --drain-delay 0.2 \
    --drain-deadline 1 --log-format logfmt >"$WORK/serve.log" 2>&1 &
  server=$!
  wait_healthy "http://127.0.0.1:$port/healthz" "$WORK/serve.log" "$server"
  for path in /healthz /readyz /metrics / "/ring.svg?value=72" "/ring.png?value=72&size=256&scale=2" \
    "/badge.png?label=x&value=5" "/ring.svg?size=5000" "/ring.svg?value=72"; do
    curl -s -o /dev/null --compressed "http://127.0.0.1:$port$path" || true
  done
  # strace blocks fatal signals for itself (-o FILE PROG): the SIGTERM goes to the server it runs.
  pkill -TERM -P "$server" || true
  wait "$server" || true
  server=
  used=$(sed -n 's/^[0-9]* *\([a-z0-9_]*\)(.*/\1/p' "$WORK/strace.txt" | sort -u)
  outside=$(comm -23 <(echo "$used") <(echo "$allowed") | tr '\n' ' ')
  if [ -n "$used" ] && [ -z "$outside" ] && grep -q 'msg=stopped' "$WORK/serve.log"; then
    pass "the server's $(echo "$used" | wc -l) system calls (start, 9 requests, drain) are all allowed by" \
      "SystemCallFilter, among them $(echo "$used" | grep -E '^(setpriority|sched_setattr|epoll_wait|accept4)$' | tr '\n' ' ')"
  else
    fail "system calls the unit's SystemCallFilter refuses: ${outside:-none}; log: $(tail -2 "$WORK/serve.log")"
  fi
fi

[ "$failures" -eq 0 ] && echo "deploy-lint: ok" || { echo "deploy-lint: $failures check(s) failed"; exit 1; }
