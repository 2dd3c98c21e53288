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
#include <optional>
#include <pqxx/connection>
#include <pqxx/transaction_base>
#include <string>
#include <vector>

#include "server/group_commit.h"
#include "server/lease_postgres.h"
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
  Status join_cluster(const std::string& advertise_url, std::function<void()> on_lost) override;
  bool shared() const override { return lease_ != nullptr; }
  Result<TableClaim> claim_table(const std::string& id) override;
  Result<StoredTable> load_table(const std::string& id) override;
  Status keep_mirrored(const std::vector<std::string>& ids) override;
  Result<std::vector<StoredTable>> list_tables(const std::string& status, size_t limit,
                                               std::vector<size_t>* versions) override;
  // Tables of dead processes that would go on by themselves (timers,
  // computer seats): PostgresLease::orphans; none before join_cluster.
  Result<std::vector<std::string>> orphan_tables(size_t limit);

  // Who writes (after join_cluster): every write checks it still owns its
  // table, in its own transaction (docs/scale.md "Fencing").
  struct Owner {
    int64_t id = 0;
    int64_t epoch = 0;
  };

 private:
  PostgresStorage(std::unique_ptr<pqxx::connection> c, std::string url, std::string shown_url)
      : conn_(std::move(c)), full_url_(std::move(url)), url_(std::move(shown_url)) {}
  // A job runs inside its own savepoint of the batch's transaction.
  using Job = std::function<Status(pqxx::transaction_base&)>;
  void submit(Job job, Done done) { writer_.submit(std::move(job), std::move(done)); }
  Status run_batch(std::vector<Job>& jobs, std::vector<Status>& results);

  std::unique_ptr<pqxx::connection> conn_;
  std::string full_url_;  // for the lease's own connections
  std::string url_;       // without its password, for messages
  std::unique_ptr<PostgresLease> lease_;
  std::optional<Owner> owner_;  // set once, before start()
  GroupCommitWriter<Job> writer_{[this](std::vector<Job>& jobs, std::vector<Status>& results) {
    return run_batch(jobs, results);
  }};
};

}  // namespace meeple::server
