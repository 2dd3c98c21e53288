#!/usr/bin/env bash
# Browser end-to-end tests: installs playwright-core and axe-core (npm ci), starts
# `meeple serve` on a free loopback port with a temporary database, runs the
# node tests in headless Chromium, and stops the server.
#   tests/e2e/run.sh [path/to/meeple]     (default: build/release/cli/meeple)
# Screenshots: build/e2e-screenshots/ (override with SCREENSHOT_DIR).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
meeple="${1:-$root/build/release/cli/meeple}"
meeple="$(cd "$(dirname "$meeple")" && pwd)/$(basename "$meeple")"
[ -x "$meeple" ] || { echo "e2e: no meeple binary at $meeple" >&2; exit 2; }
[ -x /usr/bin/chromium ] || { echo "e2e: /usr/bin/chromium is missing (apt-get install chromium)" >&2; exit 2; }

cd "$here"
# npm writes node_modules/.package-lock.json on every install: when the
# project's lock file is newer (a dependency added or bumped), install again.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
# The Risk map's generator: with its packages, tests/risk-map.test.js checks
# that regenerating the map gives the committed web/boards/risk-layout.json.
map="$root/tools/worldmap"
if [ ! -f "$map/node_modules/.package-lock.json" ] || [ "$map/package-lock.json" -nt "$map/node_modules/.package-lock.json" ]; then
  (cd "$map" && npm ci --no-audit --no-fund)
fi

tmp="$(mktemp -d)"
log="$tmp/serve.log"
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$root/build/e2e-screenshots}"
mkdir -p "$SCREENSHOT_DIR"
# Port 0: the server picks a free port and prints it.
# The suite creates many tables from one address: no quotas here (the
# server tests cover them).
"$meeple" serve --port 0 --db "$tmp/e2e.db" --web "$root/web" --no-fsync \
  --max-tables-per-minute 0 --max-live-tables 0 --max-actions-per-minute 0 >"$log" 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

url=""
for _ in $(seq 1 100); do
  url="$(grep -o 'http://[0-9.]*:[0-9]*/' "$log" | head -1 || true)"
  [ -n "$url" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "e2e: the server did not start" >&2; cat "$log" >&2; exit 1; }
echo "e2e: meeple serve at $url (screenshots in $SCREENSHOT_DIR)"
MEEPLE_URL="${url%/}" node --test --test-concurrency=1 tests/
