// The heuristic bot in Team Risk (risk_classic.md §12): the positions that
// stalled long heuristic games until the bot learned to wear down a stack
// with the whole team (R29 lets a player attack with his own armies only)
// and to merge its own armies, and the rule it must never break: attacking
// with its last armies on the board, which loses the game for its team.
#include <gtest/gtest.h>

#include "ai/risk/risk_bot.h"
#include "tests/games/risk/risk_helpers.h"

namespace meeple::risk {
namespace {

using test::board;
using test::make;
using test::T;

// Seats alternate teams (R20): team A red, green, black; team B blue,
// yellow, purple.
using test::kRed, test::kBlue, test::kGreen, test::kYellow, test::kBlack, test::kPurple;

std::array<int32_t, kMaxOwners> by_seat(std::initializer_list<std::pair<int, int>> armies) {
  std::array<int32_t, kMaxOwners> out{};
  for (auto [seat, n] : armies) out[seat] = n;
  return out;
}

struct Attack {
  Territory from = -1, to = -1;
  int dice = 0;
};
Attack attack_of(Action a) {
  EXPECT_GE(a, kAttackBase);
  EXPECT_LT(a, kEndAttack);
  const Edge& e = world_map().edges()[(a - kAttackBase) / 3];
  return {e.from, e.to, (a - kAttackBase) % 3 + 1};
}

// The stall seen in a 6-player game: team B holds only Australia, all of it
// piled into Indonesia; team A piles into Siam. No colour of team A could
// take Indonesia alone, and nobody attacked for 26,000 turns.
std::unique_ptr<RiskState> facing_stacks(const Game& game) {
  auto s = board(game, kRed);
  for (Territory t = 0; t < kNumTerritories; ++t) s->set_territory(t, t % 3 * 2, 1);  // team A
  s->set_stack(T("siam"), by_seat({{kRed, 100}, {kGreen, 200}, {kBlack, 100}}));
  s->set_stack(T("indonesia"), by_seat({{kBlue, 100}, {kYellow, 100}, {kPurple, 100}}));
  s->set_territory(T("new_guinea"), kBlue, 1);
  s->set_territory(T("western_australia"), kYellow, 1);
  s->set_territory(T("eastern_australia"), kPurple, 1);
  return s;
}

TEST(RiskTeamBot, WearsDownAStackNoColourCouldTakeAlone) {
  auto game = make("teams", 6);
  auto s = facing_stacks(*game);
  s->begin_attack_for_test(kRed);
  auto bot = make_risk_bot(*game, kHeuristicLevel, 7);
  const Action a = bot->choose(Decision(*game, *s));
  ASSERT_NE(a, kEndAttack) << "red's 100 armies alone cannot take 300, the team's 399 can";
  const Attack at = attack_of(a);
  EXPECT_EQ(at.from, T("siam"));
  EXPECT_EQ(at.to, T("indonesia"));
  EXPECT_EQ(at.dice, 3) << "only three dice win the exchange";
}

TEST(RiskTeamBot, LeavesAStackAloneWhenTheWholeTeamIsTooWeak) {
  auto game = make("teams", 6);
  auto s = facing_stacks(*game);
  s->set_stack(T("indonesia"), by_seat({{kBlue, 300}, {kYellow, 300}, {kPurple, 300}}));
  s->begin_attack_for_test(kRed);
  auto bot = make_risk_bot(*game, kHeuristicLevel, 7);
  EXPECT_EQ(bot->choose(Decision(*game, *s)), kEndAttack) << "399 against 900 is a waste of armies";
}

TEST(RiskTeamBot, NeverAttacksWithItsLastArmies) {
  auto game = make("teams", 6);
  auto s = facing_stacks(*game);
  // Red's only armies: 2 in Siam, beside a single defender it could beat.
  for (Territory t = 0; t < kNumTerritories; ++t)
    if (s->owner(t) == kRed && s->armies(t) == 1) s->set_territory(t, kGreen, 1);
  s->set_stack(T("siam"), by_seat({{kRed, 2}, {kGreen, 200}, {kBlack, 100}}));
  s->set_stack(T("indonesia"), by_seat({{kBlue, 1}}));
  ASSERT_EQ(s->armies_on_board(kRed), 2);
  s->begin_attack_for_test(kRed);
  auto bot = make_risk_bot(*game, kHeuristicLevel, 7);
  EXPECT_EQ(bot->choose(Decision(*game, *s)), kEndAttack)
      << "two dice could lose both of red's armies";
}

TEST(RiskTeamBot, MergesItsOwnArmiesIntoOneFront) {
  auto game = make("teams", 4);
  auto s = board(*game, kRed);
  for (Territory t = 0; t < kNumTerritories; ++t) s->set_territory(t, kBlue, 1);  // team B
  // Yellow's armies split over Peru and Brazil, each shared with Blue, facing
  // a Venezuela that neither half can take but both together can.
  s->set_stack(T("peru"), by_seat({{kBlue, 40}, {kYellow, 40}}));
  s->set_stack(T("brazil"), by_seat({{kBlue, 40}, {kYellow, 40}}));
  s->set_stack(T("venezuela"), by_seat({{kRed, 30}, {kGreen, 30}}));
  s->set_territory(T("central_america"), kRed, 1);
  s->begin_attack_for_test(kYellow);
  s->apply(kEndAttack);
  ASSERT_EQ(s->phase(), Phase::kFortify);
  auto bot = make_risk_bot(*game, kHeuristicLevel, 7);
  const Action a = bot->choose(Decision(*game, *s));
  ASSERT_NE(a, kEndTurn);
  const Territory from = (a - kFortifyBase) / kNumTerritories,
                  to = (a - kFortifyBase) % kNumTerritories;
  EXPECT_TRUE((from == T("peru") && to == T("brazil")) || (from == T("brazil") && to == T("peru")))
      << world_map().territory(from).id << " -> " << world_map().territory(to).id;
}

}  // namespace
}  // namespace meeple::risk
