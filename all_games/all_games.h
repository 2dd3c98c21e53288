// The registry of every game built: where the program is assembled.
//
// core/ holds the Registry class and knows no game; each game registers
// itself with its own register_game(Registry&). This library (above games/,
// below ai/, server/ and cli/) adds every game of the build — games left out
// with MEEPLE_SKIP_GAMES are simply absent — so the command, the server and
// the tests share one list, and a program that wants fewer games (a fuzzer,
// a Python module for one game) builds its own Registry instead.
#pragma once

#include "core/registry.h"

namespace meeple {

// Adds every game of this build to `registry`.
void register_all_games(Registry& registry);

// The process-wide registry with every game of this build registered
// (built on first use, then read-only, so threads may share it).
const Registry& all_games();

}  // namespace meeple
