// Information-set Monte Carlo tree search for any game (single observer,
// Cowling, Powley and Whitehouse 2012), over the bot interface only.
//
// Every iteration draws a full state consistent with what the deciding seat
// knows (Decision::determinize: other hands, the deck order redrawn), then
// walks one tree shared by all determinizations: at a decision node the seat
// to move picks by UCB1 among the actions legal *in this determinization*,
// counting as "available" only the iterations where an action was legal (so
// an action legal in few worlds is not starved or over-trusted). Chance is
// open-loop: outcomes are sampled with their probabilities and not stored in
// the tree. The first untried action expands a node, a random playout
// follows, and every seat's return (scaled to 0..1 by the game's utility
// bounds) is backed up; each node keeps the value of the seat that chose it.
// The move played is the root action visited most.
//
// Limits: a playout that reaches rollout_limit steps without ending scores
// 0.5 for everyone (or the leaf evaluation, when given), so games that random
// play never ends (Risk) need a leaf evaluation to play well; no tree reuse
// between moves; one thread (an arena runs games in parallel instead).
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "ai/bot.h"

namespace meeple {

struct IsmctsOptions {
  int iterations = 1000;
  double exploration = 0.7;  // UCB1's c on values in 0..1
  int rollout_limit = 400;   // playout steps (decisions and chance outcomes)
  // Optional: each seat's value in 0..1 of a state where a playout stopped
  // unfinished; default 0.5 for everyone.
  std::function<std::vector<double>(const State&)> leaf_value;
};

class IsmctsBot final : public Bot {
 public:
  IsmctsBot(const Game& game, IsmctsOptions options, uint64_t seed);
  ~IsmctsBot() override;
  std::string name() const override;
  Action choose(const Decision& d) override;
  std::optional<double> win_chance() const override { return root_value_; }

  // After choose(): visits of each root action, for hints and tests.
  const std::vector<std::pair<Action, int>>& root_visits() const { return root_visits_; }
  // After choose(): the chosen action's mean value for the deciding seat
  // (0..1), an estimate of its chance to win.
  double root_value() const { return root_value_; }

 private:
  struct Tree;
  void scaled_returns(const State& s, std::vector<double>& out) const;

  IsmctsOptions options_;
  double min_utility_, max_utility_;
  Rng rng_;
  std::unique_ptr<Tree> tree_;
  std::unique_ptr<State> sample_;  // reused determinization storage
  std::vector<std::pair<Action, int>> root_visits_;
  double root_value_ = 0.5;
  std::vector<double> weights_, value_;  // per-iteration buffers, reused
};

}  // namespace meeple
