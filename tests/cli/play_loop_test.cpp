// The terminal loop: a scripted human against the computer, bad input
// re-prompts, undo and hint work, and the game is played to the end.
#include "cli/play_loop.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "all_games/all_games.h"
#include "tests/cli/referee_session.h"
#include "tests/games/risk/risk_helpers.h"

namespace meeple::cli {
namespace {

TEST(PlayLoop, ParseSeats) {
  auto s = parse_seats("human,computer:7", 2, 5);
  ASSERT_TRUE(s.is_ok());
  EXPECT_TRUE((*s)[0].human);
  EXPECT_FALSE((*s)[1].human);
  EXPECT_EQ((*s)[1].level, 7);
  EXPECT_FALSE(parse_seats("human,robot", 2, 5).is_ok());
  EXPECT_FALSE(parse_seats("c:11", 2, 5).is_ok());
  EXPECT_FALSE(parse_seats("h,h,h", 2, 5).is_ok());
  EXPECT_FALSE(parse_seats("c:x", 2, 5).is_ok());
}

TEST(PlayLoop, BadInputRepromptsAndUndoHintWork) {
  Match m = Match::start("reversi", {}, 1, all_games()).value();
  PlayConfig c;
  c.seats = {{true, 0}, {false, 0}};
  c.hint_level = 1;
  std::istringstream in("z9\na1\nhelp\nmoves\nhint\nf5\nundo\nd3\nquit\n");
  std::ostringstream out;
  PlayLoop loop(std::move(m), c, in, out);
  EXPECT_EQ(loop.run(), 1);  // quit before the end
  const std::string text = out.str();
  EXPECT_NE(text.find("error: 'z9' is not a square"), std::string::npos) << text;
  EXPECT_NE(text.find("error: a1"), std::string::npos) << text;
  EXPECT_NE(text.find("legal: d3, c4, f5, e6"), std::string::npos) << text;
  EXPECT_NE(text.find("hint: "), std::string::npos);
  EXPECT_NE(text.find("took back the last move"), std::string::npos);
  // After undo, d3 was played and the computer answered: 2 decisions.
  EXPECT_EQ(loop.match().log().size(), 2u);
  EXPECT_EQ(loop.match().state().to_json()["board"].is_null(), false);
}

// Referee mode: the people at the table say what the dice showed, by number
// or by name, in any case; 'help' lists the outcomes again.
TEST(PlayLoop, RefereeTypesOutcomesByNumberOrName) {
  Match m = Match::start("risk", {{"mode", "domination"}, {"players", 3}}, 1, all_games()).value();
  PlayConfig c;
  c.seats = {{true, 0}, {true, 0}, {true, 0}};
  c.manual_chance = true;
  std::istringstream in("help\nblack\nBLUE\nquit\n");
  std::ostringstream out;
  PlayLoop loop(std::move(m), c, in, out);
  EXPECT_EQ(loop.run(), 1);
  const std::string text = out.str();
  EXPECT_NE(text.find("Type the number of what happened"), std::string::npos) << text;
  EXPECT_NE(text.find("'black' is not one of the outcomes"), std::string::npos) << text;
  ASSERT_EQ(loop.match().log().size(), 1u) << text;
  EXPECT_TRUE(loop.match().log().front().supplied);
  EXPECT_EQ(loop.match().state().current_player(), 1) << "blue claims first";
}

// A referee's battle: red (10 in alaska) attacks blue (5 in kamchatka), every
// seat a person, dice typed in.
// `filler` owns every other territory.
Match referee_battle(int defenders, int filler = 2) {
  using namespace risk::test;
  auto game = make("domination", 3);
  auto s = board(*game, filler);
  s->set_territory(T("alaska"), 0, 10);
  s->set_territory(T("kamchatka"), 1, defenders);
  s->begin_attack_for_test(0);
  // A start position must be a loadable state (undo and the log rebuild
  // from its JSON): the set-up is over, so no armies are left to place.
  json j = s->to_json();
  for (auto& left : j["setup_left"]) left = 0;
  for (int p = 0; p < 3; ++p)  // a seat with no territory is out of the game
    if (s->territory_count(p) == 0) j["eliminated"][p] = true;
  return test::match_from_position(game, j);
}

PlayConfig referee() {
  return test::referee_table(3);
}

// Each dice prompt says whose die is due and why; several dice go on one
// line, all or none.
TEST(PlayLoop, RefereeDicePromptsSayWhoseDieAndTakeSeveralAtOnce) {
  std::istringstream in(
      "attack alaska kamchatka 3\n"
      "6 6 9\n"        // no die shows 9: nothing entered
      "6 6 1 5 5 4\n"  // one die more than the battle rolls: nothing entered
      "6 6 1 5 5\n"    // red 6 6 1 against blue 5 5: blue loses two
      "quit\n");
  std::ostringstream out;
  PlayLoop loop(referee_battle(5), referee(), in, out);
  EXPECT_EQ(loop.run(), 1);
  const std::string text = out.str();
  EXPECT_NE(text.find("Chance — red attacks kamchatka from alaska: attacker's die 1 of 3"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("'9' (word 3) is not an outcome of 'red attacks kamchatka from alaska: "
                      "attacker's die 3 of 3'; nothing entered"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("only 5 outcomes were due before a player's turn; nothing entered"),
            std::string::npos)
      << text;
  const auto& log = loop.match().log();
  ASSERT_EQ(log.size(), 7u) << "the attack, blue's two dice (auto answer), five dice";
  for (size_t i = 2; i < 7; ++i) EXPECT_TRUE(log[i].supplied);
  const auto& s = static_cast<const risk::RiskState&>(loop.match().state());
  EXPECT_EQ(s.armies(risk::test::T("kamchatka")), 3);
  EXPECT_EQ(s.armies(risk::test::T("alaska")), 10);
}

// 'undo' at a dice prompt takes back the attack (and the defender's automatic
// answer), back to the attacker's decision.
TEST(PlayLoop, RefereeUndoesAtADicePrompt) {
  std::istringstream in("attack alaska kamchatka 3\n6\nundo\nquit\n");
  std::ostringstream out;
  PlayLoop loop(referee_battle(5), referee(), in, out);
  EXPECT_EQ(loop.run(), 1);
  EXPECT_NE(out.str().find("took back the last move"), std::string::npos) << out.str();
  EXPECT_TRUE(loop.match().log().empty())
      << "the attack, the answer and the die are all taken back";
  EXPECT_EQ(loop.match().state().current_player(), 0);
}

// When the game ends the log can still be saved.
TEST(PlayLoop, TheLogCanBeSavedAfterTheGameEnds) {
  const auto path = std::filesystem::temp_directory_path() / "meeple_play_loop_after_end.json";
  std::filesystem::remove(path);
  // Blue's last army in kamchatka falls: red holds all 42 territories.
  std::istringstream in("attack alaska kamchatka 3\n6 6 6 1\nsave " + path.string() + "\nquit\n");
  std::ostringstream out;
  PlayLoop loop(referee_battle(1, /*filler=*/0), referee(), in, out);
  EXPECT_EQ(loop.run(), 0);
  EXPECT_TRUE(loop.match().state().is_terminal()) << out.str();
  EXPECT_NE(out.str().find("saved the match log to " + path.string()), std::string::npos)
      << out.str();
  std::ifstream f(path);
  const json saved = json::parse(f, nullptr, false);
  ASSERT_TRUE(saved.is_object());
  EXPECT_EQ(saved["entries"].size(), loop.match().log().size());
  std::filesystem::remove(path);
}

TEST(PlayLoop, ComputerAgainstComputerFinishes) {
  Match m = Match::start("reversi", {}, 2, all_games()).value();
  PlayConfig c;
  c.seats = {{false, 0}, {false, 1}};
  std::istringstream in;
  std::ostringstream out;
  PlayLoop loop(std::move(m), c, in, out);
  EXPECT_EQ(loop.run(), 0);
  EXPECT_TRUE(loop.match().state().is_terminal());
  EXPECT_NE(out.str().find("Game over."), std::string::npos);
}

}  // namespace
}  // namespace meeple::cli
