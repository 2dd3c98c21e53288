// Battles as outcomes (option battles=outcomes): a roll is one chance node
// whose outcomes are the armies each side loses, with §4.3's exact odds, for
// search and fast simulation. These tests check it against rolling the dice
// one at a time, position for position: every (attack dice, defence dice)
// pair, with and without a conquest, in the classic and the team game; the
// referee's "losses A D" input; and the whole contract over heuristic games.
#include <gtest/gtest.h>

#include <map>
#include <tuple>

#include "ai/risk/risk_bot.h"
#include "tests/common/conformance.h"
#include "tests/games/risk/risk_helpers.h"

namespace meeple::risk::test {
namespace {

std::shared_ptr<const Game> make_outcomes(const std::string& mode, int players) {
  auto g = make_game(json{{"mode", mode}, {"players", players}, {"battles", "outcomes"}});
  EXPECT_TRUE(g.is_ok()) << g.status().to_string();
  return *g;
}

// Red attacks Kamchatka (blue) from Alaska with `a` dice; blue defends with `d`.
std::unique_ptr<RiskState> battle(const Game& g, int src_armies, int tgt_armies, int a, int d) {
  auto s = board(g, kGreen);
  s->set_territory(T("alaska"), kRed, src_armies);
  s->set_territory(T("kamchatka"), kBlue, tgt_armies);
  s->begin_attack_for_test(kRed);
  act(*s, "attack alaska kamchatka " + std::to_string(a));
  if (s->phase() == Phase::kDefend) act(*s, "defend " + std::to_string(d));
  EXPECT_EQ(s->phase(), Phase::kRollDice);
  return s;
}

// What a roll can change: the two territories and the phase that follows.
using After = std::tuple<int, int, int, int>;  // armies at source, target; target's owner; phase
After after(const RiskState& s) {
  return {s.armies(T("alaska")), s.armies(T("kamchatka")), s.owner(T("kamchatka")),
          static_cast<int>(s.phase())};
}

// Every die sequence of the roll, each with probability 6^-(a+d).
void roll_all(const RiskState& s, double p, std::map<After, double>& out) {
  if (s.phase() != Phase::kRollDice) {
    out[after(s)] += p;
    return;
  }
  for (const auto& o : s.chance_outcomes()) {
    auto next = s.clone();
    next->apply(o.action);
    roll_all(static_cast<const RiskState&>(*next), p * o.probability, out);
  }
}

TEST(RiskBattleOutcomes, SameDistributionAsRollingEachDie) {
  auto dice_game = make("domination", 3);
  auto outcome_game = make_outcomes("domination", 3);
  // Defenders of 1, 2 and 3 armies: conquests and survivals both occur.
  for (int tgt = 1; tgt <= 3; ++tgt)
    for (int a = 1; a <= 3; ++a)
      for (int d = 1; d <= std::min(2, tgt); ++d) {
        SCOPED_TRACE(::testing::Message() << a << " v " << d << ", defender " << tgt);
        auto by_dice = battle(*dice_game, 5, tgt, a, d);
        std::map<After, double> want;
        roll_all(*by_dice, 1.0, want);
        auto by_outcome = battle(*outcome_game, 5, tgt, a, d);
        const auto outcomes = by_outcome->chance_outcomes();
        ASSERT_EQ(outcomes.size(), static_cast<size_t>(std::min(a, d) + 1));
        std::map<After, double> got;
        for (const auto& o : outcomes) {
          auto next = by_outcome->clone();
          next->apply(o.action);
          got[after(static_cast<const RiskState&>(*next))] += o.probability;
        }
        ASSERT_EQ(got.size(), want.size());
        for (const auto& [key, p] : want) {
          ASSERT_TRUE(got.count(key));
          EXPECT_NEAR(got[key], p, 1e-12);
        }
      }
}

// §4.3's table: 3 v 2 is 2890 / 2611 / 2275 out of 7776 (defender loses 2 /
// each loses 1 / attacker loses 2).
TEST(RiskBattleOutcomes, ThreeAgainstTwoHasTheRulebooksOdds) {
  auto g = make_outcomes("domination", 3);
  auto s = battle(*g, 6, 4, 3, 2);
  const auto o = s->chance_outcomes();
  ASSERT_EQ(o.size(), 3u);
  EXPECT_EQ(o[0].action, kLossBase + 0);
  EXPECT_NEAR(o[0].probability, 2890.0 / 7776, 1e-12);
  EXPECT_NEAR(o[1].probability, 2611.0 / 7776, 1e-12);
  EXPECT_NEAR(o[2].probability, 2275.0 / 7776, 1e-12);
  EXPECT_EQ(s->action_to_json(o[1].action),
            (json{{"type", "losses"}, {"attacker", 1}, {"defender", 1}}));
  EXPECT_EQ(s->action_to_string(o[2].action), "losses 2 0");
  EXPECT_NE(s->chance_description().find("3 v 2 dice"), std::string::npos);
}

TEST(RiskBattleOutcomes, RefereeTypesTheLosses) {
  auto g = make_outcomes("domination", 3);
  auto s = battle(*g, 6, 4, 3, 2);
  const json before = s->to_json();
  // Wrong totals, dice and bad words are refused with the rule, changing nothing.
  Status st = try_act(*s, "losses 2 1");
  EXPECT_FALSE(st.is_ok());
  EXPECT_NE(st.message().find("add up to the 2 dice compared"), std::string::npos) << st.message();
  EXPECT_FALSE(try_act(*s, "die 6").is_ok());
  EXPECT_FALSE(try_act(*s, "losses one 1").is_ok());
  EXPECT_FALSE(
      s->decode_action(json{{"type", "losses"}, {"attacker", -1}, {"defender", 3}}).is_ok());
  EXPECT_EQ(s->to_json(), before);
  act(*s, "losses 0 2");
  EXPECT_EQ(s->armies(T("alaska")), 6);
  EXPECT_EQ(s->armies(T("kamchatka")), 2);
  EXPECT_EQ(s->phase(), Phase::kAttack);
  act(*s, "attack alaska kamchatka 3");
  act(*s, "defend 2");
  ASSERT_TRUE(s->decode_action(json{{"type", "losses"}, {"attacker", 0}, {"defender", 2}}).is_ok());
  act(*s, "losses 0 2");
  EXPECT_EQ(s->owner(T("kamchatka")), kRed);  // conquered: the move-in follows
  EXPECT_EQ(s->phase(), Phase::kMoveIn);
}

TEST(RiskBattleOutcomes, DiceGamesRefuseLosses) {
  auto g = make("domination", 3);
  auto s = battle(*g, 6, 4, 3, 2);
  const Status st = try_act(*s, "losses 1 1");
  EXPECT_FALSE(st.is_ok());
  EXPECT_NE(st.message().find("battles=outcomes"), std::string::npos) << st.message();
  EXPECT_FALSE(
      make_game(json{{"mode", "domination"}, {"players", 3}, {"battles", "fast"}}).is_ok());
}

// Team Risk: the outcome's defender losses are removed by the decider (R30),
// as after dice.
TEST(RiskBattleOutcomes, TeamGameDefenceLossesAreChosen) {
  auto dice_game = make("teams", 4);
  auto outcome_game = make_outcomes("teams", 4);
  for (const Game* g : {dice_game.get(), outcome_game.get()}) {
    auto s = board(*g, 2);
    s->set_territory(T("alaska"), kRed, 6);
    s->set_territory(T("kamchatka"), kBlue, 2);
    s->set_stack(T("kamchatka"), {0, 1, 0, 1, 0, 0});  // blue and its team-mate black
    s->begin_attack_for_test(kRed);
    act(*s, "attack alaska kamchatka 3");
    if (s->phase() == Phase::kDefend) act(*s, "defend 1");
    if (g == outcome_game.get())
      act(*s, "losses 0 1");
    else
      roll(*s, {6, 6, 6, 1});
    ASSERT_EQ(s->phase(), Phase::kRemoveArmy);  // blue's side decides whose army is lost
    act(*s, "remove blue");
    EXPECT_EQ(s->armies(T("kamchatka")), 1) << (g == outcome_game.get() ? "outcomes" : "dice");
  }
}

void conformance(const std::string& mode, int players, uint64_t seed) {
  meeple::testing::run_conformance("risk",
                                   {{"mode", mode}, {"players", players}, {"battles", "outcomes"}},
                                   {.games = 1,
                                    .max_steps = 200000,
                                    .seed = seed,
                                    .deep_check_every = 7,
                                    .id_sweep_every = 10,
                                    .player = [](const Game& game, uint64_t s) {
                                      return make_risk_bot(game, kHeuristicLevel, s);
                                    }});
}

TEST(RiskBattleOutcomes, ConformanceDomination) {
  conformance("domination", 4, 21);
}
TEST(RiskBattleOutcomes, ConformanceTeams) {
  conformance("teams", 4, 22);
}
TEST(RiskBattleOutcomes, ConformanceTwoPlayerActive) {
  conformance("two-player-active", 2, 23);
}

}  // namespace
}  // namespace meeple::risk::test
