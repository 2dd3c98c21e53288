// The active 2-player game (risk_classic.md §11): T13 and T14 of §15.
#include <gtest/gtest.h>

#include "risk_helpers.h"

namespace meeple::risk {
namespace {

using test::act;
using test::board;
using test::cards;
using test::give;
using test::make;
using test::roll;
using test::T;

using test::kRed, test::kBlue;
// The spec's Grey is the engine's first neutral colour, "green".
constexpr int kGrey = 2, kYellow = 3, kBlack = 4, kPurple = 5;
constexpr int kAllyOfRed = 0, kUninvolved = 1, kAllyOfBlue = 2;

// T13 — Bribing (§11.3, R9).
TEST(RiskActive, T13_BribesMoveNeutralsOneStepTowardsTheBriber) {
  auto g = make("two-player-active", 2);
  auto s = board(*g, kGrey);
  s->set_territory(T("alaska"), kRed, 3);
  s->set_territory(T("brazil"), kBlue, 3);
  s->set_territory(T("ural"), kYellow, 1);
  s->set_territory(T("japan"), kBlack, 1);
  s->set_territory(T("peru"), kPurple, 1);
  s->set_neutral_status(kGrey, kAllyOfBlue);
  s->set_bribes(kGrey, cards({"iceland"}));
  s->set_neutral_status(kYellow, kUninvolved);
  s->set_neutral_status(kBlack, kAllyOfRed);
  s->set_bribes(kBlack, cards({"china", "india", "siam", "egypt", "congo", "madagascar"}));
  s->set_neutral_status(kPurple, kUninvolved);
  s->set_bribes(kPurple, cards({"ukraine", "ural", "siberia", "yakutsk", "kamchatka"}));
  s->set_deck(s->deck() & ~(s->bribes(kGrey) | s->bribes(kBlack) | s->bribes(kPurple)), 0);
  give(*s, kRed, cards({"alaska", "peru", "greenland", "brazil"}));
  s->begin_turn_for_test(kRed);
  ASSERT_EQ(s->phase(), Phase::kBribe);
  act(*s, "bribe alaska green");
  EXPECT_EQ(s->neutral_status(kGrey), kUninvolved);
  act(*s, "bribe peru green");
  EXPECT_EQ(s->neutral_status(kGrey), kAllyOfRed);
  EXPECT_EQ(popcount(s->bribes(kGrey)), 3);
  act(*s, "bribe greenland purple");
  EXPECT_EQ(s->neutral_status(kPurple), kAllyOfRed);
  EXPECT_EQ(popcount(s->bribes(kPurple)), 6);
  EXPECT_FALSE(
      s->decode_action(json("bribe brazil black")).is_ok());  // already Red's ally, 6 cards
  EXPECT_FALSE(s->decode_action(json("bribe brazil purple")).is_ok());  // now 6 cards and an ally
  EXPECT_EQ(popcount(s->hand(kRed)), 1);
  act(*s, "end");
  EXPECT_EQ(s->phase(), Phase::kReinforce);
  const auto legal = s->legal_actions();
  for (Action a : legal) EXPECT_LT(a, kTradeBase) << "no trade possible with 1 card";
}

// T14 — Status roll after attacks (§11.5, §11.6, R14, R31, R33).
TEST(RiskActive, T14_StatusRollForEveryInvolvedNeutral) {
  auto g = make("two-player-active", 2);
  auto s = board(*g, kBlack);
  s->set_neutral_status(kYellow, kAllyOfRed);
  s->set_neutral_status(kGrey, kUninvolved);
  s->set_territory(T("mongolia"), kYellow, 4);
  s->set_territory(T("china"), kGrey, 2);
  s->set_territory(T("kamchatka"), kRed, 5);
  s->set_territory(T("japan"), kBlue, 3);
  s->set_territory(T("brazil"), kBlue, 1);
  s->begin_attack_for_test(kRed);
  act(*s, "attack mongolia china 3");
  EXPECT_EQ(s->current_player(), kBlue);  // Blue rolls for Grey (R15)
  act(*s, "defend 2");
  roll(*s, {1, 1, 1, 6, 6});  // Yellow loses 2
  act(*s, "attack kamchatka japan 3");
  act(*s, "defend 2");
  roll(*s, {2, 2, 2, 6, 6});  // Red loses 2
  EXPECT_EQ(s->owner(T("china")), kGrey);
  act(*s, "end");
  ASSERT_EQ(s->phase(), Phase::kStatusRoll);
  roll(*s, {3, 5});  // R32 order of the neutral colours: Grey (2) first, then Yellow (3)
  EXPECT_EQ(s->neutral_status(kGrey), kAllyOfBlue);   // Grey rolled 3: one step away from Red
  EXPECT_EQ(s->neutral_status(kYellow), kAllyOfRed);  // Yellow rolled 5: unchanged
  EXPECT_EQ(s->phase(), Phase::kFortify);
}

TEST(RiskActive, T14_SpecDiceYellowThreeBecomesUninvolvedAndIsNotFortified) {
  auto g = make("two-player-active", 2);
  auto s = board(*g, kBlack);
  s->set_neutral_status(kYellow, kAllyOfRed);
  s->set_territory(T("mongolia"), kYellow, 4);
  s->set_territory(T("irkutsk"), kYellow, 3);
  s->set_territory(T("china"), kGrey, 2);
  s->set_territory(T("kamchatka"), kRed, 5);
  s->set_territory(T("japan"), kBlue, 3);
  s->begin_attack_for_test(kRed);
  act(*s, "attack mongolia china 3");
  act(*s, "defend 2");
  roll(*s, {1, 1, 1, 6, 6});
  act(*s, "end");
  roll(*s, {5, 3});  // Grey 5 (unchanged), Yellow 3 (one step away)
  EXPECT_EQ(s->neutral_status(kGrey), kUninvolved);
  EXPECT_EQ(s->neutral_status(kYellow), kUninvolved);
  act(*s, "end");  // no own fortification; Yellow is no longer an ally (R31): the turn ends
  EXPECT_EQ(s->active(), kBlue);
}

TEST(RiskActive, R33_AlliedTerritoryNeverCountsForTheActivePlayer) {
  auto g = make("two-player-active", 2);
  auto s = board(*g, kBlack);
  s->set_neutral_status(kYellow, kAllyOfRed);
  for (const char* id : {"indonesia", "new_guinea", "western_australia"})
    s->set_territory(T(id), kRed, 1);
  s->set_territory(T("eastern_australia"), kYellow, 1);
  EXPECT_EQ(s->base_reinforcement(kRed), 3);  // 3 territories, no Australia bonus
}

TEST(RiskActive, AllyConquestEarnsNoCardAndAllyReinforcementIsOneDie) {
  auto g = make("two-player-active", 2);
  auto s = board(*g, kBlack);
  s->set_neutral_status(kYellow, kAllyOfRed);
  s->set_territory(T("mongolia"), kYellow, 6);
  s->set_territory(T("china"), kGrey, 1);
  s->set_territory(T("kamchatka"), kRed, 2);
  s->set_territory(T("japan"), kBlue, 1);
  s->begin_turn_for_test(kRed);
  ASSERT_EQ(s->phase(), Phase::kReinforce);  // nothing to bribe with: no cards
  act(*s, "place 3 kamchatka");
  ASSERT_EQ(s->phase(), Phase::kAllyReinforce);
  act(*s, "ally yellow");
  roll(*s, {4});
  EXPECT_EQ(s->reinforcements_left(), 4);
  act(*s, "place 4 mongolia");
  EXPECT_EQ(s->armies(T("mongolia")), 10);
  EXPECT_EQ(s->phase(), Phase::kAttack);
  act(*s, "attack mongolia china 3");
  roll(*s, {6, 6, 6, 1});
  EXPECT_EQ(s->owner(T("china")), kYellow);
  EXPECT_EQ(s->conquests_this_turn(), 0);  // an ally's conquest earns no card
}

}  // namespace
}  // namespace meeple::risk
