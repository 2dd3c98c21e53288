// One storage test suite, run against both back ends (server/storage.h):
// SQLite in a temporary file and PostgreSQL in a database of its own on
// the server ctest starts (tests/storage/pg.h).
#include "server/storage.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <future>
#include <limits>
#include <thread>

#include "tests/common/scratch.h"
#include "tests/storage/pg.h"

// LeakSanitizer (the asan preset): libpqxx 6.4 leaks the libpq result of
// a statement that fails on a lost connection (ALostConnection... below
// causes one on purpose). Not meeple's memory; read only in this binary.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libpqxx-6.4.so\n";
}

namespace meeple::test {
namespace {

using server::Storage;
using server::StoredRequest;
using server::StoredSeat;
using server::StoredTable;
using server::TableNote;

// Runs one asynchronous write and waits for its callback.
Status wait_for(const std::function<void(Storage::Done)>& write) {
  auto done = std::make_shared<std::promise<Status>>();
  auto f = done->get_future();
  write([done](const Status& st) { done->set_value(st); });
  return f.get();
}

StoredTable sample_table(const std::string& id, int64_t created_at) {
  StoredTable t;
  t.id = id;
  t.game = "reversi";
  t.options = {{"mode", "x"}, {"nested", {{"list", {1, 2, 3}}, {"s", "é\"'\\"}}}};
  t.seed = std::numeric_limits<uint64_t>::max() - 12345;  // beyond a signed BIGINT
  t.seed_hash = std::string(64, 'a');
  t.status = "running";
  t.created_at = created_at;
  t.updated_at = created_at;
  t.client = "203.0.113.7";
  t.move_seconds = 90;
  StoredSeat human;
  human.seat = 0;
  human.kind = "human";
  human.token_hash = std::string(64, 'b');
  human.claimed = true;
  human.access = "creator";
  human.auto_answer = false;
  human.name = "Zoë O'Neil";
  StoredSeat open_seat;
  open_seat.seat = 1;
  open_seat.kind = "human";
  open_seat.token_hash = std::string(64, 'c');
  open_seat.access = "open";
  StoredSeat bot;
  bot.seat = 2;
  bot.kind = "computer";
  bot.level = 7;
  t.seats = {human, open_seat, bot};
  // A chance entry before the first decision, with the largest hash.
  t.log = {LogEntry{kChance, 3, true, std::numeric_limits<uint64_t>::max()}};
  return t;
}

class StorageTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "sqlite") {
      const auto& dir = scratch_dir("meeple_storage_test_");
      const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
      auto file = dir / (std::to_string(std::hash<std::string>{}(info->name())) + ".db");
      for (const char* suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(file.string() + suffix);
      db_ = "sqlite:" + file.string();
    } else {
      admin_ = postgres_admin_url();
      if (admin_.empty()) GTEST_SKIP() << kHowToRunPostgres;
      db_ = fresh_postgres_database(admin_);
    }
  }
  void TearDown() override {
    if (!admin_.empty() && !db_.empty()) drop_postgres_database(admin_, db_);
  }
  std::unique_ptr<Storage> open() {
    auto s = server::open_storage(db_, false);
    EXPECT_TRUE(s.is_ok()) << s.status().to_string();
    if (!s) return nullptr;
    (*s)->set_clock([this] { return clock_.load(); });
    return std::move(*s);
  }
  // A statement run on the database directly, around the storage.
  Status raw(const std::string& sql) {
    if (GetParam() == "sqlite") {
      sqlite3* h = nullptr;
      sqlite3_open(server::sqlite_path(db_).c_str(), &h);
      sqlite3_busy_timeout(h, 5000);
      char* err = nullptr;
      const int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err);
      const std::string msg = err ? err : "";
      sqlite3_free(err);
      sqlite3_close(h);
      return rc == SQLITE_OK ? Status::ok() : unavailable(msg);
    }
    try {
      pqxx::connection c(db_);
      pqxx::nontransaction(c).exec(sql);
    } catch (const std::exception& e) {
      return unavailable(e.what());
    }
    return Status::ok();
  }

  std::string db_;
  std::string admin_;
  std::atomic<int64_t> clock_{1'700'000'000'000};
};

