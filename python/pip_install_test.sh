#!/usr/bin/env bash
# `pip install .` as a researcher runs it (docs/python.md), offline, into a
# fresh virtual environment that sees Debian's NumPy, reusing the CMake tree
# given as $1 (MEEPLE_CMAKE_BUILD_DIR) instead of compiling the engine again,
# with the interpreter $2 (default python3); then imports the installed
# package from outside the checkout and plays.
# Run by ctest (test python_pip_install).
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
build="$(cd "$1" && pwd)"
venv="$build/python-venv"
rm -rf "$venv"
"${2:-python3}" -m venv --system-site-packages "$venv"
MEEPLE_CMAKE_BUILD_DIR="$build" "$venv/bin/pip" install --no-build-isolation --no-index \
  --disable-pip-version-check -q "$src"
cd "$venv"
# A sanitizer build's module needs its runtimes loaded first (ctest passes
# their paths in MEEPLE_PY_ENV; empty or ":" for a plain build).
preload="${MEEPLE_PY_ENV:-}"
[ "$preload" = ":" ] && preload=""
LD_PRELOAD="$preload" ASAN_OPTIONS=detect_leaks=0 "$venv/bin/python" - <<'PY'
import os
import meeple

here = os.path.dirname(meeple.__file__)
assert "python-venv" in here, here
# The data files travel with the package.
assert os.path.isfile(os.path.join(here, "data", "risk", "map.json")), here
assert os.environ["MEEPLE_DATA_DIR"] == os.path.join(here, "data")
for name in meeple.games():
    game = meeple.load_game(name)
    out = meeple.playouts(game, 2, seed=1, max_length=5000)
    assert (out["lengths"] > 0).all(), name
    # Random players end every game that has a length bound (not Risk).
    assert out["terminal"].all() or game.max_game_length() < 0, name
print("installed meeple", here, "games", meeple.games())
PY
