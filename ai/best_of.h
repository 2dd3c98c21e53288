// Picking the best of scored actions, for the hand-written heuristics.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

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

// A search's candidates (ai/narrowed_search.h): appends to `out` the
// `width` best-scored distinct actions of `ranked` that are in `legal`
// (sorted), best first, ties in their order in `ranked`; then `stop`
// (ending the step) when it is legal. `ranked` is sorted in place.
inline void best_few(std::vector<std::pair<double, Action>>& ranked,
                     const std::vector<Action>& legal, int width, Action stop,
                     std::vector<Action>& out) {
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  for (const auto& [score, a] : ranked) {
    if (static_cast<int>(out.size()) == width) break;
    if (std::find(out.begin(), out.end(), a) == out.end() &&
        std::binary_search(legal.begin(), legal.end(), a))
      out.push_back(a);
  }
  if (stop != kInvalidAction && std::binary_search(legal.begin(), legal.end(), stop))
    out.push_back(stop);
}

}  // namespace meeple
