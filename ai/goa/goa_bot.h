// A heuristic Goa player (issue 12), 2-4 players. It decides on a
// determinized state (its view with the hidden cards, ducats and tiles
// redrawn, never the true state):
// - an action turn's choices are tried one by one, the rest of its own
//   turn completed greedily (chance drawn from its own RNG, a few times when
//   the outcome matters, as for a foundation's reveal) and the position
//   scored: victory points as the game would count them now, plus what its
//   ducats, spices, ships, colonists, cards and development levels are
//   still worth in the rounds left, against the best opponent;
// - a bid is the lot's worth to it (winning at the lowest bid against
//   passing), shaded, and never above that worth;
// - a marker goes on the tile it would most like to own (its auctioneer
//   sells it or keeps it).
//
// Levels 1..10 are this heuristic (level 0 is the random bot); the seed only
// draws the determinization, the samples and the ties.
#pragma once

#include <cstdint>
#include <memory>

#include "ai/bot.h"

namespace meeple::goa {

std::unique_ptr<Bot> make_goa_bot(const Game& game, int level, uint64_t seed);

}  // namespace meeple::goa
