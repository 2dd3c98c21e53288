#include "server/storage_postgres.h"

#include <fmt/format.h>
#include <libpq-fe.h>

#include <map>
#include <optional>
#include <pqxx/pqxx>

#include "server/log.h"
#include "server/schema_postgres.h"

namespace meeple::server {

namespace {

// libpq's and libpqxx's messages end in a newline; ours do not.
std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string pg_error(const std::exception& e) {
  return fmt::format("postgresql: {}", trimmed(e.what()));
}

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
    const std::string why = err ? trimmed(err) : "out of memory";
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
    return unavailable(
        fmt::format("cannot connect to PostgreSQL database '{}': {}", shown, trimmed(e.what())));
  }
  if (auto st = migrate_postgres(*c); !st)
    return Status(st.code(),
                  fmt::format("cannot use PostgreSQL database '{}': {}", shown, st.message()));
  return std::unique_ptr<PostgresStorage>(new PostgresStorage(std::move(c), shown));
}

PostgresStorage::~PostgresStorage() {
  stop();
}

Result<std::vector<StoredTable>> PostgresStorage::load(bool with_expired) {
  std::vector<StoredTable> out;
  std::map<std::string, size_t> index;
  const std::string live = with_expired ? "" : " WHERE expired_at IS NULL";
  const std::string of_live =
      with_expired ? "" : " WHERE table_id IN (SELECT id FROM tables WHERE expired_at IS NULL)";
  try {
    // One snapshot for all four queries.
    pqxx::read_transaction tx(*conn_);
    for (const auto& row :
         tx.exec("SELECT id, game, options, seed, seed_hash, status, created_at, updated_at, "
                 "client, move_seconds, rematch_id, expired_at FROM tables" +
                 live + " ORDER BY created_at, id")) {
      StoredTable t;
      t.id = row[0].as<std::string>();
      t.game = row[1].as<std::string>();
      t.options = json::parse(row[2].as<std::string>(), nullptr, false);
      if (t.options.is_discarded())
        return data_loss(fmt::format("table {}: stored options are not JSON", t.id));
      auto seed = Rng::parse(row[3].as<std::string>());
      if (!seed) return data_loss(fmt::format("table {}: stored seed is not a number", t.id));
      t.seed = *seed;
      t.seed_hash = row[4].as<std::string>();
      t.status = row[5].as<std::string>();
      t.created_at = row[6].as<int64_t>();
      t.updated_at = row[7].as<int64_t>();
      t.client = row[8].as<std::string>();
      t.move_seconds = row[9].as<int64_t>();
      t.rematch_id = row[10].as<std::string>();
      if (!row[11].is_null()) t.expired_at = row[11].as<int64_t>();
      index[t.id] = out.size();
      out.push_back(std::move(t));
    }
    for (const auto& row :
         tx.exec("SELECT table_id, seat, kind, level, token_hash, claimed, access, auto_answer, "
                 "name, away, resigned FROM seats" +
                 of_live + " ORDER BY table_id, seat")) {
      auto it = index.find(row[0].as<std::string>());
      if (it == index.end()) return data_loss("a seat row names an unknown table");
      StoredSeat s;
      s.seat = row[1].as<int>();
      s.kind = row[2].as<std::string>();
      s.level = row[3].as<int>();
      s.token_hash = row[4].as<std::string>();
      s.claimed = row[5].as<bool>();
      s.access = row[6].as<std::string>();
      s.auto_answer = row[7].as<bool>();
      s.name = row[8].as<std::string>();
      s.away = row[9].as<bool>();
      s.resigned = row[10].as<bool>();
      out[it->second].seats.push_back(std::move(s));
    }
    for (const auto& row :
         tx.exec("SELECT table_id, idx, seat, action, supplied, hash FROM actions" + of_live +
                 " ORDER BY table_id, idx")) {
      auto it = index.find(row[0].as<std::string>());
      if (it == index.end()) return data_loss("an action row names an unknown table");
      auto& log = out[it->second].log;
      if (row[1].as<int64_t>() != static_cast<int64_t>(log.size()))
        return data_loss(fmt::format("table {}: action log has a gap at entry {}",
                                     out[it->second].id, log.size()));
      LogEntry e;
      e.seat = static_cast<Seat>(row[2].as<int>());
      e.action = static_cast<Action>(row[3].as<int64_t>());
      e.supplied = row[4].as<bool>();
      const std::string hash = row[5].as<std::string>();
      char* end = nullptr;
      e.hash = std::strtoull(hash.c_str(), &end, 16);
      if (hash.empty() || hash.size() > 16 || *end != '\0')
        return data_loss(fmt::format("table {}: entry {} has a malformed state hash",
                                     out[it->second].id, log.size()));
      log.push_back(e);
    }
    for (const auto& row : tx.exec("SELECT table_id, idx, seat, kind, at FROM notes" + of_live +
                                   " ORDER BY table_id, seq")) {
      auto it = index.find(row[0].as<std::string>());
      if (it == index.end()) return data_loss("a note row names an unknown table");
      TableNote n;
      n.index = static_cast<size_t>(row[1].as<int64_t>());
      n.seat = row[2].as<int>();
      n.kind = row[3].as<std::string>();
      n.at = row[4].as<int64_t>();
      out[it->second].notes.push_back(std::move(n));
    }
    // Byte order, as SQLite sorts them (meeple migrate compares the two).
    for (const auto& row :
         tx.exec("SELECT table_id, seat, request_id, version FROM requests" + of_live +
                 " ORDER BY table_id, seat, request_id COLLATE \"C\"")) {
      auto it = index.find(row[0].as<std::string>());
      if (it == index.end()) return data_loss("a request row names an unknown table");
      StoredRequest r;
      r.seat = row[1].as<int>();
      r.id = row[2].as<std::string>();
      r.version = static_cast<size_t>(row[3].as<int64_t>());
      out[it->second].requests.push_back(std::move(r));
    }
  } catch (const std::exception& e) {
    return unavailable(pg_error(e));
  }
  return out;
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
}
bool PostgresStorage::failed() const {
  return writer_.failed();
}
std::string PostgresStorage::failure() const {
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
      [table_id, first_index, entries = std::move(entries), status, requests,
       at = now()](pqxx::transaction_base& tx) -> Status {
        insert_requests(tx, table_id, requests);
        for (size_t i = 0; i < entries.size(); ++i) {
          const auto& e = entries[i];
          tx.exec_params(
              "INSERT INTO actions(table_id, idx, seat, action, supplied, hash) "
              "VALUES($1,$2,$3,$4,$5,$6)",
              table_id, static_cast<int64_t>(first_index + i), int{e.seat}, int64_t{e.action},
              e.supplied, hash_to_hex(e.hash));
        }
        tx.exec_params("UPDATE tables SET status = $1, updated_at = $2 WHERE id = $3", status, at,
                       table_id);
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
      [table_id, s, n, new_status, at = now()](pqxx::transaction_base& tx) -> Status {
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
        tx.exec_params("UPDATE tables SET updated_at = $1 WHERE id = $2", at, table_id);
        return Status::ok();
      },
      std::move(done));
}

void PostgresStorage::expire_table(const std::string& table_id, bool keep, int64_t at_ms,
                                   Done done) {
  submit(
      [table_id, keep, at_ms](pqxx::transaction_base& tx) -> Status {
        // Expired first: the actions trigger lets only an expired table's
        // rows go (schema_postgres.cpp).
        tx.exec_params("UPDATE tables SET expired_at = $1 WHERE id = $2", at_ms, table_id);
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
