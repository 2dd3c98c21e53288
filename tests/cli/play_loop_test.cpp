// The terminal loop: a scripted human against the computer, bad input
// re-prompts, undo and hint work, and the game is played to the end.
#include "cli/play_loop.h"

#include <gtest/gtest.h>

#include <sstream>

#include "all_games/all_games.h"

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
