// An in-process server on an ephemeral loopback port with a fresh database.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "server/server.h"
#include "tests/server/client.h"

namespace meeple::test {

inline std::string temp_db_path(const std::string& name) {
  auto dir =
      std::filesystem::temp_directory_path() / ("meeple_server_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto p = dir / (name + ".db");
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(p.string() + suffix);
  return p.string();
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
    server::ServerOptions o;
    configure(o);
    o.port = 0;
    o.db_path = db_;
    o.web_root = MEEPLE_SOURCE_DIR "/web";
    o.durable_fsync = false;  // tests: crash-safe, not power-cut-safe
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

}  // namespace meeple::test
