// Rematch (issue 16): a seat holder of a finished table asks for a rematch;
// the first request creates one table with the same game, options, timer
// and seats, linked from the old one; every seat holder then gets their
// own seat there, once. Concurrent first requests make one table; the link
// and the seats survive a restart; the creation quota applies.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <string>
#include <thread>

#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

class Rematch : public ServerFixture {
 protected:
  // No limits here: each test makes more tables than a minute allows.
  void configure(server::ServerOptions& o) override {
    o.quotas = {.tables_per_minute = 0, .live_tables = 0, .actions_per_minute = 0};
  }
  // A finished two-seat table: seat 1 resigned.
  json finished(json request) {
    json c = create(request);
    auto r = post(port_, path_of(c["id"]) + "/resign", json::object(), token_of(c, 1));
    EXPECT_EQ(r.status, 200) << r.body;
    return c;
  }
};

TEST_F(Rematch, BothPlayersGetTheirSeatsAtOneNewTable) {
  json request = {
      {"game", "reversi"},
      {"move_seconds", 60},
      {"seats", json::array({{{"kind", "human"}, {"name", "Ayşe"}},
                             {{"kind", "human"}, {"name", "Ben"}, {"auto_answer", false}}})}};
  json c = create(request);
  const std::string old = path_of(c["id"]), t0 = token_of(c, 0), t1 = token_of(c, 1);
  // Refused, changing nothing: before the end, a spectator, a field.
  EXPECT_EQ(post(port_, old + "/rematch", json::object(), t0).status, 409);
  ASSERT_EQ(post(port_, old + "/resign", json::object(), t1).status, 200);
  EXPECT_EQ(post(port_, old + "/rematch", json::object()).status, 403);
  EXPECT_EQ(post(port_, old + "/rematch", {{"seat", 1}}, t0).status, 400);
  EXPECT_EQ(post(port_, old + "/rematch", json::object(), "0123456789abcdef").status, 403);
  EXPECT_FALSE(get(port_, old).j["table"].contains("rematch"));

  auto a = post(port_, old + "/rematch", json::object(), t0);
  ASSERT_EQ(a.status, 200) << a.body;
  const std::string id = a.j["id"], fresh = path_of(id);
  EXPECT_NE(id, c["id"]);
  EXPECT_EQ(a.j["seat"], 0);
  EXPECT_EQ(get(port_, old).j["table"]["rematch"], id);
  json t = get(port_, fresh, a.j["token"]).j;
  EXPECT_EQ(t["you"], 0);
  EXPECT_EQ(t["table"]["game"], "reversi");
  EXPECT_EQ(t["table"]["move_seconds"], 60);
  EXPECT_EQ(t["table"]["status"], "open");  // Ben has not taken his seat yet
  EXPECT_NE(t["table"]["seed_sha256"], get(port_, old).j["table"]["seed_sha256"]);
  for (int s : {0, 1}) {
    const json& seat = t["table"]["seats"][s];
    EXPECT_EQ(seat["access"], "invite");
    EXPECT_EQ(seat["claimed"], s == 0);
    EXPECT_EQ(seat["resigned"], false);
  }
  EXPECT_EQ(t["table"]["seats"][0]["name"], "Ayşe");
  EXPECT_EQ(t["table"]["seats"][1]["name"], "Ben");
  EXPECT_EQ(t["table"]["seats"][1]["auto_answer"], false);
  // Nobody takes a reserved seat from the lobby, and the old tokens are
  // not the new seats'.
  EXPECT_EQ(post(port_, fresh + "/join", {{"seat", 1}}).status, 403);
  EXPECT_EQ(get(port_, fresh, t1).status, 403);
  // A seat's token is given once.
  EXPECT_EQ(post(port_, old + "/rematch", json::object(), t0).status, 409);

  restart();
  EXPECT_EQ(get(port_, old).j["table"]["rematch"], id);
  auto b = post(port_, old + "/rematch", json::object(), t1);
  ASSERT_EQ(b.status, 200) << b.body;
  EXPECT_EQ(b.j["id"], id);
  EXPECT_EQ(b.j["seat"], 1);
  EXPECT_EQ(get(port_, fresh, b.j["token"]).j["you"], 1);
  EXPECT_EQ(get(port_, fresh, a.j["token"]).j["you"], 0);
  EXPECT_EQ(get(port_, fresh).j["table"]["status"], "running");
  EXPECT_EQ(get(port_, "/api/tables").j["tables"].size(), 2u);
  // The rematch is a table like any other: its seats play.
  json mine = get(port_, fresh, a.j["token"]).j;
  ASSERT_FALSE(mine["legal"].empty());
  EXPECT_EQ(
      post(port_, fresh + "/actions", {{"action", mine["legal"][0]["json"]}}, a.j["token"]).status,
      200);
}

