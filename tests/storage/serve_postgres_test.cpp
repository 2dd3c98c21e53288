// `meeple serve --db postgresql://...`: the server on PostgreSQL creates
// a table, plays moves, and after a restart reloads it from the database
// exactly where it was (the SQLite counterpart: tests/server/crash_test.cpp).
#include <gtest/gtest.h>

#include "tests/server/client.h"
#include "tests/server/fixture.h"
#include "tests/storage/pg.h"

namespace meeple::test {
namespace {

class PostgresServer : public ServerFixture {
 protected:
  void SetUp() override {
    admin_ = postgres_admin_url();
    if (admin_.empty()) GTEST_SKIP() << kHowToRunPostgres;
    db_ = fresh_postgres_database(admin_);
    start();
  }
  void TearDown() override {
    server_.reset();
    if (!admin_.empty()) drop_postgres_database(admin_, db_);
  }
  std::string admin_;
};

TEST_F(PostgresServer, PlaysAndReloadsAfterARestart) {
  const json created = create(kTwoHumans);
  const std::string t0 = token_of(created, 0);
  const std::string t1 = token_of(created, 1);
  const std::string path = path_of(created);
  int64_t version = 0;
  for (int i = 0; i < 10; ++i) {
    const std::string& token = i % 2 == 0 ? t0 : t1;
    auto s = get(port_, path, token);
    ASSERT_EQ(s.status, 200) << s.body;
    ASSERT_FALSE(s.j["legal"].empty());
    auto r =
        post(port_, path + "/actions",
             {{"action", s.j["legal"][0]["json"]}, {"version", s.j["table"]["version"]}}, token);
    ASSERT_EQ(r.status, 200) << r.body;
    version = r.j["version"];
  }
  const json view_before = get(port_, path, t0).j["view"];
  restart();
  auto after = get(port_, path, t0);
  ASSERT_EQ(after.status, 200) << after.body;
  EXPECT_EQ(after.j["table"]["version"], version);
  EXPECT_EQ(after.j["view"], view_before);
  // The seats' tokens came back too, and play goes on.
  auto s = get(port_, path, t0);
  auto r = post(port_, path + "/actions",
                {{"action", s.j["legal"][0]["json"]}, {"version", s.j["table"]["version"]}}, t0);
  EXPECT_EQ(r.status, 200) << r.body;
}

}  // namespace
}  // namespace meeple::test
