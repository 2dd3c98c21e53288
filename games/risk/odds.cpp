#include "games/risk/odds.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include "games/risk/battle.h"

namespace meeple::risk {

RollOdds roll_odds(int attack_dice, int defence_dice) {
  assert(attack_dice >= 1 && attack_dice <= kMaxAttackDice);
  assert(defence_dice >= 1 && defence_dice <= kMaxDefenceDice);
  RollOdds odds;
  odds.compared = std::min(attack_dice, defence_dice);
  odds.counts.assign(odds.compared + 1, 0);
  const int n = attack_dice + defence_dice;
  long long total = 1;
  for (int i = 0; i < n; ++i) total *= 6;
  odds.total = total;
  std::array<int, 5> dice{};
  for (long long code = 0; code < total; ++code) {
    long long c = code;
    for (int i = 0; i < n; ++i, c /= 6) dice[i] = static_cast<int>(c % 6) + 1;
    const auto losses =
        resolve_battle(std::span<const int>(dice.data(), attack_dice),
                       std::span<const int>(dice.data() + attack_dice, defence_dice));
    ++odds.counts[losses.attacker];
  }
  for (auto c : odds.counts)
    odds.attacker_loses.push_back(static_cast<double>(c) / static_cast<double>(total));
  return odds;
}

const RollOdds& cached_roll_odds(int attack_dice, int defence_dice) {
  assert(attack_dice >= 1 && attack_dice <= kMaxAttackDice);
  assert(defence_dice >= 1 && defence_dice <= kMaxDefenceDice);
  static const auto table = [] {
    std::array<std::array<RollOdds, kMaxDefenceDice + 1>, kMaxAttackDice + 1> t{};
    for (int a = 1; a <= kMaxAttackDice; ++a)
      for (int d = 1; d <= kMaxDefenceDice; ++d) t[a][d] = roll_odds(a, d);
    return t;
  }();
  return table[attack_dice][defence_dice];
}

BattleOdds battle_odds(int attackers, int defenders) {
  assert(attackers >= 0 && defenders >= 1);
  BattleOdds out;
  out.attackers = attackers;
  out.defenders = defenders;
  out.attacker_survivors.assign(attackers + 1, 0.0);
  out.defender_survivors.assign(defenders + 1, 0.0);
  // prob[a][d]: probability that the fight passes through (a, d). Visiting
  // states in decreasing a + d order pushes each state's mass forward once.
  std::vector<std::vector<double>> prob(attackers + 1, std::vector<double>(defenders + 1, 0.0));
  prob[attackers][defenders] = 1.0;
  for (int sum = attackers + defenders; sum >= 1; --sum) {
    for (int a = std::min(sum, attackers); a >= 0; --a) {
      const int d = sum - a;
      if (d < 0 || d > defenders) continue;
      const double p = prob[a][d];
      if (p == 0.0) continue;
      if (d == 0) {
        out.attacker_survivors[a] += p;  // absorbed: conquest
        continue;
      }
      if (a == 0) {
        out.defender_survivors[d] += p;  // absorbed: attack failed
        continue;
      }
      const auto& roll = cached_roll_odds(std::min(a, 3), std::min(d, 2));
      for (int i = 0; i <= roll.compared; ++i)
        prob[a - i][d - (roll.compared - i)] += p * roll.attacker_loses[i];
    }
  }
  for (int a = 1; a <= attackers; ++a) {
    out.conquest += out.attacker_survivors[a];
    out.expected_attacker_losses += out.attacker_survivors[a] * (attackers - a);
  }
  out.expected_defender_losses += out.conquest * defenders;
  for (int d = 1; d <= defenders; ++d) {
    out.expected_attacker_losses += out.defender_survivors[d] * attackers;
    out.expected_defender_losses += out.defender_survivors[d] * (defenders - d);
  }
  return out;
}

namespace {

// A large fight is a run of 3-v-2 rolls: per roll the defender loses X
// armies (2, 1 or 0 with 2890, 2611, 2275 in 7776, §4.3) and the attacker
// 2 − X. When A + D armies are gone, n = (A + D) / 2 rolls have passed and
// the defender fell first iff its losses reached D, so P ≈ P(S_n ≥ D) with
// S_n normal (mean nμ, variance nσ²). The shift of −0.4 armies stands for
// the last rolls with fewer dice; it was fitted against the exact chain.
double large_fight_conquest(int attackers, int defenders) {
  constexpr double kMean = (2.0 * 2890 + 2611) / 7776;
  constexpr double kSquare = (4.0 * 2890 + 2611) / 7776;
  constexpr double kVariance = kSquare - kMean * kMean;
  constexpr double kShift = -0.4;
  const double rolls = (attackers + defenders) / 2.0;
  const double z = (rolls * kMean - defenders + kShift) / std::sqrt(kVariance * rolls);
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

}  // namespace

double conquest_probability(int attackers, int defenders) {
  constexpr int kMax = 200;
  if (defenders <= 0) return 1.0;
  if (attackers <= 0) return 0.0;
  if (attackers > kMax || defenders > kMax) return large_fight_conquest(attackers, defenders);
  static const auto table = [] {
    std::vector<double> t((kMax + 1) * (kMax + 1), 0.0);
    auto at = [&](int a, int d) -> double& { return t[a * (kMax + 1) + d]; };
    for (int a = 0; a <= kMax; ++a) at(a, 0) = 1.0;
    for (int a = 1; a <= kMax; ++a) {
      for (int d = 1; d <= kMax; ++d) {
        const auto& r = cached_roll_odds(std::min(a, 3), std::min(d, 2));
        double p = 0;
        for (int i = 0; i <= r.compared; ++i)
          p += r.attacker_loses[i] * at(a - i, d - (r.compared - i));
        at(a, d) = p;
      }
    }
    return t;
  }();
  return table[attackers * (kMax + 1) + defenders];
}

}  // namespace meeple::risk
