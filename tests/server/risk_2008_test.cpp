// A Risk 2008 table through the server API (docs/api.md): the game is
// listed with its modes, a table is created and played by its seats over
// HTTP, each seat's snapshot shows its own hand only, a computer seat (the
// careless heuristic, level 1) takes its turns, and a game between
// computer seats ends with a log that replays and verifies.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "all_games/all_games.h"
#include "core/match.h"
#include "core/verify.h"
#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

class Risk2008Table : public ServerFixture {
 protected:
  void configure(server::ServerOptions& o) override { o.quotas.actions_per_minute = 0; }
  static std::string table_of(const json& created) {
    return "/api/tables/" + created["id"].get<std::string>();
  }
};

TEST_F(Risk2008Table, ListedWithItsModes) {
  auto r = get(port_, "/api/games");
  ASSERT_EQ(r.status, 200);
  const json* found = nullptr;
  for (const auto& g : r.j["games"])
    if (g["name"] == "risk-2008") found = &g;
  ASSERT_NE(found, nullptr) << r.body;
  EXPECT_EQ((*found)["title"], "Risk (2008 edition)");
  bool mode = false;
  for (const auto& o : (*found)["options"])
    if (o["name"] == "mode")
      mode = o["allowed"] == json::array({"command-room", "basic-training", "world-conquest"});
  EXPECT_TRUE(mode) << found->dump();
}

TEST_F(Risk2008Table, SeatsPlayOverHttpAndSeeOnlyTheirOwnHands) {
  json c = create({{"game", "risk-2008"},
                   {"options", {{"mode", "basic-training"}, {"players", 3}}},
                   {"seats", json::array({{{"kind", "human"}},
                                          {{"kind", "human"}},
                                          {{"kind", "computer"}, {"level", 1}}})}});
  ASSERT_EQ(c["tokens"].size(), 2u) << c.dump();
  const std::string path = table_of(c);
  int acted = 0, hidden_hands = 0;
  // Set-up first (capitals, claims, troops), then the starting cards are
  // dealt: play until seats have held cards for a few steps.
  for (int step = 0; step < 1500 && hidden_hands < 5; ++step) {
    json table = get(port_, path).j["table"];
    if (table["status"] == "finished") break;
    const int seat = table["to_move"].is_number() ? table["to_move"].get<int>() : -1;
    if (seat == 2 || seat < 0) {  // the computer (or chance) moves on the server
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    const json s = get(port_, path, token_of(c, seat)).j;
    ASSERT_EQ(s["you"], seat);
    ASSERT_FALSE(s["legal"].empty()) << s.dump();
    // A seat sees its own hand; another seat at most the cards it shows
    // for a trade.
    const json other = get(port_, path, token_of(c, 1 - seat)).j;
    const auto own = s["view"]["hands"][seat].get<uint64_t>();
    const auto seen = other["view"]["hands"][seat].get<uint64_t>();
    EXPECT_EQ(seen & ~own, 0u);
    if (own != 0 && seen == 0) ++hidden_hands;
    const json pick = s["legal"][static_cast<size_t>(step) % s["legal"].size()];
    auto r =
        post(port_, path + "/actions",
             {{"action", pick["json"]}, {"version", s["table"]["version"]}}, token_of(c, seat));
    ASSERT_EQ(r.status, 200) << r.body;
    ++acted;
  }
  EXPECT_GE(acted, 20);
  // A bad action is refused with a reason and changes nothing.
  const json before = get(port_, path).j;
  const int seat =
      before["table"]["to_move"].is_number() ? before["table"]["to_move"].get<int>() : 0;
  if (seat == 0 || seat == 1) {
    auto bad =
        post(port_, path + "/actions",
             {{"action", {{"type", "attack"}, {"from", "atlantis"}, {"to", "egypt"}, {"dice", 3}}},
              {"version", before["table"]["version"]}},
             token_of(c, seat));
    EXPECT_GE(bad.status, 400) << bad.body;
    EXPECT_EQ(get(port_, path).j["table"]["version"], before["table"]["version"]);
  }
  EXPECT_GT(hidden_hands, 0);
  EXPECT_EQ(get(port_, path + "/log").status, 409) << "the log is published after the end only";
}

// Computer seats only: the server plays a whole game, which ends, and its
// log replays and verifies.
TEST_F(Risk2008Table, AComputerGameEndsAndItsLogVerifies) {
  json c = create({{"game", "risk-2008"},
                   {"options", {{"mode", "command-room"}, {"players", 3}}},
                   {"seats", json::array({{{"kind", "computer"}, {"level", 0}},
                                          {{"kind", "computer"}, {"level", 0}},
                                          {{"kind", "computer"}, {"level", 1}}})}});
  WsClient w(port_, "/ws/tables/" + c["id"].get<std::string>());
  auto end = w.until([](const json& j) { return j["table"]["status"] == "finished"; },
                     std::chrono::seconds(300));
  ASSERT_TRUE(end.has_value());
  auto log = get(port_, table_of(c) + "/log");
  ASSERT_EQ(log.status, 200);
  auto m = Match::replay(log.j, all_games());
  ASSERT_TRUE(m.is_ok()) << m.status().to_string();
  EXPECT_EQ(m->game().info().name, "risk-2008");
  EXPECT_TRUE(m->state().is_terminal());
  const Verification v = verify_log(log.j, all_games());
  EXPECT_EQ(v.verdict, Verdict::kVerified) << v.message;
}

}  // namespace
}  // namespace meeple::test
