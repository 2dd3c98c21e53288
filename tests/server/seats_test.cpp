// Seats (issue 8): the creator's seat is hers from creation, an invited
// seat is taken only with its link, only seats marked open can be joined
// from the lobby — each once, by exactly one of several racing joins — and
// a join that could not be stored changes nothing.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

const json kCreatorAndOpen = {
    {"game", "reversi"},
    {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}, {"access", "open"}}})}};

// Runs SQL on the server's database from a second connection (the server
// sees schema changes such as a trigger at its next statement).
void run_sql(const std::string& db, const std::string& sql) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  sqlite3_busy_timeout(h, 5000);
  char* err = nullptr;
  const int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err);
  EXPECT_EQ(rc, SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(h);
}

TEST_F(ServerFixture, AStrangerCannotTakeTheCreatorsOrAnInvitedSeat) {
  // A request from before seat access: seat 0 is the creator's, seat 1 invited.
  json c = create(kTwoHumans);
  const std::string t0 = token_of(c, 0), t1 = token_of(c, 1);
  ASSERT_EQ(c["table"]["seats"][0]["access"], "creator");
  EXPECT_EQ(c["table"]["seats"][0]["claimed"], true);  // hers from the start
  EXPECT_EQ(c["table"]["seats"][1]["access"], "invite");
  EXPECT_EQ(c["table"]["seats"][1]["claimed"], false);

  // A lobby watcher tries at once, before the creator's page ever loaded.
  auto j = post(port_, path_of(c) + "/join", json::object());
  EXPECT_EQ(j.status, 409) << j.body;
  EXPECT_EQ(post(port_, path_of(c) + "/join", {{"seat", 0}}).status, 403);
  EXPECT_EQ(post(port_, path_of(c) + "/join", {{"seat", 1}}).status, 403);

  // Both secret links still work.
  EXPECT_EQ(get(port_, path_of(c), t0).j["you"], 0);
  EXPECT_EQ(get(port_, path_of(c), t1).j["you"], 1);
  EXPECT_EQ(post(port_, path_of(c) + "/actions", {{"action", "d3"}}, t0).status, 200);
}

TEST_F(ServerFixture, AnOpenSeatIsJoinableOnceWithAFreshToken) {
  json c = create(kCreatorAndOpen);
  ASSERT_EQ(c["tokens"].size(), 1u);  // no token is drawn for an open seat
  EXPECT_EQ(c["tokens"][0]["seat"], 0);
  EXPECT_EQ(c["table"]["seats"][1]["access"], "open");
  EXPECT_EQ(get(port_, "/api/tables?status=open").j["tables"].size(), 1u);

  auto j = post(port_, path_of(c) + "/join", json::object());
  ASSERT_EQ(j.status, 200) << j.body;
  EXPECT_EQ(j.j["seat"], 1);
  EXPECT_EQ(get(port_, path_of(c), j.j["token"]).j["you"], 1);
  EXPECT_EQ(post(port_, path_of(c) + "/join", json::object()).status, 409);
  EXPECT_EQ(post(port_, path_of(c) + "/join", {{"seat", 1}}).status, 409);
  EXPECT_EQ(get(port_, "/api/tables?status=open").j["tables"].size(), 0u);
  EXPECT_EQ(get(port_, path_of(c), token_of(c, 0)).j["you"], 0);  // the creator keeps hers
}