TEST_P(StorageTest, EveryFieldSurvivesAReopen) {
  StoredTable t = sample_table("t1", 1'700'000'000'000);
  {
    auto s = open();
    ASSERT_TRUE(s);
    s->start();
    ASSERT_TRUE(wait_for([&](auto done) { s->create_table(t, done); }));
    std::vector<LogEntry> more = {LogEntry{0, 19, false, 0x0123456789abcdefULL},
                                  LogEntry{1, 2147483647, false, 1}};
    clock_ = 1'700'000'000'500;
    ASSERT_TRUE(wait_for([&](auto done) { s->append("t1", 1, more, "running", done); }));
    t.log.insert(t.log.end(), more.begin(), more.end());
    // A seat the computer takes over, with its note, and the table's end.
    StoredSeat away = t.seats[0];
    away.away = true;
    away.resigned = true;
    away.name = "renamed";
    const TableNote note{3, 0, "resign", 1'700'000'000'900};
    const std::string finished = "finished";
    clock_ = 1'700'000'001'000;
    ASSERT_TRUE(wait_for([&](auto done) { s->update_seat("t1", away, done, &note, &finished); }));
    t.seats[0] = away;
    t.notes.push_back(note);
    t.status = finished;
    t.updated_at = 1'700'000'001'000;
    s->stop();
  }
  auto s = open();
  ASSERT_TRUE(s);
  auto loaded = s->load_all();
  ASSERT_TRUE(loaded.is_ok()) << loaded.status().to_string();
  ASSERT_EQ(loaded->size(), 1u);
  std::string why;
  EXPECT_TRUE(server::same_table(t, (*loaded)[0], &why)) << why;
  EXPECT_EQ((*loaded)[0].seed, std::numeric_limits<uint64_t>::max() - 12345);
  EXPECT_EQ((*loaded)[0].log[0].hash, std::numeric_limits<uint64_t>::max());
  // And it keeps writing after the reopen.
  s->start();
  EXPECT_TRUE(wait_for([&](auto done) {
    s->append("t1", 3, {LogEntry{0, 5, false, 7}}, "finished", done);
  }));
}

TEST_P(StorageTest, AppendsKeepTheirOrderAndNotesTheirs) {
  auto s = open();
  ASSERT_TRUE(s);
  s->start();
  StoredTable t = sample_table("order", 1);
  t.log.clear();
  ASSERT_TRUE(wait_for([&](auto done) { s->create_table(t, done); }));
  // Queued back to back: several land in one group commit, in order.
  std::vector<std::shared_future<Status>> results;
  for (int i = 0; i < 40; ++i) {
    auto p = std::make_shared<std::promise<Status>>();
    results.push_back(p->get_future().share());
    s->append("order", static_cast<size_t>(i), {LogEntry{i % 2, i, false, uint64_t(i) * 31}},
              "running", [p](const Status& st) { p->set_value(st); });
    if (i % 10 == 0) {
      const TableNote n{static_cast<size_t>(i), 0, i % 20 == 0 ? "away" : "back", i};
      StoredSeat seat = t.seats[0];
      s->update_seat(
          "order", seat, [](const Status&) {}, &n);
    }
  }
  for (auto& r : results) EXPECT_TRUE(r.get());
  s->stop();
  auto loaded = s->load_all();
  ASSERT_TRUE(loaded.is_ok()) << loaded.status().to_string();
  ASSERT_EQ((*loaded)[0].log.size(), 40u);
  for (int i = 0; i < 40; ++i) {
    EXPECT_EQ((*loaded)[0].log[static_cast<size_t>(i)].action, i);
    EXPECT_EQ((*loaded)[0].log[static_cast<size_t>(i)].hash, uint64_t(i) * 31);
  }
  ASSERT_EQ((*loaded)[0].notes.size(), 4u);
  for (size_t k = 0; k < 4; ++k) {
    EXPECT_EQ((*loaded)[0].notes[k].index, k * 10);
    EXPECT_EQ((*loaded)[0].notes[k].kind, k % 2 == 0 ? "away" : "back");
  }
}

