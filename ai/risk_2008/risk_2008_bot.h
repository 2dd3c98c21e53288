// Risk 2008's computer players (Basic Training and Command Room, 3-5
// players).
//
// Levels (level 0 is the random bot; 5..10 play as 4): 1 is the heuristic
// (ai/risk_2008/heuristic.h) with half its moves random (ai/careless.h),
// 2 the heuristic (the seed only breaks ties among equally scored
// choices), 3 ISMCTS over the heuristic's few best choices with heuristic
// playouts (ai/narrowed_search.h), as the European edition's level 3, and
// 4 the same search with four times the iterations.
// Calibration: docs/bots.md, "Risk 2008".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"

namespace meeple::risk2008 {

inline constexpr int kTopLevel = 4;

// What each level plays, levels 1..kTopLevel.
std::vector<std::string> level_names();

std::unique_ptr<Bot> make_risk_2008_bot(const Game& game, int level, uint64_t seed);

}  // namespace meeple::risk2008