TEST_F(ServerFixture, SeatAccessIsValidated) {
  auto bad = [&](const json& seats) {
    return post(port_, "/api/tables", {{"game", "reversi"}, {"seats", seats}});
  };
  auto r = bad(json::array(
      {{{"kind", "human"}, {"access", "creator"}}, {{"kind", "human"}, {"access", "creator"}}}));
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("at most one"), std::string::npos) << r.body;
  r = bad(json::array({{{"kind", "human"}, {"access", "everyone"}}, {{"kind", "human"}}}));
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("or \\\"open\\\""), std::string::npos) << r.body;
  r = bad(json::array({{{"kind", "computer"}, {"access", "open"}}, {{"kind", "human"}}}));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(post(port_, "/api/tables/x/join", {{"seat", "one"}}).status, 404);
  // Every seat may be given: an organiser who only watches has no seat.
  json c = create({{"game", "reversi"},
                   {"seats", json::array({{{"kind", "human"}, {"access", "invite"}},
                                          {{"kind", "human"}, {"access", "open"}}})}});
  EXPECT_EQ(c["table"]["seats"][0]["access"], "invite");
  EXPECT_EQ(c["table"]["seats"][0]["claimed"], false);
  EXPECT_EQ(post(port_, path_of(c) + "/join", {{"seat", "one"}}).status, 400);
  EXPECT_EQ(post(port_, path_of(c) + "/join", {{"seat", 5}}).status, 400);
}

