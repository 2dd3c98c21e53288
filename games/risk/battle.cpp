#include "games/risk/battle.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace meeple::risk {

namespace {
// Insertion sort, high to low: at most three dice (std::sort on these tiny
// arrays also trips a false -Warray-bounds in GCC 12).
void sort_descending(int* v, size_t n) {
  for (size_t i = 1; i < n; ++i)
    for (size_t j = i; j > 0 && v[j - 1] < v[j]; --j) std::swap(v[j - 1], v[j]);
}
}  // namespace

BattleLosses resolve_battle(std::span<const int> attack_dice, std::span<const int> defence_dice) {
  assert(!attack_dice.empty() && attack_dice.size() <= kMaxAttackDice);
  assert(!defence_dice.empty() && defence_dice.size() <= kMaxDefenceDice);
  std::array<int, kMaxAttackDice> a{};
  std::array<int, kMaxDefenceDice> d{};
  std::copy(attack_dice.begin(), attack_dice.end(), a.begin());
  std::copy(defence_dice.begin(), defence_dice.end(), d.begin());
  sort_descending(a.data(), attack_dice.size());
  sort_descending(d.data(), defence_dice.size());
  BattleLosses losses;
  const size_t pairs = std::min(attack_dice.size(), defence_dice.size());
  for (size_t i = 0; i < pairs; ++i) {
    if (a[i] > d[i])
      ++losses.defender;
    else
      ++losses.attacker;  // a tie is won by the defender
  }
  return losses;
}

}  // namespace meeple::risk
