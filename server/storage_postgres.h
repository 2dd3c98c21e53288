// The PostgreSQL back end of Storage (server/storage.h), for
// `meeple serve --db postgresql://...`: one connection, used by load() and
// import_tables() before start() and by the writer thread after. The same
// guarantees as SQLite's: group commit, a SAVEPOINT per job, callbacks
// after COMMIT, every write refused once a COMMIT failed (the connection
// is not re-opened: a restart re-reads what was committed). Schema
// migrations in server/schema_postgres.h.
#pragma once

#include <functional>
#include <memory>
#include <pqxx/connection>
#include <pqxx/transaction_base>
#include <string>
#include <vector>

#include "server/group_commit.h"
#include "server/storage.h"

namespace meeple::server {

class PostgresStorage final : public Storage {
 public:
  // Connects to `url` (postgresql://... or postgres://...) and migrates
  // the schema. A malformed URL is kInvalidArgument, a server that cannot
  // be reached or used kUnavailable; both name the URL without its
  // password, with libpq's message.
  static Result<std::unique_ptr<PostgresStorage>> open(const std::string& url);
  ~PostgresStorage() override;
  PostgresStorage(const PostgresStorage&) = delete;
  PostgresStorage& operator=(const PostgresStorage&) = delete;

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
  PostgresStorage(std::unique_ptr<pqxx::connection> c, std::string shown_url)
      : conn_(std::move(c)), url_(std::move(shown_url)) {}
  // A job runs inside its own savepoint of the batch's transaction.
  using Job = std::function<Status(pqxx::transaction_base&)>;
  void submit(Job job, Done done) { writer_.submit(std::move(job), std::move(done)); }
  Status run_batch(std::vector<Job>& jobs, std::vector<Status>& results);

  std::unique_ptr<pqxx::connection> conn_;
  std::string url_;  // without its password, for messages
  GroupCommitWriter<Job> writer_{[this](std::vector<Job>& jobs, std::vector<Status>& results) {
    return run_batch(jobs, results);
  }};
};

}  // namespace meeple::server
