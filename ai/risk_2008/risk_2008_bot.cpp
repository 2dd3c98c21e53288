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

// Level 3's search, as the European edition's level 3 (ai/risk/risk_bot.cpp).
constexpr NarrowedSearchLevel kSearch{.iterations = 100, .width = 4, .rollout_steps = 200};

}  // namespace

std::vector<std::string> level_names() {
  return {"the heuristic, 50 % of its moves random",
          "the heuristic (battle odds, borders, capital, objectives)",
          fmt::format("ISMCTS, {} iterations a decision over the heuristic's {} best choices, "
                      "heuristic playouts",
                      kSearch.iterations, kSearch.width)};
}

std::unique_ptr<Bot> make_risk_2008_bot(const Game& game, int level, uint64_t seed) {
  level = std::clamp(level, 1, kTopLevel);
  if (level == 1)
    return std::make_unique<CarelessBot>(heuristic_bot(seed), 0.5, mix64(seed, 0x6361u),
                                         "risk-2008 careless heuristic");
  if (level == 2) return heuristic_bot(seed);
  const NarrowedSearchPolicy<risk::Risk2008State> search{
      .policy = &heuristic_action, .candidates = &candidate_actions, .leaf_values = &leaf_values};
  return std::make_unique<NarrowedSearchBot<risk::Risk2008State>>(game, kSearch, search, seed,
                                                                  "risk-2008 ismcts level 3");
}

}  // namespace meeple::risk2008
