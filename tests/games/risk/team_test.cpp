// Team Risk (risk_classic.md §12): the scenarios T15 and T16 with their exact
// dice, the five-player seat order (R20), the team victory (R28), the team
// defence's removal choice (R30) and the shared team hand with its mandatory
// trade (§12, §5.3).
#include <gtest/gtest.h>

#include <algorithm>

#include "risk_helpers.h"

namespace meeple::risk {
namespace {

using test::act;
using test::board;
using test::cards;
using test::give;
using test::M;
using test::make;
using test::roll;
using test::T;
using test::try_act;

using test::kRed, test::kBlue, test::kGreen, test::kYellow;

// A Team Risk board where territory t belongs to seat t % players (1 army).
std::unique_ptr<RiskState> team_board(const Game& game, int players) {
  auto s = board(game, 0);
  for (Territory t = 0; t < kNumTerritories; ++t) s->set_territory(t, t % players, 1);
  return s;
}

std::array<int32_t, kMaxOwners> stack(int red, int blue, int green, int yellow) {
  return {red, blue, green, yellow, 0, 0};
}

// T15: Green's own and shared holdings, control by strictly most armies.
TEST(RiskTeams, T15_ControlNeedsStrictlyMostArmiesAndPlacementNeedsAnOwnArmy) {
  auto g = make("teams", 4);
  auto s = board(*g, kBlue);
  for (Territory t : M().continent(M().find_continent("africa")).territories)
    s->set_territory(t, kGreen, 1);
  s->set_stack(T("eastern_united_states"), stack(2, 0, 3, 0));
  s->set_stack(T("greenland"), stack(4, 0, 4, 0));
  s->set_stack(T("quebec"), stack(1, 0, 1, 0));
  s->set_stack(T("ontario"), stack(5, 0, 2, 0));
  auto variant = std::make_unique<RiskState>(*s);
  s->begin_turn_for_test(kGreen);
  EXPECT_EQ(s->territory_count(kGreen), 7);
  EXPECT_EQ(s->controller(T("greenland")), -1);
  EXPECT_EQ(s->controller(T("quebec")), -1);
  EXPECT_EQ(s->controller(T("ontario")), kRed);
  EXPECT_EQ(s->reinforcements_left(), 6);  // max(3, 7/3) = 3, + Africa 3
  std::vector<Action> places;
  for (Action a : s->legal_actions())
    if (a < kNumTerritories) places.push_back(a);
  EXPECT_EQ(places.size(), 10u);  // the 10 territories holding a Green army (R21)
  EXPECT_FALSE(try_act(*s, "place 1 alaska").is_ok());
  act(*s, "place 1 ontario");
  EXPECT_EQ(s->armies_of(T("ontario"), kGreen), 3);
  EXPECT_EQ(s->armies_of(T("ontario"), kRed), 5);
  // Variant: madagascar shared 2 / 2 — nobody controls it, no Africa bonus.
  variant->set_stack(T("madagascar"), stack(2, 0, 2, 0));
  variant->begin_turn_for_test(kGreen);
  EXPECT_EQ(variant->territory_count(kGreen), 6);
  EXPECT_EQ(variant->reinforcements_left(), 3);
}

// T16: own armies only attack (R29), the tied defence belongs to the first
// defender after the attacker, who removes the lost army (R30); the move-in
// is the attacker's own survivors and the team-mate keeps the source.
TEST(RiskTeams, T16_SharedSourceAndSharedTargetFollowR29AndR30) {
  auto g = make("teams", 4);
  auto s = team_board(*g, 4);
  s->set_stack(T("middle_east"), stack(2, 0, 3, 0));
  s->set_stack(T("egypt"), stack(0, 1, 0, 1));
  s->begin_attack_for_test(kRed);
  // Action 1: at most min(3, 2 own, 5 - 1) = 2 dice.
  EXPECT_FALSE(try_act(*s, "attack middle_east egypt 3").is_ok());
  act(*s, "attack middle_east egypt 2");
  ASSERT_EQ(s->phase(), Phase::kDefend);
  EXPECT_EQ(s->current_player(), kBlue);  // 1-1 tie: Blue is first after Red
  EXPECT_EQ(s->legal_actions(), (std::vector<Action>{kDefendBase, kDefendBase + 1}));
  // Action 2: 6,3 against 4,3.
  act(*s, "defend 2");
  roll(*s, {6, 3, 4, 3});
  ASSERT_EQ(s->phase(), Phase::kRemoveArmy);
  EXPECT_EQ(s->current_player(), kBlue);
  EXPECT_EQ(s->legal_actions(), (std::vector<Action>{kRemoveBase + kBlue, kRemoveBase + kYellow}));
  EXPECT_FALSE(try_act(*s, "remove green").is_ok());
  act(*s, "remove yellow");
  EXPECT_EQ(s->armies_of(T("middle_east"), kRed), 1);
  EXPECT_EQ(s->armies_of(T("middle_east"), kGreen), 3);
  EXPECT_EQ(s->armies(T("egypt")), 1);
  EXPECT_EQ(s->armies_of(T("egypt"), kBlue), 1);
  ASSERT_EQ(s->phase(), Phase::kAttack);
  // Action 3: one die at most; the defence must roll one.
  EXPECT_FALSE(try_act(*s, "attack middle_east egypt 2").is_ok());
  act(*s, "attack middle_east egypt 1");
  ASSERT_EQ(s->phase(), Phase::kRollDice);
  roll(*s, {5, 4});
  EXPECT_EQ(s->armies_of(T("egypt"), kRed), 1);
  EXPECT_EQ(s->armies(T("egypt")), 1);
  EXPECT_EQ(s->armies_of(T("middle_east"), kRed), 0);
  EXPECT_EQ(s->armies_of(T("middle_east"), kGreen), 3);
  EXPECT_EQ(s->owner(T("middle_east")), kGreen);
  EXPECT_EQ(s->phase(), Phase::kAttack);  // no move-in: no Red army is left there
  EXPECT_EQ(s->winner(), -1);             // Blue and Yellow still hold armies elsewhere
}

// R20: five players sit A1 B1 A2 B2 A3; A3 and A1 are neighbours.
TEST(RiskTeams, R20_FivePlayersSitABABA) {
  auto g = make("teams", 5);
  auto s = team_board(*g, 5);
  const json v = s->view(0);
  std::string teams;
  for (const auto& p : v["players"]) teams += p["team"].get<std::string>();
  EXPECT_EQ(teams, "ABABA");
  // Seat 4 (A3) attacks; Red (A1, seat 0) is his team-mate and cannot be attacked.
  s->set_territory(T("ukraine"), 4, 5);
  s->set_territory(T("ural"), 0, 1);
  s->set_territory(T("afghanistan"), 1, 1);
  s->begin_attack_for_test(4);
  EXPECT_FALSE(try_act(*s, "attack ukraine ural").is_ok());
  EXPECT_TRUE(try_act(*s, "attack ukraine afghanistan").is_ok());
}

// §12, R28 (b): taking the last army of any player of the other team wins
// for the whole team at once.
TEST(RiskTeams, R28_EliminatingAnyOnePlayerWinsForTheTeam) {
  auto g = make("teams", 4);
  auto s = board(*g, kYellow);
  s->set_territory(T("middle_east"), kRed, 4);
  s->set_territory(T("ural"), kGreen, 2);
  s->set_territory(T("egypt"), kBlue, 1);  // Blue's only army
  s->begin_attack_for_test(kRed);
  act(*s, "attack middle_east egypt 3");
  roll(*s, {6, 5, 4, 1});
  ASSERT_EQ(s->phase(), Phase::kGameOver);
  EXPECT_EQ(s->returns(), (std::vector<double>{1, -1, 1, -1}));
}

// R30, R28: the decider may be forced to remove a team-mate's last army —
// the decider is the one with most armies there, and a player left without
// armies loses the game for his team even without a conquest.
TEST(RiskTeams, R30_TheDeciderRemovesLossesAndALastArmyLosesTheGame) {
  auto g = make("teams", 4);
  auto s = board(*g, kYellow);
  s->set_territory(T("middle_east"), kRed, 5);
  s->set_territory(T("ural"), kGreen, 2);
  s->set_stack(T("egypt"), stack(0, 1, 0, 2));  // Blue's only army
  s->begin_attack_for_test(kRed);
  act(*s, "attack middle_east egypt 3");
  EXPECT_EQ(s->current_player(), kYellow);  // most armies in egypt
  act(*s, "defend 2");
  roll(*s, {6, 1, 1, 5, 1});
  ASSERT_EQ(s->phase(), Phase::kRemoveArmy);
  act(*s, "remove blue");
  ASSERT_EQ(s->phase(), Phase::kGameOver);
  EXPECT_EQ(s->returns(), (std::vector<double>{1, -1, 1, -1}));
}

// §12: one hand per team — a card earned goes to it, both members see it
// (the other team only its size), and 5 cards force the next member to trade.
TEST(RiskTeams, SharedTeamHandAndItsMandatoryTrade) {
  auto g = make("teams", 4);
  auto s = team_board(*g, 4);
  s->set_territory(T("middle_east"), kRed, 4);
  s->set_territory(T("egypt"), kBlue, 1);
  s->begin_attack_for_test(kRed);
  act(*s, "attack middle_east egypt 3");
  roll(*s, {6, 5, 4, 1});
  act(*s, "end");
  act(*s, "end");
  ASSERT_EQ(s->phase(), Phase::kDrawCard);
  s->apply(kCardBase + T("alaska"));
  EXPECT_EQ(s->hand(0), cards({"alaska"}));  // the team hand of Red and Green
  EXPECT_EQ(s->active(), kBlue);
  const json green = s->view(kGreen), blue = s->view(kBlue);
  EXPECT_EQ(green["players"][kRed]["hand"].size(), 1u);
  EXPECT_FALSE(blue["players"][kRed].contains("hand"));
  EXPECT_EQ(blue["players"][kRed]["cards"], 1);
  // Four more cards: Green's reinforcement step starts with 5 in the team hand.
  give(*s, 0, cards({"peru", "ural", "egypt", "brazil"}));
  s->begin_turn_for_test(kGreen);
  const int base = s->reinforcements_left();
  EXPECT_FALSE(try_act(*s, "place 1 " + M().territory(2).id).is_ok());
  act(*s, "trade alaska ural brazil");  // infantry, cavalry, artillery: 10
  EXPECT_EQ(s->reinforcements_left(), base + 10);
  EXPECT_EQ(s->hand(0), cards({"peru", "egypt"}));
  EXPECT_TRUE(try_act(*s, "place 1 " + M().territory(2).id).is_ok());
}

}  // namespace
}  // namespace meeple::risk
