// Beliefs about the other's Cunning cards (kid_beliefs.h).
#include "ai/king_is_dead/kid_beliefs.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "ai/king_is_dead/kid_eval.h"

namespace meeple::king_is_dead {

namespace {

constexpr double kImpossible = -std::numeric_limits<double>::infinity();

uint32_t bit(int card) {
  return 1u << (card - kFirstCunning);
}

// The Cunning cards seat p holds, or has played.
uint32_t cunning_in_hand(const KidState& s, int p) {
  uint32_t m = 0;
  for (int c = kFirstCunning; c < kNumCards; ++c)
    if (s.player(p).hand[static_cast<size_t>(c)] > 0) m |= bit(c);
  return m;
}
uint32_t cunning_played(const KidState& s, int p) {
  uint32_t m = 0;
  for (int c : s.player(p).discard)
    if (c >= kFirstCunning) m |= bit(c);
  return m;
}

}  // namespace

void CunningBeliefs::start(const KidState& now, int me) {
  const int other = 1 - me;
  const int last = now.config().betrayal ? kBetrayal : kMuster;
  uint32_t unseen = 0;
  for (int c = kFirstCunning; c <= last; ++c) unseen |= bit(c);
  unseen &= ~(cunning_in_hand(now, me) | cunning_played(now, me));
  const int dealt =
      std::popcount(cunning_in_hand(now, other)) + std::popcount(cunning_played(now, other));
  for (uint32_t m = 0; m < (1u << kNumCunning); ++m)
    if ((m & ~unseen) == 0 && std::popcount(m) == dealt) {
      dealt_.push_back(m);
      log_weight_.push_back(0);
    }
}

void CunningBeliefs::observe(const KidState& now, int me) {
  if (now.num_seats() != 2 || !now.config().advanced) return;
  // A bot kept for another game (Python's keep one a game object): my own
  // Cunning cards differ, or fewer cards have been played than last time.
  const uint32_t mine = cunning_in_hand(now, me) | cunning_played(now, me);
  const size_t played = now.player(0).discard.size() + now.player(1).discard.size();
  if (!dealt_.empty() && (mine != mine_ || played < played_)) {
    dealt_.clear();
    log_weight_.clear();
    before_other_.reset();
  }
  mine_ = mine;
  played_ = played;
  if (dealt_.empty()) start(now, me);
  const int other = 1 - me;
  if (before_other_) learn_from_turn(*before_other_, now, other);
  before_other_.reset();
  // Whatever was missed, the cards the other has played it was dealt.
  const uint32_t theirs = cunning_played(now, other);
  for (size_t h = 0; h < dealt_.size(); ++h)
    if ((theirs & ~dealt_[h]) != 0) log_weight_[h] = kImpossible;
}

void CunningBeliefs::after_my_action(const KidState& after, int me) {
  before_other_.reset();
  if (after.num_seats() != 2 || !after.config().advanced || !turn_over(after, me)) return;
  if (after.is_terminal() || after.current_player() != 1 - me || after.phase() != Phase::kAction)
    return;
  before_other_ = std::make_unique<KidState>(after);
}

void CunningBeliefs::learn_from_turn(const KidState& before, const KidState& now, int other) {
  const auto& was = before.player(other).discard;
  const auto& is = now.player(other).discard;
  if (is.size() < was.size() || is.size() > was.size() + 1) return;  // lost track
  const int chosen = is.size() > was.size() ? is[was.size()] : -1;   // -1: passed
  const uint32_t played_before = cunning_played(before, other);
  const int hidden = std::popcount(cunning_in_hand(before, other));
  uint32_t unknown = 0;
  for (uint32_t d : dealt_) unknown |= d;
  unknown &= ~played_before;
  // A hand of the other's size holding `card` (-1: none), filled with other
  // unknown cards, Plot last: Plot in hand is worth something to
  // evaluate(), and every card must be judged with the same worth.
  const auto hand_with = [&](int card) {
    uint32_t hand = card >= 0 ? bit(card) : 0;
    for (int round = 0; round < 2; ++round)
      for (int o = kFirstCunning; o < kNumCards && std::popcount(hand) < hidden; ++o)
        if ((unknown & bit(o)) && o != card && (o == kPlot) == (round == 1)) hand |= bit(o);
    return hand;
  };
  // The value of each card the other might have played, and of passing,
  // each judged as the heuristic would: the card played, its turn
  // completed greedily, the position evaluated for the other.
  const auto judge = [&](const KidState& s, Action a) {
    auto next = s.clone();
    next->apply(a);
    complete_turn_greedily(static_cast<KidState&>(*next), other);
    return evaluate(static_cast<const KidState&>(*next), other);
  };
  std::vector<double> value(kNumCards, kImpossible);
  const auto neutral = before.with_cunning_hand(other, hand_with(-1));
  for (int c = 0; c < kFirstCunning; ++c)
    if (before.player(other).hand[static_cast<size_t>(c)] > 0 && neutral->is_legal(kPlayBase + c))
      value[static_cast<size_t>(c)] = judge(*neutral, kPlayBase + c);
  for (int c = kFirstCunning; c < kNumCards && hidden > 0; ++c) {
    if (!(unknown & bit(c))) continue;
    const uint32_t hand = hand_with(c);
    if (std::popcount(hand) != hidden) continue;
    const auto s = before.with_cunning_hand(other, hand);
    if (s->is_legal(kPlayBase + c)) value[static_cast<size_t>(c)] = judge(*s, kPlayBase + c);
  }
  const double pass = neutral->is_legal(kPass) ? judge(*neutral, kPass) : kImpossible;
  const double v = chosen < 0 ? pass : value[static_cast<size_t>(chosen)];
  if (v == kImpossible) return;  // a play it could not judge: learn nothing
  for (size_t h = 0; h < dealt_.size(); ++h) {
    if (log_weight_[h] == kImpossible) continue;
    const uint32_t held = dealt_[h] & ~played_before;
    if (chosen >= kFirstCunning && !(held & bit(chosen))) {
      log_weight_[h] = kImpossible;
      continue;
    }
    double top = pass;
    for (int c = 0; c < kNumCards; ++c)
      if (c < kFirstCunning || (held & bit(c))) top = std::max(top, value[static_cast<size_t>(c)]);
    double sum = pass == kImpossible ? 0 : std::exp(beta_ * (pass - top));
    for (int c = 0; c < kNumCards; ++c)
      if ((c < kFirstCunning || (held & bit(c))) && value[static_cast<size_t>(c)] != kImpossible)
        sum += std::exp(beta_ * (value[static_cast<size_t>(c)] - top));
    log_weight_[h] += beta_ * (v - top) - std::log(sum);
  }
}

std::unique_ptr<KidState> CunningBeliefs::sample(const KidState& world, int me, Rng& rng) const {
  const int other = 1 - me;
  const std::vector<double> weight = weights();
  // Before the first observe(), or every hypothesis ruled out: uniform.
  if (weight.empty()) return std::make_unique<KidState>(world);
  const size_t h = rng.pick(weight);
  const uint32_t hand = dealt_[h] & ~cunning_played(world, other);
  if (std::popcount(hand) != std::popcount(cunning_in_hand(world, other)))
    return std::make_unique<KidState>(world);
  return world.with_cunning_hand(other, hand);
}

std::vector<double> CunningBeliefs::weights() const {
  double top = kImpossible;
  for (double w : log_weight_) top = std::max(top, w);
  if (top == kImpossible) return {};
  std::vector<double> weight(dealt_.size());
  for (size_t h = 0; h < dealt_.size(); ++h) weight[h] = std::exp(log_weight_[h] - top);
  return weight;
}

double CunningBeliefs::probability(uint32_t dealt) const {
  const std::vector<double> weight = weights();
  double total = 0, mine = 0;
  for (size_t h = 0; h < weight.size(); ++h) {
    total += weight[h];
    if (dealt_[h] == dealt) mine = weight[h];
  }
  return total > 0 ? mine / total : 0;
}

}  // namespace meeple::king_is_dead
