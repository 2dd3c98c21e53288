// `meeple migrate --from sqlite:FILE --to postgresql://...` (cli/migrate.h):
// every table arrives field by field, a second run is refused and changes
// nothing.
#include "cli/migrate.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <future>

#include "server/storage.h"
#include "tests/common/scratch.h"
#include "tests/storage/pg.h"

namespace meeple::test {
namespace {

const std::string kMeepleBinary = MEEPLE_BINARY_DIR "/cli/meeple";

Status write_and_wait(const std::function<void(server::Storage::Done)>& write) {
  auto done = std::make_shared<std::promise<Status>>();
  auto f = done->get_future();
  write([done](const Status& st) { done->set_value(st); });
  return f.get();
}

class Migrate : public ::testing::Test {
 protected:
  void SetUp() override {
    admin_ = postgres_admin_url();
    if (admin_.empty()) GTEST_SKIP() << kHowToRunPostgres;
    pg_ = fresh_postgres_database(admin_);
    const auto& dir = scratch_dir("meeple_migrate_test_");
    file_ = (dir / "source.db").string();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(file_ + suffix);
  }
  void TearDown() override {
    if (!admin_.empty()) drop_postgres_database(admin_, pg_);
  }
  std::string admin_, pg_, file_;
};

// Three tables in a SQLite file: one played with notes, its rematch, and
// one expired with its rows kept; 5 actions in all.
void fill(const std::string& db) {
  auto s = server::open_storage(db, false);
  ASSERT_TRUE(s.is_ok()) << s.status().to_string();
  auto& st = **s;
  st.start();
  const auto table = [](const std::string& id, int64_t at) {
    server::StoredTable t;
    t.id = id;
    t.game = "reversi";
    t.options = {{"a", 1}};
    t.seed = 18446744073709551557ULL;
    t.seed_hash = "h" + id;
    t.status = "running";
    t.created_at = at;
    t.client = "198.51.100.1";
    server::StoredSeat seat;
    seat.kind = "human";
    seat.access = "creator";
    seat.token_hash = "tok" + id;
    seat.claimed = true;
    t.seats = {seat};
    t.log = {LogEntry{kChance, 1, false, 0xfedcba9876543210ULL}};
    return t;
  };
  ASSERT_TRUE(write_and_wait([&](auto d) { st.create_table(table("one", 10), d); }));
  ASSERT_TRUE(write_and_wait([&](auto d) {
    st.append("one", 1, {LogEntry{0, 19, false, 5}, LogEntry{0, 20, false, 6}}, "finished", d);
  }));
  server::StoredSeat seat = table("one", 10).seats[0];
  seat.away = true;
  const server::TableNote note{2, 0, "timeout", 12345};
  ASSERT_TRUE(write_and_wait([&](auto d) { st.update_seat("one", seat, d, &note); }));
  const std::string one = "one";
  ASSERT_TRUE(write_and_wait([&](auto d) { st.create_table(table("two", 20), d, &one); }));
  ASSERT_TRUE(write_and_wait([&](auto d) { st.create_table(table("old", 5), d); }));
  ASSERT_TRUE(write_and_wait([&](auto d) { st.expire_table("old", true, 777, d); }));
  st.stop();
}

TEST_F(Migrate, CopiesEveryTableAndRefusesASecondRun) {
  fill("sqlite:" + file_);
  auto counts = cli::migrate_storage("sqlite:" + file_, pg_);
  ASSERT_TRUE(counts.is_ok()) << counts.status().to_string();
  EXPECT_EQ(counts->tables, 3u);
  EXPECT_EQ(counts->actions, 5u);

  auto source = server::open_storage("sqlite:" + file_, false);
  auto target = server::open_storage(pg_, false);
  ASSERT_TRUE(source.is_ok() && target.is_ok());
  auto from = (*source)->load(true);
  auto to = (*target)->load(true);
  ASSERT_TRUE(from.is_ok() && to.is_ok());
  ASSERT_EQ(from->size(), 3u);
  ASSERT_EQ(to->size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    std::string why;
    EXPECT_TRUE(server::same_table((*from)[i], (*to)[i], &why)) << why;
  }
  EXPECT_EQ((*target)->load_all()->size(), 2u);  // "old" stays expired

  // Again: refused, nothing written.
  auto again = cli::migrate_storage("sqlite:" + file_, pg_);
  ASSERT_FALSE(again.is_ok());
  EXPECT_EQ(again.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(again.status().message().find("already stored"), std::string::npos);
  EXPECT_EQ((*target)->load(true)->size(), 3u);

  // The command says the same, and fails.
  if (std::filesystem::exists(kMeepleBinary)) {
    const std::string cmd =
        kMeepleBinary + " migrate --from sqlite:" + file_ + " --to '" + pg_ + "' 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    ASSERT_NE(p, nullptr);
    std::string out;
    char buf[512];
    while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    const int rc = pclose(p);
    EXPECT_EQ(WEXITSTATUS(rc), 1) << out;
    EXPECT_NE(out.find("already stored"), std::string::npos) << out;
  }
}

TEST_F(Migrate, AMissingSourceIsAnErrorAndIsNotCreated) {
  auto r = cli::migrate_storage("sqlite:" + file_, pg_);
  ASSERT_FALSE(r.is_ok());
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound) << r.status().to_string();
  EXPECT_FALSE(std::filesystem::exists(file_));
}

}  // namespace
}  // namespace meeple::test
