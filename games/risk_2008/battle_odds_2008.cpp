// Exact one-roll odds of the 2008 edition (battle_odds_2008.h). The counting
// here is independent of Risk2008State::resolve (battle.cpp), which applies
// the same rules die by die; tests/games/risk_2008/battle_outcomes_test.cpp
// checks that the two agree for every configuration.
#include "games/risk_2008/battle_odds_2008.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <mutex>

#include "games/risk/battle.h"

namespace meeple::risk {

namespace {

RollOdds count_2008(const Roll2008& r) {
  RollOdds odds;
  odds.compared = std::min(r.attack_dice, r.defence_dice);
  odds.counts.assign(static_cast<size_t>(odds.compared) + 1, 0);
  const int n = r.attack_dice + r.defence_dice + r.attack_bonus + r.defence_bonus;
  long long total = 1;
  for (int i = 0; i < n; ++i) total *= 6;
  odds.total = total;
  std::array<int, 7> faces{};
  std::array<int, 3> att{};
  std::array<int, 2> def{};
  for (long long code = 0; code < total; ++code) {
    long long c = code;
    for (int i = 0; i < n; ++i, c /= 6) faces[static_cast<size_t>(i)] = static_cast<int>(c % 6) + 1;
    int k = 0;
    for (int i = 0; i < r.attack_dice; ++i)
      att[static_cast<size_t>(i)] = faces[static_cast<size_t>(k++)];
    const int att_bonus = r.attack_bonus ? faces[static_cast<size_t>(k++)] : 0;
    for (int i = 0; i < r.defence_dice; ++i)
      def[static_cast<size_t>(i)] = faces[static_cast<size_t>(k++)];
    const int def_bonus = r.defence_bonus ? faces[static_cast<size_t>(k++)] : 0;
    // Steps 2-3: a bonus die higher than the side's lowest die takes its place.
    auto* att_end = att.begin() + r.attack_dice;
    auto* def_end = def.begin() + r.defence_dice;
    if (int* low = std::min_element(att.begin(), att_end); att_bonus > *low) *low = att_bonus;
    if (int* low = std::min_element(def.begin(), def_end); def_bonus > *low) *low = def_bonus;
    // Step 4, after them (R12): +1 on one highest die.
    if (r.attack_airfield) ++*std::max_element(att.begin(), att_end);
    if (r.defence_airfield) ++*std::max_element(def.begin(), def_end);
    const BattleLosses losses =
        resolve_battle(std::span<const int>(att.data(), static_cast<size_t>(r.attack_dice)),
                       std::span<const int>(def.data(), static_cast<size_t>(r.defence_dice)));
    ++odds.counts[static_cast<size_t>(losses.attacker)];
  }
  for (const long long count : odds.counts)
    odds.attacker_loses.push_back(static_cast<double>(count) / static_cast<double>(total));
  return odds;
}

// 3 x 2 dice counts x 2^4 bonus / airfield flags.
constexpr int kConfigs = kMaxAttackDice * kMaxDefenceDice * 16;

int config_index(const Roll2008& r) {
  return (((r.attack_dice - 1) * kMaxDefenceDice + (r.defence_dice - 1)) * 16) +
         (r.attack_bonus ? 8 : 0) + (r.defence_bonus ? 4 : 0) + (r.attack_airfield ? 2 : 0) +
         (r.defence_airfield ? 1 : 0);
}

}  // namespace

const RollOdds& roll_odds_2008(const Roll2008& roll) {
  assert(roll.attack_dice >= 1 && roll.attack_dice <= kMaxAttackDice);
  assert(roll.defence_dice >= 1 && roll.defence_dice <= kMaxDefenceDice);
  if (!roll.attack_bonus && !roll.defence_bonus && !roll.attack_airfield && !roll.defence_airfield)
    return cached_roll_odds(roll.attack_dice, roll.defence_dice);
  // Each configuration is counted the first time it is asked for (the
  // largest, 3 v 2 with both bonus dice, is 6^7 combinations).
  static std::array<RollOdds, kConfigs> table;
  static std::array<std::once_flag, kConfigs> once;
  const auto i = static_cast<size_t>(config_index(roll));
  std::call_once(once[i], [&] { table[i] = count_2008(roll); });
  return table[i];
}

}  // namespace meeple::risk
