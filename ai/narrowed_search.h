// ISMCTS (ai/ismcts.h) over the few choices a heuristic thinks worth
// weighing, with the heuristic's playouts and leaves valued by a function
// of the position: the search levels of games whose decisions are wide and
// mostly hopeless (Risk's 42 places for an army). A decision with one
// candidate (a trade, a declaration, the defence's dice) is played at once,
// without a search.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ai/bot.h"
#include "ai/ismcts.h"
#include "core/decision.h"

namespace meeple {

// How hard the search looks.
struct NarrowedSearchLevel {
  int iterations = 100;     // ISMCTS iterations a searched decision
  int width = 4;            // the heuristic's best choices searched
  int rollout_steps = 200;  // playout steps (decisions and chance) after the tree
  // A decision whose position the leaf value already rates this sure a win
  // for the seat to move is the heuristic's (1: never). There every choice
  // leads to leaves valued about 1, so the search cannot tell finishing
  // the game from waiting, and may wait for ever (docs/bots.md, Risk).
  double settled = 1.0;
};

// What a search of this shape plays, in the words of the level chooser.
inline std::string level_name(const NarrowedSearchLevel& k) {
  return fmt::format(
      "ISMCTS, {} iterations a decision over the heuristic's {} best choices, heuristic playouts "
      "of {} steps{}",
      k.iterations, k.width, k.rollout_steps,
      k.settled < 1 ? ", a game already won finished by the heuristic" : "");
}

// What the search knows of the game `S` (its state class).
template <class S>
struct NarrowedSearchPolicy {
  // The playouts' choice; `rng` breaks its ties.
  Action (*policy)(const S& s, const std::vector<Action>& legal, Rng* rng) = nullptr;
  // The actions worth searching, at most `width` of the scored kind; never
  // empty.
  void (*candidates)(const S& s, const std::vector<Action>& legal, int width,
                     std::vector<Action>& out) = nullptr;
  // Each seat's chance to win an unfinished position, 0..1.
  std::vector<double> (*leaf_values)(const State& s) = nullptr;
};

template <class S>
class NarrowedSearchBot final : public Bot {
 public:
  NarrowedSearchBot(const Game& game, NarrowedSearchLevel level, NarrowedSearchPolicy<S> policy,
                    uint64_t seed, std::string name)
      : width_(level.width),
        settled_(level.settled),
        policy_(policy),
        sample_rng_(mix64(seed, 0x53414d50ull)) {
    IsmctsOptions o;
    o.iterations = level.iterations;
    o.rollout_limit = level.rollout_steps;
    o.leaf_value = policy.leaf_values;
    o.rollout = [play = policy.policy](const State& s, const std::vector<Action>& legal, Rng& rng,
                                       Seat /*searcher*/) {
      return play(static_cast<const S&>(s), legal, &rng);
    };
    o.candidates = [pick = policy.candidates, width = width_](
                       const State& s, const std::vector<Action>& legal, std::vector<Action>& out) {
      pick(static_cast<const S&>(s), legal, width, out);
    };
    o.name = std::move(name);
    search_ = std::make_unique<IsmctsBot>(game, std::move(o), seed);
  }
  std::string name() const override { return search_->name(); }
  // The search's estimate, when the last decision was searched (a hint
  // for a forced one is estimated by playouts instead).
  std::optional<double> win_chance() const override {
    return searched_ ? search_->win_chance() : std::nullopt;
  }

  bool keep_search_tree(bool keep) override { return search_->keep_search_tree(keep); }
  bool remembers() const override { return search_->remembers(); }

  Action choose(const Decision& d) override {
    searched_ = false;
    d.determinize_into(sample_rng_, sample_);
    if (const auto* s = dynamic_cast<const S*>(sample_.get())) {
      if (settled_ < 1.0 && policy_.leaf_values(*s)[static_cast<size_t>(d.seat())] >= settled_)
        return policy_.policy(*s, d.legal_actions(), &sample_rng_);
      policy_.candidates(*s, d.legal_actions(), width_, candidates_);
      if (candidates_.size() == 1) return candidates_.front();
    }
    searched_ = true;
    return search_->choose(d);
  }

 private:
  int width_;
  double settled_;
  NarrowedSearchPolicy<S> policy_;
  Rng sample_rng_;  // draws what the seat cannot see, to find the candidates
  std::unique_ptr<State> sample_;
  std::vector<Action> candidates_;
  std::unique_ptr<IsmctsBot> search_;
  bool searched_ = false;
};

}  // namespace meeple
