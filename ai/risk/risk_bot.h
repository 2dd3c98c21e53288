// A simple heuristic Risk player (issue 3): it trades whenever it can,
// reinforces the borders under most pressure, attacks when the exact battle
// odds (games/risk/odds.h) are good, moves armies out of the interior,
// declares any mission it can, and always defends with the most dice. It is
// fast and finishes games; the AI issue replaces it with a searcher.
//
// Levels: every level 1..10 is this heuristic (level 0 is the random bot);
// the seed only breaks ties among equally scored choices.
#pragma once

#include <cstdint>
#include <memory>

#include "ai/bot.h"

namespace meeple::risk {

std::unique_ptr<Bot> make_risk_bot(const Game& game, int level, uint64_t seed);

}  // namespace meeple::risk
