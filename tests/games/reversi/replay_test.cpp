// Replays through core's Match: a random game's log replays to the same
// hashes; a tampered log is caught and the entry named.
#include <gtest/gtest.h>

#include "all_games/all_games.h"
#include "core/match.h"
#include "core/registry.h"
#include "core/rng.h"
#include "games/reversi/reversi.h"

namespace meeple::reversi::testing {
namespace {

Match random_match(uint64_t seed) {
  auto m = Match::start("reversi", json::object(), seed, all_games());
  EXPECT_TRUE(m.is_ok()) << m.status().to_string();
  Rng rng(seed * 7919 + 1);
  while (!m->state().is_terminal()) {
    const auto legal = m->state().legal_actions();
    EXPECT_TRUE(m->act(legal[rng.below(legal.size())]).is_ok());
  }
  return std::move(*m);
}

TEST(ReversiReplay, RandomGamesReplayToTheSameHashes) {
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Match m = random_match(seed);
    const json log = m.log_json();
    auto r = Match::replay(log, all_games());
    ASSERT_TRUE(r.is_ok()) << r.status().to_string();
    EXPECT_EQ(r->state().hash(), m.state().hash());
    EXPECT_EQ(r->state().to_json(), m.state().to_json());
    EXPECT_EQ(r->log().size(), m.log().size());
    auto full = Match::from_json(m.to_json(), all_games());
    ASSERT_TRUE(full.is_ok()) << full.status().to_string();
    EXPECT_EQ(full->state().hash(), m.state().hash());
  }
}

TEST(ReversiReplay, LogShowsMovesAsJsonIncludingPasses) {
  // Find a game with a forced pass and check it is logged as one.
  for (uint64_t seed = 1; seed <= 500; ++seed) {
    Match m = random_match(seed);
    const json log = m.log_json();
    for (const auto& e : log["entries"]) {
      if (e["action"] == kPassAction) {
        EXPECT_EQ(e["json"], (json{{"move", "pass"}}));
        return;
      }
    }
  }
  FAIL() << "no random game in 500 had a forced pass";
}

TEST(ReversiReplay, TamperedLogIsDataLossNamingTheEntry) {
  Match m = random_match(5);
  json log = m.log_json();
  ASSERT_GT(log["entries"].size(), 10u);
  // A different but legal 4th move: its hash no longer matches.
  {
    json bad = log;
    auto probe = Match::start("reversi", json::object(), 5, all_games());
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(probe->act(bad["entries"][i]["action"]).is_ok());
    const auto legal = probe->state().legal_actions();
    const Action logged = bad["entries"][3]["action"];
    Action other = kInvalidAction;
    for (Action a : legal)
      if (a != logged) other = a;
    ASSERT_NE(other, kInvalidAction);
    bad["entries"][3]["action"] = other;
    auto r = Match::replay(bad, all_games());
    ASSERT_FALSE(r.is_ok());
    EXPECT_EQ(r.status().code(), StatusCode::kDataLoss);
    EXPECT_NE(r.status().message().find("entry 4"), std::string::npos) << r.status().message();
  }
  // An illegal move (an occupied square).
  {
    json bad = log;
    bad["entries"][6]["action"] = 27;  // d4 is occupied from the start
    auto r = Match::replay(bad, all_games());
    ASSERT_FALSE(r.is_ok());
    EXPECT_EQ(r.status().code(), StatusCode::kDataLoss);
    EXPECT_NE(r.status().message().find("entry 7"), std::string::npos) << r.status().message();
  }
  // A corrupted hash.
  {
    json bad = log;
    bad["entries"][9]["hash"] = "0123456789abcdef";
    auto r = Match::replay(bad, all_games());
    ASSERT_FALSE(r.is_ok());
    EXPECT_EQ(r.status().code(), StatusCode::kDataLoss);
    EXPECT_NE(r.status().message().find("entry 10"), std::string::npos) << r.status().message();
  }
}

TEST(ReversiReplay, MatchActJsonValidatesBeforeApplying) {
  auto m = Match::start("reversi", json::object(), 1, all_games());
  ASSERT_TRUE(m.is_ok());
  const uint64_t before = m->state().hash();
  EXPECT_FALSE(m->act_json(json{{"move", "a1"}}).is_ok());
  EXPECT_FALSE(m->act_json(json("pass")).is_ok());
  EXPECT_EQ(m->state().hash(), before);
  EXPECT_TRUE(m->log().empty());
  auto ok = m->act_json(json{{"move", "f5"}});
  ASSERT_TRUE(ok.is_ok());
  EXPECT_EQ(m->state().current_player(), kWhite);
}

TEST(ReversiReplay, MatchFromLoadedPositionReplays) {
  auto g = all_games().create("reversi");
  ASSERT_TRUE(g.is_ok());
  auto st = (*g)->state_from_json(
      {{"board", "X-O------X------OXXOOOO--X-OOO--X-OOOOO---OOXO-----OXO-----OXOO-"},
       {"to_move", "white"}});
  ASSERT_TRUE(st.is_ok());
  Match m = Match::start_from(*g, std::move(*st), 3);
  ASSERT_TRUE(m.act(kPassAction).is_ok());
  ASSERT_TRUE(m.act(63).is_ok());  // h8
  auto r = Match::replay(m.log_json(), all_games());
  ASSERT_TRUE(r.is_ok()) << r.status().to_string();
  EXPECT_EQ(r->state().hash(), m.state().hash());
}

}  // namespace
}  // namespace meeple::reversi::testing
