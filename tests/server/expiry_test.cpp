// Expiry (docs/api.md "Expiry"): a finished table leaves memory and the
// lobby its set time after the last move, an abandoned one after its idle
// time; its log stays in the database marked expired, or is exported as a
// file `meeple verify` reads and deleted from the database. The test moves
// the server's clock; the sweep runs every 20 ms.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "all_games/all_games.h"
#include "core/match.h"
#include "server/crypto.h"
#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

constexpr int64_t kMinute = 60'000;

int64_t count_rows(const std::string& db, const std::string& sql) {
  sqlite3* h = nullptr;
  sqlite3_open(db.c_str(), &h);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(h, sql.c_str(), -1, &st, nullptr);
  int64_t n = -1;
  if (sqlite3_step(st) == SQLITE_ROW) n = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  sqlite3_close(h);
  return n;
}

class Expiry : public ClockedServerFixture {
 protected:
  void configure(server::ServerOptions& o) override {
    ClockedServerFixture::configure(o);
    o.expiry = {.finished_ms = 10 * kMinute, .idle_ms = 60 * kMinute};
    o.sweep_interval_ms = 20;
    o.export_dir = export_dir_;
  }
  std::string path(const json& c) { return "/api/tables/" + c["id"].get<std::string>(); }
  // Waits until GET answers `status` (the sweep runs on its own timer).
  bool wait_status(const json& c, int status) {
    for (int i = 0; i < 500; ++i) {
      if (get(port_, path(c)).status == status) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
  json finished_table() {
    json c = create(kTwoComputers);
    WsClient w(port_, "/ws/tables/" + c["id"].get<std::string>());
    EXPECT_TRUE(w.until([](const json& j) { return j["table"]["status"] == "finished"; },
                        std::chrono::seconds(60)));
    return c;
  }

  std::string export_dir_;
};

TEST_F(Expiry, FinishedAndAbandonedTablesLeaveTheLobbyAndStayInTheDatabase) {
  json done = finished_table();
  json idle = create(kTwoHumans);
  json active = create(kTwoHumans);
  WsClient idle_watcher(port_, "/ws/tables/" + idle["id"].get<std::string>());
  ASSERT_TRUE(idle_watcher.next().has_value());

  offset_ms_ += 11 * kMinute;  // past the finished table's time only
  ASSERT_TRUE(wait_status(done, 404));
  EXPECT_EQ(get(port_, path(idle)).status, 200);
  ASSERT_EQ(post(port_, path(active) + "/actions", {{"action", "d3"}}, token_of(active, 0)).status,
            200);

  offset_ms_ += 55 * kMinute;  // 66 min after creation, 55 after the move
  ASSERT_TRUE(wait_status(idle, 404));
  EXPECT_EQ(get(port_, path(active)).status, 200);
  EXPECT_EQ(get(port_, "/api/tables").j["tables"].size(), 1u);
  // Watchers learn it.
  EXPECT_TRUE(idle_watcher.until([](const json& j) { return j["table"].value("expired", false); }));
  // The expired tables' logs are kept, marked, and not loaded again.
  EXPECT_EQ(count_rows(db_, "SELECT COUNT(*) FROM tables WHERE expired_at IS NOT NULL"), 2);
  EXPECT_GT(count_rows(db_, "SELECT COUNT(*) FROM actions WHERE table_id = '" +
                                done["id"].get<std::string>() + "'"),
            50);
  restart();
  EXPECT_EQ(server_->table_count(), 1u);
  EXPECT_EQ(get(port_, path(active)).j["table"]["version"], 1);
}

class ExpiryExport : public Expiry {
 protected:
  void SetUp() override {
    export_dir_ = temp_db_path("exported") + ".d";
    std::filesystem::remove_all(export_dir_);
    std::filesystem::create_directories(export_dir_);
    Expiry::SetUp();
  }
};

TEST_F(ExpiryExport, ExpiredLogsAreExportedVerifiableAndDeleted) {
  json done = finished_table();
  json idle = create(kTwoHumans);
  ASSERT_EQ(post(port_, path(idle) + "/actions", {{"action", "d3"}}, token_of(idle, 0)).status,
            200);
  offset_ms_ += 61 * kMinute;
  ASSERT_TRUE(wait_status(done, 404));
  ASSERT_TRUE(wait_status(idle, 404));
  for (const json& c : {done, idle}) {
    const auto file = std::filesystem::path(export_dir_) / (c["id"].get<std::string>() + ".json");
    ASSERT_TRUE(std::filesystem::exists(file)) << file;
    std::ifstream in(file);
    const json log = json::parse(in);
    EXPECT_EQ(server::sha256_hex(log["seed"].get<std::string>()), c["table"]["seed_sha256"]);
    auto m = Match::replay(log, all_games());
    ASSERT_TRUE(m.is_ok()) << m.status().to_string();
    EXPECT_EQ(log["expired"]["reason"], c == done ? "finished" : "idle");
    EXPECT_EQ(count_rows(db_, "SELECT COUNT(*) FROM actions WHERE table_id = '" +
                                  c["id"].get<std::string>() + "'"),
              0);
  }
  EXPECT_EQ(count_rows(db_, "SELECT COUNT(*) FROM tables"), 0);
}

}  // namespace
}  // namespace meeple::test
