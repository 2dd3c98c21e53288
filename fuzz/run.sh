#!/usr/bin/env bash
# Runs every fuzz target for a bounded time (docs/fuzzing.md).
#
#   fuzz/run.sh [SECONDS] [TARGET...]     default: 10 seconds, every target
#
# For each target: first every file of fuzz/regressions/<target>/ is run
# once (inputs that crashed before and must not again), then libFuzzer runs
# for SECONDS from the seed corpus fuzz/corpus/<target>/ (read only; new
# inputs go to build/fuzz/corpus/<target>/). A crash is saved in
# build/fuzz/crashes/<target>/ and named in the output.
#
# fuzz/known_failing.txt lists targets whose failures are known and being
# fixed elsewhere: they still run and report, but do not fail this script.
# A listed target that passes is pointed out, so its line can go.
# fuzz/dicts/<target>.dict, if there is one, is the target's dictionary.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
shift || true
build=build/fuzz

cmake --preset fuzz >/dev/null || exit 1
cmake --build --preset fuzz --target fuzz_all || exit 1

if [ "$#" -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for f in fuzz/*.cpp; do
    name="$(basename "$f" .cpp)"
    [ "$name" = make_corpus ] || targets+=("$name")
  done
fi
known_failing() {
  grep -v '^\s*#' fuzz/known_failing.txt 2>/dev/null | awk '{print $1}' | grep -qx "$1"
}

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
failed=()
known=()
for t in "${targets[@]}"; do
  exe="$build/fuzz/fuzz_$t"
  [ -x "$exe" ] || { echo "fuzz: no target $t ($exe)"; failed+=("$t"); continue; }
  mkdir -p "$build/corpus/$t" "$build/crashes/$t" "fuzz/corpus/$t"
  ok=1
  regressions=(fuzz/regressions/"$t"/*)
  if [ -e "${regressions[0]}" ]; then
    echo "== $t: ${#regressions[@]} regression inputs"
    "$exe" -timeout=20 "${regressions[@]}" >"$build/crashes/$t/regressions.log" 2>&1 || ok=0
    [ "$ok" = 1 ] || tail -n 30 "$build/crashes/$t/regressions.log"
  fi
  if [ "$ok" = 1 ]; then
    echo "== $t: fuzzing for ${seconds}s"
    dict=()
    [ -f "fuzz/dicts/$t.dict" ] && dict=(-dict="fuzz/dicts/$t.dict")
    "$exe" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 "${dict[@]}" \
      -artifact_prefix="$build/crashes/$t/" "$build/corpus/$t" "fuzz/corpus/$t" \
      >"$build/crashes/$t/fuzz.log" 2>&1 || ok=0
    # The last status line: runs, cov (edges), ft (features), corpus, exec/s.
    grep -E '^#[0-9]+' "$build/crashes/$t/fuzz.log" | tail -n 1
    if [ "$ok" = 0 ]; then
      tail -n 40 "$build/crashes/$t/fuzz.log"
      echo "fuzz: $t failed; the input is in $build/crashes/$t/ (replay: $exe FILE;"
      echo "      once fixed, add it to fuzz/regressions/$t/)"
    fi
  fi
  if [ "$ok" = 0 ]; then
    if known_failing "$t"; then known+=("$t"); else failed+=("$t"); fi
  elif known_failing "$t"; then
    echo "fuzz: $t passes now: remove it from fuzz/known_failing.txt"
  fi
done
[ "${#known[@]}" -eq 0 ] || echo "fuzz: known failing (fuzz/known_failing.txt): ${known[*]}"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]}"
  exit 1
fi
echo "fuzz: passed: ${#targets[@]} targets, ${seconds}s each, ${#known[@]} of them known failing"
