// Registry: options validated against the game's specs, errors that name
// the option and what was expected.
#include "core/registry.h"

#include <gtest/gtest.h>

#include "all_games/all_games.h"
#include "core/json_integer.h"
#include "tests/common/conformance.h"
#include "tests/core/toy_game.h"

namespace meeple {
namespace {

TEST(Registry, FillsDefaults) {
  auto g = testing::toy_registry().create("toy", json::object());
  ASSERT_TRUE(g.is_ok());
  EXPECT_EQ((*g)->options(), json({{"target", 15}, {"mode", "plain"}}));
  EXPECT_TRUE(testing::toy_registry().create("toy", nullptr).is_ok());
}

TEST(Registry, UnknownGameListsTheGames) {
  auto g = testing::toy_registry().create("chess");
  ASSERT_FALSE(g.is_ok());
  EXPECT_EQ(g.status().code(), StatusCode::kNotFound);
  EXPECT_NE(g.status().message().find("toy"), std::string::npos);
}

TEST(Registry, UnknownOptionListsTheValidOnes) {
  auto g = testing::toy_registry().create("toy", {{"colour", "red"}});
  ASSERT_FALSE(g.is_ok());
  EXPECT_NE(g.status().message().find("'colour'"), std::string::npos);
  EXPECT_NE(g.status().message().find("target, mode"), std::string::npos);
}

TEST(Registry, BadValuesSayWhatWasExpected) {
  const auto reg = testing::toy_registry();
  auto a = reg.create("toy", {{"mode", "weird"}});
  EXPECT_NE(a.status().message().find("one of \"plain\", \"fancy\""), std::string::npos);
  auto b = reg.create("toy", {{"target", 99}});
  EXPECT_NE(b.status().message().find("from 5 to 50"), std::string::npos);
  auto c = reg.create("toy", {{"target", "ten"}});
  EXPECT_EQ(c.status().code(), StatusCode::kInvalidArgument);
  auto d = reg.create("toy", json::array());
  EXPECT_EQ(d.status().code(), StatusCode::kInvalidArgument);
  for (const json& v : {json(10.5), json(true), json(18446744073709551615ULL)}) {
    auto e = reg.create("toy", {{"target", v}});
    EXPECT_EQ(e.status().code(), StatusCode::kInvalidArgument) << v.dump();
  }
}

TEST(JsonInteger, OnlyWholeNumbersInRange) {
  EXPECT_EQ(json_integer(json(7), 0, 10), 7);
  EXPECT_EQ(json_integer(json(0u), 0, 10), 0);
  EXPECT_EQ(json_integer(json(-3), -5, 10), -3);
  for (const json& v : {json(11), json(-1), json(true), json(2.5), json("3"), json(nullptr),
                        json(4294967299LL), json(18446744073709551615ULL), json::array()})
    EXPECT_FALSE(json_integer(v, 0, 10).has_value()) << v.dump();
}

TEST(Registry, AllGamesListsEveryGame) {
  const auto games = all_games().list();
  ASSERT_FALSE(games.empty());
  EXPECT_NE(all_games().find("reversi"), nullptr);
}

TEST(Conformance, ToyGame) {
  // The shared suite every real game runs, here on the toy game with chance
  // and hidden information.
  testing::run_conformance("toy", {}, {.games = 30}, testing::toy_registry());
}

}  // namespace
}  // namespace meeple
