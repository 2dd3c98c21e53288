// Risk 2008's computer players (Basic Training and Command Room, 3-5
// players).
//
// Levels (level 0 is the random bot; 6..10 play as 5): 1 and 2 are the
// heuristic (ai/risk_2008/heuristic.h) with 50 and 20 % of its moves
// random (ai/careless.h), 3 the heuristic (the seed only breaks ties among
// equally scored choices), 4 ISMCTS over the heuristic's few best choices
// with heuristic playouts (ai/narrowed_search.h), as the European
// edition's top level was until it was strengthened, and 5 that search as
// it is now: wider, longer playouts, and a game already won finished by
// the heuristic.
// Calibration: docs/bots.md, "Risk 2008".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"

namespace meeple::risk2008 {

inline constexpr int kTopLevel = 5;
// The plain heuristic's level (`heuristic` in the arena and the lobby).
inline constexpr int kHeuristicLevel = 3;

// What each level plays, levels 1..kTopLevel.
std::vector<std::string> level_names();

std::unique_ptr<Bot> make_risk_2008_bot(const Game& game, int level, uint64_t seed);

}  // namespace meeple::risk2008
