#include "games/goa/round.h"

#include <algorithm>
#include <cassert>

namespace meeple::goa {

std::vector<int> action_turn_order(int start, int num_players, int actions_per_round) {
  std::vector<int> order;
  for (int a = 0; a < actions_per_round; ++a)
    for (int i = 0; i < num_players; ++i) order.push_back((start + i) % num_players);
  return order;
}

AdditionalActions::AdditionalActions(int start, std::vector<int> cards)
    : cards_(std::move(cards)), out_(cards_.size(), false) {
  // Start with the start player: look from the seat before him.
  const int n = static_cast<int>(cards_.size());
  advance_from((start + n - 1) % n);
}

void AdditionalActions::advance_from(int seat) {
  const int n = static_cast<int>(cards_.size());
  current_ = -1;
  for (int i = 1; i <= n; ++i) {
    const int p = (seat + i) % n;
    if (!out_[p] && cards_[p] == 0) out_[p] = true;  // holds no card: out
    if (!out_[p]) {
      current_ = p;
      return;
    }
  }
}

Status AdditionalActions::play() {
  if (current_ < 0) return failed_precondition("phase 4 is over");
  --cards_[current_];
  advance_from(current_);
  return Status::ok();
}

Status AdditionalActions::pass() {
  if (current_ < 0) return failed_precondition("phase 4 is over");
  out_[current_] = true;
  advance_from(current_);
  return Status::ok();
}

void AdditionalActions::apply_hand_limit(int limit) {
  for (int& c : cards_) c = std::min(c, limit);
}

int expedition_discards_needed(int limit, int hand) {
  return std::max(0, hand - limit);
}

int expedition_max_draws(int take, int limit, int hand) {
  return std::max(0, std::min(take, limit - hand));
}

std::array<int, 4> deal_bonanza(const Components& c, unsigned kept, const Pick& pick) {
  std::vector<int> pool;
  for (int i = 0; i < static_cast<int>(c.bonanza.size()); ++i)
    if (!((kept >> i) & 1)) pool.push_back(i);
  assert(pool.size() >= 4);
  std::array<int, 4> corners{};
  for (int& corner : corners) {
    const int i = pick(static_cast<int>(pool.size()));
    corner = pool[i];
    pool.erase(pool.begin() + i);
  }
  return corners;
}

}  // namespace meeple::goa