TEST_P(StorageTest, ExpireKeepsOrDeletes) {
  auto s = open();
  ASSERT_TRUE(s);
  s->start();
  for (const char* id : {"keep", "drop", "live"})
    ASSERT_TRUE(wait_for([&](auto done) { s->create_table(sample_table(id, 5), done); }));
  ASSERT_TRUE(wait_for([&](auto done) { s->expire_table("keep", true, 1234, done); }));
  ASSERT_TRUE(wait_for([&](auto done) { s->expire_table("drop", false, 1235, done); }));
  s->stop();
  auto live = s->load_all();
  ASSERT_TRUE(live.is_ok()) << live.status().to_string();
  ASSERT_EQ(live->size(), 1u);
  EXPECT_EQ((*live)[0].id, "live");
  auto all = s->load(true);
  ASSERT_TRUE(all.is_ok()) << all.status().to_string();
  ASSERT_EQ(all->size(), 2u);
  const auto& kept = (*all)[0].id == "keep" ? (*all)[0] : (*all)[1];
  EXPECT_EQ(kept.id, "keep");
  ASSERT_TRUE(kept.expired_at.has_value());
  EXPECT_EQ(*kept.expired_at, 1234);
  EXPECT_EQ(kept.log.size(), 1u);
  EXPECT_EQ(kept.seats.size(), 3u);
}

TEST_P(StorageTest, RematchLinksInTheSameTransaction) {
  auto s = open();
  ASSERT_TRUE(s);
  s->start();
  ASSERT_TRUE(wait_for([&](auto done) { s->create_table(sample_table("first", 1), done); }));
  const std::string first = "first";
  ASSERT_TRUE(
      wait_for([&](auto done) { s->create_table(sample_table("second", 2), done, &first); }));
  // A rematch of a table that is not there: not created at all.
  const std::string nobody = "nobody";
  const Status st =
      wait_for([&](auto done) { s->create_table(sample_table("third", 3), done, &nobody); });
  EXPECT_EQ(st.code(), StatusCode::kNotFound) << st.to_string();
  s->stop();
  auto loaded = s->load_all();
  ASSERT_TRUE(loaded.is_ok()) << loaded.status().to_string();
  ASSERT_EQ(loaded->size(), 2u);
  EXPECT_EQ((*loaded)[0].rematch_id, "second");
  EXPECT_EQ((*loaded)[1].rematch_id, "");
  EXPECT_FALSE(s->failed());
}

// Table th's id. Built by appending: GCC 12 at -O3 mistakes "c" +
// std::to_string(th) for an overlapping copy (-Wrestrict, its bug 105329).
std::string concurrent_id(int th) {
  std::string id = "c";
  id.append(std::to_string(th));
  return id;
}

TEST_P(StorageTest, ManyConcurrentJobsCommitTogether) {
  auto s = open();
  ASSERT_TRUE(s);
  s->start();
  constexpr int kThreads = 4;
  constexpr int kMoves = 25;
  for (int th = 0; th < kThreads; ++th)
    ASSERT_TRUE(wait_for([&](auto done) {
      StoredTable t = sample_table(concurrent_id(th), th);
      t.log.clear();
      s->create_table(t, done);
    }));
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int th = 0; th < kThreads; ++th)
    threads.emplace_back([&, th] {
      for (int i = 0; i < kMoves; ++i)
        if (wait_for([&](auto done) {
              s->append(concurrent_id(th), static_cast<size_t>(i),
                        {LogEntry{0, th * 100 + i, false, 9}}, "running", done);
            }))
          ++ok;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok.load(), kThreads * kMoves);
  s->stop();
  auto loaded = s->load_all();
  ASSERT_TRUE(loaded.is_ok()) << loaded.status().to_string();
  ASSERT_EQ(loaded->size(), size_t{kThreads});
  for (const auto& t : *loaded) EXPECT_EQ(t.log.size(), size_t{kMoves}) << t.id;
}

TEST_P(StorageTest, AFailingJobDoesNotTakeTheOthersDown) {
  auto s = open();
  ASSERT_TRUE(s);
  // Queued before the writer starts: all four run in one transaction.
  std::vector<std::shared_future<Status>> r;
  const auto submit = [&](const std::function<void(Storage::Done)>& write) {
    auto p = std::make_shared<std::promise<Status>>();
    r.push_back(p->get_future().share());
    write([p](const Status& st) { p->set_value(st); });
  };
  submit([&](auto done) { s->create_table(sample_table("x", 1), done); });
  submit([&](auto done) { s->create_table(sample_table("x", 2), done); });  // same id
  submit([&](auto done) { s->append("x", 1, {LogEntry{0, 1, false, 2}}, "running", done); });
  submit([&](auto done) { s->append("x", 1, {LogEntry{0, 9, false, 9}}, "running", done); });
  StoredSeat ghost;
  ghost.seat = 9;
  submit([&](auto done) { s->update_seat("x", ghost, done); });  // no such seat
  s->start();
  EXPECT_TRUE(r[0].get());
  EXPECT_FALSE(r[1].get());
  EXPECT_TRUE(r[2].get());
  EXPECT_FALSE(r[3].get());  // entry 1 is already there
  EXPECT_EQ(r[4].get().code(), StatusCode::kNotFound);
  EXPECT_FALSE(s->failed()) << s->failure();
  s->stop();
  auto loaded = s->load_all();
  ASSERT_TRUE(loaded.is_ok()) << loaded.status().to_string();
  ASSERT_EQ(loaded->size(), 1u);
  EXPECT_EQ((*loaded)[0].created_at, 1);
  ASSERT_EQ((*loaded)[0].log.size(), 2u);
  EXPECT_EQ((*loaded)[0].log[1].action, 1);
}

