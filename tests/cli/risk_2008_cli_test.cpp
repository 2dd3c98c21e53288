// Risk 2008 from the command line: `meeple play risk --edition 2008` (or
// `meeple play risk-2008`) picks the game, a bad edition is a clear error,
// and a referee types a battle's dice (or, with battles=outcomes, its
// losses) as for the European edition.
#include <gtest/gtest.h>

#include <sstream>

#include "all_games/all_games.h"
#include "cli/options.h"
#include "cli/play_loop.h"
#include "games/risk_2008/risk_2008_game.h"
#include "tests/cli/referee_session.h"
#include "tests/games/risk_2008/state_util.h"

namespace meeple::cli {
namespace {

TEST(Risk2008Cli, EditionPicksTheGame) {
  EXPECT_EQ(game_for_edition("risk", "").value(), "risk");
  EXPECT_EQ(game_for_edition("risk", "european").value(), "risk");
  EXPECT_EQ(game_for_edition("risk", "2008").value(), "risk-2008");
  EXPECT_EQ(game_for_edition("risk-2008", "2008").value(), "risk-2008");
  EXPECT_EQ(game_for_edition("risk-2008", "").value(), "risk-2008");
  EXPECT_EQ(game_for_edition("goa", "").value(), "goa");
  auto bad = game_for_edition("risk", "1959");
  ASSERT_FALSE(bad.is_ok());
  EXPECT_EQ(bad.status().message(),
            "--edition: risk has no edition '1959' (expected european or 2008)");
  auto one = game_for_edition("reversi", "2008");
  ASSERT_FALSE(one.is_ok());
  EXPECT_NE(one.status().message().find("reversi has one edition"), std::string::npos);
  EXPECT_FALSE(game_for_edition("risk-2008", "european").is_ok());
}

TEST(Risk2008Cli, ModesAndPlayersReachTheGame) {
  GameFlags flags;
  flags.mode = "basic-training";
  flags.players = 5;
  auto options = options_from_flags("risk-2008", flags);
  ASSERT_TRUE(options.is_ok()) << options.status().message();
  auto m = Match::start("risk-2008", *options, 3, all_games());
  ASSERT_TRUE(m.is_ok()) << m.status().message();
  EXPECT_EQ(m->game().num_seats(), 5);
  EXPECT_EQ(m->game().options()["mode"], "basic-training");
  // World Conquest (§13, [UNVERIFIED]): `--mode world-conquest`.
  flags.mode = "world-conquest";
  flags.players = 4;
  auto wc = options_from_flags("risk-2008", flags);
  ASSERT_TRUE(wc.is_ok()) << wc.status().message();
  auto wc_match = Match::start("risk-2008", *wc, 3, all_games());
  ASSERT_TRUE(wc_match.is_ok()) << wc_match.status().message();
  EXPECT_EQ(wc_match->game().options()["mode"], "world-conquest");
  EXPECT_EQ(wc_match->state().to_json()["mode"], "world_conquest");
  flags.mode = "basic-training";
  flags.players = 6;
  EXPECT_FALSE(options_from_flags("risk-2008", flags).is_ok());
  flags.players = 3;
  flags.mode = "domination";  // a European mode
  auto wrong = options_from_flags("risk-2008", flags);
  ASSERT_FALSE(wrong.is_ok());
  EXPECT_NE(wrong.status().message().find("command-room"), std::string::npos)
      << wrong.status().message();
}

// Green (10 in East Africa) attacks Blue (5 in Egypt) in Basic Training, every
// seat a person, chance typed in.
Match referee_2008_battle(bool outcomes) {
  using namespace risk::state2008;
  json options = {{"mode", "basic-training"}, {"players", 3}};
  if (outcomes) options["battles"] = "outcomes";
  auto game = all_games().create("risk-2008", options).value();
  risk::Risk2008State s = blank(true, 3, kY);
  s.set_territory(terr("east_africa"), kG, 10);
  s.set_territory(terr("egypt"), kB, 5);
  s.begin_attack_for_test(kG);
  return test::match_from_position(std::move(game), s.to_json());
}

PlayConfig referee_2008() {
  return test::referee_table(3);
}

TEST(Risk2008Cli, RefereeTypesTheDice) {
  std::istringstream in(
      "attack east_africa egypt 3\n"
      "6 6 1 5 9\n"  // no die shows 9: nothing entered
      "6 6 1 5 5\n"  // green 6 6 1 against blue 5 5: blue loses two
      "quit\n");
  std::ostringstream out;
  PlayLoop loop(referee_2008_battle(false), referee_2008(), in, out);
  EXPECT_EQ(loop.run(), 1);
  const std::string text = out.str();
  EXPECT_NE(text.find("Chance — green attacks egypt from east_africa: die 1"), std::string::npos)
      << text;
  EXPECT_NE(text.find("nothing entered"), std::string::npos) << text;
  const auto& s = static_cast<const risk::Risk2008State&>(loop.match().state());
  EXPECT_EQ(s.troops(risk::state2008::terr("egypt")), 3) << text;
  EXPECT_EQ(s.troops(risk::state2008::terr("east_africa")), 10);
  for (size_t i = 2; i < loop.match().log().size(); ++i)
    EXPECT_TRUE(loop.match().log()[i].supplied);
}

TEST(Risk2008Cli, RefereeTypesTheLossesWithBattlesAsOutcomes) {
  std::istringstream in(
      "attack east_africa egypt 3\n"
      "losses 2 1\n"  // 2 dice compared: must add up to 2
      "losses 1 1\n"
      "quit\n");
  std::ostringstream out;
  PlayLoop loop(referee_2008_battle(true), referee_2008(), in, out);
  EXPECT_EQ(loop.run(), 1);
  const std::string text = out.str();
  EXPECT_NE(text.find("the roll of 3 v 2 dice (losses ATTACKER DEFENDER)"), std::string::npos)
      << text;
  EXPECT_NE(text.find("'losses 2 1': losses: the attacker's and the defender's losses must add "
                      "up to the 2 dice compared (e.g. losses 1 1); nothing entered"),
            std::string::npos)
      << text;
  const auto& s = static_cast<const risk::Risk2008State&>(loop.match().state());
  EXPECT_EQ(s.troops(risk::state2008::terr("egypt")), 4) << text;
  EXPECT_EQ(s.troops(risk::state2008::terr("east_africa")), 9);
}

}  // namespace
}  // namespace meeple::cli
