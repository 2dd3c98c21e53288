// A simple heuristic Risk player (issue 3): it trades whenever it can,
// reinforces the borders under most pressure, attacks when the exact battle
// odds (games/risk/odds.h) are good, moves armies out of the interior,
// declares any mission it can, and always defends with the most dice. It is
// fast and finishes games; the AI issue replaces it with a searcher.
//
// Levels: 1 is this heuristic with half its moves random (ai/careless.h),
// 2 the heuristic (the seed only breaks ties among equally scored choices);
// 3..10 play as 2 until a searcher beats it (issue 15). Level 0 is the
// random bot.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"

namespace meeple::risk {

inline constexpr int kTopLevel = 2;

// What each level plays, levels 1..kTopLevel.
std::vector<std::string> level_names();

std::unique_ptr<Bot> make_risk_bot(const Game& game, int level, uint64_t seed);

}  // namespace meeple::risk
