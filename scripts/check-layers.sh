#!/usr/bin/env bash
# Fails if a C++ file includes a layer above its own (design.md, "Layers
# (includes point down only)"), so core/ stays a library that depends on
# nothing of ours and a game stays pure rules:
#   core/        core/ only
#   games/       core/, games/  (never ai/, server/, cli/)
#   all_games/   core/, games/  (the registry of every game built)
#   ai/*         core/, ai/     (bots see games only through core's contract)
#   ai/<game>/   core/, ai/, games/<game>/  (a game-specific searcher)
#   ai/risk_2008/  also games/risk/: the edition is built on Risk's board,
#                battles and odds (games/CMakeLists.txt links them)
#   server/      core/, ai/, all_games/, server/  (game-agnostic)
#   cli/         everything but tests/ (`meeple serve` starts the server)
#   bench/       everything but tests/ and cli/
#   python/      core/, games/, all_games/, ai/, python/ (the Python module)
# Run by scripts/test.sh and by ctest (test "layers").
set -euo pipefail
cd "$(dirname "$0")/.."

allowed() {  # allowed() FILE -> the include prefixes FILE may use
  case "$1" in
    core/*) echo "core/" ;;
    games/*) echo "core/ games/" ;;
    all_games/*) echo "core/ games/ all_games/" ;;
    ai/risk_2008/*) echo "core/ ai/ games/risk_2008/ games/risk/" ;;  # the edition plays on Risk's board and odds
    ai/*/*) echo "core/ ai/ games/$(echo "$1" | cut -d/ -f2)/" ;;
    ai/*) echo "core/ ai/" ;;
    server/*) echo "core/ ai/ all_games/ server/" ;;
    cli/*) echo "core/ games/ all_games/ ai/ server/ cli/" ;;
    bench/*) echo "core/ games/ all_games/ ai/ server/ bench/" ;;
    python/*) echo "core/ games/ all_games/ ai/ python/" ;;
  esac
}

bad=0
checked=0
for file in $(git ls-files 'core/*' 'games/*' 'all_games/*' 'ai/*' 'server/*' 'cli/*' 'bench/*' 'python/*' |
  grep -E '\.(h|cpp)$'); do
  checked=$((checked + 1))
  prefixes=$(allowed "$file")
  while IFS= read -r inc; do
    ok=0
    for p in $prefixes; do
      case "$inc" in "$p"*) ok=1 ;; esac
    done
    # Includes without a folder are system or third-party headers in quotes.
    case "$inc" in */*) ;; *) ok=1 ;; esac
    if [ "$ok" = 0 ]; then
      echo "check-layers: $file includes \"$inc\"; a file there may include only: $prefixes" >&2
      bad=1
    fi
  done < <(sed -nE 's/^[[:space:]]*#[[:space:]]*include[[:space:]]+"([^"]+)".*/\1/p' "$file")
done
if [ "$bad" = 1 ]; then
  echo "check-layers: includes must point down (design.md, Layers)" >&2
  exit 1
fi
echo "check-layers: $checked files include only layers below them"
