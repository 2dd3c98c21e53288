// The SQLite back end of Storage (server/storage.h): one file in WAL mode,
// the default of `meeple serve --db FILE` / `--db sqlite:FILE`. Schema
// migrations in server/schema_sqlite.h.
#pragma once

#include <sqlite3.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/group_commit.h"
#include "server/storage.h"

namespace meeple::server {

class SqliteStorage final : public Storage {
 public:
  // Opens (creating if needed) the database. `durable_fsync`: synchronous=FULL
  // (every commit reaches the disk) rather than NORMAL (survives a killed
  // process, not a power cut). `busy_timeout`: how long a write waits for
  // another process holding the database before it fails. A database that
  // cannot be used for writing (missing directory, read-only, not SQLite,
  // a directory) is an error that names the path and the cause.
  static Result<std::unique_ptr<SqliteStorage>> open(
      const std::string& path, bool durable_fsync,
      std::chrono::milliseconds busy_timeout = std::chrono::seconds(5));
  ~SqliteStorage() override;
  SqliteStorage(const SqliteStorage&) = delete;
  SqliteStorage& operator=(const SqliteStorage&) = delete;

  Result<std::vector<StoredTable>> load(bool with_expired) override;
  Status import_tables(const std::vector<StoredTable>& tables) override;
  void start() override;
  void stop() override;
  void create_table(const StoredTable& t, Done done,
                    const std::string* rematch_of = nullptr) override;
  void append(const std::string& table_id, size_t first_index, std::vector<LogEntry> entries,
              const std::string& status, Done done,
              const StoredRequest* request = nullptr) override;
  void update_seat(const std::string& table_id, const StoredSeat& seat, Done done,
                   const TableNote* note = nullptr, const std::string* status = nullptr) override;
  void expire_table(const std::string& table_id, bool keep, int64_t at_ms, Done done) override;
  bool failed() const override;
  std::string failure() const override;

 private:
  explicit SqliteStorage(sqlite3* db) : db_(db) {}
  using Job = std::function<Status(sqlite3*)>;
  void submit(Job job, Done done) { writer_.submit(std::move(job), std::move(done)); }
  Status run_batch(std::vector<Job>& jobs, std::vector<Status>& results);
  Status exec(const char* sql);

  sqlite3* db_ = nullptr;
  GroupCommitWriter<Job> writer_{[this](std::vector<Job>& jobs, std::vector<Status>& results) {
    return run_batch(jobs, results);
  }};
};

}  // namespace meeple::server
