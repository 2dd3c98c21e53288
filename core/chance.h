// Sampling a chance node: Rng::pick over the outcomes' probabilities. The
// one draw of the engine — Match::draw_chance (so a seed's log), searchers'
// playouts, the Python batch runner and the benchmarks — with a
// caller-owned weights buffer so a loop of playouts allocates nothing.
#pragma once

#include <vector>

#include "core/game.h"
#include "core/rng.h"

namespace meeple {

// One outcome of s's chance node (precondition: s.is_chance()).
Action sample_chance_outcome(const State& s, Rng& rng, std::vector<double>& weights);

}  // namespace meeple
