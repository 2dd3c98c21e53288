// The pieces of Risk's searching levels (ai/risk/risk_bot.h): the choices
// worth searching (ai/risk/heuristic.h candidate_actions), the leaf values,
// and the searcher itself on a position where one attack stands out.
#include <gtest/gtest.h>

#include <algorithm>

#include "ai/risk/heuristic.h"
#include "ai/risk/risk_bot.h"
#include "core/decision.h"
#include "tests/games/risk/risk_helpers.h"

namespace meeple::risk {
namespace {

using test::board;
using test::kBlue;
using test::kGreen;
using test::kRed;
using test::kYellow;
using test::make;
using test::T;

Action attack(const std::string& from, const std::string& to, int dice) {
  return kAttackBase + world_map().edge_index(T(from), T(to)) * 3 + dice - 1;
}

// Red holds everything but Iceland (blue, 2 armies) and Ukraine (blue, 30);
// Scandinavia (red, 10) borders both.
std::unique_ptr<RiskState> two_targets(const Game& game) {
  auto s = board(game, kRed);
  s->set_territory(T("iceland"), kBlue, 2);
  s->set_territory(T("ukraine"), kBlue, 30);
  s->set_territory(T("scandinavia"), kRed, 10);
  return s;
}

TEST(RiskSearch, AttackCandidatesAreTheFairOnesAndStopping) {
  auto game = make("domination", 3);
  auto s = two_targets(*game);
  s->set_territory(T("brazil"), 2, 1);  // green keeps a territory
  s->begin_attack_for_test(kRed);
  std::vector<Action> legal, out;
  s->legal_actions(legal);
  candidate_actions(*s, legal, 4, out);
  // 9 v 2 is nearly certain; 9 v 30 hopeless, so not searched; fewer dice never.
  EXPECT_NE(std::find(out.begin(), out.end(), attack("scandinavia", "iceland", 3)), out.end());
  EXPECT_EQ(std::find(out.begin(), out.end(), attack("scandinavia", "ukraine", 3)), out.end());
  EXPECT_EQ(std::find(out.begin(), out.end(), attack("scandinavia", "iceland", 2)), out.end());
  EXPECT_EQ(out.back(), kEndAttack);
  for (Action a : out) EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), a));
}

TEST(RiskSearch, PlacementCandidatesAreTheHeuristicsBestFew) {
  auto game = make("domination", 3);
  auto s = two_targets(*game);
  s->set_territory(T("brazil"), 2, 1);
  s->begin_turn_for_test(kRed);
  std::vector<Action> legal, out;
  s->legal_actions(legal);
  ASSERT_GT(legal.size(), 30u);
  for (int width : {1, 3, 6}) {
    candidate_actions(*s, legal, width, out);
    ASSERT_EQ(static_cast<int>(out.size()), width);
    EXPECT_EQ(out.front(), heuristic_action(*s, legal, nullptr)) << width;
    for (Action a : out) EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), a));
  }
}

TEST(RiskSearch, ForcedChoicesAreNotSearched) {
  auto game = make("domination", 3);
  auto s = two_targets(*game);
  s->set_territory(T("brazil"), 2, 1);
  s->begin_attack_for_test(kRed);
  s->apply(attack("scandinavia", "iceland", 3));
  ASSERT_EQ(s->phase(), Phase::kDefend);
  std::vector<Action> legal, out;
  s->legal_actions(legal);
  candidate_actions(*s, legal, 4, out);
  EXPECT_EQ(out, std::vector<Action>{s->auto_action()});  // the most dice
}

TEST(RiskSearch, LeafValuesFavourTheStrongerAndZeroTheEliminated) {
  auto game = make("domination", 3);
  auto s = board(*game, kRed);
  for (Territory t = 0; t < 14; ++t) s->set_territory(t, kBlue, 1);
  for (Territory t = 14; t < 28; ++t) s->set_territory(t, 2, 1);
  const auto before = leaf_values(*s);
  ASSERT_EQ(before.size(), 3u);
  for (double x : before) {
    EXPECT_GT(x, 0.0);
    EXPECT_LT(x, 1.0);
  }
  s->set_territory(T("ukraine"), kRed, 20);
  const auto after = leaf_values(*s);
  EXPECT_GT(after[kRed], before[kRed]);
  EXPECT_GT(after[kRed], 0.5);
  EXPECT_LE(after[kBlue], before[kBlue]);
  s->set_eliminated(2, true);
  EXPECT_EQ(leaf_values(*s)[2], 0.0);
}

