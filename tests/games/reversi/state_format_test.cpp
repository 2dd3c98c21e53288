// The Reversi state format (docs/state-format.md): the version field, the
// older documents without it, and the combinations no game can reach.
#include <gtest/gtest.h>

#include "all_games/all_games.h"
#include "core/registry.h"
#include "core/rng.h"
#include "games/reversi/reversi.h"

namespace meeple::reversi {
namespace {

std::shared_ptr<const Game> game() {
  return all_games().create("reversi").value();
}

TEST(ReversiStateFormat, VersionTwoIsWrittenAndVersionOneLoads) {
  auto g = game();
  const json j = g->new_initial_state()->to_json();
  EXPECT_EQ(j["format"], kReversiStateFormat);
  json v1 = j;
  v1.erase("format");
  auto s = g->state_from_json(v1);
  ASSERT_TRUE(s.is_ok()) << s.status().to_string();
  EXPECT_EQ((*s)->hash(), g->new_initial_state()->hash());
  for (const json& bad : {json(3), json(0), json(2.0), json(true), json("2"), json(nullptr)}) {
    json k = j;
    k["format"] = bad;
    auto r = g->state_from_json(k);
    ASSERT_FALSE(r.is_ok()) << bad.dump();
    EXPECT_NE(r.status().message().find("'format'"), std::string::npos) << r.status().message();
  }
}

TEST(ReversiStateFormat, APassIsOnlyForASideWithoutAMove) {
  auto g = game();
  // The opening position: Black has four moves, so Black cannot have passed.
  json j = g->new_initial_state()->to_json();
  j["to_move"] = "white";
  j["last_move"] = "pass";
  auto r = g->state_from_json(j);
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("'last_move' is a pass, but black has a move"),
            std::string::npos)
      << r.status().message();
  // Real passes from random games still load (the round trip of every position).
  Rng rng(5);
  int passes = 0;
  for (int n = 0; n < 300 && passes < 5; ++n) {
    auto s = g->new_initial_state();
    while (!s->is_terminal()) {
      const auto legal = s->legal_actions();
      const Action a = legal[rng.below(legal.size())];
      s->apply(a);
      if (a == kPassAction) {
        ++passes;
        auto back = g->state_from_json(s->to_json());
        ASSERT_TRUE(back.is_ok()) << back.status().to_string();
        EXPECT_EQ((*back)->to_json(), s->to_json());
      }
    }
  }
  EXPECT_GT(passes, 0);
}

TEST(ReversiStateFormat, EveryFieldOfTheWrongTypeIsNamed) {
  auto g = game();
  auto s = g->new_initial_state();
  s->apply(s->legal_actions()[0]);
  const json j = s->to_json();
  for (const auto& [field, value] : j.items()) {
    (void)value;
    for (const json& bad : {json(1.5), json(-1), json::array({1}), json::object(), json(true)}) {
      json k = j;
      k[field] = bad;
      auto r = g->state_from_json(k);
      ASSERT_FALSE(r.is_ok()) << field << "=" << bad.dump();
      EXPECT_NE(r.status().message().find(field), std::string::npos)
          << field << ": " << r.status().message();
    }
  }
  json k = j;
  k["komi"] = 1;
  auto r = g->state_from_json(k);
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("unknown field 'komi'"), std::string::npos);
}

}  // namespace
}  // namespace meeple::reversi
