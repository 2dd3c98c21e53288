// `meeple bench` for the games whose figures come from full games: each runs
// to the end within a tiny budget (a bench that asked for a level that never
// finishes a game once hung here), and a game that cannot end is an error.
#include <gtest/gtest.h>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "cli/bench_playouts.h"
#include "cli/commands.h"

namespace meeple::cli {
namespace {

TEST(Bench, EveryGameBenchFinishes) {
  testing::internal::CaptureStdout();
  EXPECT_EQ(bench_risk(0.05), 0);
  EXPECT_EQ(bench_king_is_dead(0.05), 0);
  EXPECT_EQ(bench_goa(0.05), 0);
  const std::string out = testing::internal::GetCapturedStdout();
  EXPECT_NE(out.find("heuristic games/s"), std::string::npos) << out;
  EXPECT_NE(out.find("goa 4 players, heuristic"), std::string::npos) << out;
  // Both Risk editions; the 2008 edition's heuristic in both modes.
  EXPECT_NE(out.find("risk-2008 battles/s (3 v 2, bonus die, dice sampled)"), std::string::npos)
      << out;
  EXPECT_NE(out.find("risk-2008 battles/s (3 v 2, bonus die, outcome sampled)"), std::string::npos)
      << out;
  EXPECT_NE(out.find("risk 3-player domination random games/s"), std::string::npos) << out;
  EXPECT_NE(out.find("risk-2008 3-player command room random games/s"), std::string::npos) << out;
  EXPECT_NE(out.find("risk-2008 3-player command-room heuristic games/s"), std::string::npos)
      << out;
  EXPECT_NE(out.find("risk-2008 3-player basic-training heuristic games/s"), std::string::npos)
      << out;
}

TEST(Bench, PlayoutsCountWholeGames) {
  auto game = all_games().create("reversi", json::object());
  ASSERT_TRUE(game.is_ok()) << game.status().message();
  auto rate = measure_playouts(*game, 0, 0.01, 3);
  ASSERT_TRUE(rate.is_ok()) << rate.status().message();
  EXPECT_GE(rate->games, 1u);
  // A game of Reversi is 60 placements at most, plus passes.
  EXPECT_GE(rate->actions_per_game(), 9.0);
  EXPECT_LE(rate->actions_per_game(), 130.0);
}

// Random players can stall where the rules allow it (one Risk 2008 game
// in twenty, bench_risk.cpp): with a step cap such games are counted as
// cut, not as an error; without one the cap is kMaxStepsPerGame's error.
TEST(Bench, GamesStillOnAtTheCapAreCutNotFailed) {
  auto game = all_games().create("risk-2008", {{"mode", "command-room"}, {"players", 3}});
  ASSERT_TRUE(game.is_ok()) << game.status().message();
  auto rate = measure_playouts(*game, 0, 0.01, 3, 50);  // no game ends in 50 steps
  ASSERT_TRUE(rate.is_ok()) << rate.status().message();
  EXPECT_GE(rate->games, 1u);
  EXPECT_EQ(rate->cut, rate->games);
  EXPECT_EQ(rate->actions, 50 * rate->games);
}

}  // namespace
}  // namespace meeple::cli