// Team Risk (§12): team-mates win or lose together, so they share one leaf
// value, and a territory passing between them changes nothing.
TEST(RiskSearch, TeamMatesShareTheirTeamsLeafValue) {
  auto game = make("teams", 4);
  auto s = board(*game, kRed);  // seats 0 and 2 against 1 and 3
  for (Territory t = 0; t < 10; ++t) s->set_territory(t, kGreen, 2);
  for (Territory t = 10; t < 22; ++t) s->set_territory(t, kBlue, 1);
  for (Territory t = 22; t < 30; ++t) s->set_territory(t, kYellow, 1);
  const auto v = leaf_values(*s);
  ASSERT_EQ(v.size(), 4u);
  EXPECT_DOUBLE_EQ(v[kRed], v[kGreen]);
  EXPECT_DOUBLE_EQ(v[kBlue], v[kYellow]);
  EXPECT_GT(v[kRed], 0.5);
  EXPECT_LT(v[kBlue], 0.5);
  // Red's territories passing to green, its team-mate: the team holds what
  // it held. Valued seat against seat, red would have seen green, now the
  // strongest other seat, as its rival.
  s->set_territory(T("india"), kGreen, 1);
  s->set_territory(T("china"), kGreen, 1);
  const auto w = leaf_values(*s);
  EXPECT_DOUBLE_EQ(w[kRed], w[kGreen]);
  EXPECT_NEAR(w[kRed], v[kRed], 1e-12);
  EXPECT_NEAR(w[kBlue], v[kBlue], 1e-12);
}

// The team game's level 4 is the heuristic, as in the other ways to play,
// and its top level the search, with more iterations (docs/bots.md).
TEST(RiskSearch, TheTeamGamesTopLevelSearches) {
  auto game = make("teams", 4);
  EXPECT_EQ(make_risk_bot(*game, kHeuristicLevel, 9)->name(), "risk-heuristic");
  EXPECT_EQ(level_names().back(),
            "ISMCTS, 100 iterations a decision over the heuristic's 6 best choices, heuristic "
            "playouts of 400 steps, a game already won finished by the heuristic; team game: 800 "
            "iterations a decision");
  // Half the board each team's; red (12 armies in Scandinavia) beside
  // blue's last army, in Iceland: taking it wins for red's team (§12);
  // yellow's stack in Ukraine is the other target.
  auto s = board(*game, kGreen);
  for (Territory t = 1; t < kNumTerritories; t += 2) s->set_territory(t, kYellow, 3);
  s->set_territory(T("iceland"), kBlue, 1);
  s->set_territory(T("scandinavia"), kRed, 12);
  s->set_territory(T("ukraine"), kYellow, 6);
  s->begin_attack_for_test(kRed);
  auto top = make_risk_bot(*game, kTopLevel, 5);
  EXPECT_EQ(top->choose(Decision(*game, *s)), attack("scandinavia", "iceland", 3));
  ASSERT_TRUE(top->win_chance().has_value()) << "the decision was searched";
  EXPECT_GT(*top->win_chance(), 0.9);
}

// The top level (the search) takes the sure conquest that eliminates blue (12 armies against
// blue's last one) rather than stopping.
TEST(RiskSearch, TheSearcherTakesTheEliminatingConquest) {
  auto game = make("domination", 3);
  auto s = board(*game, kRed);
  s->set_territory(T("iceland"), kBlue, 1);
  s->set_territory(T("scandinavia"), kRed, 12);
  s->set_territory(T("brazil"), 2, 1);
  s->set_territory(T("argentina"), 2, 1);
  s->begin_attack_for_test(kRed);
  auto bot = make_risk_bot(*game, kTopLevel, 5);
  const Action a = bot->choose(Decision(*game, *s));
  EXPECT_EQ(a, attack("scandinavia", "iceland", 3));
}

// A game already won in all but name, as found stalled at 30,000 moves in
// the arena (four players, turn 560): red holds 39 territories, 35 armies
// in most and 6,532 in Indonesia; green holds Australia's three (74, 77
// and 1). Every choice leads the search to leaves valued about 1 for red,
// so it could not tell attacking from stopping: it stopped about one roll
// in four, and a conquest of 74 armies takes some 40 rolls, so the game
// never ended. There the heuristic plays, and attacks.
TEST(RiskSearch, AWonGameIsFinishedNotStalled) {
  auto game = make("domination", 4);
  auto s = board(*game, kRed);
  for (Territory t = 0; t < kNumTerritories; ++t) s->set_territory(t, kRed, 35);
  s->set_territory(T("alaska"), kRed, 27);
  s->set_territory(T("middle_east"), kRed, 29);
  s->set_territory(T("india"), kRed, 1);
  s->set_territory(T("siam"), kRed, 1);
  s->set_territory(T("indonesia"), kRed, 6532);
  s->set_territory(T("new_guinea"), kGreen, 74);
  s->set_territory(T("western_australia"), kGreen, 77);
  s->set_territory(T("eastern_australia"), kGreen, 1);
  s->set_eliminated(kBlue, true);
  s->set_eliminated(kYellow, true);
  s->begin_attack_for_test(kRed);
  EXPECT_GT(leaf_values(*s)[kRed], 0.999);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto bot = make_risk_bot(*game, kTopLevel, seed);
    const Action a = bot->choose(Decision(*game, *s));
    EXPECT_TRUE(a == attack("indonesia", "new_guinea", 3) ||
                a == attack("indonesia", "western_australia", 3))
        << "seed " << seed << ": " << s->action_to_string(a);
  }
}

}  // namespace
}  // namespace meeple::risk
