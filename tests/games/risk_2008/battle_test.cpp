// Battles through the state (risk_2008.md §8, §10.1, §11): scenarios T5-T9
// and T14 with the dice entered as chance outcomes.
#include <gtest/gtest.h>

#include "tests/games/risk_2008/state_util.h"

namespace meeple::risk::state2008 {
namespace {

TEST(Risk2008Battle, T5BasicBattle) {
  Risk2008State s = blank(false, 3, kY);
  s.set_territory(terr("east_africa"), kG, 10);
  s.set_territory(terr("egypt"), kB, 3);
  s.begin_attack_for_test(kG);
  play(s, attack("east_africa", "egypt", 3));
  ASSERT_EQ(s.current_player(), kB);
  EXPECT_EQ(s.auto_action(), kDefendBase + 1);
  play(s, kDefendBase + 1);
  roll(s, {6, 4, 3, 5, 4});
  EXPECT_EQ(s.troops(terr("east_africa")), 9);
  EXPECT_EQ(s.troops(terr("egypt")), 2);
  EXPECT_EQ(s.owner(terr("egypt")), kB);
  EXPECT_EQ(s.phase(), Phase2008::kAttack);
}

TEST(Risk2008Battle, T6BonusAttackDie) {
  for (const bool high : {true, false}) {
    Risk2008State s = blank(false, 3, kY);
    s.give_token(kG, token_of(Reward::kBonusAttackDie));
    s.set_territory(terr("east_africa"), kG, 5);
    s.set_territory(terr("egypt"), kB, 2);
    s.begin_attack_for_test(kG);
    play(s, attack("east_africa", "egypt", 3));
    play(s, kDefendBase + 1);
    roll(s, {5, 2, 1, high ? 4 : 1, 4, 3});
    if (high) {
      // [5,4,2] against [4,3]: Egypt falls; 3 or 4 may move in.
      ASSERT_EQ(s.phase(), Phase2008::kMove);
      EXPECT_TRUE(s.is_legal(kMoveMore));
      play(s, kMoveDone);
      EXPECT_EQ(s.troops(terr("east_africa")), 2);
      EXPECT_EQ(s.troops(terr("egypt")), 3);
      EXPECT_EQ(s.owner(terr("egypt")), kG);
    } else {
      EXPECT_EQ(s.troops(terr("east_africa")), 4);
      EXPECT_EQ(s.troops(terr("egypt")), 1);
    }
  }
}

TEST(Risk2008Battle, T7BonusDefenceDie) {
  Risk2008State s = blank(false, 3, kY);
  s.give_token(kB, token_of(Reward::kBonusDefenceDie));
  s.set_territory(terr("east_africa"), kG, 6);
  s.set_territory(terr("egypt"), kB, 4);
  s.begin_attack_for_test(kG);
  play(s, attack("east_africa", "egypt", 3));
  play(s, kDefendBase + 1);
  roll(s, {5, 5, 2, 3, 1, 6});
  EXPECT_EQ(s.troops(terr("east_africa")), 5);
  EXPECT_EQ(s.troops(terr("egypt")), 3);
}

TEST(Risk2008Battle, T8AirfieldOneDieBothSides) {
  {
    Risk2008State s = blank(false, 4, kG);
    s.give_token(kY, token_of(Reward::kAirfield), terr("brazil"));
    s.set_territory(terr("brazil"), kY, 4);
    s.set_territory(terr("north_africa"), kR, 2);
    s.begin_attack_for_test(kY);
    play(s, attack("brazil", "north_africa", 3));
    play(s, kDefendBase + 1);
    roll(s, {6, 6, 2, 6, 6});
    EXPECT_EQ(s.troops(terr("brazil")), 3);
    EXPECT_EQ(s.troops(terr("north_africa")), 1);
  }
  {
    Risk2008State s = blank(false, 4, kG);
    s.give_token(kY, token_of(Reward::kAirfield, false), terr("venezuela"));
    s.give_token(kR, token_of(Reward::kAirfield, true), terr("north_africa"));
    s.set_territory(terr("venezuela"), kY, 1);
    s.set_territory(terr("brazil"), kY, 5);
    s.set_territory(terr("north_africa"), kR, 3);
    s.begin_attack_for_test(kY);
    play(s, attack("brazil", "north_africa", 2));
    play(s, kDefendBase + 1);
    roll(s, {6, 4, 6, 3});
    EXPECT_EQ(s.troops(terr("brazil")), 4);
    EXPECT_EQ(s.troops(terr("north_africa")), 2);
  }
}

TEST(Risk2008Battle, T9AirfieldRange) {
  for (const char* field : {"western_australia", "indonesia"}) {
    Risk2008State s = blank(false, 3, kB);
    s.set_territory(terr("western_australia"), kY, 1);
    s.set_territory(terr("indonesia"), kY, 1);
    s.give_token(kY, token_of(Reward::kAirfield), terr(field));
    s.set_territory(terr("siam"), kY, 3);
    s.set_territory(terr("india"), kG, 1);
    s.begin_attack_for_test(kY);
    play(s, attack("siam", "india", 2));
    roll(s, {5, 1, 5});  // the defender has one troop: one die, no choice
    if (std::string(field) == "western_australia") {
      EXPECT_EQ(s.troops(terr("siam")), 2);
      EXPECT_EQ(s.troops(terr("india")), 1);
      EXPECT_EQ(s.owner(terr("india")), kG);
    } else {
      // Conquered; exactly 2 move in (nothing left to choose).
      EXPECT_EQ(s.phase(), Phase2008::kAttack);
      EXPECT_EQ(s.troops(terr("siam")), 1);
      EXPECT_EQ(s.troops(terr("india")), 2);
      EXPECT_EQ(s.owner(terr("india")), kY);
    }
  }
}

TEST(Risk2008Battle, AirfieldOnConqueredTerritoryIsDestroyed) {
  Risk2008State s = blank(false, 3, kY);
  const int token = token_of(Reward::kAirfield);
  s.set_territory(terr("egypt"), kB, 1);
  s.give_token(kB, token, terr("egypt"));
  s.set_territory(terr("east_africa"), kG, 5);
  s.begin_attack_for_test(kG);
  play(s, attack("east_africa", "egypt", 3));
  // Blue's airfield still counts in this battle: 6 + 1 beats 6.
  roll(s, {6, 1, 1, 6});
  EXPECT_EQ(s.troops(terr("east_africa")), 4);
  play(s, attack("east_africa", "egypt", 3));
  roll(s, {6, 1, 1, 4});
  EXPECT_EQ(s.airfield_at(token), -1);
  EXPECT_EQ(s.token_holder(token), -2);
}

Risk2008State t14_position(bool green_holds_egypt) {
  Risk2008State s = blank(false, 3, kG);
  s.set_objective(objective_index("M1"), kY, -1);
  s.set_objective(objective_index("M4"), kY, -1);
  s.set_objective(objective_index("M5"), kB, -1);
  s.set_territory(terr("egypt"), green_holds_egypt ? kG : kY, 2);
  s.set_capital(kY, terr("egypt"));
  s.set_capital(kB, terr("argentina"));
  s.set_capital(kG, terr("brazil"));
  s.set_territory(terr("madagascar"), kB, 1);
  s.set_territory(terr("east_africa"), kY, 4);
  s.give_token(kB, token_of(Reward::kBonusDefenceDie));
  const uint64_t hand = cards({"peru", "japan"});
  s.set_hand(kB, hand);
  s.set_deck(((uint64_t{1} << kNumTerritories) - 1) & ~hand, 0);
  s.begin_attack_for_test(kY);
  return s;
}

TEST(Risk2008Battle, T14EliminationAndVictory) {
  for (const bool variant : {false, true}) {
    Risk2008State s = t14_position(variant);
    const int bdd = token_of(Reward::kBonusDefenceDie);
    play(s, attack("east_africa", "madagascar", 3));
    roll(s, {4, 2, 1, 3, 2});
    EXPECT_EQ(s.troops(terr("east_africa")), 1);
    EXPECT_EQ(s.troops(terr("madagascar")), 3);
    EXPECT_TRUE(s.eliminated(kB));
    EXPECT_EQ(s.hand(kY), cards({"peru", "japan"}));
    EXPECT_EQ(s.hand(kB), 0u);
    EXPECT_EQ(s.objectives_held(kY), 3);
    EXPECT_EQ(s.token_holder(bdd), -2);
    EXPECT_EQ(s.capital(kB), terr("argentina"));
    EXPECT_EQ(s.owner(terr("argentina")), kG);
    EXPECT_FALSE(s.is_terminal());
    play(s, kEndAttack);  // nothing on the board to claim
    ASSERT_EQ(s.phase(), Phase2008::kManoeuvre);
    play(s, kEndManoeuvre);
    ASSERT_EQ(s.phase(), Phase2008::kDraw);  // conquered and made no claim
    play(s, kCardBase + terr("alaska"));
    EXPECT_EQ(__builtin_popcountll(s.hand(kY)), 3);
    if (!variant) {
      EXPECT_TRUE(s.is_terminal());
      EXPECT_EQ(s.winner(), kY);
      EXPECT_EQ(s.returns(), (std::vector<double>{1, -1, -1}));
    } else {
      EXPECT_FALSE(s.is_terminal());
      EXPECT_EQ(s.active(), kG);  // Blue is skipped next time round
      EXPECT_EQ(s.phase(), Phase2008::kDraft);
    }
  }
}

TEST(Risk2008Battle, LastPlayerStandingWinsAtOnce) {
  Risk2008State s = blank(false, 3, kY);
  s.set_eliminated(kB, true);
  s.set_territory(terr("egypt"), kG, 1);
  s.set_territory(terr("east_africa"), kY, 5);
  s.begin_attack_for_test(kY);
  play(s, attack("east_africa", "egypt", 3));
  roll(s, {6, 6, 6, 1});
  play(s, kMoveDone);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), kY);
}

TEST(Risk2008Battle, DefenderMayChooseOneDie) {
  Risk2008State s = blank(false, 3, kY);
  s.set_territory(terr("east_africa"), kG, 10);
  s.set_territory(terr("egypt"), kB, 3);
  s.begin_attack_for_test(kG);
  play(s, attack("east_africa", "egypt", 2));
  EXPECT_EQ(s.legal_actions(), (std::vector<Action>{kDefendBase, kDefendBase + 1}));
  play(s, kDefendBase);
  roll(s, {2, 2, 3});
  EXPECT_EQ(s.troops(terr("east_africa")), 9);
  EXPECT_EQ(s.troops(terr("egypt")), 3);
}

}  // namespace
}  // namespace meeple::risk::state2008
