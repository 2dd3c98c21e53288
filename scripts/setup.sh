#!/usr/bin/env bash
# Installs everything meeple needs to build, test and serve on Debian 12.
# Only Debian packages (apt-get); safe to re-run: it installs only what is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git clang-format
  nlohmann-json3-dev libcli11-dev libfmt-dev libspdlog-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libboost-dev libsqlite3-dev libssl-dev libpqxx-dev postgresql-15 haproxy
  clang-14 libfuzzer-14-dev
  python3-dev pybind11-dev python3-numpy python3-pytest python3-venv python3-pip python3-wheel
  python3-setuptools
)
# The Python module (python/, docs/python.md): pybind11, NumPy, pytest, and
# venv/pip/wheel/setuptools for an offline `pip install .`.
# HAProxy fronts several servers in the fail-over test and deploy/local (docs/scale.md).
# clang-14 and libFuzzer build the fuzz targets (fuzz/, docs/fuzzing.md).
# Browser tests (issue 4) need Node.js, npm and Debian's Chromium.
if [ "${MEEPLE_WITH_BROWSER:-1}" = 1 ]; then
  packages+=(chromium nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# nodejs/npm may come from outside Debian on some machines: accept any working node.
if command -v node >/dev/null && command -v npm >/dev/null; then
  filtered=()
  for p in "${missing[@]}"; do [[ "$p" == nodejs || "$p" == npm ]] || filtered+=("$p"); done
  missing=("${filtered[@]}")
fi

if [ "${#missing[@]}" -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all Debian packages present"
fi
