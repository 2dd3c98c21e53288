#include "ai/risk_2008/risk_2008_bot.h"

#include <fmt/format.h>

#include <algorithm>

#include "ai/careless.h"
#include "ai/narrowed_search.h"
#include "ai/risk_2008/heuristic.h"
#include "ai/sampled_policy.h"
#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk2008 {

namespace {

std::unique_ptr<Bot> heuristic_bot(uint64_t seed) {
  return std::make_unique<SampledPolicyBot<risk::Risk2008State>>(&heuristic_action, seed,
                                                                 "risk-2008-heuristic");
}

// Levels 3 and 4: the search of the European edition's level 3
// (ai/risk/risk_bot.cpp), level 4 with four times the iterations.
constexpr NarrowedSearchLevel kSearch[] = {{.iterations = 100, .width = 4, .rollout_steps = 200},
                                           {.iterations = 400, .width = 4, .rollout_steps = 200}};

}  // namespace

std::vector<std::string> level_names() {
  std::vector<std::string> names = {"the heuristic, 50 % of its moves random",
                                    "the heuristic (battle odds, borders, capital, objectives)"};
  for (const NarrowedSearchLevel& k : kSearch)
    names.push_back(fmt::format(
        "ISMCTS, {} iterations a decision over the heuristic's {} best choices, heuristic playouts",
        k.iterations, k.width));
  return names;
}

std::unique_ptr<Bot> make_risk_2008_bot(const Game& game, int level, uint64_t seed) {
  level = std::clamp(level, 1, kTopLevel);
  if (level == 1)
    return std::make_unique<CarelessBot>(heuristic_bot(seed), 0.5, mix64(seed, 0x6361u),
                                         "risk-2008 careless heuristic");
  if (level == 2) return heuristic_bot(seed);
  const NarrowedSearchPolicy<risk::Risk2008State> search{
      .policy = &heuristic_action, .candidates = &candidate_actions, .leaf_values = &leaf_values};
  return std::make_unique<NarrowedSearchBot<risk::Risk2008State>>(
      game, kSearch[level - 3], search, seed, fmt::format("risk-2008 ismcts level {}", level));
}

}  // namespace meeple::risk2008
