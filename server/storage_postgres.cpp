#include "server/storage_postgres.h"

#include <fmt/format.h>
#include <libpq-fe.h>

#include <map>
#include <optional>
#include <pqxx/pqxx>

#include "server/changes_postgres.h"
#include "server/log.h"
#include "server/read_postgres.h"
#include "server/schema_postgres.h"

namespace meeple::server {

namespace {

void insert_requests(pqxx::transaction_base& tx, const std::string& table_id,
                     const std::vector<StoredRequest>& requests) {
  for (const auto& r : requests)
    tx.exec_params("INSERT INTO requests(table_id, seat, request_id, version) VALUES($1,$2,$3,$4)",
                   table_id, r.seat, r.id, static_cast<int64_t>(r.version));
}

// Writes a table's rows: a new table's (create_table), or with `whole` a
// stored table's as it was (import_tables: updated_at, rematch link,
// notes, expiry too).
void insert_table(pqxx::transaction_base& tx, const StoredTable& t, bool whole) {
  tx.exec_params(
      "INSERT INTO tables(id, game, options, seed, seed_hash, status, created_at, updated_at, "
      "client, move_seconds, rematch_id) VALUES($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)",
      t.id, t.game, t.options.dump(), Rng::to_string(t.seed), t.seed_hash, t.status, t.created_at,
      whole ? t.updated_at : t.created_at, t.client, t.move_seconds,
      whole ? t.rematch_id : std::string());
  for (const auto& s : t.seats)
    tx.exec_params(
        "INSERT INTO seats(table_id, seat, kind, level, token_hash, claimed, access, "
        "auto_answer, name, away, resigned) VALUES($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)",
        t.id, s.seat, s.kind, s.level, s.token_hash, s.claimed, s.access, s.auto_answer, s.name,
        s.away, s.resigned);
  // Chance rolled before the first decision (a dealt map, say).
  for (size_t i = 0; i < t.log.size(); ++i)
    tx.exec_params(
        "INSERT INTO actions(table_id, idx, seat, action, supplied, hash) "
        "VALUES($1,$2,$3,$4,$5,$6)",
        t.id, static_cast<int64_t>(i), int{t.log[i].seat}, int64_t{t.log[i].action},
        t.log[i].supplied, hash_to_hex(t.log[i].hash));
  if (!whole) return;
  insert_requests(tx, t.id, t.requests);
  for (const auto& n : t.notes)
    tx.exec_params("INSERT INTO notes(table_id, idx, seat, kind, at) VALUES($1,$2,$3,$4,$5)", t.id,
                   static_cast<int64_t>(n.index), n.seat, n.kind, n.at);
  if (t.expired_at)
    tx.exec_params("UPDATE tables SET expired_at = $1 WHERE id = $2", *t.expired_at, t.id);
}

// Fencing (docs/scale.md): whether `owner` still owns the table, with its
// lease alive. FOR SHARE locks the table's row until this transaction
// ends, so a takeover (an UPDATE of that row) either committed before,
// and this check sees the new owner, or waits until this write committed
// and the new owner's replay includes it.
bool still_owner(pqxx::transaction_base& tx, const std::string& table_id,
                 const std::optional<PostgresStorage::Owner>& owner) {
  if (!owner) return true;  // one process on the database (meeple migrate, tests)
  return !tx.exec_params(
                "SELECT 1 FROM tables t JOIN servers s ON s.id = t.owner_id "
                "WHERE t.id = $1 AND t.owner_id = $2 AND t.owner_epoch = $3 AND s.epoch = $3 "
                "AND s.expires_at > now() FOR SHARE OF t",
                table_id, owner->id, owner->epoch)
              .empty();
}

// Ends an UPDATE of a table's row, which every write to a table runs anyway,
// so that it also tells whether another process shows the table
// (Storage::keep_mirrored): no extra round trip in the usual case.
constexpr const char* kReturningShown = " RETURNING coalesce(mirrored_until > now(), false)";

// Tells the processes that show this table (changes_postgres.h) that it
// changed; `updated` is what the UPDATE ending in kReturningShown answered.
// Only while another process shows it: with every watcher on the owner,
// the usual case behind a balancer that routes by table id, nothing is
// sent, and one process alone sends none. A notification leaves at the
// COMMIT, and not at all when this job's savepoint is rolled back.
void notify_change(pqxx::transaction_base& tx, const std::string& table_id,
                   const std::optional<PostgresStorage::Owner>& owner,
                   const pqxx::result& updated) {
  if (owner && !updated.empty() && updated[0][0].as<bool>())
    tx.exec_params("SELECT pg_notify($1, $2)", kChangesChannel, table_id);
}

}  // namespace

std::string redact_url(const std::string& url) {
  std::string out = url;
  // 1. postgresql://user:password@host/...
  if (const size_t scheme = out.find("://"); scheme != std::string::npos) {
    const size_t start = scheme + 3;
    size_t end = out.find_first_of("/?", start);
    if (end == std::string::npos) end = out.size();
    const size_t at = end > start ? out.rfind('@', end - 1) : std::string::npos;
    if (at != std::string::npos && at >= start) {
      const size_t colon = out.find(':', start);
      if (colon < at) out.replace(colon + 1, at - colon - 1, "***");
    }
  }
  // 2. ...?password=...
  for (size_t p = out.find("password="); p != std::string::npos; p = out.find("password=", p + 1)) {
    const size_t value = p + 9;
    size_t end = out.find('&', value);
    if (end == std::string::npos) end = out.size();
    out.replace(value, end - value, "***");
  }
  return out;
}

Result<std::unique_ptr<PostgresStorage>> PostgresStorage::open(const std::string& url) {
  const std::string shown = redact_url(url);
  // 1. A URL libpq cannot parse is the caller's mistake, told before any
  //    connection is tried.
  char* err = nullptr;
  PQconninfoOption* parsed = PQconninfoParse(url.c_str(), &err);
  if (!parsed) {
    const std::string why = err ? pg_message(err) : "out of memory";
    PQfreemem(err);
    return invalid_argument(
        fmt::format("'{}' is not a valid PostgreSQL connection URL: {}", shown, why));
  }
  PQconninfoFree(parsed);
  // 2. Connect, quiet the server's notices, bring the schema up to date.
  std::unique_ptr<pqxx::connection> c;
  try {
    c = std::make_unique<pqxx::connection>(url);
    pqxx::nontransaction(*c).exec("SET client_min_messages = warning");
  } catch (const std::exception& e) {
    return unavailable(fmt::format("cannot connect to the database '{}': {}", shown, pg_error(e)));
  }
  if (auto st = migrate_postgres(*c); !st)
    return Status(st.code(),
                  fmt::format("cannot use PostgreSQL database '{}': {}", shown, st.message()));
  return std::unique_ptr<PostgresStorage>(new PostgresStorage(std::move(c), url, shown));
}

PostgresStorage::~PostgresStorage() {
  stop();
}

Status PostgresStorage::join_cluster(const std::string& advertise_url,
                                     std::function<void()> on_lost) {
  if (lease_) return failed_precondition("this storage has joined already");
  auto lease = PostgresLease::open(full_url_, advertise_url, std::move(on_lost));
  if (!lease) return lease.status();
  lease_ = std::move(*lease);
  owner_ = Owner{lease_->id(), lease_->epoch()};
  // Named for the operator (and the fail-over test) in pg_stat_activity.
  try {
    pqxx::nontransaction(*conn_).exec(
        fmt::format("SET application_name = 'meeple-writer-{}'", lease_->id()));
  } catch (const std::exception& e) {
    return unavailable(pg_error(e));
  }
  return Status::ok();
}

Result<TableClaim> PostgresStorage::claim_table(const std::string& id) {
  if (!lease_) return TableClaim{true, ""};
  return lease_->claim(id);
}

Result<StoredTable> PostgresStorage::load_table(const std::string& id) {
  if (!lease_) return failed_precondition("load_table needs join_cluster first");
  return lease_->load(id);
}

Status PostgresStorage::keep_mirrored(const std::vector<std::string>& ids) {
  if (!lease_ || ids.empty()) return Status::ok();
  return lease_->keep_mirrored(ids);
}

Result<std::vector<std::string>> PostgresStorage::orphan_tables(size_t limit) {
  if (!lease_) return std::vector<std::string>{};
  return lease_->orphans(limit);
}

Result<std::vector<StoredTable>> PostgresStorage::list_tables(const std::string& status,
                                                              size_t limit,
                                                              std::vector<size_t>* versions) {
  if (!lease_) return std::vector<StoredTable>{};
  return lease_->list(status, limit, versions);
}

Result<std::vector<StoredTable>> PostgresStorage::load(bool with_expired) {
  try {
    // One snapshot for all queries.
    pqxx::read_transaction tx(*conn_);
    return read_tables(tx, with_expired, "");
  } catch (const std::exception& e) {
    return unavailable(pg_error(e));
  }
}

Status PostgresStorage::import_tables(const std::vector<StoredTable>& tables) {
  try {
    pqxx::work tx(*conn_);
    // Nobody else adds tables while we check and write.
    tx.exec("LOCK TABLE tables IN SHARE ROW EXCLUSIVE MODE");
    for (const auto& t : tables) {
      if (!tx.exec_params("SELECT 1 FROM tables WHERE id = $1", t.id).empty())
        return failed_precondition(fmt::format("table {} is already stored", t.id));
      insert_table(tx, t, true);
    }
    tx.commit();
  } catch (const std::exception& e) {
    return unavailable(pg_error(e));
  }
  return Status::ok();
}

void PostgresStorage::start() {
  writer_.start();
}
void PostgresStorage::stop() {
  writer_.stop();
  // After the last write: then the lease is given up for others to take.
  if (lease_) lease_->stop();
}
bool PostgresStorage::failed() const {
  return writer_.failed() || (lease_ && lease_->lost());
}
std::string PostgresStorage::failure() const {
  if (lease_ && lease_->lost() && !writer_.failed())
    return "this server lost its lease on the database (another server may own its tables)";
  return writer_.failure();
}

Status PostgresStorage::run_batch(std::vector<Job>& jobs, std::vector<Status>& results) {
  // One transaction for the whole batch; each job in a savepoint, rolled
  // back if the job fails or throws. (Plain SAVEPOINT statements: libpqxx
  // 6's subtransaction does not roll back to its savepoint when a statement
  // in it fails.)
  try {
    pqxx::work tx(*conn_);
    for (size_t i = 0; i < jobs.size(); ++i) {
      tx.exec("SAVEPOINT job");
      try {
        results[i] = jobs[i](tx);
      } catch (const pqxx::broken_connection&) {
        throw;  // the whole batch is lost
      } catch (const pqxx::sql_error& e) {
        results[i] = unavailable(pg_error(e));
      } catch (const std::exception& e) {
        results[i] = internal_error(fmt::format("storage job failed: {}", e.what()));
      }
      if (!results[i]) tx.exec("ROLLBACK TO SAVEPOINT job");
      tx.exec("RELEASE SAVEPOINT job");
    }
    // Only now is anything durable.
    tx.commit();
  } catch (const std::exception& e) {
    return unavailable(pg_error(e));
  }
  return Status::ok();
}

void PostgresStorage::create_table(const StoredTable& t, Done done, const std::string* rematch_of) {
  std::optional<std::string> old_id;
  if (rematch_of) old_id = *rematch_of;
  submit(
      [t, old_id](pqxx::transaction_base& tx) -> Status {
        // No owner yet: the process that gets the table's first request
        // takes it (Lobby::open_table, docs/scale.md).
        insert_table(tx, t, false);
        if (old_id &&
            tx.exec_params("UPDATE tables SET rematch_id = $1 WHERE id = $2", t.id, *old_id)
                    .affected_rows() != 1)
          return not_found(fmt::format("no table {} to link its rematch from", *old_id));
        return Status::ok();
      },
      std::move(done));
}

void PostgresStorage::append(const std::string& table_id, size_t first_index,
                             std::vector<LogEntry> entries, const std::string& status, Done done,
                             const StoredRequest* request) {
  std::vector<StoredRequest> requests;
  if (request) requests.push_back(*request);
  submit(
      [table_id, first_index, entries = std::move(entries), status, requests, at = now(),
       owner = owner_](pqxx::transaction_base& tx) -> Status {
        if (!still_owner(tx, table_id, owner)) return not_owner(table_id);
        insert_requests(tx, table_id, requests);
        for (size_t i = 0; i < entries.size(); ++i) {
          const auto& e = entries[i];
          tx.exec_params(
              "INSERT INTO actions(table_id, idx, seat, action, supplied, hash) "
              "VALUES($1,$2,$3,$4,$5,$6)",
              table_id, static_cast<int64_t>(first_index + i), int{e.seat}, int64_t{e.action},
              e.supplied, hash_to_hex(e.hash));
        }
        notify_change(tx, table_id, owner,
                      tx.exec_params(std::string("UPDATE tables SET status = $1, updated_at = $2 "
                                                 "WHERE id = $3") +
                                         kReturningShown,
                                     status, at, table_id));
        return Status::ok();
      },
      std::move(done));
}

void PostgresStorage::update_seat(const std::string& table_id, const StoredSeat& s, Done done,
                                  const TableNote* note, const std::string* status) {
  std::optional<TableNote> n;
  if (note) n = *note;
  std::optional<std::string> new_status;
  if (status) new_status = *status;
  submit(
      [table_id, s, n, new_status, at = now(),
       owner = owner_](pqxx::transaction_base& tx) -> Status {
        if (!still_owner(tx, table_id, owner)) return not_owner(table_id);
        if (tx.exec_params("UPDATE seats SET token_hash = $1, claimed = $2, auto_answer = $3, "
                           "name = $4, away = $5, resigned = $6 WHERE table_id = $7 AND seat = $8",
                           s.token_hash, s.claimed, s.auto_answer, s.name, s.away, s.resigned,
                           table_id, s.seat)
                .affected_rows() != 1)
          return not_found(fmt::format("table {} has no seat {}", table_id, s.seat));
        if (n)
          tx.exec_params("INSERT INTO notes(table_id, idx, seat, kind, at) VALUES($1,$2,$3,$4,$5)",
                         table_id, static_cast<int64_t>(n->index), n->seat, n->kind, n->at);
        if (new_status)
          tx.exec_params("UPDATE tables SET status = $1 WHERE id = $2", *new_status, table_id);
        notify_change(
            tx, table_id, owner,
            tx.exec_params(
                std::string("UPDATE tables SET updated_at = $1 WHERE id = $2") + kReturningShown,
                at, table_id));
        return Status::ok();
      },
      std::move(done));
}

void PostgresStorage::expire_table(const std::string& table_id, bool keep, int64_t at_ms,
                                   Done done) {
  submit(
      [table_id, keep, at_ms, owner = owner_](pqxx::transaction_base& tx) -> Status {
        if (!still_owner(tx, table_id, owner)) return not_owner(table_id);
        // Expired first: the actions trigger lets only an expired table's
        // rows go (schema_postgres.cpp).
        notify_change(
            tx, table_id, owner,
            tx.exec_params(
                std::string("UPDATE tables SET expired_at = $1 WHERE id = $2") + kReturningShown,
                at_ms, table_id));
        if (keep) return Status::ok();
        for (const char* sql :
             {"DELETE FROM actions WHERE table_id = $1", "DELETE FROM notes WHERE table_id = $1",
              "DELETE FROM requests WHERE table_id = $1", "DELETE FROM seats WHERE table_id = $1",
              "DELETE FROM tables WHERE id = $1"})
          tx.exec_params(sql, table_id);
        return Status::ok();
      },
      std::move(done));
}

}  // namespace meeple::server
