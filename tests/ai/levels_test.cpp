// Levels (ai/bot.h): every game names its levels, every level of every game
// makes a bot that plays legally and repeats itself for the same seed, and
// levels above a game's top play as the top. Also the careless player
// (ai/careless.h) that the lowest levels are made of. Whether each level
// beats the one below is measured in arenas, not here (docs/bots.md,
// "Levels").
#include <gtest/gtest.h>

#include "ai/bot.h"
#include "ai/careless.h"
#include "all_games/all_games.h"
#include "core/match.h"

namespace meeple {
namespace {

TEST(Levels, EveryGameNamesItsLevels) {
  const std::map<std::string, int> top = {
      {"reversi", 10}, {"risk", 5}, {"risk-2008", 5}, {"king-is-dead", 5}, {"goa", 5}};
  for (const auto& [name, t] : top) {
    const auto names = level_names(name);
    ASSERT_EQ(static_cast<int>(names.size()), t + 1) << name;
    EXPECT_EQ(names[0], "random");
    for (const auto& n : names) EXPECT_FALSE(n.empty()) << name;
    const json d = describe_levels(name);
    EXPECT_EQ(d["top"], t);
    EXPECT_EQ(d["min"], 0);
    EXPECT_EQ(d["max"], 10);
    EXPECT_EQ(d["names"].size(), names.size());
  }
  EXPECT_EQ(level_names("no-such-game"), std::vector<std::string>{"random"});
  // The standard level (what a server plays when none is chosen) is what
  // "level 3" played before Risk, Risk 2008 and Goa had five levels.
  const std::map<std::string, std::pair<int, int>> heuristic_and_standard = {
      {"reversi", {2, 4}},
      {"risk", {4, 5}},
      {"risk-2008", {3, 4}},
      {"king-is-dead", {2, 5}},
      {"goa", {3, 4}}};
  for (const auto& [name, hs] : heuristic_and_standard) {
    EXPECT_EQ(heuristic_level(name), hs.first) << name;
    EXPECT_EQ(standard_level(name), hs.second) << name;
    EXPECT_EQ(describe_levels(name)["standard"], hs.second) << name;
  }
}

// Plays `decisions` decisions of a game with `level` in every seat; each
// choice legal, and a second bot with the same seed agrees on each.
void play_level(const std::string& name, const json& options, int level, int decisions) {
  auto game = all_games().create(name, options);
  ASSERT_TRUE(game.is_ok()) << game.status().message();
  Match m = Match::start(*game, 21);
  auto a = make_bot(**game, level, 77);
  auto b = make_bot(**game, level, 77);
  ASSERT_TRUE(a.is_ok() && b.is_ok());
  for (int k = 0; k < decisions && !m.state().is_terminal();) {
    if (m.state().is_chance()) {
      m.sample_chance();
      continue;
    }
    const Decision d(**game, m.state());
    const Action x = (*a)->choose(d);
    ASSERT_TRUE(d.is_legal(x)) << name << " level " << level << ": " << x;
    ASSERT_EQ(x, (*b)->choose(d)) << name << " level " << level << " decision " << k;
    ASSERT_TRUE(m.act(x));
    ++k;
  }
}

// One test a game, so that ctest runs them side by side: together they are
// the longest test under ASan.
TEST(Levels, EveryKingIsDeadLevelPlaysLegallyAndRepeatsItself) {
  for (int level = 1; level <= 5; ++level)
    play_level("king-is-dead", {{"players", 3}, {"advanced", true}}, level, 10);
  // Two players: the turn search at the top, over samples in the advanced game.
  for (const bool advanced : {false, true})
    for (int level = 4; level <= 5; ++level)
      play_level("king-is-dead", {{"players", 2}, {"advanced", advanced}}, level, 4);
}

TEST(Levels, EveryGoaLevelPlaysLegallyAndRepeatsItself) {
  for (int level = 1; level <= 5; ++level) play_level("goa", {{"players", 2}}, level, 4);
  // The search with three and four players (more iterations at level 4,
  // heuristic playouts whose other seats are careless at 5).
  for (int level = 4; level <= 5; ++level) play_level("goa", {{"players", 3}}, level, 4);
  play_level("goa", {{"players", 4}}, 5, 4);
}

// The careless levels and the heuristic through the claims and beyond; the
// searchers (level 5, and Risk 2008's 4) for their first claims.
TEST(Levels, EveryRiskLevelPlaysLegallyAndRepeatsItself) {
  for (int level = 1; level <= 4; ++level)
    play_level("risk", {{"mode", "missions"}, {"players", 3}}, level, 150);
  play_level("risk", {{"mode", "missions"}, {"players", 3}}, 5, 6);
}

TEST(Levels, EveryRisk2008LevelPlaysLegallyAndRepeatsItself) {
  for (int level = 1; level <= 3; ++level)
    play_level("risk-2008", {{"mode", "command-room"}, {"players", 3}}, level, 150);
  for (int level = 4; level <= 5; ++level)
    play_level("risk-2008", {{"mode", "command-room"}, {"players", 3}}, level, 6);
}

TEST(Levels, LevelsAboveTheTopPlayAsTheTop) {
  for (const char* name : {"risk", "risk-2008", "king-is-dead", "goa"}) {
    auto game = all_games().create(name, json::object());
    ASSERT_TRUE(game.is_ok());
    const int top = static_cast<int>(level_names(name).size()) - 1;
    for (int level = top + 1; level <= kMaxLevel; ++level)
      EXPECT_EQ((*make_bot(**game, level, 1))->name(), (*make_bot(**game, top, 1))->name())
          << name << " " << level;
    EXPECT_NE((*make_bot(**game, 1, 1))->name(), (*make_bot(**game, top, 1))->name()) << name;
  }
}

// A bot that always plays the last legal action.
class LastBot final : public Bot {
 public:
  std::string name() const override { return "last"; }
  Action choose(const Decision& d) override { return d.legal_actions().back(); }
};

TEST(Careless, PlaysItsInnerBotOrRandomByItsShare) {
  auto game = all_games().create("reversi", json::object());
  ASSERT_TRUE(game.is_ok());
  Match m = Match::start(*game, 3);
  const Decision d(**game, m.state());
  ASSERT_GT(d.legal_actions().size(), 1u);
  CarelessBot never(std::make_unique<LastBot>(), 0.0, 5, "never");
  CarelessBot always(std::make_unique<LastBot>(), 1.0, 5, "always");
  CarelessBot half(std::make_unique<LastBot>(), 0.5, 5, "half");
  int random_in_always = 0, other_in_half = 0;
  for (int k = 0; k < 400; ++k) {
    EXPECT_EQ(never.choose(d), d.legal_actions().back());
    const Action x = always.choose(d);
    EXPECT_TRUE(d.is_legal(x));
    random_in_always += x != d.legal_actions().back();
    other_in_half += half.choose(d) != d.legal_actions().back();
  }
  // Reversi's first move has 4 choices: a random one is not the last 3/4 of
  // the time, so 300 of 400 for "always" and 150 for "half".
  EXPECT_GT(random_in_always, 250);
  EXPECT_LT(random_in_always, 350);
  EXPECT_GT(other_in_half, 100);
  EXPECT_LT(other_in_half, 200);
  EXPECT_EQ(half.name(), "half");
}

}  // namespace
}  // namespace meeple
