// Picking the best of scored actions, for the hand-written heuristics.
#pragma once

#include "ai/bot.h"

namespace meeple {

// The best-scored action `scorer` emits (it calls its argument with each
// action and score), or `fallback` when none beats `floor`. With `rng`,
// each score gets a noise far below any real difference in score, so ties
// break by the seed instead of by the order of the legal actions.
template <typename Scorer>
Action best_of(Scorer&& scorer, Action fallback, double floor, Rng* rng) {
  Action best = fallback;
  double best_score = floor;
  scorer([&](Action a, double score) {
    if (rng) score += rng->unit() * 1e-3;
    if (score > best_score) best_score = score, best = a;
  });
  return best;
}

}  // namespace meeple