TEST_F(Rematch, TwoFirstRequestsAtOnceMakeOneTable) {
  for (int round = 0; round < 5; ++round) {
    json c = finished(kTwoHumans);
    const std::string old = path_of(c["id"]);
    auto ask = [&](int seat) {
      return std::async(std::launch::async, [&, seat] {
        return post(port_, old + "/rematch", json::object(), token_of(c, seat));
      });
    };
    auto fa = ask(0), fb = ask(1);
    auto a = fa.get(), b = fb.get();
    ASSERT_EQ(a.status, 200) << a.body;
    ASSERT_EQ(b.status, 200) << b.body;
    EXPECT_EQ(a.j["id"], b.j["id"]);
    EXPECT_EQ(a.j["seat"], 0);
    EXPECT_EQ(b.j["seat"], 1);
    EXPECT_EQ(get(port_, path_of(a.j["id"])).j["table"]["status"], "running");
  }
  // Each finished table and its one rematch.
  EXPECT_EQ(get(port_, "/api/tables").j["tables"].size(), 10u);
}

TEST_F(Rematch, ComputersKeepTheirLevelsAndAnUntakenOpenSeatIsOpenAgain) {
  // Seat 1 was open and nobody joined: the creator resigned alone.
  json c = create(
      {{"game", "reversi"},
       {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}, {"access", "open"}}})}});
  const std::string old = path_of(c["id"]);
  ASSERT_EQ(post(port_, old + "/resign", json::object(), token_of(c, 0)).status, 200);
  auto r = post(port_, old + "/rematch", json::object(), token_of(c, 0));
  ASSERT_EQ(r.status, 200) << r.body;
  json seat1 = get(port_, path_of(r.j["id"])).j["table"]["seats"][1];
  EXPECT_EQ(seat1["access"], "open");
  EXPECT_EQ(seat1["claimed"], false);
  EXPECT_EQ(post(port_, path_of(r.j["id"]) + "/join", json::object()).status, 200);

  // Against the computer: it keeps its level and plays its moves.
  json d =
      create({{"game", "reversi"},
              {"seats", json::array({{{"kind", "computer"}, {"level", 2}}, {{"kind", "human"}}})}});
  const std::string old2 = path_of(d["id"]);
  ASSERT_EQ(post(port_, old2 + "/resign", json::object(), token_of(d, 1)).status, 200);
  auto s = post(port_, old2 + "/rematch", json::object(), token_of(d, 1));
  ASSERT_EQ(s.status, 200) << s.body;
  EXPECT_EQ(s.j["seat"], 1);
  json t;
  for (int i = 0; i < 500; ++i) {
    t = get(port_, path_of(s.j["id"]), s.j["token"]).j;
    if (t["table"]["version"].get<int>() > 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(t["table"]["seats"][0]["kind"], "computer");
  EXPECT_EQ(t["table"]["seats"][0]["level"], 2);
  EXPECT_GT(t["table"]["version"].get<int>(), 0);  // Black (the computer) moved
  EXPECT_FALSE(t["legal"].empty());
}

class RematchQuota : public Rematch {
 protected:
  void configure(server::ServerOptions& o) override {
    o.quotas = {.tables_per_minute = 0, .live_tables = 1, .actions_per_minute = 0};
  }
};

TEST_F(RematchQuota, ARematchCountsAsACreation) {
  json c = finished(kTwoHumans);
  json other = create(kTwoHumans);  // the one unfinished table allowed
  const std::string old = path_of(c["id"]);
  auto refused = post(port_, old + "/rematch", json::object(), token_of(c, 0));
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_FALSE(get(port_, old).j["table"].contains("rematch"));
  ASSERT_EQ(
      post(port_, path_of(other["id"]) + "/resign", json::object(), token_of(other, 0)).status,
      200);
  EXPECT_EQ(post(port_, old + "/rematch", json::object(), token_of(c, 0)).status, 200);
}

}  // namespace
}  // namespace meeple::test
