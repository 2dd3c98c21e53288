#include "core/chance.h"

namespace meeple {

Action sample_chance_outcome(const State& s, Rng& rng, std::vector<double>& weights) {
  const auto outcomes = s.chance_outcomes();
  weights.resize(outcomes.size());
  for (size_t i = 0; i < outcomes.size(); ++i) weights[i] = outcomes[i].probability;
  return outcomes[rng.pick(weights)].action;
}

}  // namespace meeple