TEST_P(StorageTest, TheActionLogIsAppendOnly) {
  {
    auto s = open();
    ASSERT_TRUE(s);
    s->start();
    ASSERT_TRUE(wait_for([&](auto done) { s->create_table(sample_table("a", 1), done); }));
    s->stop();
  }
  const Status update = raw("UPDATE actions SET action = 4");
  EXPECT_FALSE(update);
  EXPECT_NE(update.message().find("append-only"), std::string::npos) << update.message();
  const Status del = raw("DELETE FROM actions");
  EXPECT_FALSE(del);
  EXPECT_NE(del.message().find("append-only"), std::string::npos) << del.message();
  auto s = open();
  ASSERT_TRUE(s);
  auto loaded = s->load_all();
  ASSERT_TRUE(loaded.is_ok());
  ASSERT_EQ((*loaded)[0].log.size(), 1u);
  EXPECT_EQ((*loaded)[0].log[0].action, 3);
}

TEST_P(StorageTest, ARequestIdIsStoredWithItsActionsAndOnlyOnce) {
  auto s = open();
  ASSERT_TRUE(s);
  s->start();
  ASSERT_TRUE(wait_for([&](auto done) { s->create_table(sample_table("r", 1), done); }));
  const StoredRequest first{0, "req-1", 2};
  ASSERT_TRUE(wait_for([&](auto done) {
    s->append("r", 1, {LogEntry{0, 4, false, 8}}, "running", done, &first);
  }));
  // The same seat's id again: refused, and its actions with it.
  const StoredRequest again{0, "req-1", 3};
  EXPECT_FALSE(wait_for([&](auto done) {
    s->append("r", 2, {LogEntry{0, 5, false, 9}}, "running", done, &again);
  }));
  // Another seat may use the same id.
  const StoredRequest other{1, "req-1", 3};
  ASSERT_TRUE(wait_for([&](auto done) {
    s->append("r", 2, {LogEntry{1, 6, false, 10}}, "running", done, &other);
  }));
  EXPECT_FALSE(s->failed()) << s->failure();
  s->stop();
  auto loaded = s->load_all();
  ASSERT_TRUE(loaded.is_ok()) << loaded.status().to_string();
  ASSERT_EQ(loaded->size(), 1u);
  const StoredTable& t = (*loaded)[0];
  ASSERT_EQ(t.log.size(), 3u);
  EXPECT_EQ(t.log[2].action, 6);
  EXPECT_EQ(t.requests, (std::vector<StoredRequest>{first, other}));
  // Deleted with the table's rows: a new table of that id may use the id.
  s->start();
  ASSERT_TRUE(wait_for([&](auto done) { s->expire_table("r", false, 5, done); }));
  ASSERT_TRUE(wait_for([&](auto done) { s->create_table(sample_table("r", 2), done); }));
  EXPECT_TRUE(wait_for([&](auto done) {
    s->append("r", 1, {LogEntry{0, 4, false, 8}}, "running", done, &first);
  }));
  s->stop();
}

TEST_P(StorageTest, ImportRefusesATakenIdAndWritesNothing) {
  auto s = open();
  ASSERT_TRUE(s);
  StoredTable a = sample_table("a", 1);
  a.notes = {TableNote{0, 0, "away", 5}};
  a.requests = {StoredRequest{0, "A-1", 1}, StoredRequest{0, "a-1", 3}, StoredRequest{1, "A-1", 2}};
  a.rematch_id = "b";
  a.updated_at = 77;
  a.expired_at = 99;
  ASSERT_TRUE(s->import_tables({a}));
  const Status again = s->import_tables({sample_table("new", 2), a});
  EXPECT_EQ(again.code(), StatusCode::kFailedPrecondition) << again.to_string();
  auto all = s->load(true);
  ASSERT_TRUE(all.is_ok()) << all.status().to_string();
  ASSERT_EQ(all->size(), 1u);  // not "new" either
  std::string why;
  EXPECT_TRUE(server::same_table(a, (*all)[0], &why)) << why;
}

