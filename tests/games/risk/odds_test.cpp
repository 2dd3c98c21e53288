// Battle resolution and exact odds (risk_classic.md §4.2, §4.3).
#include "games/risk/odds.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/match.h"
#include "games/risk/battle.h"
#include "risk_helpers.h"

namespace meeple::risk {
namespace {

TEST(RiskBattle, TieGoesToTheDefenderAndUnmatchedDiceAreIgnored) {
  const int a[] = {5, 3, 1}, d[] = {5, 2};
  const auto l = resolve_battle(a, d);
  EXPECT_EQ(l.attacker, 1);
  EXPECT_EQ(l.defender, 1);
  const int a2[] = {1, 6}, d2[] = {5};
  EXPECT_EQ(resolve_battle(a2, d2).defender, 1);
}

// §4.3's table, brute-force enumerated.
TEST(RiskOdds, OneRollTableMatchesTheSpec) {
  struct Row {
    int a, d;
    long long total;
    std::vector<long long> counts;  // by attacker losses 0..min(a,d)
  };
  const Row rows[] = {{1, 1, 36, {15, 21}},          {2, 1, 216, {125, 91}},
                      {3, 1, 1296, {855, 441}},      {1, 2, 216, {55, 161}},
                      {2, 2, 1296, {295, 420, 581}}, {3, 2, 7776, {2890, 2611, 2275}}};
  for (const auto& r : rows) {
    const auto o = roll_odds(r.a, r.d);
    EXPECT_EQ(o.total, r.total) << r.a << "v" << r.d;
    EXPECT_EQ(o.counts, r.counts) << r.a << "v" << r.d;
    // The table counted once holds the same.
    EXPECT_EQ(cached_roll_odds(r.a, r.d).counts, r.counts) << r.a << "v" << r.d;
    EXPECT_EQ(cached_roll_odds(r.a, r.d).attacker_loses, o.attacker_loses);
  }
}

TEST(RiskOdds, MarkovChainMatchesClosedForms) {
  // 1 v 1: one roll.
  EXPECT_NEAR(battle_odds(1, 1).conquest, 15.0 / 36, 1e-12);
  // 2 v 1: win at once with 2 dice, or lose one and then win 1 v 1.
  EXPECT_NEAR(battle_odds(2, 1).conquest, 125.0 / 216 + 91.0 / 216 * 15.0 / 36, 1e-12);
  // 1 v 2: the attacker rolls 1 die against 2 and must win twice.
  EXPECT_NEAR(battle_odds(1, 2).conquest, 55.0 / 216 * 15.0 / 36, 1e-12);
  // 3 v 2: 2890 wins at once; after a split (2 v 1) ...
  const double p21 = 125.0 / 216 + 91.0 / 216 * 15.0 / 36;
  const double p12 = 55.0 / 216 * 15.0 / 36;
  EXPECT_NEAR(battle_odds(3, 2).conquest, 2890.0 / 7776 + 2611.0 / 7776 * p21 + 2275.0 / 7776 * p12,
              1e-12);
  EXPECT_NEAR(battle_odds(0, 3).conquest, 0.0, 1e-15);
}

TEST(RiskOdds, DistributionsSumToOneForAnyFight) {
  for (int a = 0; a <= 30; ++a) {
    for (int d = 1; d <= 30; ++d) {
      const auto o = battle_odds(a, d);
      double total = 0, win = 0;
      for (double p : o.attacker_survivors) total += p, win += p;
      for (double p : o.defender_survivors) total += p;
      ASSERT_NEAR(total, 1.0, 1e-9) << a << " v " << d;
      ASSERT_NEAR(win, o.conquest, 1e-12);
      ASSERT_EQ(o.attacker_survivors[0], 0.0);
      ASSERT_NEAR(conquest_probability(a, d), o.conquest, 1e-12) << a << " v " << d;
    }
  }
  // Monotone in both armies.
  EXPECT_GT(battle_odds(10, 5).conquest, battle_odds(9, 5).conquest);
  EXPECT_LT(battle_odds(10, 6).conquest, battle_odds(10, 5).conquest);
}

// Beyond 200 a side conquest_probability() approximates the chain; the
// approximation stays within 0.002 of it over a grid across the switch,
// and lopsided fights are decided.
TEST(RiskOdds, LargeFightsStayCloseToTheExactChain) {
  double worst = 0;
  for (int a = 150; a <= 400; a += 25) {
    for (int d = 150; d <= 400; d += 25) {
      if (a <= 200 && d <= 200) continue;
      const double exact = battle_odds(a, d).conquest;
      worst = std::max(worst, std::abs(conquest_probability(a, d) - exact));
      ASSERT_NEAR(conquest_probability(a, d), exact, 0.002) << a << " v " << d;
    }
  }
  RecordProperty("worst_error", std::to_string(worst));
  EXPECT_NEAR(conquest_probability(5000, 10), 1.0, 1e-9);
  EXPECT_NEAR(conquest_probability(10, 5000), 0.0, 1e-9);
  EXPECT_GT(conquest_probability(3000, 2800), conquest_probability(2800, 2800));
}

// Dice sampled by the match RNG follow §4.3's exact one-roll probabilities.
TEST(RiskOdds, SampledDiceFollowTheExactOneRollProbabilities) {
  auto game = test::make("domination", 3);
  auto base = test::board(*game, 1);
  base->set_territory(test::T("ukraine"), 0, 10);
  base->set_territory(test::T("middle_east"), 1, 10);
  base->begin_turn_for_test(0);
  while (base->reinforcements_left() > 0) base->apply(test::T("ukraine"));
  base->set_territory(test::T("ukraine"), 0, 10);
  const auto expected = roll_odds(3, 2);
  const int n = 12000;
  Match m = Match::start_from(game, base->clone(), 12345);
  long long counts[3] = {};
  for (int i = 0; i < n; ++i) {
    Match trial =
        Match::start_from(game, base->clone(), m.rng().state() + static_cast<uint64_t>(i) * 7919);
    ASSERT_TRUE(trial.act_json("attack ukraine middle_east 3").is_ok());
    ASSERT_TRUE(trial.act_json("defend 2").is_ok());
    trial.resolve_chance();
    const auto& s = static_cast<const RiskState&>(trial.state());
    ++counts[10 - s.armies(test::T("ukraine"))];
  }
  for (int k = 0; k < 3; ++k) {
    const double p = expected.attacker_loses[k];
    const double sigma = std::sqrt(n * p * (1 - p));
    EXPECT_NEAR(static_cast<double>(counts[k]), n * p, 4 * sigma) << "attacker loses " << k;
  }
}

}  // namespace
}  // namespace meeple::risk
