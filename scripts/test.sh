#!/usr/bin/env bash
# Sets up (Debian packages), builds with ASan+UBSan, assertions on and
# warnings as errors, and runs every test: formatting, the include layering,
# the GoogleTest suites under ctest, the browser end-to-end tests in headless
# Chromium, and every fuzz target's regression inputs and seed corpus
# (replayed under ctest). The asan preset keeps line tables only (-g1):
# sanitizer reports still name file and line, and a cold build compiles
# about a fifth faster than with full debug information (-g).
# MEEPLE_FUZZ_SECONDS=N also builds the libFuzzer
# tree with clang and fuzzes every target for N seconds (fuzz/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage says how long it took, so a slow CI run shows where the time went.
stage_start=$SECONDS
stage_done() {
  echo "== $1: $((SECONDS - stage_start)) s (total $SECONDS s)"
  stage_start=$SECONDS
}
bash scripts/setup.sh
stage_done "set-up"
bash scripts/check-format.sh
bash scripts/check-layers.sh
cmake --preset asan >/dev/null
cmake --build --preset asan -j"$(nproc)"
stage_done "build"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if [ -x tests/e2e/run.sh ] || [ -f tests/e2e/run.sh ]; then
  bash tests/e2e/run.sh build/asan/cli/meeple
  stage_done "browser tests"
fi
ctest --preset asan -j"$(nproc)"
stage_done "ctest"
if [ "${MEEPLE_FUZZ_SECONDS:-0}" != 0 ]; then
  bash fuzz/run.sh "${MEEPLE_FUZZ_SECONDS}"
fi
