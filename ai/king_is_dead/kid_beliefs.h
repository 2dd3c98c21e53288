// What a two-player searcher believes about the other's Cunning cards in
// the advanced game, learnt from the cards it chose to play.
//
// The turn search (kid_search.h) plays far better when it is shown the
// other's Cunning cards than when it draws them uniformly from the unseen
// ones (docs/bots.md), so the draw is weighted: every set of Cunning cards
// the other may have been dealt is a hypothesis, and each of its turns
// multiplies a hypothesis's weight by how likely the card it played was
// had it held that set, the other modelled as playing each card it holds
// with probability proportional to exp(beta * value), value the
// heuristic's judgement of the card (kid_eval.h: the card played, the
// turn completed greedily, the position evaluated for the other).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/rng.h"
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

class CunningBeliefs {
 public:
  explicit CunningBeliefs(double beta) : beta_(beta) {}

  // At each decision of `me`, with a determinization of it (its public
  // parts are exact): learns from the other's turn since the last one.
  void observe(const KidState& now, int me);
  // After `me` chose, the determinization with the action applied: if the
  // other's turn begins there, it is kept to judge what the other plays.
  void after_my_action(const KidState& after, int me);
  // `world` with the other's hidden Cunning cards drawn from the beliefs
  // (uniformly if every hypothesis has been ruled out, which the rules
  // never allow, or before the first observe()).
  std::unique_ptr<KidState> sample(const KidState& world, int me, Rng& rng) const;

  // The probability that the other was dealt exactly `dealt` (bit i: card
  // kFirstCunning + i); 0 before the first observe().
  double probability(uint32_t dealt) const;

 private:
  void start(const KidState& now, int me);
  void learn_from_turn(const KidState& before, const KidState& now, int other);
  // Each hypothesis's weight relative to the likeliest; empty when there
  // are none or every one is ruled out.
  std::vector<double> weights() const;

  double beta_;
  std::vector<uint32_t> dealt_;  // hypotheses: the other's dealt Cunning cards
  std::vector<double> log_weight_;
  std::unique_ptr<KidState> before_other_;  // the other's turn about to begin
  uint32_t mine_ = 0;                       // my dealt Cunning cards, to tell a new game
  size_t played_ = 0;                       // cards both have played, likewise
};

}  // namespace meeple::king_is_dead
