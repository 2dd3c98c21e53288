// Match: the door for outside input, the log, replay and undo.
#include "core/match.h"

#include <gtest/gtest.h>

#include "ai/bot.h"
#include "tests/core/toy_game.h"

namespace meeple {
namespace {

using testing::toy_registry;

Match play_some(const Registry& reg, uint64_t seed, int decisions) {
  Match m = Match::start("toy", {}, seed, reg).value();
  RandomBot bot(seed + 1);
  for (int i = 0; i < decisions && !m.state().is_terminal(); ++i) {
    m.resolve_chance();
    if (m.state().is_terminal()) break;
    EXPECT_TRUE(m.act(bot.choose(Decision(m.game(), m.state()))).is_ok());
  }
  m.resolve_chance();
  return m;
}

TEST(Match, SameSeedSameGame) {
  const Registry reg = toy_registry();
  EXPECT_EQ(play_some(reg, 7, 100).state().hash(), play_some(reg, 7, 100).state().hash());
  EXPECT_NE(play_some(reg, 7, 100).log_json(), play_some(reg, 8, 100).log_json());
}

TEST(Match, ReplayReproducesEveryHash) {
  const Registry reg = toy_registry();
  Match m = play_some(reg, 11, 100);
  ASSERT_TRUE(m.state().is_terminal());
  auto r = Match::replay(m.log_json(), reg);
  ASSERT_TRUE(r.is_ok()) << r.status().to_string();
  EXPECT_EQ(r->state().hash(), m.state().hash());
  EXPECT_EQ(r->rng().state(), m.rng().state());
  EXPECT_EQ(r->log_json(), m.log_json());
}

TEST(Match, ReplayRejectsARiggedDie) {
  const Registry reg = toy_registry();
  json log = play_some(reg, 11, 5).log_json();
  // Change the first sampled die: it no longer follows from the seed.
  for (auto& e : log["entries"]) {
    if (e["seat"] == "chance" && e["action"].get<int>() >= 10 && e["action"].get<int>() < 16) {
      e["action"] = e["action"].get<int>() == 10 ? 11 : 10;
      break;
    }
  }
  auto r = Match::replay(log, reg);
  ASSERT_FALSE(r.is_ok());
  EXPECT_EQ(r.status().code(), StatusCode::kDataLoss);
  EXPECT_NE(r.status().message().find("does not follow from the seed"), std::string::npos);
}

TEST(Match, ReplayRejectsAWrongHashAndNamesTheEntry) {
  const Registry reg = toy_registry();
  json log = play_some(reg, 3, 5).log_json();
  log["entries"][4]["hash"] = "0000000000000000";
  auto r = Match::replay(log, reg);
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("entry 5"), std::string::npos) << r.status().message();
}

TEST(Match, SuppliedChanceIsTakenAsGiven) {
  const Registry reg = toy_registry();
  Match m = Match::start("toy", {}, 1, reg).value();
  ASSERT_TRUE(m.supply_chance(22).is_ok());  // seat 0 is dealt card 2
  ASSERT_TRUE(m.supply_chance(20).is_ok());
  EXPECT_EQ(m.supply_chance(10).code(), StatusCode::kFailedPrecondition);  // a decision is due
  ASSERT_TRUE(m.act(1).is_ok());
  EXPECT_EQ(m.supply_chance(25).code(), StatusCode::kIllegalAction);  // not an outcome
  ASSERT_TRUE(m.supply_chance(15).is_ok());                           // a six
  ASSERT_TRUE(m.supply_chance(15).is_ok());
  EXPECT_EQ(m.state().scores(), json({13, 0}));  // 6 + 6 + card bonus 1
  auto r = Match::replay(m.log_json(), reg);
  ASSERT_TRUE(r.is_ok()) << r.status().to_string();
  EXPECT_EQ(r->state().hash(), m.state().hash());
}

TEST(Match, RejectedActionsChangeNothing) {
  const Registry reg = toy_registry();
  Match m = Match::start("toy", {}, 5, reg).value();
  EXPECT_EQ(m.act(0).code(), StatusCode::kFailedPrecondition);  // chance is due
  m.resolve_chance();
  const json before = m.to_json();
  EXPECT_EQ(m.act(7).code(), StatusCode::kIllegalAction);
  EXPECT_EQ(m.act_json({{"dice", 3}}).status().code(), StatusCode::kIllegalAction);
  EXPECT_EQ(m.act_json({{"nope", 1}}).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(m.act_json(json::array()).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(m.act_json(99).status().code(), StatusCode::kIllegalAction);
  EXPECT_EQ(m.to_json(), before);
  EXPECT_TRUE(m.act_json("two").is_ok());
}

TEST(Match, UndoTakesBackTheLastDecisionAndItsDice) {
  const Registry reg = toy_registry();
  Match m = Match::start("toy", {}, 9, reg).value();
  EXPECT_EQ(m.undo().code(), StatusCode::kFailedPrecondition);
  m.resolve_chance();
  const json before = m.to_json();
  ASSERT_TRUE(m.act(1).is_ok());
  m.resolve_chance();
  ASSERT_TRUE(m.undo().is_ok());
  EXPECT_EQ(m.to_json(), before);
}

TEST(Match, FullJsonRoundTripKeepsTheRng) {
  const Registry reg = toy_registry();
  Match m = play_some(reg, 21, 3);
  auto back = Match::from_json(json::parse(m.to_json().dump()), reg);
  ASSERT_TRUE(back.is_ok()) << back.status().to_string();
  EXPECT_EQ(back->rng().state(), m.rng().state());
  json bad = m.to_json();
  bad["rng"] = "12345";
  EXPECT_EQ(Match::from_json(bad, reg).status().code(), StatusCode::kDataLoss);
}

TEST(Match, MalformedLogsAreNamedErrors) {
  const Registry reg = toy_registry();
  EXPECT_EQ(Match::replay(json::array(), reg).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(Match::replay({{"game", "toy"}}, reg).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(Match::replay({{"game", "nope"}, {"seed", "1"}}, reg).status().code(),
            StatusCode::kNotFound);
  EXPECT_EQ(Match::replay({{"game", "toy"}, {"seed", "x1"}}, reg).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(Match::replay({{"game", "toy"}, {"seed", "1"}, {"entries", {{{"seat", 0}}}}}, reg)
                .status()
                .code(),
            StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace meeple
