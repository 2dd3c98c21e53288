// An in-process server on an ephemeral loopback port with a fresh database.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include "server/server.h"
#include "tests/common/scratch.h"
#include "tests/server/client.h"

namespace meeple::test {

// A table's API path, from its id (a string or a JSON string) or from the
// answer that created it.
inline std::string path_of(const std::string& id) {
  return "/api/tables/" + id;
}
inline std::string path_of(const json& id_or_created) {
  return path_of(id_or_created.is_string() ? id_or_created.get<std::string>()
                                           : id_or_created["id"].get<std::string>());
}

inline std::string temp_db_path(const std::string& name) {
  auto p = scratch_dir("meeple_server_test_") / (name + ".db");
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(p.string() + suffix);
  return p.string();
}

// A test server's options: an ephemeral loopback port, the database at
// `db` (a file or a PostgreSQL URL), the source tree's web/, and commits
// that survive a killed process but skip fsync.
inline server::ServerOptions test_server_options(const std::string& db) {
  server::ServerOptions o;
  o.port = 0;
  o.db_path = db;
  o.web_root = MEEPLE_SOURCE_DIR "/web";
  o.durable_fsync = false;  // tests: crash-safe, not power-cut-safe
  return o;
}

class ServerFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = temp_db_path(::testing::UnitTest::GetInstance()->current_test_info()->name());
    start();
  }
  void TearDown() override { server_.reset(); }
  // A test's own settings (small limits, a clock it moves, ...).
  virtual void configure(server::ServerOptions& /*options*/) {}
  void start() {
    server::ServerOptions o = test_server_options(db_);
    configure(o);
    auto s = server::Server::open(o);
    ASSERT_TRUE(s.is_ok()) << s.status().to_string();
    server_ = std::move(*s);
    server_->start();
    port_ = server_->port();
  }
  void restart() {
    server_->stop();
    server_.reset();
    start();
  }
  // Creates a table; returns the creation response.
  json create(const json& request) {
    auto r = post(port_, "/api/tables", request);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.j;
  }
  std::string token_of(const json& created, int seat) {
    for (const auto& t : created["tokens"])
      if (t["seat"] == seat) return t["token"];
    return "";
  }

  std::string db_;
  std::unique_ptr<server::Server> server_;
  unsigned short port_ = 0;
};

// Create requests: a Reversi table of two humans, and one of two level-0
// computers.
inline const json kTwoHumans = {{"game", "reversi"},
                                {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}})}};
inline const json kTwoComputers = {{"game", "reversi"},
                                   {"seats", json::array({{{"kind", "computer"}, {"level", 0}},
                                                          {{"kind", "computer"}, {"level", 0}}})}};

// A server whose clock the test moves: the wall clock plus offset_ms_.
// Subclasses that configure more call ClockedServerFixture::configure first.
class ClockedServerFixture : public ServerFixture {
 protected:
  void configure(server::ServerOptions& o) override {
    o.now_ms = [this] {
      return std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count() +
             offset_ms_.load();
    };
  }
  std::atomic<int64_t> offset_ms_{0};
};

}  // namespace meeple::test
