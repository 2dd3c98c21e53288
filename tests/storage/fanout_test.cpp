// Several processes on one PostgreSQL (docs/scale.md "Fan-out"): a
// WebSocket that reached a process that does not own its table still sees
// every move, seat change and the expiry, from that process's mirror of
// the table, which follows the owner's commits through LISTEN/NOTIFY.
#include <gtest/gtest.h>

#include <memory>
#include <pqxx/pqxx>

#include "server/server.h"
#include "tests/server/client.h"
#include "tests/server/fixture.h"
#include "tests/storage/pg.h"

namespace meeple::test {
namespace {

class FanOut : public ::testing::Test {
 protected:
  void SetUp() override {
    admin_ = postgres_admin_url();
    if (admin_.empty()) GTEST_SKIP() << kHowToRunPostgres;
    db_ = fresh_postgres_database(admin_);
    a_ = start_one();
    b_ = start_one();
  }
  void TearDown() override {
    a_.reset();
    b_.reset();
    if (!admin_.empty()) drop_postgres_database(admin_, db_);
  }
  std::unique_ptr<server::Server> start_one() {
    auto s = server::Server::open(test_server_options(db_));
    EXPECT_TRUE(s.is_ok()) << s.status().to_string();
    if (!s.is_ok()) return nullptr;
    (*s)->start();
    return std::move(*s);
  }
  // The first state message at `version` (or later) on `ws`.
  static std::optional<json> state_at(WsClient& ws, int64_t version) {
    return ws.until([&](const json& m) {
      return m["type"] == "state" && m["table"]["version"].get<int64_t>() >= version;
    });
  }
  std::string admin_, db_;
  std::unique_ptr<server::Server> a_, b_;
};

TEST_F(FanOut, AWebSocketOnAProcessThatDoesNotOwnTheTableSeesEveryChange) {
  ASSERT_TRUE(a_ && b_);
  const unsigned short pa = a_->port(), pb = b_->port();
  auto created = post(pa, "/api/tables", kTwoHumans);
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.j["id"];
  const std::string path = path_of(id);
  std::string tokens[2];
  for (const auto& t : created.j["tokens"]) tokens[t["seat"].get<int>()] = t["token"];
  // The first request reaches A: A owns the table from now on.
  auto first = get(pa, path, tokens[0]);
  ASSERT_EQ(first.status, 200) << first.body;
  ASSERT_EQ(a_->table_count(), 1u);

  // Seat 1 and a spectator watch through B, which owns nothing.
  WsClient seat1(pb, "/ws/tables/" + id + "?token=" + tokens[1]);
  WsClient spectator(pb, "/ws/tables/" + id);
  auto hello = state_at(seat1, 0);
  ASSERT_TRUE(hello) << "no first state on B";
  EXPECT_EQ((*hello)["table"]["version"], first.j["table"]["version"]);
  EXPECT_EQ((*hello)["you"], 1);
  EXPECT_EQ(b_->table_count(), 0u);
  EXPECT_EQ(b_->mirror_count(), 1u);  // both watchers share one mirror

  // Moves through A, and through B (forwarded to A), reach B's watchers
  // with the view A gives, and seat 1's legal actions on its turn.
  for (int i = 0; i < 6; ++i) {
    const int seat = i % 2;
    auto s = get(pa, path, tokens[seat]);
    ASSERT_EQ(s.status, 200) << s.body;
    ASSERT_FALSE(s.j["legal"].empty());
    auto r = post(i % 3 == 2 ? pb : pa, path + "/actions",
                  {{"action", s.j["legal"][0]["json"]}, {"version", s.j["table"]["version"]}},
                  tokens[seat]);
    ASSERT_EQ(r.status, 200) << r.body;
    const int64_t version = r.j["version"];
    auto seen = state_at(seat1, version);
    ASSERT_TRUE(seen) << "B's seat-1 watcher never saw version " << version;
    EXPECT_EQ((*seen)["table"]["version"], version);
    auto owner_view = get(pa, path, tokens[1]);
    EXPECT_EQ((*seen)["view"], owner_view.j["view"]);
    EXPECT_EQ((*seen)["legal"], owner_view.j["legal"]);
    auto watched = state_at(spectator, version);
    ASSERT_TRUE(watched) << "B's spectator never saw version " << version;
    EXPECT_EQ((*watched)["view"], get(pa, path).j["view"]);
  }

  // A seat's new name (a seat write, no move) reaches them too.
  ASSERT_EQ(post(pa, path + "/seat", {{"name", "Ada"}}, tokens[0]).status, 200);
  auto named = seat1.until([](const json& m) {
    return m["type"] == "state" && m["table"]["seats"][0]["name"] == "Ada";
  });
  EXPECT_TRUE(named) << "the seat's new name never reached B's watcher";
  // B still took nothing: it only showed the table.
  EXPECT_EQ(b_->table_count(), 0u);
}

TEST_F(FanOut, AMirrorNobodyWatchesIsDropped) {
  ASSERT_TRUE(a_ && b_);
  auto created = post(a_->port(), "/api/tables", kTwoHumans);
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.j["id"];
  ASSERT_EQ(get(a_->port(), path_of(id)).status, 200);  // A owns it
  {
    WsClient w(b_->port(), "/ws/tables/" + id);
    ASSERT_TRUE(state_at(w, 0));
    EXPECT_EQ(b_->mirror_count(), 1u);
  }
  // The session ends with its socket; the mirror with its last watcher.
  for (int i = 0; i < 100 && b_->mirror_count() != 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(b_->mirror_count(), 0u);
  // A WebSocket for a table that does not exist is refused on any process.
  EXPECT_THROW(WsClient(b_->port(), "/ws/tables/abcdef0123"), std::exception);
}

// Notifications cost the owner's commits: they are sent only while another
// process shows the table, never when every watcher is on the owner.
TEST_F(FanOut, OnlyATableShownElsewhereAnnouncesItsWrites) {
  ASSERT_TRUE(a_ && b_);
  pqxx::connection listener(db_);
  pqxx::nontransaction(listener).exec("LISTEN meeple_tables");
  auto notifications = [&] {
    int n = 0;
    for (int i = 0; i < 5; ++i) n += listener.await_notification(0, 100'000);
    return n;
  };
  const unsigned short pa = a_->port();
  auto created = post(pa, "/api/tables", kTwoHumans);
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.j["id"];
  std::string token0;
  for (const auto& t : created.j["tokens"])
    if (t["seat"] == 0) token0 = t["token"];
  auto move = [&] {
    auto s = get(pa, path_of(id), token0);
    return post(pa, path_of(id) + "/actions",
                {{"action", s.j["legal"][0]["json"]}, {"version", s.j["table"]["version"]}}, token0)
        .status;
  };
  ASSERT_EQ(move(), 200);  // A owns it; nobody elsewhere watches
  EXPECT_EQ(notifications(), 0);
  WsClient watcher(b_->port(), "/ws/tables/" + id);
  ASSERT_TRUE(state_at(watcher, 0));
  // Seat 0 moved; now seat 1 moves, seen by B's watcher.
  std::string token1;
  for (const auto& t : created.j["tokens"])
    if (t["seat"] == 1) token1 = t["token"];
  auto s = get(pa, path_of(id), token1);
  ASSERT_EQ(
      post(pa, path_of(id) + "/actions",
           {{"action", s.j["legal"][0]["json"]}, {"version", s.j["table"]["version"]}}, token1)
          .status,
      200);
  EXPECT_GE(notifications(), 1);
  EXPECT_TRUE(state_at(watcher, s.j["table"]["version"].get<int64_t>() + 1));
}

}  // namespace
}  // namespace meeple::test
