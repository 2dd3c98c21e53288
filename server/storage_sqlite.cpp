#include "server/storage_sqlite.h"

#include <fmt/format.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>

#include "server/log.h"
#include "server/schema_sqlite.h"

namespace meeple::server {

namespace {

// A prepared statement that finalizes itself.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    rc_ = sqlite3_prepare_v2(db, sql, -1, &st_, nullptr);
  }
  ~Stmt() { sqlite3_finalize(st_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  bool ok() const { return rc_ == SQLITE_OK; }
  sqlite3_stmt* get() { return st_; }
  void bind(int i, const std::string& s) {
    sqlite3_bind_text(st_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  }
  void bind(int i, int64_t v) { sqlite3_bind_int64(st_, i, v); }
  // Runs a statement that returns no rows.
  Status run() {
    const int rc = sqlite3_step(st_);
    sqlite3_reset(st_);
    sqlite3_clear_bindings(st_);
    if (rc != SQLITE_DONE) return unavailable(fmt::format("sqlite: {}", sqlite3_errmsg(db_)));
    return Status::ok();
  }
  std::string text(int col) {
    const unsigned char* t = sqlite3_column_text(st_, col);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
  int64_t integer(int col) { return sqlite3_column_int64(st_, col); }

 private:
  sqlite3* db_;
  sqlite3_stmt* st_ = nullptr;
  int rc_;
};

Status insert_requests(sqlite3* db, const std::string& table_id,
                       const std::vector<StoredRequest>& requests) {
  Stmt ins(db, "INSERT INTO requests(table_id, seat, request_id, version) VALUES(?,?,?,?)");
  for (const auto& r : requests) {
    ins.bind(1, table_id);
    ins.bind(2, int64_t{r.seat});
    ins.bind(3, r.id);
    ins.bind(4, static_cast<int64_t>(r.version));
    if (auto st = ins.run(); !st) return st;
  }
  return Status::ok();
}

// Writes a table's rows: a new table's (create_table), or with `whole` a
// stored table's as it was (import_tables: updated_at, rematch link,
// notes, expiry too).
Status insert_table(sqlite3* db, const StoredTable& t, bool whole) {
  Stmt ins(db,
           "INSERT INTO tables(id, game, options, seed, seed_hash, status, created_at, "
           "updated_at, client, move_seconds, rematch_id) VALUES(?,?,?,?,?,?,?,?,?,?,?)");
  ins.bind(1, t.id);
  ins.bind(2, t.game);
  ins.bind(3, t.options.dump());
  ins.bind(4, Rng::to_string(t.seed));
  ins.bind(5, t.seed_hash);
  ins.bind(6, t.status);
  ins.bind(7, t.created_at);
  ins.bind(8, whole ? t.updated_at : t.created_at);
  ins.bind(9, t.client);
  ins.bind(10, t.move_seconds);
  ins.bind(11, whole ? t.rematch_id : std::string());
  if (auto st = ins.run(); !st) return st;
  Stmt seat(db,
            "INSERT INTO seats(table_id, seat, kind, level, token_hash, claimed, access, "
            "auto_answer, name, away, resigned) VALUES(?,?,?,?,?,?,?,?,?,?,?)");
  for (const auto& s : t.seats) {
    seat.bind(1, t.id);
    seat.bind(2, int64_t{s.seat});
    seat.bind(3, s.kind);
    seat.bind(4, int64_t{s.level});
    seat.bind(5, s.token_hash);
    seat.bind(6, int64_t{s.claimed ? 1 : 0});
    seat.bind(7, s.access);
    seat.bind(8, int64_t{s.auto_answer ? 1 : 0});
    seat.bind(9, s.name);
    seat.bind(10, int64_t{s.away ? 1 : 0});
    seat.bind(11, int64_t{s.resigned ? 1 : 0});
    if (auto st = seat.run(); !st) return st;
  }
  // Chance rolled before the first decision (a dealt map, say).
  Stmt act(db,
           "INSERT INTO actions(table_id, idx, seat, action, supplied, hash) "
           "VALUES(?,?,?,?,?,?)");
  for (size_t i = 0; i < t.log.size(); ++i) {
    act.bind(1, t.id);
    act.bind(2, static_cast<int64_t>(i));
    act.bind(3, int64_t{t.log[i].seat});
    act.bind(4, int64_t{t.log[i].action});
    act.bind(5, int64_t{t.log[i].supplied ? 1 : 0});
    act.bind(6, hash_to_hex(t.log[i].hash));
    if (auto st = act.run(); !st) return st;
  }
  if (!whole) return Status::ok();
  Stmt note(db, "INSERT INTO notes(table_id, idx, seat, kind, at) VALUES(?,?,?,?,?)");
  for (const auto& n : t.notes) {
    note.bind(1, t.id);
    note.bind(2, static_cast<int64_t>(n.index));
    note.bind(3, int64_t{n.seat});
    note.bind(4, n.kind);
    note.bind(5, n.at);
    if (auto st = note.run(); !st) return st;
  }
  if (auto st = insert_requests(db, t.id, t.requests); !st) return st;
  if (!t.expired_at) return Status::ok();
  Stmt expire(db, "UPDATE tables SET expired_at = ? WHERE id = ?");
  expire.bind(1, *t.expired_at);
  expire.bind(2, t.id);
  return expire.run();
}

}  // namespace

Result<std::unique_ptr<SqliteStorage>> SqliteStorage::open(const std::string& path,
                                                           bool durable_fsync,
                                                           std::chrono::milliseconds busy_timeout) {
  namespace fs = std::filesystem;
  // 1. What SQLite would only call "unable to open database file", named.
  if (path.empty()) return invalid_argument("the database path is empty");
  std::error_code ec;
  const auto kind = fs::status(path, ec);
  if (fs::is_directory(kind))
    return unavailable(
        fmt::format("cannot open database '{}': it is a directory, not a file", path));
  if (!fs::exists(kind)) {
    const fs::path dir = fs::path(path).has_parent_path() ? fs::path(path).parent_path() : ".";
    if (!fs::is_directory(dir, ec))
      return unavailable(fmt::format(
          "cannot create database '{}': the directory '{}' does not exist", path, dir.string()));
  }
  // 2. Open, then prove the file is a writable SQLite database.
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(
      path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    if (db && sqlite3_system_errno(db) != 0)
      msg += fmt::format(" ({})", std::strerror(sqlite3_system_errno(db)));
    sqlite3_close(db);
    return unavailable(fmt::format("cannot open database '{}': {}", path, msg));
  }
  std::unique_ptr<SqliteStorage> s(new SqliteStorage(db));
  sqlite3_busy_timeout(db, static_cast<int>(busy_timeout.count()));
  const auto fail = [&](const Status& why) {
    std::string msg = why.message();
    if (sqlite3_system_errno(db) != 0)
      msg += fmt::format(" ({})", std::strerror(sqlite3_system_errno(db)));
    return unavailable(fmt::format("cannot use database '{}': {}", path, msg));
  };
  for (const char* sql : {"PRAGMA journal_mode=WAL;", "PRAGMA foreign_keys=ON;"}) {
    if (auto st = s->exec(sql); !st) return fail(st);
  }
  if (auto st = migrate(db); !st) return fail(st);
  if (auto st = s->exec(durable_fsync ? "PRAGMA synchronous=FULL;" : "PRAGMA synchronous=NORMAL;");
      !st)
    return fail(st);
  if (sqlite3_db_readonly(db, "main") == 1)
    return unavailable(
        fmt::format("cannot use database '{}': it can only be opened read-only", path));
  return s;
}

SqliteStorage::~SqliteStorage() {
  stop();
  sqlite3_close(db_);
}

Status SqliteStorage::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    return unavailable(fmt::format("sqlite: {}", msg));
  }
  return Status::ok();
}

Result<std::vector<StoredTable>> SqliteStorage::load(bool with_expired) {
  std::vector<StoredTable> out;
  const std::string live = with_expired ? "" : " WHERE expired_at IS NULL";
  const std::string of_live =
      with_expired ? "" : " WHERE table_id IN (SELECT id FROM tables WHERE expired_at IS NULL)";
  std::map<std::string, size_t> index;
  {
    Stmt q(db_, ("SELECT id, game, options, seed, seed_hash, status, created_at, updated_at, "
                 "client, move_seconds, rematch_id, expired_at FROM tables" +
                 live + " ORDER BY created_at, id")
                    .c_str());
    if (!q.ok()) return unavailable(sqlite3_errmsg(db_));
    while (sqlite3_step(q.get()) == SQLITE_ROW) {
      StoredTable t;
      t.id = q.text(0);
      t.game = q.text(1);
      t.options = json::parse(q.text(2), nullptr, false);
      if (t.options.is_discarded())
        return data_loss(fmt::format("table {}: stored options are not JSON", t.id));
      auto seed = Rng::parse(q.text(3));
      if (!seed) return data_loss(fmt::format("table {}: stored seed is not a number", t.id));
      t.seed = *seed;
      t.seed_hash = q.text(4);
      t.status = q.text(5);
      t.created_at = q.integer(6);
      t.updated_at = q.integer(7);
      t.client = q.text(8);
      t.move_seconds = q.integer(9);
      t.rematch_id = q.text(10);
      if (sqlite3_column_type(q.get(), 11) != SQLITE_NULL) t.expired_at = q.integer(11);
      index[t.id] = out.size();
      out.push_back(std::move(t));
    }
  }
  {
    Stmt q(db_, ("SELECT table_id, seat, kind, level, token_hash, claimed, access, auto_answer, "
                 "name, away, resigned FROM seats" +
                 of_live + " ORDER BY table_id, seat")
                    .c_str());
    if (!q.ok()) return unavailable(sqlite3_errmsg(db_));
    while (sqlite3_step(q.get()) == SQLITE_ROW) {
      auto it = index.find(q.text(0));
      if (it == index.end()) return data_loss("a seat row names an unknown table");
      StoredSeat s;
      s.seat = static_cast<int>(q.integer(1));
      s.kind = q.text(2);
      s.level = static_cast<int>(q.integer(3));
      s.token_hash = q.text(4);
      s.claimed = q.integer(5) != 0;
      s.access = q.text(6);
      s.auto_answer = q.integer(7) != 0;
      s.name = q.text(8);
      s.away = q.integer(9) != 0;
      s.resigned = q.integer(10) != 0;
      out[it->second].seats.push_back(std::move(s));
    }
  }
  {
    Stmt q(db_, ("SELECT table_id, idx, seat, action, supplied, hash FROM actions" + of_live +
                 " ORDER BY table_id, idx")
                    .c_str());
    if (!q.ok()) return unavailable(sqlite3_errmsg(db_));
    while (sqlite3_step(q.get()) == SQLITE_ROW) {
      auto it = index.find(q.text(0));
      if (it == index.end()) return data_loss("an action row names an unknown table");
      auto& log = out[it->second].log;
      if (static_cast<size_t>(q.integer(1)) != log.size())
        return data_loss(fmt::format("table {}: action log has a gap at entry {}",
                                     out[it->second].id, log.size()));
      LogEntry e;
      e.seat = static_cast<Seat>(q.integer(2));
      e.action = static_cast<Action>(q.integer(3));
      e.supplied = q.integer(4) != 0;
      const std::string hash = q.text(5);
      char* end = nullptr;
      e.hash = std::strtoull(hash.c_str(), &end, 16);
      if (hash.empty() || hash.size() > 16 || *end != '\0')
        return data_loss(fmt::format("table {}: entry {} has a malformed state hash",
                                     out[it->second].id, log.size()));
      log.push_back(e);
    }
  }
  {
    Stmt q(db_, ("SELECT table_id, idx, seat, kind, at FROM notes" + of_live +
                 " ORDER BY table_id, rowid")
                    .c_str());
    if (!q.ok()) return unavailable(sqlite3_errmsg(db_));
    while (sqlite3_step(q.get()) == SQLITE_ROW) {
      auto it = index.find(q.text(0));
      if (it == index.end()) return data_loss("a note row names an unknown table");
      TableNote n;
      n.index = static_cast<size_t>(q.integer(1));
      n.seat = static_cast<int>(q.integer(2));
      n.kind = q.text(3);
      n.at = q.integer(4);
      out[it->second].notes.push_back(std::move(n));
    }
  }
  {
    Stmt q(db_, ("SELECT table_id, seat, request_id, version FROM requests" + of_live +
                 " ORDER BY table_id, seat, request_id")
                    .c_str());
    if (!q.ok()) return unavailable(sqlite3_errmsg(db_));
    while (sqlite3_step(q.get()) == SQLITE_ROW) {
      auto it = index.find(q.text(0));
      if (it == index.end()) return data_loss("a request row names an unknown table");
      StoredRequest r;
      r.seat = static_cast<int>(q.integer(1));
      r.id = q.text(2);
      r.version = static_cast<size_t>(q.integer(3));
      out[it->second].requests.push_back(std::move(r));
    }
  }
  return out;
}

void SqliteStorage::start() {
  writer_.start();
}
void SqliteStorage::stop() {
  writer_.stop();
}
bool SqliteStorage::failed() const {
  return writer_.failed();
}
std::string SqliteStorage::failure() const {
  return writer_.failure();
}

Status SqliteStorage::run_batch(std::vector<Job>& jobs, std::vector<Status>& results) {
  // One transaction for the whole batch; each job in a savepoint.
  Status commit = exec("BEGIN IMMEDIATE;");
  if (!commit) return commit;
  for (size_t i = 0; i < jobs.size(); ++i) {
    (void)exec("SAVEPOINT job;");
    try {
      results[i] = jobs[i](db_);
    } catch (const std::exception& e) {
      results[i] = internal_error(fmt::format("storage job failed: {}", e.what()));
    }
    if (!results[i]) (void)exec("ROLLBACK TO job;");
    (void)exec("RELEASE job;");
  }
  // Only now is anything durable.
  commit = exec("COMMIT;");
  if (!commit) (void)exec("ROLLBACK;");
  return commit;
}

void SqliteStorage::create_table(const StoredTable& t, Done done, const std::string* rematch_of) {
  std::optional<std::string> old_id;
  if (rematch_of) old_id = *rematch_of;
  submit(
      [t, old_id](sqlite3* db) -> Status {
        if (auto st = insert_table(db, t, false); !st) return st;
        if (old_id) {
          Stmt link(db, "UPDATE tables SET rematch_id = ? WHERE id = ?");
          link.bind(1, t.id);
          link.bind(2, *old_id);
          if (auto st = link.run(); !st) return st;
          if (sqlite3_changes(db) != 1)
            return not_found(fmt::format("no table {} to link its rematch from", *old_id));
        }
        return Status::ok();
      },
      std::move(done));
}

Status SqliteStorage::import_tables(const std::vector<StoredTable>& tables) {
  if (auto st = exec("BEGIN IMMEDIATE;"); !st) return st;
  Status result = Status::ok();
  for (const auto& t : tables) {
    Stmt q(db_, "SELECT 1 FROM tables WHERE id = ?");
    q.bind(1, t.id);
    if (sqlite3_step(q.get()) == SQLITE_ROW) {
      result = failed_precondition(fmt::format("table {} is already stored", t.id));
      break;
    }
    if (result = insert_table(db_, t, true); !result) break;
  }
  if (result) result = exec("COMMIT;");
  if (!result) (void)exec("ROLLBACK;");
  return result;
}

void SqliteStorage::append(const std::string& table_id, size_t first_index,
                           std::vector<LogEntry> entries, const std::string& status, Done done,
                           const StoredRequest* request) {
  std::vector<StoredRequest> requests;
  if (request) requests.push_back(*request);
  submit(
      [table_id, first_index, entries = std::move(entries), status, requests,
       at = now()](sqlite3* db) -> Status {
        if (auto st = insert_requests(db, table_id, requests); !st) return st;
        Stmt ins(db,
                 "INSERT INTO actions(table_id, idx, seat, action, supplied, hash) "
                 "VALUES(?,?,?,?,?,?)");
        for (size_t i = 0; i < entries.size(); ++i) {
          const auto& e = entries[i];
          ins.bind(1, table_id);
          ins.bind(2, static_cast<int64_t>(first_index + i));
          ins.bind(3, int64_t{e.seat});
          ins.bind(4, int64_t{e.action});
          ins.bind(5, int64_t{e.supplied ? 1 : 0});
          ins.bind(6, hash_to_hex(e.hash));
          if (auto st = ins.run(); !st) return st;
        }
        Stmt upd(db, "UPDATE tables SET status = ?, updated_at = ? WHERE id = ?");
        upd.bind(1, status);
        upd.bind(2, at);
        upd.bind(3, table_id);
        return upd.run();
      },
      std::move(done));
}

void SqliteStorage::update_seat(const std::string& table_id, const StoredSeat& s, Done done,
                                const TableNote* note, const std::string* status) {
  std::optional<TableNote> n;
  if (note) n = *note;
  std::optional<std::string> new_status;
  if (status) new_status = *status;
  submit(
      [table_id, s, n, new_status, at = now()](sqlite3* db) -> Status {
        Stmt upd(db,
                 "UPDATE seats SET token_hash = ?, claimed = ?, auto_answer = ?, name = ?, "
                 "away = ?, resigned = ? WHERE table_id = ? AND seat = ?");
        upd.bind(1, s.token_hash);
        upd.bind(2, int64_t{s.claimed ? 1 : 0});
        upd.bind(3, int64_t{s.auto_answer ? 1 : 0});
        upd.bind(4, s.name);
        upd.bind(5, int64_t{s.away ? 1 : 0});
        upd.bind(6, int64_t{s.resigned ? 1 : 0});
        upd.bind(7, table_id);
        upd.bind(8, int64_t{s.seat});
        if (auto st = upd.run(); !st) return st;
        if (sqlite3_changes(db) != 1)
          return not_found(fmt::format("table {} has no seat {}", table_id, s.seat));
        if (n) {
          Stmt ins(db, "INSERT INTO notes(table_id, idx, seat, kind, at) VALUES(?,?,?,?,?)");
          ins.bind(1, table_id);
          ins.bind(2, static_cast<int64_t>(n->index));
          ins.bind(3, int64_t{n->seat});
          ins.bind(4, n->kind);
          ins.bind(5, n->at);
          if (auto st = ins.run(); !st) return st;
        }
        if (new_status) {
          Stmt status_upd(db, "UPDATE tables SET status = ? WHERE id = ?");
          status_upd.bind(1, *new_status);
          status_upd.bind(2, table_id);
          if (auto st = status_upd.run(); !st) return st;
        }
        Stmt touch(db, "UPDATE tables SET updated_at = ? WHERE id = ?");
        touch.bind(1, at);
        touch.bind(2, table_id);
        return touch.run();
      },
      std::move(done));
}

void SqliteStorage::expire_table(const std::string& table_id, bool keep, int64_t at_ms, Done done) {
  submit(
      [table_id, keep, at_ms](sqlite3* db) -> Status {
        if (keep) {
          Stmt upd(db, "UPDATE tables SET expired_at = ? WHERE id = ?");
          upd.bind(1, at_ms);
          upd.bind(2, table_id);
          return upd.run();
        }
        // Expired first: the actions trigger lets only an expired table's
        // rows go (schema_sqlite.cpp).
        Stmt mark(db, "UPDATE tables SET expired_at = ? WHERE id = ?");
        mark.bind(1, at_ms);
        mark.bind(2, table_id);
        if (auto st = mark.run(); !st) return st;
        for (const char* sql :
             {"DELETE FROM actions WHERE table_id = ?", "DELETE FROM notes WHERE table_id = ?",
              "DELETE FROM requests WHERE table_id = ?", "DELETE FROM seats WHERE table_id = ?",
              "DELETE FROM tables WHERE id = ?"}) {
          Stmt del(db, sql);
          del.bind(1, table_id);
          if (auto st = del.run(); !st) return st;
        }
        return Status::ok();
      },
      std::move(done));
}

}  // namespace meeple::server
