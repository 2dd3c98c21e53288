// Sampling a chance node for searchers and playouts: the same draw as
// Match::draw_chance (Rng::pick over the outcomes' probabilities), with a
// caller-owned weights buffer so a loop of playouts allocates nothing.
#pragma once

#include <vector>

#include "core/game.h"

namespace meeple {

// One outcome of s's chance node (precondition: s.is_chance()).
Action sample_chance_outcome(const State& s, Rng& rng, std::vector<double>& weights);

}  // namespace meeple
