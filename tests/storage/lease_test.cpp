// Two processes on one PostgreSQL (docs/scale.md "Ownership"): a table is
// written only by its owner; a live owner's table is not taken; a dead
// owner's is, and the old owner's next write is refused (fencing) and
// rolled back, so the new owner's replay is the whole log.
#include <gtest/gtest.h>

#include <future>
#include <pqxx/pqxx>

#include "server/storage.h"
#include "tests/storage/pg.h"

namespace meeple::test {
namespace {

using server::Storage;
using server::StoredTable;

Status lease_wait(const std::function<void(Storage::Done)>& write) {
  auto done = std::make_shared<std::promise<Status>>();
  auto f = done->get_future();
  write([done](const Status& st) { done->set_value(st); });
  return f.get();
}

StoredTable lease_table(const std::string& id) {
  StoredTable t;
  t.id = id;
  t.game = "reversi";
  t.options = json::object();
  t.seed = 7;
  t.seed_hash = std::string(64, 'a');
  t.status = "running";
  t.created_at = 1;
  t.updated_at = 1;
  return t;
}

std::vector<LogEntry> one_entry(uint64_t hash) {
  return {LogEntry{0, 19, false, hash}};
}

class LeaseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    admin_ = postgres_admin_url();
    if (admin_.empty()) GTEST_SKIP() << kHowToRunPostgres;
    url_ = fresh_postgres_database(admin_);
  }
  void TearDown() override {
    if (!admin_.empty()) drop_postgres_database(admin_, url_);
  }
  std::unique_ptr<Storage> joined(const std::string& advertise) {
    auto s = server::open_storage(url_, true);
    EXPECT_TRUE(s.is_ok()) << s.status().to_string();
    EXPECT_TRUE((*s)->join_cluster(advertise, [] {}).is_ok());
    (*s)->start();
    return std::move(*s);
  }
  // Ends a process's lease as if it had died (no renewal for 5 s).
  void expire(const std::string& advertise) {
    pqxx::connection c(url_);
    pqxx::work w(c);
    w.exec_params("UPDATE servers SET expires_at = now() - interval '1 second' WHERE url = $1",
                  advertise);
    w.commit();
  }
  std::string admin_, url_;
};

TEST_F(LeaseTest, ALiveOwnerKeepsItsTableADeadOnesIsTakenAndFencedOff) {
  auto a = joined("http://127.0.0.1:1001");
  auto b = joined("http://127.0.0.1:1002");
  ASSERT_TRUE(lease_wait([&](auto done) { a->create_table(lease_table("ab12"), done); }));
  // A new table has no owner (the first request's process takes it); and
  // an unowned table is not written.
  const Status unowned =
      lease_wait([&](auto done) { a->append("ab12", 0, one_entry(1), "running", done); });
  EXPECT_TRUE(server::is_not_owner(unowned)) << unowned.to_string();
  ASSERT_TRUE(a->claim_table("ab12").is_ok() && a->claim_table("ab12")->ours);
  ASSERT_TRUE(lease_wait([&](auto done) { a->append("ab12", 0, one_entry(1), "running", done); }));

  // A is alive: B is told where the table is, and takes nothing.
  auto claim = b->claim_table("ab12");
  ASSERT_TRUE(claim.is_ok()) << claim.status().to_string();
  EXPECT_FALSE(claim->ours);
  EXPECT_EQ(claim->owner_url, "http://127.0.0.1:1001");
  EXPECT_EQ(b->claim_table("ffff").status().code(), StatusCode::kNotFound);

  // A "dies" (its lease runs out): B takes the table and has its whole log.
  expire("http://127.0.0.1:1001");
  claim = b->claim_table("ab12");
  ASSERT_TRUE(claim.is_ok()) << claim.status().to_string();
  EXPECT_TRUE(claim->ours);
  auto loaded = b->load_table("ab12");
  ASSERT_TRUE(loaded.is_ok()) << loaded.status().to_string();
  EXPECT_EQ(loaded->log.size(), 1u);

  // A wakes up and writes: refused and rolled back; B writes position 1.
  const Status late =
      lease_wait([&](auto done) { a->append("ab12", 1, one_entry(2), "running", done); });
  EXPECT_TRUE(server::is_not_owner(late)) << late.to_string();
  ASSERT_TRUE(lease_wait([&](auto done) { b->append("ab12", 1, one_entry(3), "running", done); }));
  loaded = b->load_table("ab12");
  ASSERT_TRUE(loaded.is_ok());
  ASSERT_EQ(loaded->log.size(), 2u);
  EXPECT_EQ(loaded->log[1].hash, 3u);
  // Nor may A take it back: its epoch is over.
  const auto again = a->claim_table("ab12");
  EXPECT_TRUE(!again.is_ok() || !again->ours);
  a->stop();
  b->stop();
}

TEST_F(LeaseTest, AStoppedServerGivesItsTablesUpAtOnce) {
  auto a = joined("http://127.0.0.1:1003");
  auto b = joined("http://127.0.0.1:1004");
  ASSERT_TRUE(lease_wait([&](auto done) { a->create_table(lease_table("cd34"), done); }));
  ASSERT_TRUE(a->claim_table("cd34").is_ok() && a->claim_table("cd34")->ours);
  EXPECT_FALSE(b->claim_table("cd34")->ours);
  a->stop();  // a clean stop ends the lease now, not 5 s later
  auto claim = b->claim_table("cd34");
  ASSERT_TRUE(claim.is_ok()) << claim.status().to_string();
  EXPECT_TRUE(claim->ours);
  b->stop();
}

TEST_F(LeaseTest, SqliteStaysOneProcess) {
  const std::string file = ::testing::TempDir() + "lease_test.db";
  std::remove(file.c_str());
  auto s = server::open_storage(file, false);
  ASSERT_TRUE(s.is_ok());
  EXPECT_FALSE((*s)->shared());
  EXPECT_EQ((*s)->join_cluster("http://127.0.0.1:1", [] {}).code(),
            StatusCode::kFailedPrecondition);
  std::remove(file.c_str());
}

}  // namespace
}  // namespace meeple::test
