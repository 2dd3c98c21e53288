// A weaker player made from a good one: with probability `careless` it
// plays a uniformly random legal action instead of the inner bot's choice.
// The lowest levels of Risk, The King is Dead and Goa are this (level 1:
// beatable by a beginner, who still sees the sense in most of its moves).
#pragma once

#include <memory>
#include <string>

#include "ai/bot.h"

namespace meeple {

class CarelessBot final : public Bot {
 public:
  CarelessBot(std::unique_ptr<Bot> inner, double careless, uint64_t seed, std::string name)
      : inner_(std::move(inner)), careless_(careless), rng_(seed), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  Action choose(const Decision& d) override;
  bool remembers() const override { return inner_->remembers(); }
  bool keep_search_tree(bool keep) override { return inner_->keep_search_tree(keep); }

 private:
  std::unique_ptr<Bot> inner_;
  double careless_;
  Rng rng_;  // its own: the inner bot's draws stay the same
  std::string name_;
};

// `inner` (made from `seed`) made careless, its own draws from a seed
// derived from the same one: every careless level, and the arena's
// careless:P agent, so that careless:P with a level's P is that level.
std::unique_ptr<Bot> make_careless(std::unique_ptr<Bot> inner, double careless, uint64_t seed,
                                   std::string name);

// A game's level `level` made of its heuristic (made from `seed`) with a
// share `careless` of its moves random, named "GAME careless heuristic
// level N"; the heuristic itself when `careless` is 0.
std::unique_ptr<Bot> make_careless_level(std::unique_ptr<Bot> heuristic, double careless,
                                         uint64_t seed, const std::string& game, int level);
// Such a level's name in level lists: "the heuristic, P % of its moves random".
std::string careless_level_name(double careless);

}  // namespace meeple
