// A bot that plays a policy written for full information on a state drawn
// to agree with what its seat knows (Decision::determinize_into), with its
// own RNG. Risk's heuristics are this: they read only the board and the
// seat's own cards and goals, so playing them on a sample keeps them blind
// to the rest, and the draws depend only on what the seat knows, so the
// noise that breaks ties, and the whole game, stay the same for the same
// seed and the same information.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ai/bot.h"
#include "core/decision.h"

namespace meeple {

template <class S>
class SampledPolicyBot final : public Bot {
 public:
  // Chooses among `legal` on the sample; `rng` breaks its ties.
  using Policy = Action (*)(const S& sample, const std::vector<Action>& legal, Rng* rng);

  SampledPolicyBot(Policy policy, uint64_t seed, std::string name)
      : policy_(policy),
        name_(std::move(name)),
        rng_(seed),
        sample_rng_(mix64(seed, 0x53414d50ull)),
        fallback_(seed ^ 0x5249534bull) {}
  std::string name() const override { return name_; }

  Action choose(const Decision& d) override {
    d.determinize_into(sample_rng_, sample_);  // reuses the last decision's sample
    const auto* s = dynamic_cast<const S*>(sample_.get());
    // Another game's state would be a wiring bug; a legal move beats a crash.
    if (!s) return fallback_.choose(d);
    return policy_(*s, d.legal_actions(), &rng_);
  }

 private:
  Policy policy_;
  std::string name_;
  Rng rng_;                        // breaks ties between equally scored choices
  Rng sample_rng_;                 // draws what the seat cannot see
  std::unique_ptr<State> sample_;  // the last decision's sample, reused
  RandomBot fallback_;
};

}  // namespace meeple
