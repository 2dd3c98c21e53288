// Battles as outcomes (option battles=outcomes): a roll is one chance node
// whose outcomes are the troops each side loses. For every configuration the
// 2008 edition allows (1-3 attack dice, 1-2 defence dice, with or without
// each side's bonus die and each side's airfield, with and without a
// possible conquest) the outcomes must give the same distribution over the
// positions after the roll as the dice entered one at a time (the whole
// chance tree of die faces, summed exactly). Also: referee input ("losses
// A D"), its errors, and the state JSON.
#include <gtest/gtest.h>

#include <map>
#include <tuple>

#include "games/risk_2008/battle_odds_2008.h"
#include "games/risk_2008/risk_2008_game.h"
#include "tests/games/risk_2008/state_util.h"

namespace meeple::risk::state2008 {
namespace {

struct OutcomeCase {
  int attack_dice, defence_dice;
  bool attack_bonus, defence_bonus, attack_airfield, defence_airfield;
  int defenders;  // troops in the target
};

std::shared_ptr<const Risk2008Config> outcome_config(bool outcomes) {
  auto c = std::make_shared<Risk2008Config>(*config(false, 3));
  c->battle_outcomes = outcomes;
  return c;
}

// Green attacks Egypt (Blue) from East Africa (6 troops) in Command Room,
// the roll due.
Risk2008State battle_due(const OutcomeCase& k, bool outcomes) {
  Risk2008State s(outcome_config(outcomes));
  for (int t = 0; t < kNumTerritories; ++t) s.set_territory(t, kY, 1);
  s.set_cities(0);
  for (int p = 0; p < 3; ++p) s.set_capital(p, -1);
  for (int i = 0; i < kNumObjectives; ++i) s.set_objective(i, kBoxed, -1);
  if (k.attack_bonus) s.give_token(kG, token_of(Reward::kBonusAttackDie));
  if (k.defence_bonus) s.give_token(kB, token_of(Reward::kBonusDefenceDie));
  // Each side's airfield stands on its own battle territory (R2).
  if (k.attack_airfield) s.give_token(kG, token_of(Reward::kAirfield, false), terr("east_africa"));
  if (k.defence_airfield) s.give_token(kB, token_of(Reward::kAirfield, true), terr("egypt"));
  s.set_territory(terr("east_africa"), kG, 6);
  s.set_territory(terr("egypt"), kB, k.defenders);
  s.begin_attack_for_test(kG);
  play(s, attack("east_africa", "egypt", k.attack_dice));
  if (s.phase() == Phase2008::kDefend) play(s, kDefendBase + k.defence_dice - 1);
  EXPECT_EQ(s.phase(), Phase2008::kRoll);
  EXPECT_EQ(s.defence_dice(), k.defence_dice);
  return s;
}

// What the roll leaves: both territories, the target's owner, the phase,
// the losses and the airfields (ids looked up once: this runs at millions
// of leaves).
using AfterRoll = std::tuple<int, int, int, int, int, int, int, int>;
AfterRoll after_roll(const Risk2008State& s) {
  static const Territory source = terr("east_africa"), target = terr("egypt");
  static const int minor_airfield = token_of(Reward::kAirfield, false),
                   major_airfield = token_of(Reward::kAirfield, true);
  return {s.troops(source),
          s.troops(target),
          s.owner(target),
          static_cast<int>(s.phase()),
          s.last_losses()[0],
          s.last_losses()[1],
          s.airfield_at(minor_airfield),
          s.airfield_at(major_airfield)};
}

// Every die face sequence, weighted exactly.
void all_dice(const Risk2008State& s, double p, std::map<AfterRoll, double>& out) {
  if (s.phase() != Phase2008::kRoll) {
    out[after_roll(s)] += p;
    return;
  }
  for (const ChanceOutcome& o : s.chance_outcomes()) {
    ASSERT_GE(o.action, kDieBase);
    ASSERT_LT(o.action, kDieBase + 6);
    Risk2008State next = s;
    next.apply(o.action);
    all_dice(next, p * o.probability, out);
  }
}

TEST(Risk2008BattleOutcomes, SameDistributionAsDieByDieForEveryConfiguration) {
  int configurations = 0;
  for (int a = 1; a <= 3; ++a)
    for (int d = 1; d <= 2; ++d)
      for (int flags = 0; flags < 16; ++flags)
        for (const bool conquest_possible : {true, false}) {
          const OutcomeCase k{a,
                              d,
                              (flags & 8) != 0,
                              (flags & 4) != 0,
                              (flags & 2) != 0,
                              (flags & 1) != 0,
                              conquest_possible ? d : d + 2};
          SCOPED_TRACE(::testing::Message()
                       << a << " v " << d << " flags " << flags << " defenders " << k.defenders);
          std::map<AfterRoll, double> by_dice, by_outcome;
          all_dice(battle_due(k, false), 1.0, by_dice);
          const Risk2008State s = battle_due(k, true);
          double sum = 0;
          for (const ChanceOutcome& o : s.chance_outcomes()) {
            ASSERT_GE(o.action, kLossBase);
            ASSERT_LE(o.action, kLossBase + std::min(a, d));
            Risk2008State next = s;
            next.apply(o.action);
            ASSERT_NE(next.phase(), Phase2008::kRoll);
            by_outcome[after_roll(next)] += o.probability;
            sum += o.probability;
          }
          EXPECT_NEAR(sum, 1.0, 1e-12);
          ASSERT_EQ(by_dice.size(), by_outcome.size());
          for (const auto& [after, p] : by_dice) {
            ASSERT_TRUE(by_outcome.count(after));
            EXPECT_NEAR(by_outcome[after], p, 1e-12);
          }
          // A conquest happens in the cases that allow one, never otherwise.
          bool conquered = false;
          for (const auto& [after, p] : by_outcome) conquered |= std::get<2>(after) == kG;
          EXPECT_EQ(conquered, conquest_possible && a >= d);
          ++configurations;
        }
  EXPECT_EQ(configurations, 3 * 2 * 16 * 2);
}

TEST(Risk2008BattleOutcomes, PlainDiceAreTheClassicTableAndModifiersHelpTheirHolder) {
  // No bonus, no airfield: the classic counts (risk_classic.md §4.3), 3 v 2.
  const RollOdds& plain = roll_odds_2008({3, 2, false, false, false, false});
  EXPECT_EQ(plain.total, 7776);
  EXPECT_EQ(plain.counts, (std::vector<long long>{2890, 2611, 2275}));
  // Each modifier moves the odds its holder's way, exactly counted.
  const RollOdds& bonus = roll_odds_2008({3, 2, true, false, false, false});
  EXPECT_EQ(bonus.total, 46656);
  EXPECT_GT(bonus.attacker_loses[0], plain.attacker_loses[0]);
  const RollOdds& defended = roll_odds_2008({3, 2, false, true, false, true});
  EXPECT_LT(defended.attacker_loses[0], plain.attacker_loses[0]);
  // 1 v 1 with the attacker's airfield: the attacker wins unless the
  // defender rolls at least the attacker's die + 1 (15 of 36 lose).
  const RollOdds& air = roll_odds_2008({1, 1, false, false, true, false});
  EXPECT_EQ(air.counts, (std::vector<long long>{21, 15}));
}

TEST(Risk2008BattleOutcomes, RefereeTypesLossesAndBadInputChangesNothing) {
  const OutcomeCase k{3, 2, true, false, false, false, 4};
  Risk2008State s = battle_due(k, true);
  EXPECT_NE(s.chance_description().find("losses ATTACKER DEFENDER"), std::string::npos);
  const json before = s.to_json();
  for (const char* bad : {"losses 2 1", "losses 3 0", "losses -1 3", "losses 1"}) {
    auto r = s.decode_action(json(bad));
    EXPECT_FALSE(r.is_ok()) << bad;
  }
  auto wrong = s.decode_action(json("losses 2 1"));
  ASSERT_FALSE(wrong.is_ok());
  EXPECT_NE(wrong.status().message().find("add up to the 2 dice compared"), std::string::npos)
      << wrong.status().message();
  EXPECT_FALSE(s.decode_action(json("die 4")).is_ok());
  EXPECT_EQ(s.to_json(), before);
  auto ok = s.decode_action(json("losses 1 1"));
  ASSERT_TRUE(ok.is_ok()) << ok.status().message();
  ASSERT_EQ(ok->size(), 1u);
  EXPECT_EQ(s.action_to_string(ok->front()), "losses 1 1");
  auto rolled = s.clone();
  rolled->apply(ok->front());
  const std::string words = s.describe(ok->front(), *rolled, kSpectator);
  EXPECT_NE(words.find("loses 1"), std::string::npos) << words;
  s.apply(ok->front());
  EXPECT_EQ(s.troops(terr("east_africa")), 5);
  EXPECT_EQ(s.troops(terr("egypt")), 3);
  EXPECT_EQ(s.phase(), Phase2008::kAttack);

  // Without the option, a roll takes dice and refuses losses with the reason.
  Risk2008State dice = battle_due(k, false);
  auto refused = dice.decode_action(json("losses 1 1"));
  ASSERT_FALSE(refused.is_ok());
  EXPECT_NE(refused.status().message().find("battles=outcomes"), std::string::npos);
}

TEST(Risk2008BattleOutcomes, StateJsonRoundTripsAndRefusesRolledDice) {
  auto game =
      make_risk_2008_game(json{{"mode", "command-room"}, {"players", 3}, {"battles", "outcomes"}});
  ASSERT_TRUE(game.is_ok()) << game.status().message();
  EXPECT_FALSE(make_risk_2008_game(json{{"battles", "faces"}}).is_ok());
  const Risk2008State s = battle_due({2, 1, false, false, false, false, 1}, true);
  json j = s.to_json();
  auto back = (*game)->state_from_json(j);
  ASSERT_TRUE(back.is_ok()) << back.status().message();
  EXPECT_EQ((*back)->to_json(), j);
  // A roll taken as one outcome has no dice rolled so far.
  j["battle"][4] = 1;
  EXPECT_FALSE((*game)->state_from_json(j).is_ok());
}

}  // namespace
}  // namespace meeple::risk::state2008
