#include "ai/risk_2008/risk_2008_bot.h"

#include <algorithm>

#include "ai/careless.h"
#include "ai/risk_2008/heuristic.h"
#include "ai/sampled_policy.h"
#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk2008 {

namespace {

std::unique_ptr<Bot> heuristic_bot(uint64_t seed) {
  return std::make_unique<SampledPolicyBot<risk::Risk2008State>>(&heuristic_action, seed,
                                                                 "risk-2008-heuristic");
}

}  // namespace

std::vector<std::string> level_names() {
  return {"the heuristic, 50 % of its moves random",
          "the heuristic (battle odds, borders, capital, objectives)"};
}

std::unique_ptr<Bot> make_risk_2008_bot(const Game& /*game*/, int level, uint64_t seed) {
  level = std::clamp(level, 1, kTopLevel);
  if (level == 1)
    return std::make_unique<CarelessBot>(heuristic_bot(seed), 0.5, mix64(seed, 0x6361u),
                                         "risk-2008 careless heuristic");
  return heuristic_bot(seed);
}

}  // namespace meeple::risk2008
