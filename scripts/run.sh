#!/usr/bin/env bash
# Sets up (Debian packages), builds meeple (release) and starts its main job.
# With no arguments: `meeple serve` (open http://localhost:8080), or the
# terminal Reversi game if the server is not built. Any arguments are passed
# to `meeple` instead, e.g. `scripts/run.sh play reversi`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)"
if [ "$#" -gt 0 ]; then
  exec build/release/cli/meeple "$@"
fi
if build/release/cli/meeple serve --help >/dev/null 2>&1; then
  exec build/release/cli/meeple serve
fi
exec build/release/cli/meeple play reversi