std::string backend_name(const ::testing::TestParamInfo<std::string>& p) {
  return p.param;
}

INSTANTIATE_TEST_SUITE_P(Backends, StorageTest, ::testing::Values("sqlite", "postgres"),
                         backend_name);

// --db strings: which back end, and errors that name the database but
// never its password.
TEST(OpenStorage, BadPostgresUrlsAreClearErrors) {
  auto garbage = server::open_storage("postgresql://[::1", false);
  ASSERT_FALSE(garbage.is_ok());
  EXPECT_EQ(garbage.status().code(), StatusCode::kInvalidArgument) << garbage.status().to_string();
  EXPECT_NE(garbage.status().message().find("postgresql://[::1"), std::string::npos);
  auto unknown = server::open_storage("postgres:///db?nonsense=1", false);
  ASSERT_FALSE(unknown.is_ok());
  EXPECT_EQ(unknown.status().code(), StatusCode::kInvalidArgument);
  auto unreachable = server::open_storage(
      "postgresql://meeple:s3cret@/nodb?host=/nonexistent-meeple-dir&password=s3cret", false);
  ASSERT_FALSE(unreachable.is_ok());
  const std::string msg = unreachable.status().message();
  EXPECT_EQ(unreachable.status().code(), StatusCode::kUnavailable) << msg;
  EXPECT_EQ(msg.find("s3cret"), std::string::npos) << msg;
  EXPECT_NE(msg.find("postgresql://meeple:***@/nodb"), std::string::npos) << msg;
  EXPECT_NE(msg.find("/nonexistent-meeple-dir"), std::string::npos) << msg;  // libpq's words
}

TEST(OpenStorage, RedactsPasswords) {
  EXPECT_EQ(server::redact_url("postgresql://u:p@h:5/d"), "postgresql://u:***@h:5/d");
  EXPECT_EQ(server::redact_url("postgresql://u@h/d?password=x&a=b"),
            "postgresql://u@h/d?password=***&a=b");
  EXPECT_EQ(server::redact_url("postgresql:///d?host=/tmp"), "postgresql:///d?host=/tmp");
  EXPECT_EQ(server::redact_url("meeple.db"), "meeple.db");
  EXPECT_EQ(server::sqlite_path("sqlite:a.db"), "a.db");
  EXPECT_EQ(server::sqlite_path("a.db"), "a.db");
  EXPECT_EQ(server::sqlite_path("postgres://h/d"), "");
}

// A lost connection fails the commit: the storage says so and refuses
// every later write (the server answers 503) rather than reconnecting.
TEST(PostgresStorage, ALostConnectionFailsTheStorageForGood) {
  const std::string admin = postgres_admin_url();
  if (admin.empty()) GTEST_SKIP() << kHowToRunPostgres;
  const std::string db = fresh_postgres_database(admin);
  {
    auto s = server::open_storage(db, false);
    ASSERT_TRUE(s.is_ok()) << s.status().to_string();
    (*s)->start();
    ASSERT_TRUE(wait_for([&](auto done) { (*s)->create_table(sample_table("t", 1), done); }));
    const std::string name = db.substr(db.find("///") + 3, db.find('?') - db.find("///") - 3);
    {
      pqxx::connection c(admin);
      pqxx::nontransaction(c).exec(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = " +
          c.quote(name));
    }
    const Status lost = wait_for([&](auto done) {
      (*s)->append("t", 1, {LogEntry{0, 1, false, 1}}, "running", done);
    });
    EXPECT_EQ(lost.code(), StatusCode::kUnavailable) << lost.to_string();
    EXPECT_TRUE((*s)->failed());
    EXPECT_NE((*s)->failure().find("postgresql"), std::string::npos) << (*s)->failure();
    const Status later = wait_for([&](auto done) {
      (*s)->append("t", 1, {LogEntry{0, 1, false, 1}}, "running", done);
    });
    EXPECT_EQ(later.code(), StatusCode::kUnavailable);
    EXPECT_NE(later.message().find("refused"), std::string::npos) << later.message();
  }
  drop_postgres_database(admin, db);
}

}  // namespace
}  // namespace meeple::test
