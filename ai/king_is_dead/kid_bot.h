// A simple heuristic player for The King is Dead (issue 11), every
// configuration: for each legal step it completes the rest of its own turn
// greedily on a determinized state (its view with the hidden Cunning cards
// redrawn, never the true state) and scores the position — the power
// struggles projected as the board stands (a strict majority takes the
// region, a tie or an empty region is unstable), the faction ranking that
// follows, its own (team's) followers of the first and second factions
// against the best opponent, complete sets weighted by the danger of a
// French invasion, and the cards it keeps for later.
//
// Levels 1..10 are this heuristic (level 0 is the random bot); the seed only
// draws the determinization and breaks ties.
#pragma once

#include <cstdint>
#include <memory>

#include "ai/bot.h"

namespace meeple::king_is_dead {

std::unique_ptr<Bot> make_kid_bot(const Game& game, int level, uint64_t seed);

}  // namespace meeple::king_is_dead
