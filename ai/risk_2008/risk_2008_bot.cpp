#include "ai/risk_2008/risk_2008_bot.h"

#include <algorithm>

#include "ai/careless.h"
#include "ai/risk_2008/heuristic.h"
#include "core/decision.h"
#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk2008 {

namespace {

// The heuristic on a state consistent with what the seat knows, drawn with
// its own RNG, as the European edition's HeuristicBot (ai/risk/risk_bot.cpp)
// does: it reads only the board, the objectives on the board and the
// seat's own hand, and the draws depend only on what the seat knows, so the
// noise that breaks ties, and the whole game, stay the same for the same
// seed and the same information.
class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(uint64_t seed)
      : rng_(seed), sample_rng_(mix64(seed, 0x53414d50ull)), fallback_(seed ^ 0x5249534bull) {}
  std::string name() const override { return "risk-2008-heuristic"; }

  Action choose(const Decision& d) override {
    d.determinize_into(sample_rng_, sample_);  // reuses the last decision's sample
    const auto* s = dynamic_cast<const risk::Risk2008State*>(sample_.get());
    if (!s) return fallback_.choose(d);
    return heuristic_action(*s, d.legal_actions(), &rng_);
  }

 private:
  Rng rng_;                        // breaks ties between equally scored choices
  Rng sample_rng_;                 // draws what the seat cannot see
  std::unique_ptr<State> sample_;  // the last decision's sample, reused
  RandomBot fallback_;
};

}  // namespace

std::vector<std::string> level_names() {
  return {"the heuristic, 50 % of its moves random",
          "the heuristic (battle odds, borders, capital, objectives)"};
}

std::unique_ptr<Bot> make_risk_2008_bot(const Game& /*game*/, int level, uint64_t seed) {
  level = std::clamp(level, 1, kTopLevel);
  if (level == 1)
    return std::make_unique<CarelessBot>(std::make_unique<HeuristicBot>(seed), 0.5,
                                         mix64(seed, 0x6361u), "risk-2008 careless heuristic");
  return std::make_unique<HeuristicBot>(seed);
}

}  // namespace meeple::risk2008