TEST_F(ServerFixture, OfRacingJoinsForOneSeatExactlyOneWins) {
  json c = create(kCreatorAndOpen);
  std::atomic<int> won{0}, refused{0};
  std::vector<std::string> tokens(8);
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&, i] {
      auto r = post(port_, path_of(c) + "/join", json::object());
      if (r.status == 200) {
        ++won;
        tokens[static_cast<size_t>(i)] = r.j["token"];
      } else if (r.status == 409) {
        ++refused;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(won, 1);
  EXPECT_EQ(refused, 7);
  for (const auto& t : tokens) {
    if (!t.empty()) {
      EXPECT_EQ(get(port_, path_of(c), t).j["you"], 1);
    }
  }
}

TEST_F(ServerFixture, AJoinThatCannotBeStoredChangesNothing) {
  json c = create(kCreatorAndOpen);
  const std::string t0 = token_of(c, 0);
  // Every seat update now fails inside the storage.
  run_sql(db_,
          "CREATE TRIGGER fail_seat_updates BEFORE UPDATE ON seats "
          "BEGIN SELECT RAISE(ABORT, 'injected seat failure'); END;");
  auto j = post(port_, path_of(c) + "/join", json::object());
  EXPECT_GE(j.status, 500) << j.body;
  // Nothing changed: the creator still plays, the seat is still free.
  EXPECT_EQ(get(port_, path_of(c), t0).j["you"], 0);
  auto s = get(port_, path_of(c));
  EXPECT_EQ(s.j["table"]["seats"][1]["claimed"], false);
  EXPECT_EQ(s.j["table"]["status"], "open");
  run_sql(db_, "DROP TRIGGER fail_seat_updates;");
  j = post(port_, path_of(c) + "/join", json::object());
  ASSERT_EQ(j.status, 200) << j.body;
  EXPECT_EQ(get(port_, path_of(c), j.j["token"]).j["you"], 1);
  // And it was stored: a restart keeps both seats.
  restart();
  EXPECT_EQ(get(port_, path_of(c), j.j["token"]).j["you"], 1);
  EXPECT_EQ(get(port_, path_of(c), t0).j["you"], 0);
}

TEST_F(ServerFixture, AFailedJoinLeavesTheCreatorsLinkWorking) {
  // The request of today's UI (no access given); the creator has not opened
  // her page yet when a join fails in the storage.
  json c = create(kTwoHumans);
  run_sql(db_,
          "CREATE TRIGGER fail_seat_updates BEFORE UPDATE ON seats "
          "BEGIN SELECT RAISE(ABORT, 'injected seat failure'); END;");
  (void)post(port_, path_of(c) + "/join", json::object());
  run_sql(db_, "DROP TRIGGER fail_seat_updates;");
  EXPECT_EQ(get(port_, path_of(c), token_of(c, 0)).j["you"], 0);
  EXPECT_EQ(get(port_, path_of(c), token_of(c, 1)).j["you"], 1);
}

TEST_F(ServerFixture, ASeatIsOnlineWhileItsPlayerIsConnected) {
  json c = create(kTwoHumans);
  const std::string id = c["id"];
  // Polls the public summary until seat 1's "online" is `want`.
  auto online_becomes = [&](bool want) {
    for (int i = 0; i < 250; ++i) {
      if (get(port_, path_of(c)).j["table"]["seats"][1]["online"] == want) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  };
  EXPECT_EQ(get(port_, path_of(c)).j["table"]["seats"][1]["online"], false);
  {
    // A spectator's socket puts nobody online.
    WsClient watcher(port_, "/ws/tables/" + id);
    ASSERT_TRUE(watcher.until([](const json& j) { return j.contains("table"); }).has_value());
    EXPECT_EQ(get(port_, path_of(c)).j["table"]["seats"][1]["online"], false);
    // Seat 1's player connects: the watcher is told, without any move.
    WsClient player(port_, "/ws/tables/" + id + "?token=" + token_of(c, 1));
    auto told = watcher.until([](const json& j) {
      return j.contains("table") && j["table"]["seats"][1]["online"] == true;
    });
    ASSERT_TRUE(told.has_value());
    EXPECT_EQ(told->at("table")["version"], 0);
    EXPECT_EQ(told->at("table")["seats"][0]["online"], false);
  }
  // The player left (the socket closed): offline again.
  EXPECT_TRUE(online_becomes(false));
}

TEST_F(ServerFixture, PlayersNameTheirSeats) {
  // At creation (trimmed), at a join, and later in the seat's settings; in
  // any script, never with control characters; kept across a restart.
  json c = create({{"game", "reversi"},
                   {"seats", json::array({{{"kind", "human"}, {"name", "  Ayşe  "}},
                                          {{"kind", "human"}, {"access", "open"}}})}});
  EXPECT_EQ(c["table"]["seats"][0]["name"], "Ayşe");
  EXPECT_EQ(c["table"]["seats"][1]["name"], "");
  auto j = post(port_, path_of(c) + "/join", {{"name", "\u05d3\u05e0\u05d4"}});
  ASSERT_EQ(j.status, 200) << j.body;
  auto s = get(port_, path_of(c)).j;
  EXPECT_EQ(s["table"]["seats"][1]["name"], "\u05d3\u05e0\u05d4");
  auto r = post(port_, path_of(c) + "/seat", {{"name", "Ayşe K."}}, token_of(c, 0));
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.j["name"], "Ayşe K.");
  EXPECT_EQ(r.j["auto_answer"], true);

  // Refused, and nothing changes.
  const std::string t0 = token_of(c, 0);
  for (const json& bad : {json("line\nbreak"), json(std::string(49, 'x')), json(7), json(nullptr),
                          json("a\u202eevil"), json("bell\u0007"), json("c1\u0085")}) {
    SCOPED_TRACE(bad.dump());
    auto b = post(port_, path_of(c) + "/seat", {{"name", bad}}, t0);
    EXPECT_EQ(b.status, 400) << b.body;
    EXPECT_NE(b.body.find("name"), std::string::npos) << b.body;
  }
  EXPECT_EQ(post(port_, path_of(c) + "/seat", json::object(), t0).status, 400);
  EXPECT_EQ(post(port_, path_of(c) + "/seat", {{"name", "Spy"}}).status, 403);
  EXPECT_EQ(
      post(port_, "/api/tables",
           {{"game", "reversi"},
            {"seats", json::array({{{"kind", "computer"}, {"name", "Bot"}}, {{"kind", "human"}}})}})
          .status,
      400);
  EXPECT_EQ(get(port_, path_of(c)).j["table"]["seats"][0]["name"], "Ayşe K.");

  restart();
  s = get(port_, path_of(c)).j;
  EXPECT_EQ(s["table"]["seats"][0]["name"], "Ayşe K.");
  EXPECT_EQ(s["table"]["seats"][1]["name"], "\u05d3\u05e0\u05d4");
}

}  // namespace
}  // namespace meeple::test
