#!/usr/bin/env bash
# Fails if any C++ file differs from clang-format's output (.clang-format).
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files '*.cpp' '*.h')
[ -z "$files" ] && exit 0
if ! clang-format --dry-run -Werror $files; then
  echo "check-format: run clang-format -i on the files above" >&2
  exit 1
fi
echo "check-format: $(echo "$files" | wc -l) files formatted"
