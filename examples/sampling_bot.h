// A complete bot written against core/decision.h, for docs/bots.md:
// determinized flat Monte Carlo. For each legal action it samples a few full
// states consistent with what its seat knows (Decision::determinize), plays
// the action and then random moves (and random chance outcomes) to the end
// or to a step limit, and plays the action with the best mean return for
// its seat. It works for every game: hidden information is redrawn in every
// sample, so it never learns more than its seat may. Built and played by
// tests/ai/example_bot_test.cpp.
#pragma once

#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/decision.h"

namespace meeple::examples {

class SamplingBot final : public Bot {
 public:
  SamplingBot(int samples, int max_steps, uint64_t seed)
      : samples_(samples), max_steps_(max_steps), rng_(seed) {}
  std::string name() const override { return "example-sampling"; }

  Action choose(const Decision& d) override {
    Action best = d.legal_actions().front();
    double best_mean = -1e9;
    for (Action a : d.legal_actions()) {
      double sum = 0;
      for (int i = 0; i < samples_; ++i) {
        auto s = d.determinize(rng_);  // a full state; never the true one
        s->apply(a);
        for (int step = 0; step < max_steps_ && !s->is_terminal(); ++step) {
          if (s->is_chance()) {
            s->apply(sample(s->chance_outcomes()));
          } else {
            const auto moves = s->legal_actions();
            s->apply(moves[rng_.below(moves.size())]);
          }
        }
        sum += s->returns()[static_cast<size_t>(d.seat())];  // 0 if unfinished
      }
      if (sum / samples_ > best_mean) best_mean = sum / samples_, best = a;
    }
    return best;
  }

 private:
  // A chance outcome drawn with its probability.
  Action sample(const std::vector<ChanceOutcome>& outcomes) {
    double u = rng_.unit();
    for (const auto& o : outcomes)
      if ((u -= o.probability) < 0) return o.action;
    return outcomes.back().action;
  }

  int samples_, max_steps_;
  Rng rng_;  // the bot's own RNG, never the match's
};

}  // namespace meeple::examples
